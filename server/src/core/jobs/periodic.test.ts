import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startPeriodicJob } from './periodic';

describe('startPeriodicJob', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('runs shortly after start, then once per interval, never two runs at once, and not after stop', async () => {
    let runs = 0;
    let finish: () => void = () => undefined;
    const job = startPeriodicJob({
      run: () => {
        runs++;
        return new Promise<number>((resolve) => {
          finish = () => resolve(runs);
        });
      },
      intervalMs: 60_000,
      firstRunMs: 1_000,
      onError: () => undefined,
    });
    expect(runs).toBe(0);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(runs).toBe(1);
    // The interval passes while the first run is still under way: no second run beside it.
    await vi.advanceTimersByTimeAsync(60_000);
    expect(runs).toBe(1);
    // runNow during a run waits for that run.
    const waiting = job.runNow();
    finish();
    expect(await waiting).toBe(1);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(runs).toBe(2);
    finish();
    await job.stop();
    await vi.advanceTimersByTimeAsync(180_000);
    expect(runs).toBe(2);
  });

  it('hands a failed run to onError and runs again at the next interval', async () => {
    const errors: unknown[] = [];
    let runs = 0;
    const job = startPeriodicJob({
      run: async () => {
        runs++;
        throw new Error(`run ${runs}`);
      },
      intervalMs: 10_000,
      onError: (error) => errors.push(error),
    });
    await vi.advanceTimersByTimeAsync(1_000);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(runs).toBe(2);
    expect(errors.map((error) => (error as Error).message)).toEqual(['run 1', 'run 2']);
    await job.stop();
  });
});
