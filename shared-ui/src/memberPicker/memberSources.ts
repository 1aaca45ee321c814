import { api, type MemberListItem } from '@dash/shared-core';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';

/** A member as the picker shows and hands it on (the member list's row fits, and so does a PersonRef). */
export type PickedMember = Pick<MemberListItem, 'uuid' | 'firstName' | 'lastName'> & { username?: string };

/** Which members the picker offers: every one that is not archived, or the active ones only. */
export type PickerStatus = 'all' | 'active';

/** How many matches the picker offers at once: refine the search for more. */
export const PICKER_RESULTS = 25;
/** Whole units, groups and locations offered per kind for one search. */
export const PICKER_SETS_PER_KIND = 5;
/** The assign calls take at most 1,000 members at once (memberUuidsSchema). */
export const PICKER_MAX_MEMBERS = 1000;
/** The largest page the list calls answer: a whole set is read in pages of this size. */
const SET_PAGE_SIZE = 100;

/** Something whose members can be picked at once. */
export type MemberSetKind = 'orgUnit' | 'group' | 'location';
export interface MemberSet {
  kind: MemberSetKind;
  uuid: string;
  name: string;
  memberCount: number;
}

/** Members whose name, username or e-mail contains `search` (the member list call, scoped to the reader). */
export function memberSearchQuery(search: string, status: PickerStatus) {
  return queryOptions({
    queryKey: ['memberList', 'picker', status, search],
    queryFn: ({ signal }) =>
      api.call(
        'memberList',
        { filter: { search, status }, page: 1, perPage: PICKER_RESULTS, sortBy: 'lastName', sortDirection: 'asc' },
        { signal },
      ),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}

/** The reader's org units (the whole visible tree is one answer): filtered by name in the browser. */
export function orgUnitSetsQuery() {
  return queryOptions({
    queryKey: ['orgUnitList', 'picker'],
    queryFn: ({ signal }) => api.call('orgUnitList', { filter: {} }, { signal }),
    staleTime: 30_000,
  });
}

export function groupSetsQuery(search: string) {
  return queryOptions({
    queryKey: ['memberGroupList', 'picker', search],
    queryFn: ({ signal }) =>
      api.call('memberGroupList', { filter: { search }, perPage: PICKER_RESULTS, sortBy: 'name' }, { signal }),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}

export function locationSetsQuery(search: string) {
  return queryOptions({
    queryKey: ['locationList', 'picker', search],
    queryFn: ({ signal }) =>
      api.call('locationList', { filter: { search }, perPage: PICKER_RESULTS, sortBy: 'name' }, { signal }),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}

/** The reader's org units whose name contains `search` (case-insensitive), as sets. */
export function matchingOrgUnits(
  units: readonly { uuid: string; orgUnitName: string; memberCount: number }[],
  search: string,
): MemberSet[] {
  const term = search.trim().toLocaleLowerCase();
  if (term === '') return [];
  return units
    .filter((unit) => unit.orgUnitName.toLocaleLowerCase().includes(term))
    .slice(0, PICKER_SETS_PER_KIND)
    .map((unit) => ({ kind: 'orgUnit', uuid: unit.uuid, name: unit.orgUnitName, memberCount: unit.memberCount }));
}

export type SetMembers = { kind: 'members'; members: PickedMember[] } | { kind: 'tooMany'; total: number };

/**
 * Every member of a set that the reader may see, read page by page with the list calls (org units and locations:
 * the member list's filters, scoped by the server to the reader's units or locations; groups: the group's member
 * list). More than `max` members answer `tooMany` after the first page.
 */
export async function readSetMembers(
  set: Pick<MemberSet, 'kind' | 'uuid'>,
  status: PickerStatus,
  max: number = PICKER_MAX_MEMBERS,
  signal?: AbortSignal,
): Promise<SetMembers> {
  const members: PickedMember[] = [];
  for (let page = 1; ; page += 1) {
    const answer = await readSetPage(set, status, page, signal);
    if (answer.total > max) return { kind: 'tooMany', total: answer.total };
    members.push(...answer.items);
    if (answer.read < SET_PAGE_SIZE || page * SET_PAGE_SIZE >= answer.total) break;
  }
  return { kind: 'members', members };
}

async function readSetPage(
  set: Pick<MemberSet, 'kind' | 'uuid'>,
  status: PickerStatus,
  page: number,
  signal?: AbortSignal,
): Promise<{ items: PickedMember[]; total: number; read: number }> {
  const paging = { page, perPage: SET_PAGE_SIZE, sortBy: 'lastName', sortDirection: 'asc' } as const;
  if (set.kind === 'group') {
    const answer = await api.call('memberGroupMemberList', { uuid: set.uuid, ...paging }, { signal });
    // The group's list has no status filter: inactive members are left out here.
    const items = status === 'active' ? answer.items.filter((member) => member.status === 'active') : answer.items;
    return { items: items.map(picked), total: answer.total, read: answer.items.length };
  }
  const filter = set.kind === 'orgUnit' ? { orgUnitUuid: set.uuid, status } : { locationUuid: set.uuid, status };
  const answer = await api.call('memberList', { filter, ...paging }, { signal });
  return { items: answer.items.map(picked), total: answer.total, read: answer.items.length };
}

function picked(member: PickedMember): PickedMember {
  return { uuid: member.uuid, firstName: member.firstName, lastName: member.lastName, username: member.username };
}
