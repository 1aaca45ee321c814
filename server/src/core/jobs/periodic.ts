/**
 * A job this server process repeats in the background (the usage refresh, the reminder scheduler, the embedded
 * database's statistics): a first run shortly after start (catch-up after downtime), then
 * one every `intervalMs`. Runs of one process never overlap: `runNow` during a run waits for that run. Several
 * instances keep their runs apart in the database (each job claims its run there).
 */
export interface PeriodicJob<Result> {
  /** Runs now unless a run is under way (then waits for it); answers the run's result. */
  runNow(): Promise<Result>;
  /** No further runs; waits for the current one. */
  stop(): Promise<void>;
}

export function startPeriodicJob<Result>(options: {
  run: () => Promise<Result>;
  intervalMs: number;
  /** The first run after start (default 1 s). */
  firstRunMs?: number;
  onError: (error: unknown) => void;
}): PeriodicJob<Result> {
  let running: Promise<Result> | null = null;
  let stopped = false;
  const runNow = () => {
    running ??= options.run().finally(() => {
      running = null;
    });
    return running;
  };
  const tick = () => {
    if (!stopped) runNow().catch(options.onError);
  };
  const first = setTimeout(tick, options.firstRunMs ?? 1_000);
  const timer = setInterval(tick, options.intervalMs);
  first.unref();
  timer.unref();
  return {
    runNow,
    async stop() {
      stopped = true;
      clearTimeout(first);
      clearInterval(timer);
      await running?.catch(() => undefined);
    },
  };
}
