import type { Query, QueryClient } from '@tanstack/react-query';

/** Whether a location query (detail: key [name, uuid]; members: key [name, {uuid, ...}]) is about one of `uuids`. */
function isAbout(query: Query, uuids: readonly string[]): boolean {
  const subject = query.queryKey[1];
  const uuid = typeof subject === 'string' ? subject : (subject as { uuid?: unknown } | undefined)?.uuid;
  return typeof uuid === 'string' && uuids.includes(uuid);
}

/**
 * After a location or its members changed: every cached location list, detail and member list is read again
 * (counts and responsible members show on all of them), and the member lists, which show locations too.
 * Deleted locations' own answers are not: their page is still open until the deletion leaves it, and reading them
 * again would answer 404 (a "not found" error beside the success toast). They drop out of the cache once unused.
 */
export async function invalidateLocations(queryClient: QueryClient, deleted: readonly string[] = []): Promise<void> {
  const notDeleted = (query: Query) => !isAbout(query, deleted);
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: ['locationList'] }),
    queryClient.invalidateQueries({ queryKey: ['locationDetail'], predicate: notDeleted }),
    queryClient.invalidateQueries({ queryKey: ['locationMembers'], predicate: notDeleted }),
    queryClient.invalidateQueries({ queryKey: ['memberDetails'] }),
  ]);
}
