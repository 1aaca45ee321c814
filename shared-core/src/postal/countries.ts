/**
 * Country reference data (spec section 3): every ISO 3166-1 country with its name, alpha-2, alpha-3 and numeric code
 * (a string of three digits) and, where the country has postal codes, the name of its postal code format (see
 * `formats.ts`). The data is postal-codes-js's, not ours: countries without a format (e.g. Angola, Bahamas, Belize,
 * Ghana, Qatar, the Emirates) accept any postal code. The package also keeps two codes outside ISO 3166-1's
 * assigned ones, which the reference validator accepts: AN (Netherlands Antilles, withdrawn in 2010) and IC (Canary
 * Islands, reserved; no alpha-3 or numeric code). It lacks the three codes that replaced AN: added below.
 */
// The attribute lets Node's own loader (Playwright's test runner, scripts) read the JSON as well as the bundler.
import byAlpha2 from 'postal-codes-js/generated/postal-codes-alpha2.json' with { type: 'json' };

export interface Country {
  countryName: string;
  alpha2: string;
  alpha3: string;
  numeric3: string;
  postalCodeFormat?: string;
}

interface PackagedCountry {
  countryName: string;
  alpha2: string;
  alpha3: string;
  numeric3: string;
  postalCodeFormat?: string;
}

/** ISO 3166-1 countries the package lacks (since 2010; none of them has postal codes). */
const MISSING_FROM_PACKAGE: PackagedCountry[] = [
  { countryName: 'Bonaire, Sint Eustatius and Saba', alpha2: 'BQ', alpha3: 'BES', numeric3: '535' },
  { countryName: 'Curaçao', alpha2: 'CW', alpha3: 'CUW', numeric3: '531' },
  { countryName: 'Sint Maarten (Dutch part)', alpha2: 'SX', alpha3: 'SXM', numeric3: '534' },
];

/** Codes the package keeps that ISO 3166-1 does not assign (any more). */
export const NON_ISO_CODES: readonly string[] = ['AN', 'IC'];

/** Sorted by alpha-2 code. The package writes numeric codes without their leading zeros ("4" for Afghanistan). */
export const COUNTRIES: readonly Country[] = [
  ...(Object.values(byAlpha2) as PackagedCountry[]),
  ...MISSING_FROM_PACKAGE,
]
  .map(({ countryName, alpha2, alpha3, numeric3, postalCodeFormat }) => ({
    countryName,
    alpha2,
    alpha3,
    numeric3: numeric3 === '' ? '' : numeric3.padStart(3, '0'),
    ...(postalCodeFormat ? { postalCodeFormat } : {}),
  }))
  .sort((a, b) => a.alpha2.localeCompare(b.alpha2));

const BY_CODE = new Map<string, Country>();
for (const country of COUNTRIES) {
  BY_CODE.set(country.alpha2, country);
  if (country.alpha3) BY_CODE.set(country.alpha3, country);
}

/** A country by its alpha-2 or alpha-3 code (upper case). */
export function findCountry(code: string): Country | undefined {
  return BY_CODE.get(code);
}

/**
 * The alpha-2 codes a client may offer as address countries (licensee console): ISO 3166-1's assigned codes, each
 * once, sorted. The withdrawn or reserved codes the package keeps are left out; a stored address may still carry one.
 */
export const ISO_COUNTRY_CODES: readonly string[] = COUNTRIES.map((country) => country.alpha2).filter(
  (code) => !NON_ISO_CODES.includes(code),
);

/** Whether `code` is an alpha-2 code (upper case) of the reference data, including the two non-ISO ones. */
export function isKnownAlpha2(code: string): boolean {
  return /^[A-Z]{2}$/.test(code) && findCountry(code)?.alpha2 === code;
}
