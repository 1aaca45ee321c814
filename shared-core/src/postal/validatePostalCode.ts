import { type Country, findCountry } from './countries';
import { POSTAL_CODE_FORMATS, type PostalCodeFormat } from './formats';

export type PostalCodeResult = { valid: true } | { valid: false; message: string };

export interface PostalCodeData {
  findCountry(code: string): Country | undefined;
  formats: Readonly<Record<string, PostalCodeFormat>>;
}

export const DEFAULT_POSTAL_CODE_DATA: PostalCodeData = { findCountry, formats: POSTAL_CODE_FORMATS };

function escapeForClass(characters: string): string {
  return characters.replace(/[\\\]^-]/g, '\\$&');
}

/** The postal code after trimming and removing the format's redundant characters. */
export function normalizePostalCode(postalCode: string, format: PostalCodeFormat): string {
  const trimmed = postalCode.trim();
  if (!format.RedundantCharacters) return trimmed;
  return trimmed.replace(new RegExp(`[${escapeForClass(format.RedundantCharacters)}]`, 'g'), '');
}

export function matchesFormat(postalCode: string, format: PostalCodeFormat): boolean {
  return new RegExp(`^(?:${format.ValidationRegex})$`, 'i').test(normalizePostalCode(postalCode, format));
}

/**
 * Spec section 5, "Postal code validation": the messages are the spec's, word for word (the server answers them;
 * forms show the translated `validation.zipcode` text).
 */
export function validatePostalCode(
  countryCode: string | null | undefined,
  postalCode: string | null | undefined,
  data: PostalCodeData = DEFAULT_POSTAL_CODE_DATA,
): PostalCodeResult {
  if (!countryCode || countryCode.trim() === '') return { valid: false, message: 'Missing country code.' };
  if (!postalCode || postalCode.trim() === '') return { valid: false, message: 'Missing postal code.' };
  const code = countryCode.trim().toUpperCase();
  const country = code.length === 2 || code.length === 3 ? data.findCountry(code) : undefined;
  if (!country) return { valid: false, message: `Unknown alpha2/alpha3 country code: ${code}` };
  if (!country.postalCodeFormat) return { valid: true };
  const format = data.formats[country.postalCodeFormat];
  if (!format) return { valid: false, message: `Failed to load postal code format "${country.postalCodeFormat}".` };
  if (matchesFormat(postalCode, format)) return { valid: true };
  // As the reference implementation words it: the code as checked (redundant characters removed), the country as
  // given.
  const checked = normalizePostalCode(postalCode, format);
  return { valid: false, message: `Postal code ${checked} is not valid for country ${code}` };
}
