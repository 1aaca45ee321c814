import { describe, expect, it } from 'vitest';
import { filterUnitTree, locationMatches, toggled } from './assignmentChoices';

const unit = (uuid: string, parentUuid: string | null, orgUnitName: string) => ({ uuid, parentUuid, orgUnitName });
const tree = [
  unit('root', null, 'ACME'),
  unit('prod', 'root', 'Produktion'),
  unit('mont1', 'prod', 'Montage'),
  unit('werk2', 'root', 'Werk Süd'),
  unit('mont2', 'werk2', 'Montage'),
  unit('office', 'root', 'Büro'),
];

describe('filterUnitTree', () => {
  it('keeps every unit without a filter', () => {
    expect(filterUnitTree(tree, '  ')).toEqual(tree);
  });
  it('keeps the matches with the path to them, in tree order', () => {
    expect(filterUnitTree(tree, 'montage').map((node) => node.uuid)).toEqual([
      'root',
      'prod',
      'mont1',
      'werk2',
      'mont2',
    ]);
  });
  it('ignores case and accents', () => {
    expect(filterUnitTree(tree, 'BURO').map((node) => node.uuid)).toEqual(['root', 'office']);
    expect(filterUnitTree(tree, 'süd').map((node) => node.uuid)).toEqual(['root', 'werk2']);
  });
  it('answers nothing when nothing matches', () => {
    expect(filterUnitTree(tree, 'Lager')).toEqual([]);
  });
});

describe('locationMatches', () => {
  it('searches name and city', () => {
    expect(locationMatches({ name: 'Zentrale', city: 'München' }, 'munchen')).toBe(true);
    expect(locationMatches({ name: 'Zentrale', city: null }, 'zen')).toBe(true);
    expect(locationMatches({ name: 'Zentrale', city: 'Köln' }, 'Hamburg')).toBe(false);
  });
});

describe('toggled', () => {
  it('adds once and removes', () => {
    expect(toggled(['a'], 'b', true)).toEqual(['a', 'b']);
    expect(toggled(['a', 'b'], 'b', true)).toEqual(['a', 'b']);
    expect(toggled(['a', 'b'], 'a', false)).toEqual(['b']);
  });
});
