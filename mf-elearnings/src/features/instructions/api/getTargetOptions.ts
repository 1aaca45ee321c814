import { api } from '@dash/shared-core';
import type { InstructionTargetType } from '@dash/shared-core/calls';
import { useQuery } from '@tanstack/react-query';

export interface TargetOption {
  uuid: string;
  name: string;
  memberCount: number;
}

/**
 * The member groups, locations or org units an instruction can be for (the first 100 by name; the search narrows
 * them): the company area's own list calls, which an administrator may make.
 */
export async function getTargetOptions(
  type: InstructionTargetType,
  search: string,
  signal?: AbortSignal,
  administeredBy?: string,
): Promise<TargetOption[]> {
  const filter = search ? { search } : {};
  if (type === 'member-group') {
    const answer = await api.call(
      'memberGroupList',
      { filter, page: 1, perPage: 100, sortBy: 'name', sortDirection: 'asc' },
      { signal },
    );
    return answer.items.map((item) => ({ uuid: item.uuid, name: item.name, memberCount: item.memberCount }));
  }
  if (type === 'location') {
    const answer = await api.call(
      'locationList',
      { filter, page: 1, perPage: 100, sortBy: 'name', sortDirection: 'asc' },
      { signal },
    );
    return answer.items.map((item) => ({ uuid: item.uuid, name: item.name, memberCount: item.memberCount }));
  }
  const answer = await api.call('orgUnitList', { filter }, { signal });
  // An ou-admin records instructions for the units he administers only (the server refuses others).
  const units = administeredBy
    ? answer.items.filter((item) => item.admins.some((admin) => admin.uuid === administeredBy))
    : answer.items;
  return units.map((item) => ({
    uuid: item.uuid,
    name: `${'  '.repeat(item.depth)}${item.orgUnitName}`,
    memberCount: item.memberCount,
  }));
}

/** `administeredBy`: an ou-admin's uuid, whose org units alone are offered. */
export function useTargetOptions(type: InstructionTargetType, search: string, administeredBy?: string) {
  return useQuery({
    queryKey: ['instructionTargetOptions', type, search, administeredBy],
    queryFn: ({ signal }) => getTargetOptions(type, search, signal, administeredBy),
  });
}
