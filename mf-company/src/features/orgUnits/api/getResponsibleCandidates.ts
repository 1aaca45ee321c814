import { api, type MemberListItem } from '@dash/shared-core';
import { queryOptions, useQuery } from '@tanstack/react-query';

/** Who may be responsible for a unit: the client's admins, super-admins and ou-admins (a few, one call per role). */
const RESPONSIBLE_ROLES = ['super-admin', 'admin', 'ou-admin'] as const;

export async function getResponsibleCandidates(signal?: AbortSignal): Promise<MemberListItem[]> {
  const pages = await Promise.all(
    RESPONSIBLE_ROLES.map((role) =>
      api.call(
        'memberList',
        { filter: { role, status: 'all' }, page: 1, perPage: 100, sortBy: 'lastName' },
        { signal },
      ),
    ),
  );
  return pages.flatMap((page) => page.items);
}

export function responsibleCandidatesQuery() {
  return queryOptions({
    queryKey: ['memberList', 'responsible-candidates'],
    queryFn: ({ signal }) => getResponsibleCandidates(signal),
    staleTime: 60_000,
  });
}

export function useResponsibleCandidates(enabled: boolean) {
  return useQuery({ ...responsibleCandidatesQuery(), enabled });
}
