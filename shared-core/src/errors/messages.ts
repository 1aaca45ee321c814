import type { TFunction } from 'i18next';

/**
 * Spec section 8: a 400 code is looked up in the common error-code messages, then the part after the dot
 * of a two-part code in the generic messages, else the generic 400 text. An unknown code is only logged.
 */
export function messageKeyForError(status: number, code: string | undefined, exists: (key: string) => boolean): string {
  if (code) {
    const specific = `errors.codes.${code}`;
    if (exists(specific)) return specific;
    const parts = code.split('.');
    if (parts.length === 2) {
      const generic = `errors.generic.${parts[1]}`;
      if (exists(generic)) return generic;
    }
    console.warn(`Unknown error code from the API: ${code}`);
  }
  switch (status) {
    case 400:
      return 'errors.http.400';
    case 401:
      return 'errors.http.401';
    case 403:
      return 'errors.http.403';
    case 404:
      return 'errors.http.404';
    case 500:
    case 502:
      return 'errors.http.500';
    default:
      return 'errors.http.0';
  }
}

export function translateError(t: TFunction, status: number, code: string | undefined): string {
  const key = messageKeyForError(status, code, (candidate) => t(candidate, { defaultValue: '' }) !== '');
  return t(key);
}
