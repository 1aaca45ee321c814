import { formatDate, isLanguage, parseIsoDate, type ValidationError } from '@dash/shared-core';
import type { TFunction } from 'i18next';

/** The rules whose parameters are days (`YYYY-MM-DD`): the message names them as the pages show dates. */
const DATE_PARAMETERS: Record<string, string> = { minDate: 'min', maxDate: 'max' };

/**
 * The text of a field's validation error in the user's language: "nicht vor dem 01.03.2027", not "2027-03-01".
 * `t` is the common namespace's; `language` the current one (i18n.language).
 */
export function validationMessage(t: TFunction, error: ValidationError, field: string, language: string): string {
  const params = { ...error.params };
  const dateParameter = DATE_PARAMETERS[error.key];
  const day = dateParameter ? params[dateParameter] : undefined;
  const parsed = typeof day === 'string' ? parseIsoDate(day) : null;
  if (dateParameter && parsed) {
    // parseIsoDate answers midnight UTC; the day itself is meant, in no time zone: format it as a local date.
    const localDay = new Date(parsed.getUTCFullYear(), parsed.getUTCMonth(), parsed.getUTCDate());
    params[dateParameter] = formatDate(localDay, isLanguage(language) ? language : 'de_DE');
  }
  return t(`validation.${error.key}`, { field, ...params });
}
