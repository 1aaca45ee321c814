// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/** The browser's languages, as navigator reports them. */
function browserLanguages(languages: string[]) {
  vi.spyOn(window.navigator, 'languages', 'get').mockReturnValue(languages);
  vi.spyOn(window.navigator, 'language', 'get').mockReturnValue(languages[0] ?? '');
}

const TEXTS = {
  de_DE: { footer: { legalNotice: 'Impressum' } },
  en_GB: { footer: { legalNotice: 'Legal notice' } },
};

beforeEach(() => {
  window.localStorage.clear();
  vi.resetModules();
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      const language = /\/assets\/i18n\/(\w+)\.json$/.exec(url)?.[1] as keyof typeof TEXTS;
      return new Response(JSON.stringify(TEXTS[language]), { status: TEXTS[language] ? 200 : 404 });
    }),
  );
});

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('language before the profile settings load (spec section 9)', () => {
  it("follows the browser's language: English for any English, German otherwise", async () => {
    const { initialLanguage } = await import('./index');
    browserLanguages(['en-US', 'de']);
    expect(initialLanguage()).toBe('en_GB');
    browserLanguages(['fr-FR', 'en']);
    expect(initialLanguage()).toBe('de_DE');
    browserLanguages([]);
    expect(initialLanguage()).toBe('de_DE');
  });

  it('prefers the language last used on this device', async () => {
    const { changeLanguage, initI18n, initialLanguage } = await import('./index');
    browserLanguages(['en-GB']);
    await initI18n();
    await changeLanguage('de_DE');
    expect(initialLanguage()).toBe('de_DE');
  });

  it('loads the common texts from /assets/i18n/{language}.json once per language and sets the page language', async () => {
    browserLanguages(['en-GB']);
    const { changeLanguage, i18n, initI18n } = await import('./index');
    await initI18n();
    expect(i18n.language).toBe('en_GB');
    expect(i18n.t('footer.legalNotice')).toBe('Legal notice');
    expect(document.documentElement.lang).toBe('en-GB');
    await changeLanguage('de_DE');
    expect(i18n.t('footer.legalNotice')).toBe('Impressum');
    await changeLanguage('en_GB');
    expect(vi.mocked(fetch).mock.calls.map(([url]) => url)).toEqual([
      '/assets/i18n/en_GB.json',
      '/assets/i18n/de_DE.json',
    ]);
  });
});

describe('area namespaces', () => {
  it("adds an area's own texts in both languages beside the common ones", async () => {
    const { addNamespace, changeLanguage, i18n, initI18n } = await import('./index');
    await initI18n('de_DE');
    addNamespace('company', { de_DE: { title: 'Unternehmen' }, en_GB: { title: 'Company' } });
    expect(i18n.t('title', { ns: 'company' })).toBe('Unternehmen');
    await changeLanguage('en_GB');
    expect(i18n.t('title', { ns: 'company' })).toBe('Company');
    expect(i18n.t('footer.legalNotice')).toBe('Legal notice');
  });

  it("loads an area's texts in the language shown, and the other one before switching to it", async () => {
    const { addNamespaceLoader, changeLanguage, i18n, initI18n, loadNamespaceTexts } = await import('./index');
    await initI18n('de_DE');
    const texts = { de_DE: { title: 'Risikobeurteilungen' }, en_GB: { title: 'Risk assessments' } };
    const load = vi.fn(async (language: 'de_DE' | 'en_GB') => texts[language]);
    const unused = vi.fn(async () => ({ title: 'Unternehmen' }));
    addNamespaceLoader('risk', load);
    addNamespaceLoader('company', unused);
    await loadNamespaceTexts('risk');
    expect(load.mock.calls).toEqual([['de_DE']]);
    expect(i18n.t('title', { ns: 'risk' })).toBe('Risikobeurteilungen');
    await changeLanguage('en_GB');
    // The English texts are there when the language changes: no moment with keys on the page.
    expect(i18n.t('title', { ns: 'risk' })).toBe('Risk assessments');
    await changeLanguage('de_DE');
    await changeLanguage('en_GB');
    expect(load.mock.calls).toEqual([['de_DE'], ['en_GB']]);
    // A namespace no page has used is not downloaded by a switch either.
    expect(unused).not.toHaveBeenCalled();
  });

  it('tries a failed area text load again on the next switch, and keeps the language until it succeeds', async () => {
    const { addNamespaceLoader, changeLanguage, i18n, initI18n, loadNamespaceTexts } = await import('./index');
    await initI18n('de_DE');
    let offline = true;
    const load = vi.fn(async (language: 'de_DE' | 'en_GB') => {
      if (language === 'en_GB' && offline) throw new Error('offline');
      return { title: language === 'en_GB' ? 'Templates' : 'Vorlagen' };
    });
    addNamespaceLoader('templates', load);
    await loadNamespaceTexts('templates');
    await expect(changeLanguage('en_GB')).rejects.toThrow('offline');
    expect(i18n.language).toBe('de_DE');
    offline = false;
    await changeLanguage('en_GB');
    expect(i18n.t('title', { ns: 'templates' })).toBe('Templates');
  });
});
