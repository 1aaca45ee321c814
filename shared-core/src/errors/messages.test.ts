import { afterEach, describe, expect, it, vi } from 'vitest';
import { messageKeyForError } from './messages';

const known = new Set(['errors.codes.Member.NotFound', 'errors.generic.NotFound', 'errors.generic.Invalid']);
const exists = (key: string) => known.has(key);

describe('messageKeyForError (spec section 8)', () => {
  afterEach(() => vi.restoreAllMocks());

  it('uses the message of the code when there is one', () => {
    expect(messageKeyForError(400, 'Member.NotFound', exists)).toBe('errors.codes.Member.NotFound');
  });

  it('falls back to the generic message of the part after the dot', () => {
    expect(messageKeyForError(400, 'Location.NotFound', exists)).toBe('errors.generic.NotFound');
  });

  it('falls back to the generic 400 text and only logs an unknown code', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    expect(messageKeyForError(400, 'Something.Odd', exists)).toBe('errors.http.400');
    expect(warn).toHaveBeenCalledOnce();
  });

  it('gives 401, 403, 404, 500 and 502 their own texts even when a code came along', () => {
    expect(messageKeyForError(401, 'Member.NotFound', exists)).toBe('errors.http.401');
    expect(messageKeyForError(404, 'Member.NotFound', exists)).toBe('errors.http.404');
  });

  it('looks up the codes of the other rule answers (409, 429) like a 400', () => {
    expect(messageKeyForError(409, 'Member.NotFound', exists)).toBe('errors.codes.Member.NotFound');
    expect(messageKeyForError(429, undefined, exists)).toBe('errors.http.400');
  });

  it('maps statuses without a code to their own texts, anything else to the network text', () => {
    expect(messageKeyForError(401, undefined, exists)).toBe('errors.http.401');
    expect(messageKeyForError(403, undefined, exists)).toBe('errors.http.403');
    expect(messageKeyForError(404, undefined, exists)).toBe('errors.http.404');
    expect(messageKeyForError(500, undefined, exists)).toBe('errors.http.500');
    expect(messageKeyForError(502, undefined, exists)).toBe('errors.http.500');
    expect(messageKeyForError(0, undefined, exists)).toBe('errors.http.0');
    expect(messageKeyForError(418, undefined, exists)).toBe('errors.http.0');
  });
});

describe('translateError with the real common texts', () => {
  it('finds messages of codes that contain a dot', async () => {
    const { createInstance } = await import('i18next');
    const { readFileSync } = await import('node:fs');
    const { translateError } = await import('./messages');
    const german = JSON.parse(readFileSync(new URL('../i18n/locales/de_DE.json', import.meta.url), 'utf8'));
    const instance = createInstance();
    await instance.init({ lng: 'de_DE', resources: { de_DE: { common: german } }, defaultNS: 'common' });
    expect(translateError(instance.t, 400, 'Member.NotFound')).toBe('Der Mitarbeiter wurde nicht gefunden.');
    expect(translateError(instance.t, 429, 'Login.TooManyAttempts')).toContain('Zu viele');
    expect(translateError(instance.t, 400, 'Warehouse.NotFound')).toBe('Der Eintrag wurde nicht gefunden.');
    expect(translateError(instance.t, 404, undefined)).toBe('Die Daten wurden nicht gefunden.');
  });
});
