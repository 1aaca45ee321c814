import type { OrgUnitNode } from '@dash/shared-core';
import { describe, expect, it } from 'vitest';
import { unitOptions } from './unitOptions';

const node = (uuid: string, depth: number): OrgUnitNode => ({
  uuid,
  orgUnitName: uuid,
  identifier: uuid,
  parentUuid: null,
  depth,
  isRoot: depth === 0,
  isDefault: false,
  memberCount: 0,
  admins: [],
});

describe('unitOptions', () => {
  const tree = [node('root', 0), node('a', 1), node('a1', 2), node('a11', 3), node('b', 1), node('b1', 2)];
  it('indents by depth', () => {
    expect(unitOptions(tree).map((option) => option.label)).toEqual([
      'root',
      '— a',
      '— — a1',
      '— — — a11',
      '— b',
      '— — b1',
    ]);
  });
  it('leaves out a unit and everything below it (a move target must not be inside the moved unit)', () => {
    expect(unitOptions(tree, 'a').map((option) => option.value)).toEqual(['root', 'b', 'b1']);
    expect(unitOptions(tree, 'a1').map((option) => option.value)).toEqual(['root', 'a', 'b', 'b1']);
  });
});
