import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { ServerConfig } from '../../config';
import { cacheLookups } from '../../core/db/cacheLookups';
import type { Database } from '../../core/db/database';
import { OPEN_STATUSES } from '../../core/jobs/jobs';

/** "2xx" … "5xx": few label values, so that the series stay few. */
function statusClass(statusCode: number): string {
  return `${Math.floor(statusCode / 100)}xx`;
}

function sameToken(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * A count query for a gauge; while the database is away the gauge has no series (Prometheus sees it missing) and
 * the rest of the metrics still answer: they matter most exactly then.
 */
async function countOrNothing<Row>(query: () => Promise<Row[]>): Promise<Row[] | null> {
  try {
    return await query();
  } catch {
    return null;
  }
}

/** The metrics of one app; a registry of its own, so that several apps in one process (tests) never share series. */
export function createMetrics(db: Database): {
  registry: Registry;
  observe(labels: RequestLabels, seconds: number): void;
} {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const labelNames = ['method', 'route', 'status_class'] as const;
  const requests = new Counter({
    name: 'http_requests_total',
    help: 'HTTP requests answered, by route pattern and status class',
    labelNames,
    registers: [registry],
  });
  const duration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time to answer an HTTP request, by route pattern and status class',
    labelNames,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  new Counter({
    name: 'cache_lookups_total',
    help: 'Lookups of the in-memory caches by cache and result: "hit" answered from memory, "miss" read the database (row caches count rows)',
    labelNames: ['cache', 'result'],
    registers: [registry],
    collect() {
      this.reset();
      for (const [cache, counts] of cacheLookups()) {
        this.inc({ cache, result: 'hit' }, counts.hit);
        this.inc({ cache, result: 'miss' }, counts.miss);
      }
    },
  });
  new Gauge({
    name: 'db_pool_connections',
    help: 'Database connections by state (PGlite: one connection in this process)',
    labelNames: ['state'],
    registers: [registry],
    collect() {
      const stats = db.poolStats();
      this.set({ state: 'total' }, stats.total);
      this.set({ state: 'idle' }, stats.idle);
      this.set({ state: 'waiting' }, stats.waiting);
    },
  });
  new Gauge({
    name: 'mail_outbox_mails',
    help: 'Mails in the mail_outbox table by transport; "outbox" mails were kept, not sent (no SMTP_URL)',
    labelNames: ['transport'],
    registers: [registry],
    async collect() {
      this.reset();
      const rows = await countOrNothing(() =>
        db.query<{ transport: string; count: number }>(
          'SELECT transport, count(*)::int AS count FROM mail_outbox GROUP BY transport',
        ),
      );
      if (!rows) return;
      this.set({ transport: 'outbox' }, 0);
      this.set({ transport: 'smtp' }, 0);
      for (const row of rows) this.set({ transport: row.transport }, row.count);
    },
  });
  new Gauge({
    name: 'batch_jobs_open',
    help: 'Batch jobs (member imports) not finished or failed yet',
    labelNames: ['kind'],
    registers: [registry],
    async collect() {
      this.reset();
      const rows = await countOrNothing(() =>
        db.query<{ kind: string; count: number }>(
          'SELECT kind, count(*)::int AS count FROM batch_job WHERE status = ANY($1::text[]) GROUP BY kind',
          [[...OPEN_STATUSES]],
        ),
      );
      if (!rows) return;
      this.set({ kind: 'member-import' }, 0);
      for (const row of rows) this.set({ kind: row.kind }, row.count);
    },
  });
  return {
    registry,
    observe(labels, seconds) {
      requests.inc(labels);
      duration.observe(labels, seconds);
    },
  };
}

interface RequestLabels {
  method: string;
  route: string;
  status_class: string;
}

/**
 * GET /metrics in Prometheus' text format, only with METRICS_ENABLED (docs/operating.md "Metrics"); with METRICS_TOKEN
 * only for `Authorization: Bearer <token>`. An operational endpoint outside /api, like /healthz: no session, so no
 * entry in the authorisation matrix. Answers 404 like any unknown path when switched off.
 */
export function registerMetrics(app: FastifyInstance, db: Database, config: ServerConfig): void {
  if (!config.metricsEnabled) return;
  const metrics = createMetrics(db);
  app.addHook('onResponse', async (request, reply) => {
    // The route's pattern (/api/members/:uuid), never the URL itself: one series per route, no uuids in labels.
    const route = request.routeOptions.url ?? 'unmatched';
    if (route === '/metrics') return;
    metrics.observe(
      { method: request.method, route, status_class: statusClass(reply.statusCode) },
      reply.elapsedTime / 1000,
    );
  });
  app.get('/metrics', async (request, reply) => {
    if (config.metricsToken) {
      const header = request.headers.authorization ?? '';
      const token = header.startsWith('Bearer ') ? header.slice('Bearer '.length) : '';
      if (!sameToken(token, config.metricsToken)) {
        return reply
          .status(401)
          .header('WWW-Authenticate', 'Bearer')
          .send({ error: { code: 'Auth.Unauthorized' } });
      }
    }
    const text = await metrics.registry.metrics();
    return reply.header('Cache-Control', 'no-store').type(metrics.registry.contentType).send(text);
  });
}
