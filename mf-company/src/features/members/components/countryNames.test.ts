import { describe, expect, it } from 'vitest';
import { countryOptions } from './countryNames';

const countries = [
  { alpha2: 'AT', countryName: 'Austria' },
  { alpha2: 'DE', countryName: 'Germany' },
  { alpha2: 'DK', countryName: 'Denmark' },
  { alpha2: 'XK', countryName: 'Kosovo' },
];

describe('countryOptions', () => {
  it('names the countries in German, sorted as German sorts (Ä with A)', () => {
    expect(countryOptions(countries, 'de-DE').map((option) => option.label)).toEqual([
      'Dänemark',
      'Deutschland',
      'Kosovo',
      'Österreich',
    ]);
  });
  it('names them in English', () => {
    const options = countryOptions(countries, 'en-GB');
    expect(options.find((option) => option.value === 'DE')?.label).toBe('Germany');
    expect(options.map((option) => option.value)).toEqual(['AT', 'DK', 'DE', 'XK']);
  });
});
