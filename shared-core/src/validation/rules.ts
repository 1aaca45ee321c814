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

export const min =
  (limit: number): Rule =>
  (value) =>
    value.trim() === '' || Number(value) >= limit ? null : { key: 'min', params: { min: limit } };
export const max =
  (limit: number): Rule =>
  (value) =>
    value.trim() === '' || Number(value) <= limit ? null : { key: 'max', params: { max: limit } };

/** Digits only. */
export const numeric: Rule = (value) => (value === '' || /^\d+$/.test(value) ? null : { key: 'numeric' });

/** Identifiers (e.g. of e-learnings): like a company ID and at most 36 characters long. */
export const IDENTIFIER_MAX_LENGTH = 36;
export const identifier: Rule = (value) =>
  value === '' || (value.length >= 3 && value.length <= IDENTIFIER_MAX_LENGTH && IDENTIFIER.test(value))
    ? null
    : { key: 'identifier', params: { max: IDENTIFIER_MAX_LENGTH } };

/** Org unit ID: lowercase letters, digits and minus. */
export const orgUnitId: Rule = (value) => (value === '' || /^[a-z0-9-]+$/.test(value) ? null : { key: 'orgUnitId' });
/** Every rule of an org unit ID, for the forms and the contract alike: its characters and at most 36 of them. */
export const ORG_UNIT_ID_RULES: readonly Rule[] = [orgUnitId, maxLength(IDENTIFIER_MAX_LENGTH)];

/** Longest web address a form or the server accepts (homepage, calendar link). */
export const URL_MAX_LENGTH = 2048;

/** An absolute http(s) address with a host, e.g. a company homepage or a calendar link ('' passes: optional). */
export const httpUrl: Rule = (value) => {
  const text = value.trim();
  if (text === '') return null;
  if (text.length > URL_MAX_LENGTH || /\s/.test(text)) return { key: 'url' };
  try {
    const url = new URL(text);
    const ok = (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname.includes('.') && !url.username;
    return ok ? null : { key: 'url' };
  } catch {
    return { key: 'url' };
  }
};

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Parses a date input's value (`YYYY-MM-DD`); null when it is not a real calendar date. */
export function parseIsoDate(value: string): Date | null {
  const match = ISO_DATE.exec(value.trim());
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day ? date : null;
}

export const invalidDate: Rule = (value) => (value === '' || parseIsoDate(value) ? null : { key: 'invalidDate' });
/** The date must not be before `limit` (`YYYY-MM-DD`). */
export const minDate =
  (limit: string): Rule =>
  (value) => {
    const date = parseIsoDate(value);
    return date && value.trim() < limit ? { key: 'minDate', params: { min: limit } } : null;
  };
/** The date must not be after `limit` (`YYYY-MM-DD`). */
export const maxDate =
  (limit: string): Rule =>
  (value) => {
    const date = parseIsoDate(value);
    return date && value.trim() > limit ? { key: 'maxDate', params: { max: limit } } : null;
  };

/** The value must equal another field's (e.g. the password confirmation); `other` is read when checked. */
export const shouldMatch =
  (other: () => string): Rule =>
  (value) =>
    value === '' || value === other() ? null : { key: 'shouldMatch' };
/** The value must differ from another field's (e.g. the new password from the old one). */
export const shouldNotMatch =
  (other: () => string): Rule =>
  (value) =>
    value === '' || value !== other() ? null : { key: 'shouldNotMatch' };

export function validate(value: string, rules: readonly Rule[]): ValidationError | null {
  for (const rule of rules) {
    const error = rule(value);
    if (error) return error;
  }
  return null;
}

/** The longest host name (RFC 1035: 253 characters without the final dot). */
export const HOST_NAME_MAX_LENGTH = 253;
const HOST_LABEL = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;
const IPV4 = /^(?:(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)\.){3}(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)$/;

/** A host name as the browser's address bar shows it, compared and stored in lower case: `Portal.Example.COM ` -> `portal.example.com`. */
export function normalizeHostName(value: string): string {
  return value.trim().toLowerCase();
}

/**
 * A host name under which the dashboard is reached (licensee domains): labels of letters, digits and inner hyphens
 * separated by dots (`portal.example.com`, `localhost`, international names in their `xn--` form) or an IPv4
 * address; no scheme, port, path or final dot. Checked on the normalised value ('' passes: `required` decides).
 */
export const hostName: Rule = (value) => {
  const text = normalizeHostName(value);
  if (text === '') return null;
  if (text.length > HOST_NAME_MAX_LENGTH) return { key: 'hostName' };
  const labels = text.split('.');
  // A numeric last label is only allowed as an IPv4 address (a host name's top-level label is never all digits).
  if (/^\d+$/.test(labels[labels.length - 1] ?? '')) return IPV4.test(text) ? null : { key: 'hostName' };
  return labels.every((label) => HOST_LABEL.test(label)) ? null : { key: 'hostName' };
};
