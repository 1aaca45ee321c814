import { describe, expect, it } from 'vitest';
import { COUNTRIES, findCountry } from './countries';
import { POSTAL_CODE_FORMATS } from './formats';
import { DEFAULT_POSTAL_CODE_DATA, validatePostalCode } from './validatePostalCode';

/** Every country the spec lists in section 5 ("Postal patterns") and the ones it names without a format. */
const LISTED = (
  'DE FR IT ES AT BE CH NO CN IN SG JP US NL PL PT CA GB IE AD AI AQ AX AZ BB BH BL BN DK FK GF GG GI GP GS HN IM IO ' +
  'JE KY LB LC LT LU LV MC MD MF MS MT NC PF PM PN RE RU SH SM SO SZ TC TW VA VC VE VG WF WS'
).split(' ');
const WITHOUT_FORMAT = ['AO', 'BS', 'BZ', 'GH', 'QA', 'AE'];

describe('country reference data', () => {
  it('has every listed country with alpha2, alpha3 and a 3-digit numeric code as a string', () => {
    for (const code of [...LISTED, ...WITHOUT_FORMAT]) {
      const country = findCountry(code);
      expect(country, code).toBeDefined();
      expect(country?.alpha3).toMatch(/^[A-Z]{3}$/);
      expect(country?.numeric3).toMatch(/^\d{3}$/);
      expect(findCountry(country?.alpha3 ?? '')).toBe(country);
    }
    for (const code of LISTED) expect(findCountry(code)?.postalCodeFormat, code).toBeDefined();
    for (const code of WITHOUT_FORMAT) expect(findCountry(code)?.postalCodeFormat, code).toBeUndefined();
  });

  it('has unique codes and a known format for every country', () => {
    expect(new Set(COUNTRIES.map((country) => country.alpha2)).size).toBe(COUNTRIES.length);
    expect(new Set(COUNTRIES.map((country) => country.alpha3)).size).toBe(COUNTRIES.length);
    expect(new Set(COUNTRIES.map((country) => country.numeric3)).size).toBe(COUNTRIES.length);
    for (const country of COUNTRIES) {
      if (country.postalCodeFormat) expect(POSTAL_CODE_FORMATS[country.postalCodeFormat], country.alpha2).toBeDefined();
    }
  });
});

describe('postal code validation (spec section 5)', () => {
  const formatted = COUNTRIES.filter((country) => country.postalCodeFormat);
  it.each(formatted.map((country) => [country.alpha2, country] as const))(
    '%s: every valid sample passes and every invalid one fails',
    (_code, country) => {
      const format = POSTAL_CODE_FORMATS[country.postalCodeFormat ?? ''];
      expect(format?.TestData.Valid.length).toBeGreaterThan(0);
      expect(format?.TestData.Invalid.length).toBeGreaterThan(0);
      for (const sample of format?.TestData.Valid ?? []) {
        expect(validatePostalCode(country.alpha2, sample), `${country.alpha2} ${sample}`).toEqual({ valid: true });
        expect(validatePostalCode(country.alpha3, sample), `${country.alpha3} ${sample}`).toEqual({ valid: true });
      }
      for (const sample of format?.TestData.Invalid ?? []) {
        expect(validatePostalCode(country.alpha2, sample), `${country.alpha2} ${sample}`).toEqual({
          valid: false,
          message: `Postal code ${sample.trim()} is not valid for country ${country.alpha2}`,
        });
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
    for (const code of ['PR', 'GU', 'VI', 'AS', 'MP'])
      expect(validatePostalCode(code, '00901-1234').valid, code).toBe(true);
    expect(validatePostalCode('NL', '1234 SS').valid).toBe(false);
    expect(validatePostalCode('GB', 'GIR 0AA').valid).toBe(true);
  });

  it('trims and upper-cases the country code and looks up alpha2 or alpha3', () => {
    expect(validatePostalCode(' de ', ' 10115 ')).toEqual({ valid: true });
    expect(validatePostalCode('deu', '10115')).toEqual({ valid: true });
  });

  it('answers the spec messages word for word', () => {
    expect(validatePostalCode('', '10115')).toEqual({ valid: false, message: 'Missing country code.' });
    expect(validatePostalCode(null, '10115')).toEqual({ valid: false, message: 'Missing country code.' });
    expect(validatePostalCode('DE', ' ')).toEqual({ valid: false, message: 'Missing postal code.' });
    expect(validatePostalCode('xx', '10115')).toEqual({
      valid: false,
      message: 'Unknown alpha2/alpha3 country code: XX',
    });
    expect(validatePostalCode('GERM', '10115')).toEqual({
      valid: false,
      message: 'Unknown alpha2/alpha3 country code: GERM',
    });
    expect(validatePostalCode('DE', '1011')).toEqual({
      valid: false,
      message: 'Postal code 1011 is not valid for country DE',
    });
    const broken = { ...DEFAULT_POSTAL_CODE_DATA, formats: {} };
    expect(validatePostalCode('DE', '10115', broken)).toEqual({
      valid: false,
      message: 'Failed to load postal code format "5digits".',
    });
  });

  it.each(WITHOUT_FORMAT)('%s has no postal format and always passes', (code) => {
    expect(validatePostalCode(code, 'anything at all')).toEqual({ valid: true });
  });
});
