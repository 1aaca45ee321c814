import type { Database } from '../../core/db/database';
import type { JsonObject } from './patch';
import type { ScimCaller } from './tokens';
import { createUser, createUsers, type ScimUserInput } from './users';

/** At most this many creates share one transaction. */
const MAX_BATCH = 100;

interface Job {
  caller: ScimCaller;
  input: ScimUserInput;
  baseUrl: string;
  resolve: (user: JsonObject) => void;
  reject: (error: unknown) => void;
}

/**
 * Group commit of a directory's creates: a directory pushes its users a few requests at a time, and while one create
 * runs the others wait for the database anyway (the embedded one has one connection). Requests that arrive meanwhile
 * are created together in the next transaction (one insert, one task sync, one audit statement), per token (the audit
 * names it). A lone request runs at once, so nothing waits for company. When a batch fails (the licence limit, say),
 * each of its users is created on its own, so each request gets its own answer, as without batching.
 */
export class CreateBatcher {
  private readonly pending = new Map<string, Job[]>();
  private readonly running = new Set<string>();

  constructor(private readonly db: Database) {}

  create(caller: ScimCaller, input: ScimUserInput, baseUrl: string): Promise<JsonObject> {
    return new Promise((resolve, reject) => {
      const key = caller.tokenUuid;
      this.pending.set(key, [...(this.pending.get(key) ?? []), { caller, input, baseUrl, resolve, reject }]);
      this.next(key);
    });
  }

  private next(key: string): void {
    if (this.running.has(key) || (this.pending.get(key)?.length ?? 0) === 0) return;
    this.running.add(key);
    // One turn of the event loop first: the embedded database runs a transaction without giving the loop a turn,
    // so requests that arrived meanwhile are read only now, and join this batch instead of waiting for the next.
    setImmediate(() => {
      const jobs = this.pending.get(key) ?? [];
      const batch = jobs.slice(0, MAX_BATCH);
      if (jobs.length > MAX_BATCH) this.pending.set(key, jobs.slice(MAX_BATCH));
      else this.pending.delete(key);
      void this.run(batch).finally(() => {
        this.running.delete(key);
        this.next(key);
      });
    });
  }

  private async run(batch: Job[]): Promise<void> {
    let created: Array<JsonObject | null> | null = null;
    if (batch.length > 1) {
      const first = batch[0] as Job;
      try {
        created = await createUsers(
          this.db,
          first.caller,
          batch.map((job) => job.input),
          first.baseUrl,
        );
      } catch {
        created = null;
      }
    }
    for (const [index, job] of batch.entries()) {
      const user = created?.[index];
      if (user) {
        job.resolve(user);
        continue;
      }
      try {
        job.resolve(await createUser(this.db, job.caller, job.input, job.baseUrl));
      } catch (error) {
        job.reject(error);
      }
    }
  }
}
