import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ERROR_CODES } from '../errors/codes';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/** Every translation folder of the product: the common texts and each area's namespace. */
const folders = [
  'shared-core/src/i18n/locales',
  'shared-ui/src/i18n',
  // The separate entries' own texts (`@dash/shared-ui/table` and the others).
  ...readdirSync(path.join(repo, 'shared-ui/src'))
    .filter((entry) => existsSync(path.join(repo, 'shared-ui/src', entry, 'i18n')))
    .map((entry) => `shared-ui/src/${entry}/i18n`),
  ...readdirSync(repo)
    .filter((entry) => entry.startsWith('mf-'))
    .map((entry) => `${entry}/src/i18n`),
];

type Tree = { [key: string]: string | Tree };

/** Leaf paths; error codes contain dots themselves, so paths are lists of keys. */
function pathsOf(tree: Tree, prefix: string[] = []): { path: string[]; value: string }[] {
  return Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'string' ? [{ path: [...prefix, key], value }] : pathsOf(value, [...prefix, key]),
  );
}

function keysOf(tree: Tree): string[] {
  return pathsOf(tree).map((leaf) => leaf.path.join(' > '));
}

/** A folder's texts of one language: `<language>.json`, or (mf-company) the features' `parts/<feature>.<language>.json`. */
function load(folder: string, language: string): Tree {
  const read = (file: string) => JSON.parse(readFileSync(path.join(repo, folder, file), 'utf8')) as Tree;
  if (readdirSync(path.join(repo, folder)).includes(`${language}.json`)) return read(`${language}.json`);
  const parts = readdirSync(path.join(repo, folder, 'parts')).filter((file) => file.endsWith(`.${language}.json`));
  expect(parts.length, `${folder} has texts in ${language}`).toBeGreaterThan(0);
  return Object.assign({}, ...parts.map((file) => read(`parts/${file}`))) as Tree;
}

describe('translations', () => {
  it.each(folders)('%s has the same keys in German and English', (folder) => {
    const german = keysOf(load(folder, 'de_DE')).sort();
    const english = keysOf(load(folder, 'en_GB')).sort();
    expect(
      german.filter((key) => !english.includes(key)),
      'missing in en_GB',
    ).toEqual([]);
    expect(
      english.filter((key) => !german.includes(key)),
      'missing in de_DE',
    ).toEqual([]);
  });

  it('has no empty texts', () => {
    for (const folder of folders) {
      for (const language of ['de_DE', 'en_GB']) {
        const empty = pathsOf(load(folder, language)).filter((leaf) => leaf.value.trim() === '');
        expect(empty, `${folder}/${language}`).toEqual([]);
      }
    }
  });

  it('has a message for every error code in both languages', () => {
    for (const language of ['de_DE', 'en_GB']) {
      const tree = load('shared-core/src/i18n/locales', language);
      const codes = (tree.errors as Tree).codes as Tree;
      expect(
        ERROR_CODES.filter((code) => typeof codes[code] !== 'string'),
        language,
      ).toEqual([]);
    }
  });
});
