import { describe, expect, it } from 'vitest';
import { zipcode } from '../postal/zipcode';
import { generateIdentifier, generateUsername, randomSuffix } from './generators';
import { phoneNumber, toE164 } from './phone';
import {
  email,
  identifier,
  invalidDate,
  max,
  maxDate,
  min,
  minDate,
  numeric,
  orgUnitId,
  parseIsoDate,
  shouldMatch,
  shouldNotMatch,
  validate,
} from './rules';

describe('more validation rules (spec section 5)', () => {
  it('email', () => {
    expect(email('anna@example.com')).toBeNull();
    expect(email('anna@example')).toEqual({ key: 'email' });
  });

  it('min, max and numeric', () => {
    expect(min(3)('3')).toBeNull();
    expect(min(3)('2')).toEqual({ key: 'min', params: { min: 3 } });
    expect(max(10)('11')).toEqual({ key: 'max', params: { max: 10 } });
    expect(max(10)('')).toBeNull();
    expect(numeric('0123')).toBeNull();
    expect(numeric('12a')).toEqual({ key: 'numeric' });
    expect(numeric('1.5')).toEqual({ key: 'numeric' });
  });

  it('phoneNumber: international form, default region DE', () => {
    expect(phoneNumber('+49 30 1234567')).toBeNull();
    expect(phoneNumber('030 1234567')).toBeNull();
    expect(phoneNumber('+44 20 7946 0958')).toBeNull();
    expect(phoneNumber('12')).toEqual({ key: 'phoneNumber' });
  });

  it('toE164: what the phoneNumber rule accepts, in the form SMS providers want; null for the rest', () => {
    expect(toE164('0171 1234567')).toBe('+491711234567');
    expect(toE164('(030) 12345-67')).toBe('+49301234567');
    expect(toE164('+43 664 1234567')).toBe('+436641234567');
    expect(toE164('+44 7911 123456')).toBe('+447911123456');
    expect(toE164('12')).toBeNull();
    expect(toE164('')).toBeNull();
    expect(toE164('+49 171 1234567\u0000')).toBeNull();
  });

  it('dates: invalidDate, minDate, maxDate', () => {
    expect(parseIsoDate('2024-02-29')).not.toBeNull();
    expect(invalidDate('2023-02-29')).toEqual({ key: 'invalidDate' });
    expect(invalidDate('31.12.2024')).toEqual({ key: 'invalidDate' });
    expect(invalidDate('2024-12-31')).toBeNull();
    expect(minDate('2024-01-01')('2023-12-31')).toEqual({ key: 'minDate', params: { min: '2024-01-01' } });
    expect(minDate('2024-01-01')('2024-01-01')).toBeNull();
    expect(maxDate('2024-01-01')('2024-01-02')).toEqual({ key: 'maxDate', params: { max: '2024-01-01' } });
    expect(maxDate('2024-01-01')('2023-05-02')).toBeNull();
  });

  it('shouldMatch and shouldNotMatch read the other field when checked', () => {
    let other = 'Safety#2026';
    expect(shouldMatch(() => other)('Safety#2026')).toBeNull();
    expect(shouldMatch(() => other)('Safety#2027')).toEqual({ key: 'shouldMatch' });
    other = 'old';
    expect(shouldNotMatch(() => other)('old')).toEqual({ key: 'shouldNotMatch' });
    expect(shouldNotMatch(() => other)('new')).toBeNull();
  });

  it('identifier: like a company ID and at most 36 characters', () => {
    expect(identifier('erste-hilfe-4711')).toBeNull();
    expect(identifier('a'.repeat(36))).toBeNull();
    expect(identifier('a'.repeat(37))?.key).toBe('identifier');
    expect(identifier('ab')?.key).toBe('identifier');
    expect(identifier('a--b')?.key).toBe('identifier');
    expect(identifier('1abc')?.key).toBe('identifier');
  });

  it('org unit ID: lowercase letters, digits and minus', () => {
    expect(orgUnitId('produktion-2')).toBeNull();
    expect(orgUnitId('Produktion')).toEqual({ key: 'orgUnitId' });
    expect(orgUnitId('prod_2')).toEqual({ key: 'orgUnitId' });
  });

  it('zipcode against the country field, default DE', () => {
    expect(zipcode()('10115')).toBeNull();
    expect(zipcode()('1010')).toEqual({
      key: 'zipcode',
      params: { detail: 'Postal code 1010 is not valid for country DE' },
    });
    expect(zipcode(() => 'AT')('1010')).toBeNull();
    expect(zipcode(() => '')('10115')).toBeNull();
    expect(zipcode(() => 'QA')('whatever')).toBeNull();
  });

  it('validate answers the first failing rule', () => {
    expect(validate('12a', [numeric, min(5)])).toEqual({ key: 'numeric' });
  });
});

describe('generators (spec section 5)', () => {
  it('identifier: lowercase, umlauts transliterated, spaces to hyphens, suffix 1000-9999', () => {
    expect(generateIdentifier('Erste Hilfe Übung', () => 0)).toBe('erste-hilfe-uebung-1000');
    expect(generateIdentifier('Größe  Maß', () => 0.99999)).toBe('groesse-mass-9999');
    expect(generateIdentifier('Café Crème!', () => 0.5)).toBe('cafe-creme-5500');
    const long = generateIdentifier('x'.repeat(80));
    expect(long.length).toBeLessThanOrEqual(36);
    expect(identifier(long)).toBeNull();
    for (let i = 0; i < 200; i++) {
      const suffix = randomSuffix();
      expect(suffix).toBeGreaterThanOrEqual(1000);
      expect(suffix).toBeLessThanOrEqual(9999);
    }
  });

  it('username: first.last lowercase, leading digits removed', () => {
    expect(generateUsername('Anna', 'Müller')).toBe('anna.mueller');
    expect(generateUsername('123Jörg', 'Schmidt')).toBe('joerg.schmidt');
    expect(generateUsername('Mary Ann', 'Smith')).toBe('mary-ann.smith');
  });
});
