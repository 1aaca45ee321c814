import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { invalidateLocations } from './invalidateLocations';

const DELETED = '00000000-0000-4000-8000-000000000001';
const KEPT = '00000000-0000-4000-8000-000000000002';

/** An open page's query: observed, so an invalidation reads it again at once. */
function observe(client: QueryClient, queryKey: unknown[]) {
  const queryFn = vi.fn(async () => 'answer');
  const observer = new QueryObserver(client, { queryKey, queryFn });
  const unsubscribe = observer.subscribe(() => {});
  return { queryFn, unsubscribe };
}

/** Until every first answer is in (an invalidation during a first fetch would only join it). */
async function settled(client: QueryClient) {
  await vi.waitFor(() => expect(client.isFetching()).toBe(0));
}

describe('invalidateLocations', () => {
  it("after a deletion reads the lists again, but not the deleted location's detail or members (they answer 404)", async () => {
    const client = new QueryClient();
    const queries = {
      list: observe(client, ['locationList', { page: 1 }]),
      deletedDetail: observe(client, ['locationDetail', DELETED]),
      deletedMembers: observe(client, ['locationMembers', { uuid: DELETED, page: 1 }]),
      keptMembers: observe(client, ['locationMembers', { uuid: KEPT, page: 1 }]),
    };
    await settled(client);
    await invalidateLocations(client, [DELETED]);
    expect(queries.list.queryFn).toHaveBeenCalledTimes(2);
    expect(queries.keptMembers.queryFn).toHaveBeenCalledTimes(2);
    expect(queries.deletedDetail.queryFn).toHaveBeenCalledTimes(1);
    expect(queries.deletedMembers.queryFn).toHaveBeenCalledTimes(1);
    for (const query of Object.values(queries)) query.unsubscribe();
  });

  it('without a deletion reads every location query again', async () => {
    const client = new QueryClient();
    const detail = observe(client, ['locationDetail', KEPT]);
    await settled(client);
    await invalidateLocations(client);
    expect(detail.queryFn).toHaveBeenCalledTimes(2);
    detail.unsubscribe();
  });
});
