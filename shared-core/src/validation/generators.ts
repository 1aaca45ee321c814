/** Spec section 5: generated identifiers and usernames. */

const TRANSLITERATION: Record<string, string> = { ä: 'ae', ö: 'oe', ü: 'ue', ß: 'ss' };

/** Lowercase ASCII where it can be: umlauts transliterated, other accents dropped (é -> e). */
function transliterate(text: string): string {
  return text
    .normalize('NFC')
    .toLowerCase()
    .replace(/[äöüß]/g, (letter) => TRANSLITERATION[letter] ?? letter)
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '');
}

/** A random whole number from 1000 to 9999. */
export function randomSuffix(random: () => number = Math.random): number {
  return 1000 + Math.floor(random() * 9000);
}

/**
 * Identifier from a name: lowercase, umlauts transliterated, spaces to hyphens, other characters dropped, plus a
 * random suffix 1000-9999 ("Erste Hilfe Übung" → "erste-hilfe-uebung-4711"); never longer than 36 characters.
 */
export function generateIdentifier(name: string, random: () => number = Math.random): string {
  const suffix = String(randomSuffix(random));
  let base = transliterate(name)
    .trim()
    .replace(/\s+/g, '-')
    .replace(/[^a-z0-9-]/g, '')
    .replace(/-+/g, '-')
    .replace(/^[-\d]+/, '')
    .slice(0, 36 - suffix.length - 1)
    .replace(/-$/, '');
  if (base === '') base = 'id';
  return `${base}-${suffix}`;
}

/** Username from first and last name: "first.last" in lowercase, umlauts transliterated, leading digits removed. */
export function generateUsername(firstName: string, lastName: string): string {
  const part = (text: string) =>
    transliterate(text)
      .trim()
      .replace(/\s+/g, '-')
      .replace(/[^a-z0-9.-]/g, '');
  return [part(firstName), part(lastName)]
    .filter(Boolean)
    .join('.')
    .replace(/^[\d.-]+/, '');
}
