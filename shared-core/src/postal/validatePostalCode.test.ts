import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { COUNTRIES, findCountry, NON_ISO_CODES } from './countries';
import { POSTAL_CODE_FORMATS } from './formats';
import { DEFAULT_POSTAL_CODE_DATA, validatePostalCode } from './validatePostalCode';

/** The package's own check, as the reference our validator must agree with (Node only: it reads files with fs). */
const reference = createRequire(import.meta.url)('postal-codes-js') as {
  validate(country: string, postalCode: string): true | string;
};

/** Every country the spec lists in section 5 ("Postal patterns") and the ones it names without a format. */
const LISTED = (
  'DE FR IT ES AT BE CH NO CN IN SG JP US NL PL PT CA GB IE AD AI AQ AX AZ BB BH BL BN DK FK GF GG GI GP GS HN IM IO ' +
  'JE KY LB LC LT LU LV MC MD MF MS MT NC PF PM PN RE RU SH SM SO SZ TC TW VA VC VE VG WF WS'
).split(' ');
const WITHOUT_FORMAT = ['AO', 'BS', 'BZ', 'GH', 'QA', 'AE'];

describe('country reference data (every ISO 3166-1 country)', () => {
  it('has all 249 ISO countries with unique alpha2, alpha3 and three-digit numeric codes as strings', () => {
    const iso = COUNTRIES.filter((country) => !NON_ISO_CODES.includes(country.alpha2));
    expect(iso.length).toBe(249);
    expect(COUNTRIES.length).toBe(249 + NON_ISO_CODES.length);
    expect(new Set(COUNTRIES.map((country) => country.alpha2)).size).toBe(COUNTRIES.length);
    expect(new Set(iso.map((country) => country.alpha3)).size).toBe(iso.length);
    expect(new Set(iso.map((country) => country.numeric3)).size).toBe(iso.length);
    for (const code of ['BQ', 'CW', 'SX', 'SS', 'AR', 'BD', 'TL']) expect(findCountry(code), code).toBeDefined();
    for (const country of iso) {
      expect(country.alpha2, country.countryName).toMatch(/^[A-Z]{2}$/);
      expect(country.alpha3, country.countryName).toMatch(/^[A-Z]{3}$/);
      expect(country.numeric3, country.countryName).toMatch(/^\d{3}$/);
      expect(findCountry(country.alpha2)).toBe(country);
      expect(findCountry(country.alpha3)).toBe(country);
    }
    expect(findCountry('AF')).toMatchObject({ countryName: 'Afghanistan', alpha3: 'AFG', numeric3: '004' });
    expect(findCountry('ARG')).toMatchObject({ countryName: 'Argentina', alpha2: 'AR', numeric3: '032' });
    expect(findCountry('BD')).toMatchObject({ countryName: 'Bangladesh', alpha3: 'BGD', numeric3: '050' });
  });

  it('names a format for every listed country and none for the countries without postal codes', () => {
    for (const code of LISTED) expect(findCountry(code)?.postalCodeFormat, code).toBeDefined();
    for (const code of WITHOUT_FORMAT) expect(findCountry(code)?.postalCodeFormat, code).toBeUndefined();
  });

  it('has every format a country names, each in the spec shape with samples', () => {
    for (const country of COUNTRIES) {
      if (!country.postalCodeFormat) continue;
      const format = POSTAL_CODE_FORMATS[country.postalCodeFormat];
      expect(format, country.alpha2).toBeDefined();
      expect(typeof format?.Description).toBe('string');
      expect(typeof format?.RedundantCharacters).toBe('string');
      expect(typeof format?.ValidationRegex).toBe('string');
      expect(format?.TestData.Valid.length, country.alpha2).toBeGreaterThan(0);
      expect(format?.TestData.Invalid.length, country.alpha2).toBeGreaterThan(0);
    }
  });
});

describe('postal code validation (spec section 5)', () => {
  const formatted = COUNTRIES.filter((country) => country.postalCodeFormat);
  it.each(formatted.map((country) => [country.alpha2, country] as const))(
    "%s: its format's valid samples pass and its invalid ones fail, as in the reference implementation",
    (_code, country) => {
      const format = POSTAL_CODE_FORMATS[country.postalCodeFormat ?? ''];
      for (const sample of format?.TestData.Valid ?? []) {
        expect(validatePostalCode(country.alpha2, sample), `${country.alpha2} ${sample}`).toEqual({ valid: true });
        if (country.alpha3) {
          expect(validatePostalCode(country.alpha3, sample), `${country.alpha3} ${sample}`).toEqual({ valid: true });
        }
        expect(reference.validate(country.alpha2, sample), `reference ${country.alpha2} ${sample}`).toBe(true);
      }
      for (const sample of format?.TestData.Invalid ?? []) {
        const result = validatePostalCode(country.alpha2, sample);
        expect(result.valid, `${country.alpha2} ${sample}`).toBe(false);
        // Word for word what the reference answers (its sample " " is "missing" to us: see the messages test).
        if (sample.trim() !== '')
          expect(result).toEqual({ valid: false, message: reference.validate(country.alpha2, sample) });
      }
    },
  );

  it('checks the pattern sizes the spec names', () => {
    for (const code of ['DE', 'FR', 'IT', 'ES']) expect(validatePostalCode(code, '12345').valid, code).toBe(true);
    for (const code of ['AT', 'BE', 'CH', 'NO']) expect(validatePostalCode(code, '1234').valid, code).toBe(true);
    for (const code of ['CN', 'IN', 'SG']) expect(validatePostalCode(code, '560001').valid, code).toBe(true);
    expect(validatePostalCode('JP', '1000001').valid).toBe(true);
    expect(validatePostalCode('DE', '1234').valid).toBe(false);
    expect(validatePostalCode('AT', '12345').valid).toBe(false);
    // The US pattern for US territories (the package gives American Samoa plain 5 digits).
    for (const code of ['PR', 'GU', 'VI', 'MP']) expect(validatePostalCode(code, '00901-1234').valid, code).toBe(true);
    expect(validatePostalCode('NL', '1234 SS').valid).toBe(false);
    expect(validatePostalCode('NL', '1234 AB').valid).toBe(true);
    expect(validatePostalCode('PL', '00-950').valid).toBe(true);
    expect(validatePostalCode('CA', 'K1A 0B1').valid).toBe(true);
    expect(validatePostalCode('GB', 'GIR 0AA').valid).toBe(true);
  });

  it('knows the countries the 99-country list lacked', () => {
    expect(validatePostalCode('AR', '1425')).toEqual({ valid: true });
    expect(validatePostalCode('BD', '1207')).toEqual({ valid: true });
    expect(validatePostalCode('BGD', '12x7')).toEqual({
      valid: false,
      message: 'Postal code 12x7 is not valid for country BGD',
    });
  });

  it('trims and upper-cases the country code and looks up alpha2 or alpha3', () => {
    expect(validatePostalCode(' de ', ' 10115 ')).toEqual({ valid: true });
    expect(validatePostalCode('deu', '10115')).toEqual({ valid: true });
  });

  it('answers the spec messages word for word', () => {
    expect(validatePostalCode('', '10115')).toEqual({ valid: false, message: 'Missing country code.' });
    expect(validatePostalCode(null, '10115')).toEqual({ valid: false, message: 'Missing country code.' });
    expect(validatePostalCode('DE', '')).toEqual({ valid: false, message: 'Missing postal code.' });
    expect(validatePostalCode('DE', ' ')).toEqual({ valid: false, message: 'Missing postal code.' });
    expect(validatePostalCode('DE', undefined)).toEqual({ valid: false, message: 'Missing postal code.' });
    expect(validatePostalCode('xx', '10115')).toEqual({
      valid: false,
      message: 'Unknown alpha2/alpha3 country code: XX',
    });
    expect(validatePostalCode('GERM', '10115')).toEqual({
      valid: false,
      message: 'Unknown alpha2/alpha3 country code: GERM',
    });
    // The code as checked: trimmed, redundant characters removed.
    expect(validatePostalCode('DE', ' 10-11 ')).toEqual({
      valid: false,
      message: 'Postal code 1011 is not valid for country DE',
    });
    expect(validatePostalCode('DE', '10-11')).toEqual({ valid: false, message: reference.validate('DE', '10-11') });
    const broken = { ...DEFAULT_POSTAL_CODE_DATA, formats: {} };
    expect(validatePostalCode('DE', '10115', broken)).toEqual({
      valid: false,
      message: 'Failed to load postal code format "5Digits.json".',
    });
  });

  it.each(WITHOUT_FORMAT)('%s has no postal format and always passes', (code) => {
    expect(validatePostalCode(code, 'anything at all')).toEqual({ valid: true });
    expect(reference.validate(code, 'anything at all')).toBe(true);
  });
});
