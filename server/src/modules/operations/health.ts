import type { FastifyInstance } from 'fastify';
import type { Database } from '../../core/db/database';
import { migrationFiles } from '../../core/db/migrate';

/** How long /readyz waits for `SELECT 1`: a load balancer's probe must get an answer, not hang with the database. */
export const READY_TIMEOUT_MS = 2000;

async function withinTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  try {
    return await Promise.race([work, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** Ready: the database answers, and every migration file of this build is recorded as applied. */
export async function checkReady(
  db: Database,
  timeoutMs = READY_TIMEOUT_MS,
): Promise<{ ready: boolean; reason?: string }> {
  try {
    return await withinTimeout(
      (async () => {
        await db.query('SELECT 1');
        const rows = await db.query<{ id: string }>('SELECT id FROM schema_migration');
        const applied = new Set(rows.map((row) => row.id));
        const missing = migrationFiles().filter((file) => !applied.has(file));
        return missing.length === 0
          ? { ready: true }
          : { ready: false, reason: `migrations missing: ${missing.join(', ')}` };
      })(),
      timeoutMs,
    );
  } catch (error) {
    return { ready: false, reason: error instanceof Error ? error.message : String(error) };
  }
}

/**
 * Probes for load balancers and orchestrators (docs/operating.md). Operational endpoints outside /api: no session,
 * no XSRF, no client scope, so no entry in the authorisation matrix (which covers the API under /api/).
 * /healthz: the process answers (no database work, so a slow database does not get the process restarted).
 * /readyz: send traffic here (the database answers within 2 s and the schema is complete), else 503.
 */
export function registerHealthRoutes(app: FastifyInstance, db: Database): void {
  app.get('/healthz', async (_request, reply) => {
    return reply.header('Cache-Control', 'no-store').send({ status: 'ok' });
  });
  app.get('/readyz', async (request, reply) => {
    const result = await checkReady(db);
    reply.header('Cache-Control', 'no-store');
    if (result.ready) return reply.send({ status: 'ok' });
    request.log.warn({ reason: result.reason }, 'not ready');
    return reply.status(503).send({ error: { code: 'Server.NotReady' } });
  });
}
