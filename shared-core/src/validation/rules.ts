import { isValidPhoneNumber } from 'libphonenumber-js/min';

/**
 * Field rules of spec section 5, shared by forms and the server. Each returns null when the value passes,
 * otherwise the message key (`validation.<key>` in the common translations) and its parameters.
 */
export interface ValidationError {
  key: string;
  params?: Record<string, string | number>;
}
export type Rule = (value: string) => ValidationError | null;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;
const USERNAME = /^[a-z](?:[a-z0-9]|[.-](?=[a-z0-9]))*$/;
const IDENTIFIER = /^[a-z](?:[a-z0-9]|-(?=[a-z0-9]))*$/;

export const required: Rule = (value) => (value.trim() === '' ? { key: 'required' } : null);
export const email: Rule = (value) => (value === '' || EMAIL.test(value) ? null : { key: 'email' });
export const minLength =
  (min: number): Rule =>
  (value) =>
    value === '' || value.length >= min ? null : { key: 'minlength', params: { min } };
export const maxLength =
  (max: number): Rule =>
  (value) =>
    value.length <= max ? null : { key: 'maxlength', params: { max } };

/** International form, default region DE. */
export const phoneNumber: Rule = (value) =>
  value === '' || isValidPhoneNumber(value, 'DE') ? null : { key: 'phoneNumber' };

/** At least 8 characters with a digit, a lowercase and an uppercase letter and a special character (white space counts). */
export const password: Rule = (value) => {
  if (value === '') return null;
  const ok =
    value.length >= 8 && /\d/.test(value) && /[a-z]/.test(value) && /[A-Z]/.test(value) && /[^a-zA-Z0-9]/.test(value);
  return ok ? null : { key: 'password' };
};

/** At least 3 characters, starting with a lowercase letter, then letters/digits with dots or hyphens as separators; or an e-mail address. */
export const username: Rule = (value) => {
  if (value === '') return null;
  if (EMAIL.test(value) && value === value.toLowerCase()) return null;
  return value.length >= 3 && USERNAME.test(value) ? null : { key: 'username' };
};

/** Company ID: at least 3 characters, lowercase letters and digits with single hyphens, starting with a letter. */
export const clientIdentifier: Rule = (value) =>
  value === '' || (value.length >= 3 && IDENTIFIER.test(value)) ? null : { key: 'clientIdentifier' };

export function validate(value: string, rules: readonly Rule[]): ValidationError | null {
  for (const rule of rules) {
    const error = rule(value);
    if (error) return error;
  }
  return null;
}
