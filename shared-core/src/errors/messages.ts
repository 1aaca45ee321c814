import type { TFunction } from 'i18next';

/** Statuses that have their own toast text whatever code the body carries (spec section 8). */
const STATUS_TEXTS: Record<number, string> = {
  401: 'errors.http.401',
  403: 'errors.http.403',
  404: 'errors.http.404',
  500: 'errors.http.500',
  502: 'errors.http.500',
};

/**
 * Spec section 8: 401, 403, 404, 500 and 502 have their own texts. A 400 (and the other rule answers of the
 * contract: 409, 413, 415, 429) is looked up by its code in the common error-code messages, then the part after the
 * dot of a two-part code in the generic messages, else the generic 400 text; an unknown code is only logged.
 * Any other status, including 0 (no answer), gets the network text.
 */
export function messageKeyForError(status: number, code: string | undefined, exists: (key: string) => boolean): string {
  const statusText = STATUS_TEXTS[status];
  if (statusText) return statusText;
  if (![400, 409, 413, 415, 429].includes(status)) return 'errors.http.0';
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
  return 'errors.http.400';
}

export function translateError(t: TFunction, status: number, code: string | undefined): string {
  // The messages live in the common namespace, whichever namespace the caller's `t` defaults to.
  const key = messageKeyForError(status, code, (candidate) => t(`common:${candidate}`, { defaultValue: '' }) !== '');
  return t(`common:${key}`);
}
