import i18next, { type i18n as I18n, type Resource } from 'i18next';

export const LANGUAGES = ['de_DE', 'en_GB'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'de_DE';
export const COMMON_NAMESPACE = 'common';
const STORAGE_KEY = 'dashboard.language';

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/** The browser's language (a BCP 47 tag such as `en-US`) as ours: English for any English, else German. */
export function languageOfBrowserTag(tag: string): Language {
  return tag.trim().toLowerCase().startsWith('en') ? 'en_GB' : DEFAULT_LANGUAGE;
}

/** Before profile settings load: the last language used on this device, else the browser's, else German. */
export function initialLanguage(): Language {
  if (typeof window === 'undefined') return DEFAULT_LANGUAGE;
  const stored = window.localStorage.getItem(STORAGE_KEY);
  if (isLanguage(stored)) return stored;
  return languageOfBrowserTag(window.navigator.languages?.[0] ?? window.navigator.language ?? '');
}

/** BCP 47 tag for Intl formatters. */
export function localeOf(language: Language): string {
  return language.replace('_', '-');
}

/** Content written in both languages (course and catalogue texts): the member's language picks one, German when unknown. */
export function localized(text: { de_DE: string; en_GB: string }, language: string): string {
  return language.startsWith('en') ? text.en_GB : text.de_DE;
}

/** The one i18next instance of the page (a federation singleton like React). */
export const i18n: I18n = i18next.createInstance();

async function fetchCommon(language: Language): Promise<Record<string, unknown>> {
  const response = await fetch(`/assets/i18n/${language}.json`);
  if (!response.ok) throw new Error(`Translations for ${language} could not be loaded (${response.status})`);
  return (await response.json()) as Record<string, unknown>;
}

/** An area's texts in one language, as its register entry loads them (a chunk per language). */
export type NamespaceLoader = (language: Language) => Promise<Resource[string][string]>;

/** The common texts load like an area's: once per language, again after a failure. */
const namespaceLoaders = new Map<string, NamespaceLoader>([[COMMON_NAMESPACE, fetchCommon]]);
/** Namespaces a page has used: a language switch brings their texts along before it switches. */
const usedNamespaces = new Set<string>();
/** `<language>/<namespace>` of the texts loaded (or loading): each is fetched once. */
const loadedNamespaces = new Map<string, Promise<void>>();
/** The language a running `changeLanguage` switches to: an area registered meanwhile loads it as well. */
let switchingTo: Language | undefined;

export async function initI18n(language: Language = initialLanguage()): Promise<I18n> {
  if (!i18n.isInitialized) {
    await i18n.init({
      lng: language,
      fallbackLng: false,
      supportedLngs: [...LANGUAGES],
      load: 'currentOnly',
      ns: [COMMON_NAMESPACE],
      defaultNS: COMMON_NAMESPACE,
      interpolation: { escapeValue: false },
      returnNull: false,
      resources: {},
    });
  }
  await changeLanguage(language);
  return i18n;
}

export async function changeLanguage(language: Language): Promise<void> {
  switchingTo = language;
  try {
    // The areas' texts in the new language arrive with the common ones, before the switch: no page shows keys.
    await Promise.all([
      loadNamespace(COMMON_NAMESPACE, language),
      ...[...usedNamespaces].map((namespace) => loadNamespace(namespace, language)),
    ]);
    if (typeof window !== 'undefined') {
      window.localStorage.setItem(STORAGE_KEY, language);
      document.documentElement.lang = localeOf(language);
    }
    await i18n.changeLanguage(language);
  } finally {
    if (switchingTo === language) switchingTo = undefined;
  }
}

/**
 * Resolves once the instance is initialised (its resource store exists only after `init`): an area's register entry
 * may arrive before that when the shell starts loading it together with the translations.
 */
export function whenI18nInitialized(): Promise<void> {
  if (i18n.isInitialized) return Promise.resolve();
  return new Promise((resolve) => {
    const onInitialized = () => {
      i18n.off('initialized', onInitialized);
      resolve();
    };
    i18n.on('initialized', onInitialized);
  });
}

/** A namespace's texts in both languages at once (the building blocks' own `ui` texts). */
export function addNamespace(namespace: string, resources: Record<Language, Resource[string][string]>): void {
  for (const language of LANGUAGES) {
    i18n.addResourceBundle(language, namespace, resources[language], true, true);
  }
}

function loadNamespace(namespace: string, language: Language): Promise<void> {
  const key = `${language}/${namespace}`;
  const load = namespaceLoaders.get(namespace);
  if (!load) return Promise.resolve();
  let loading = loadedNamespaces.get(key);
  if (!loading) {
    loading = load(language).then((resources) => {
      i18n.addResourceBundle(language, namespace, resources, true, true);
    });
    // A failed load is tried again by the next page or switch that needs it, instead of failing for good.
    loading.catch(() => loadedNamespaces.delete(key));
    loadedNamespaces.set(key, loading);
  }
  return loading;
}

/**
 * An area's own namespace, loaded one language at a time and only when a page uses it (`loadNamespaceTexts`): a
 * member's start page does not download the texts of the company area's pages, nor any text in the other language
 *.
 */
export function addNamespaceLoader(namespace: string, load: NamespaceLoader): void {
  namespaceLoaders.set(namespace, load);
}

/** Resolves once the namespace's texts are there in the language shown (and in the one a switch is heading for). */
export async function loadNamespaceTexts(namespace: string): Promise<void> {
  usedNamespaces.add(namespace);
  const current = isLanguage(i18n.language) ? i18n.language : initialLanguage();
  const languages = new Set<Language>([current, switchingTo ?? current]);
  await Promise.all([...languages].map((language) => loadNamespace(namespace, language)));
}
