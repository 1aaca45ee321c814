import { describe, expect, it } from 'vitest';
import { isAboutGroups } from './deleteMemberGroups';

const DELETED = '00000000-0000-4000-8000-000000000001';

describe('isAboutGroups', () => {
  it("names the deleted group's details and members-tab queries, which are not read again (they answer 404)", () => {
    expect(isAboutGroups(['memberGroups', 'details', DELETED], [DELETED])).toBe(true);
    expect(isAboutGroups(['memberGroups', 'members', { uuid: DELETED, page: 1 }], [DELETED])).toBe(true);
  });
  it('leaves the lists and other groups to be read again', () => {
    expect(isAboutGroups(['memberGroups', 'list', { page: 1 }], [DELETED])).toBe(false);
    expect(isAboutGroups(['memberGroups', 'members', { uuid: 'other', page: 1 }], [DELETED])).toBe(false);
    expect(isAboutGroups(['memberGroups', 'details', 'other'], [DELETED])).toBe(false);
  });
});
