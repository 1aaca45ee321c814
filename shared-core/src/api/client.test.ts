import { afterEach, describe, expect, it, vi } from 'vitest';
import { API_ROUTES } from './calls';
import { ApiError, createApiClient, REQUEST_ID_HEADER } from './client';
import { CORE_ROUTES } from './routes';

afterEach(() => vi.unstubAllGlobals());

function answer(status: number, body: unknown, headers: Record<string, string> = {}) {
  vi.stubGlobal(
    'fetch',
    vi.fn(
      async () =>
        new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } }),
    ),
  );
}

describe('the API client hands failures on with the request id', () => {
  it("keeps the server's X-Request-Id on the error, for the toast's error id", async () => {
    answer(
      500,
      { error: { code: 'Generic.InternalError' } },
      { [REQUEST_ID_HEADER]: 'b1946ac9-0000-4000-8000-000000000002' },
    );
    const client = createApiClient();
    const seen: ApiError[] = [];
    client.setErrorHandler((error) => seen.push(error));
    const failed = await client.call('memberState').catch((error: unknown) => error);
    expect(failed).toBeInstanceOf(ApiError);
    expect(failed).toMatchObject({
      status: 500,
      code: 'Generic.InternalError',
      requestId: 'b1946ac9-0000-4000-8000-000000000002',
    });
    expect(seen[0]?.requestId).toBe('b1946ac9-0000-4000-8000-000000000002');
  });

  it('has no request id when the answer had none', async () => {
    answer(502, 'Bad Gateway');
    const failed = await createApiClient()
      .call('memberState', undefined, { silent: true })
      .catch((error: unknown) => error);
    expect(failed).toMatchObject({ status: 502, requestId: undefined });
  });
});

describe("the areas' calls load with the first call that needs them", () => {
  it('finds the path of a call outside the core table and keeps the loaders told whether it reads', async () => {
    answer(200, { items: [], total: 0 });
    const client = createApiClient('http://dash.test');
    const seen: [string, boolean][] = [];
    client.setCallObserver({ started: (id, reading) => seen.push([id, reading]), finished: () => undefined });
    await client.call('memberGroupList', { page: 1, perPage: 10 } as never);
    const [url, init] = vi.mocked(fetch).mock.calls.at(-1) ?? [];
    expect(url).toBe(`http://dash.test${API_ROUTES.memberGroupList.path}`);
    expect(init?.method).toBe('POST');
    expect(seen).toEqual([['memberGroupList', true]]);
  });

  it('keeps core calls in the main entry and every other call out of it', () => {
    expect(Object.keys(CORE_ROUTES)).toContain('login');
    expect(Object.keys(CORE_ROUTES)).not.toContain('memberGroupList');
    for (const [id, route] of Object.entries(CORE_ROUTES))
      expect(API_ROUTES[id as keyof typeof API_ROUTES]).toEqual(route);
  });
});
