import { describe, expect, it } from 'vitest';
import { generateIdentifier, generateUsername, randomSuffix } from './generators';
import { IDENTIFIER_MAX_LENGTH, identifier, ORG_UNIT_ID_RULES, orgUnitId, validate } from './rules';

/** The identifier with a fixed suffix: the random part is tested on its own. */
const base = (name: string) => generateIdentifier(name, () => 0).replace(/-1000$/, '');

describe('generated identifiers (spec section 5)', () => {
  it('transliterates umlauts of both cases and ß (ẞ too), also when typed as letter plus dots', () => {
    expect(base('Ärzte Öl Übung')).toBe('aerzte-oel-uebung');
    expect(base('äöüß')).toBe('aeoeuess');
    expect(base('GROẞHANDEL')).toBe('grosshandel');
    expect(base('Mu\u0308ller')).toBe('mueller');
    expect(base('Café Crème Señor Øre')).toBe('cafe-creme-senor-re');
  });

  it('turns white space into one hyphen each run, and drops it at both ends', () => {
    expect(base('Erste   Hilfe')).toBe('erste-hilfe');
    expect(base('\tLager\u00a0Nord \n')).toBe('lager-nord');
    expect(base('Lager - Nord')).toBe('lager-nord');
  });

  it('drops every other character, and digits and hyphens at the start', () => {
    expect(base('Lager & Versand / Süd')).toBe('lager-versand-sued');
    expect(base('IT_Support (2.OG)!')).toBe('itsupport-2og');
    expect(base("O'Brien's Team 🚒")).toBe('obriens-team');
    expect(base('3. Schicht')).toBe('schicht');
    expect(base('2024')).toBe('id');
    expect(base('')).toBe('id');
  });

  it('appends a random suffix from 1000 to 9999', () => {
    expect(generateIdentifier('Werk', () => 0)).toBe('werk-1000');
    expect(generateIdentifier('Werk', () => 0.999_999_999)).toBe('werk-9999');
    expect(randomSuffix(() => 0.5)).toBe(5500);
    const seen = new Set<number>();
    for (let i = 0; i < 2000; i++) {
      const suffix = randomSuffix();
      expect(Number.isInteger(suffix)).toBe(true);
      expect(suffix).toBeGreaterThanOrEqual(1000);
      expect(suffix).toBeLessThanOrEqual(9999);
      seen.add(suffix);
    }
    // Random, not one fixed number.
    expect(seen.size).toBeGreaterThan(1000);
    expect(generateIdentifier('Werk')).toMatch(/^werk-[1-9]\d{3}$/);
  });

  it('stays within 36 characters without a hyphen before the suffix, and passes the ID rules', () => {
    const long = generateIdentifier(`${'abcde '.repeat(5)}xyz`, () => 0.4711);
    expect(long).toBe('abcde-abcde-abcde-abcde-abcde-x-5239');
    for (const name of ['x'.repeat(80), 'Ab cdefghijklmnopqrstuvwxyzabcd efg', 'Größe & Maß', '', '12 Ü']) {
      const generated = generateIdentifier(name);
      expect(generated.length, name).toBeLessThanOrEqual(IDENTIFIER_MAX_LENGTH);
      expect(generated, name).not.toMatch(/--/);
      expect(identifier(generated), name).toBeNull();
      expect(validate(generated, ORG_UNIT_ID_RULES), name).toBeNull();
    }
  });
});

describe('generated usernames (spec section 5)', () => {
  it('first.last in lowercase, umlauts transliterated, leading digits removed', () => {
    expect(generateUsername('Anna', 'Müller')).toBe('anna.mueller');
    expect(generateUsername('Jörg', 'Weiß')).toBe('joerg.weiss');
    expect(generateUsername('ÄNNE', 'ÖZTÜRK')).toBe('aenne.oeztuerk');
    expect(generateUsername('123Jörg', 'Schmidt')).toBe('joerg.schmidt');
    expect(generateUsername('Mary Ann', 'Smith')).toBe('mary-ann.smith');
    expect(generateUsername('', 'Schmidt')).toBe('schmidt');
  });
});

describe('org unit ID rule (spec section 5)', () => {
  it('lowercase letters, digits and minus, at most 36', () => {
    for (const good of ['produktion', 'werk-2', '2-og', '-', 'a'.repeat(36)]) {
      expect(validate(good, ORG_UNIT_ID_RULES), good).toBeNull();
    }
    for (const bad of ['Produktion', 'werk 2', 'prod_2', 'größe', 'werk.2', 'werk/2', 'ä']) {
      expect(orgUnitId(bad), bad).toEqual({ key: 'orgUnitId' });
    }
    expect(validate('a'.repeat(37), ORG_UNIT_ID_RULES)).toEqual({ key: 'maxlength', params: { max: 36 } });
    // Empty is the required rule's business.
    expect(orgUnitId('')).toBeNull();
  });
});
