import { describe, expect, it } from 'vitest';
import { DEFAULT_OFFERED_COUNTRIES, OFFERED_COUNTRIES_MAX } from '../companyLimits';
import de from '../i18n/locales/de_DE.json';
import en from '../i18n/locales/en_GB.json';
import { ISO_COUNTRY_CODES } from '../postal/countries';
import { countryCodeSchema, offeredCountriesSchema } from './countries';

describe('countryCodeSchema (the country of an address)', () => {
  it('takes every alpha-2 code the postal module knows, so the postal code check knows it too', () => {
    for (const code of ['DE', 'AT', 'CH', 'FR', 'CW', 'IC', 'AN'])
      expect(countryCodeSchema.safeParse(code).success).toBe(true);
  });
  it('refuses unknown codes, lower case, alpha-3 and non-strings', () => {
    for (const value of ['XX', 'de', 'DEU', 'D', '', ' DE', null, 49]) {
      expect(countryCodeSchema.safeParse(value).success).toBe(false);
    }
  });
});

describe("offeredCountriesSchema (a client's offered countries)", () => {
  it('takes assigned ISO codes, each once; the defaults are such a list', () => {
    expect(offeredCountriesSchema.safeParse(['DE', 'AT', 'CH']).success).toBe(true);
    expect(offeredCountriesSchema.safeParse([...DEFAULT_OFFERED_COUNTRIES]).success).toBe(true);
    expect(offeredCountriesSchema.safeParse(ISO_COUNTRY_CODES.slice(0, OFFERED_COUNTRIES_MAX)).success).toBe(true);
  });
  it('refuses an empty list, duplicates, codes ISO 3166-1 does not assign, and more than the maximum', () => {
    for (const value of [
      [],
      ['DE', 'DE'],
      ['IC'],
      ['AN'],
      ['XX'],
      ['de'],
      ISO_COUNTRY_CODES.slice(0, OFFERED_COUNTRIES_MAX + 1),
    ]) {
      expect(offeredCountriesSchema.safeParse(value).success, JSON.stringify(value)).toBe(false);
    }
  });
  it('knows 249 assigned codes, without AN and IC', () => {
    expect(ISO_COUNTRY_CODES).toHaveLength(249);
    expect(new Set(ISO_COUNTRY_CODES).size).toBe(249);
    expect(ISO_COUNTRY_CODES).not.toContain('AN');
    expect(ISO_COUNTRY_CODES).toContain('CW');
  });
});

describe('Address.CountryNotOffered', () => {
  it('has its own message in German and English (the forms show it)', () => {
    expect(de.errors.codes['Address.CountryNotOffered']).toContain('Adressländer');
    expect(en.errors.codes['Address.CountryNotOffered']).toContain('address countries');
  });
});
