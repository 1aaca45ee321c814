import { ApiError, api } from '@dash/shared-core';
import { useSessionStore } from '@dash/shared-ui';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { HEARTBEAT_INTERVAL_MS, startHeartbeat, stopHeartbeat } from './session';

describe('heartbeat (spec section 9)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    useSessionStore.setState({ status: 'authenticated' });
  });
  afterEach(() => {
    stopHeartbeat();
    vi.restoreAllMocks();
    vi.useRealTimers();
  });

  it('signs the user out when the heartbeat answers 401', async () => {
    const call = vi.spyOn(api, 'call').mockRejectedValue(new ApiError(401, undefined, 'heartbeat'));
    const onSignedOut = vi.fn();
    startHeartbeat(onSignedOut);
    await vi.advanceTimersByTimeAsync(HEARTBEAT_INTERVAL_MS - 1);
    expect(call).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(call).toHaveBeenCalledWith('heartbeat', undefined, expect.objectContaining({ silent: true }));
    expect(onSignedOut).toHaveBeenCalledTimes(1);
  });

  it('keeps the user signed in on a successful heartbeat and on other errors', async () => {
    const call = vi
      .spyOn(api, 'call')
      .mockResolvedValueOnce({ ok: true })
      .mockRejectedValueOnce(new ApiError(502, undefined, 'heartbeat'))
      .mockRejectedValueOnce(new ApiError(0, undefined, 'heartbeat'));
    const onSignedOut = vi.fn();
    startHeartbeat(onSignedOut);
    await vi.advanceTimersByTimeAsync(3 * HEARTBEAT_INTERVAL_MS);
    expect(call).toHaveBeenCalledTimes(3);
    expect(onSignedOut).not.toHaveBeenCalled();
  });

  it('does not call the server while nobody is signed in', async () => {
    useSessionStore.setState({ status: 'anonymous' });
    const call = vi.spyOn(api, 'call');
    startHeartbeat(vi.fn());
    await vi.advanceTimersByTimeAsync(2 * HEARTBEAT_INTERVAL_MS);
    expect(call).not.toHaveBeenCalled();
  });
});
