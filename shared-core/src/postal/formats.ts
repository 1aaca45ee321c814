/**
 * Postal code formats (spec section 5, "Postal patterns"), as postal-codes-js ships them, keyed by its file names
 * ("5Digits.json", "GB.json"). Each names the characters that are removed before the check (`RedundantCharacters`),
 * the pattern the rest must match as a whole, case-insensitively (`ValidationRegex`), and samples that must pass or
 * fail (`TestData`), which the unit tests check for every country.
 */
import getPackagedFormat from 'postal-codes-js/formats-web.js';
import { COUNTRIES } from './countries';

export interface PostalCodeFormat {
  Description: string;
  RedundantCharacters: string;
  ValidationRegex: string;
  TestData: { Valid: string[]; Invalid: string[] };
}

const formatNames = [...new Set(COUNTRIES.flatMap((country) => country.postalCodeFormat ?? []))].sort();

export const POSTAL_CODE_FORMATS: Readonly<Record<string, PostalCodeFormat>> = Object.fromEntries(
  formatNames.flatMap((name) => {
    const format = getPackagedFormat(name);
    return format ? [[name, format]] : [];
  }),
);
