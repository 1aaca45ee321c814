import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, createApiClient, REQUEST_ID_HEADER } from './client';

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
