import { api, type MemberListItem, type MemberListRequest } from '@dash/shared-core';
import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearMemberListCache, MEMBER_LIST_CACHE_MS, memberListQuery } from './getMemberList';

const body = (page: number): MemberListRequest => ({
  page,
  perPage: 25,
  sortBy: 'lastName',
  sortDirection: 'asc',
  filter: { status: 'all' },
});
const ANSWER: { items: MemberListItem[]; total: number } = { items: [], total: 0 };

let client: QueryClient;
let call: ReturnType<typeof vi.spyOn>;

beforeEach(() => {
  vi.useFakeTimers();
  client = new QueryClient();
  call = vi.spyOn(api, 'call').mockResolvedValue(ANSWER as never);
});

afterEach(() => {
  client.clear();
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('member list cache (spec section 7)', () => {
  it('answers the same request body from the cache for 2 minutes, and asks again after them', async () => {
    expect(MEMBER_LIST_CACHE_MS).toBe(120_000);
    await client.fetchQuery(memberListQuery(body(1)));
    await client.fetchQuery(memberListQuery(body(1)));
    expect(call).toHaveBeenCalledTimes(1);
    // Another body is another answer.
    await client.fetchQuery(memberListQuery(body(2)));
    expect(call).toHaveBeenCalledTimes(2);
    vi.advanceTimersByTime(MEMBER_LIST_CACHE_MS - 1000);
    await client.fetchQuery(memberListQuery(body(1)));
    expect(call).toHaveBeenCalledTimes(2);
    vi.advanceTimersByTime(2000);
    await client.fetchQuery(memberListQuery(body(1)));
    expect(call).toHaveBeenCalledTimes(3);
  });

  it('drops every cached answer when members change (create, archive, unarchive, update, import)', async () => {
    await client.fetchQuery(memberListQuery(body(1)));
    await client.fetchQuery(memberListQuery(body(2)));
    client.setQueryData(['memberDetails', 'x'], { kept: true });
    clearMemberListCache(client);
    await client.fetchQuery(memberListQuery(body(1)));
    await client.fetchQuery(memberListQuery(body(2)));
    expect(call).toHaveBeenCalledTimes(4);
    expect(client.getQueryData(['memberDetails', 'x'])).toEqual({ kept: true });
  });
});
