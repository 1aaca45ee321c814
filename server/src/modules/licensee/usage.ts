import type { Database, Queryable } from '../../core/db/database';
import { type PeriodicJob, startPeriodicJob } from '../../core/jobs/periodic';

/**
 * Clients per refresh statement. Each batch is one short statement of its own: on the embedded database (PGlite runs
 * in the server's thread) no request waits longer than one batch, and between batches the event loop answers them.
 */
export const USAGE_BATCH_CLIENTS = 20;

/**
 * One row of `client_usage` per client of `$1` (migration 031 says what each figure counts), computed from the
 * client's members through their indexes: members by client, their e-learning tasks and analyses by member.
 */
const REFRESH_BATCH = `INSERT INTO client_usage (client_uuid, licensee_uuid, members, active_members, signed_in_30_days,
    elearning_tasks, elearning_completed, completion_rate, overdue_tasks, open_risk_actions, last_activity_at,
    refreshed_at)
  SELECT c.uuid, c.licensee_uuid, m.members, m.active_members, m.signed_in, e.tasks, e.completed,
         CASE WHEN e.tasks > 0 THEN round(100.0 * e.completed / e.tasks, 1) END,
         e.overdue + r.overdue, a.open, greatest(m.last_login, e.last_completed, r.last_completed), now()
    FROM client c
    CROSS JOIN LATERAL (
      SELECT count(*)::int AS members,
             count(*) FILTER (WHERE x.status = 'active')::int AS active_members,
             count(*) FILTER (WHERE x.last_login_at >= now() - interval '30 days')::int AS signed_in,
             max(x.last_login_at) AS last_login
        FROM member x WHERE x.client_uuid = c.uuid AND x.archived_at IS NULL) m
    CROSS JOIN LATERAL (
      SELECT count(t.uuid)::int AS tasks,
             count(t.completed_at)::int AS completed,
             count(t.uuid) FILTER (WHERE t.completed_at IS NULL AND t.due_date < current_date)::int AS overdue,
             max(t.completed_at) AS last_completed
        FROM member x JOIN elearning_task t ON t.member_uuid = x.uuid AND t.reset_at IS NULL
       WHERE x.client_uuid = c.uuid AND x.archived_at IS NULL) e
    CROSS JOIN LATERAL (
      SELECT count(t.uuid) FILTER (WHERE t.completed_at IS NULL AND t.closed_at IS NULL
                                     AND t.due_date < current_date)::int AS overdue,
             max(t.completed_at) AS last_completed
        FROM member x JOIN risk_assessment_member_task t ON t.member_uuid = x.uuid
       WHERE x.client_uuid = c.uuid AND x.archived_at IS NULL) r
    CROSS JOIN LATERAL (
      SELECT count(*)::int AS open FROM risk_assessment_action ra
       WHERE ra.client_uuid = c.uuid AND ra.done_at IS NULL) a
   WHERE c.uuid = ANY($1::uuid[])
  ON CONFLICT (client_uuid) DO UPDATE SET
    licensee_uuid = EXCLUDED.licensee_uuid, members = EXCLUDED.members, active_members = EXCLUDED.active_members,
    signed_in_30_days = EXCLUDED.signed_in_30_days, elearning_tasks = EXCLUDED.elearning_tasks,
    elearning_completed = EXCLUDED.elearning_completed, completion_rate = EXCLUDED.completion_rate,
    overdue_tasks = EXCLUDED.overdue_tasks, open_risk_actions = EXCLUDED.open_risk_actions,
    last_activity_at = EXCLUDED.last_activity_at, refreshed_at = EXCLUDED.refreshed_at`;

export interface UsageRefreshResult {
  /** false: another instance's run is under way or recent (nothing done). */
  ran: boolean;
  clients: number;
  ms: number;
}

/** Computes the figures of every client (or of `clientUuids`), batch by batch. */
export async function refreshClientUsage(
  db: Queryable,
  options: { clientUuids?: readonly string[]; batchClients?: number } = {},
): Promise<UsageRefreshResult> {
  const started = performance.now();
  const uuids =
    options.clientUuids ??
    (await db.query<{ uuid: string }>('SELECT uuid FROM client ORDER BY uuid')).map((row) => row.uuid);
  const size = options.batchClients ?? USAGE_BATCH_CLIENTS;
  for (let index = 0; index < uuids.length; index += size) {
    await db.query(REFRESH_BATCH, [uuids.slice(index, index + size)]);
    // Requests that came in meanwhile go first.
    await new Promise((resolve) => setImmediate(resolve));
  }
  return { ran: true, clients: uuids.length, ms: Math.round(performance.now() - started) };
}

/**
 * One scheduled run: claimed in `client_usage_refresh` first, so that of several instances on one PostgreSQL database
 * only one refreshes per interval. A run is due when the last one started at least 90 % of the interval ago and has
 * finished, or started more than twice the interval ago (its instance died).
 */
export async function runScheduledUsageRefresh(db: Database, intervalMs: number): Promise<UsageRefreshResult> {
  const claimed = await db.query(
    `UPDATE client_usage_refresh SET started_at = now()
      WHERE started_at IS NULL
         OR (finished_at >= started_at AND started_at <= now() - make_interval(secs => $1 * 0.9))
         OR started_at <= now() - make_interval(secs => $1 * 2)
      RETURNING started_at`,
    [intervalMs / 1000],
  );
  if (claimed.length === 0) return { ran: false, clients: 0, ms: 0 };
  const result = await refreshClientUsage(db);
  await db.query('UPDATE client_usage_refresh SET finished_at = now(), clients = $1, ms = $2', [
    result.clients,
    result.ms,
  ]);
  return result;
}

/** The background job of this process (main.ts): a run shortly after start, then one every `intervalMs`. */
export function startUsageRefresh(
  db: Database,
  options: { intervalMs: number; onError: (error: unknown) => void },
): PeriodicJob<UsageRefreshResult> {
  return startPeriodicJob({
    run: () => runScheduledUsageRefresh(db, options.intervalMs),
    intervalMs: options.intervalMs,
    // After the reminder run of the start: both read many rows.
    firstRunMs: 5_000,
    onError: options.onError,
  });
}
