import { DEFAULT_OFFERED_COUNTRIES } from '@dash/shared-core';
import { findCountry, NON_ISO_CODES } from '@dash/shared-core/postal';
import { describe, expect, it } from 'vitest';
import { countryOptions, defaultCountryOf } from './countryOptions';

describe('countryOptions', () => {
  it('offers the configured countries only (spec: AT and DE), named in German, sorted as German sorts', () => {
    expect(countryOptions('de-DE')).toEqual([
      { value: 'DE', label: 'Deutschland' },
      { value: 'AT', label: 'Österreich' },
    ]);
  });
  it('names them in English', () => {
    expect(countryOptions('en-GB')).toEqual([
      { value: 'AT', label: 'Austria' },
      { value: 'DE', label: 'Germany' },
    ]);
  });
  it("keeps a member's stored country outside the list, once, so that saving does not change it unseen", () => {
    expect(countryOptions('de-DE', 'CH').map((option) => option.value)).toEqual(['DE', 'AT', 'CH']);
    expect(countryOptions('de-DE', 'AT')).toHaveLength(2);
    expect(countryOptions('de-DE', '')).toHaveLength(2);
  });
  it('a licensee list is offered as given, without duplicates', () => {
    expect(countryOptions('en-GB', null, ['DE', 'CH', 'DE']).map((option) => option.value)).toEqual(['DE', 'CH']);
  });
});

describe('defaultCountryOf', () => {
  it('starts a new address in Germany where it is offered, else in the first offered country', () => {
    expect(defaultCountryOf(['AT', 'DE'])).toBe('DE');
    expect(defaultCountryOf(['CH', 'AT'])).toBe('CH');
  });
});

describe('the default offered countries', () => {
  it('are ISO 3166-1 codes the postal validator knows, each once', () => {
    expect(new Set(DEFAULT_OFFERED_COUNTRIES).size).toBe(DEFAULT_OFFERED_COUNTRIES.length);
    for (const code of DEFAULT_OFFERED_COUNTRIES) {
      expect(NON_ISO_CODES).not.toContain(code);
      expect(findCountry(code)?.alpha2).toBe(code);
    }
  });
});
