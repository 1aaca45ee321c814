import type { QueryClient } from '@tanstack/react-query';

/**
 * After a location or its members changed: every cached location list, detail and member list is read again
 * (counts and responsible members show on all of them), and the member lists, which show locations too.
 */
export async function invalidateLocations(queryClient: QueryClient): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: ['locationList'] }),
    queryClient.invalidateQueries({ queryKey: ['locationDetail'] }),
    queryClient.invalidateQueries({ queryKey: ['locationMembers'] }),
    queryClient.invalidateQueries({ queryKey: ['memberDetails'] }),
  ]);
}
