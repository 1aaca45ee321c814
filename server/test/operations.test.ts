import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { hashPassword } from '@dash/shared-core';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import type { Database } from '../src/core/db/database';
import { formatLine, serializeError } from '../src/http/requestLogging';
import { Agent, createTestServer, DEMO_PASSWORD, expectError, type TestServer, testConfig } from './helpers';

/** What operators expect: probes, request ids and logs, metrics, security headers. */
let server: TestServer;
let staticRoot: string;

beforeAll(async () => {
  staticRoot = mkdtempSync(path.join(os.tmpdir(), 'ops-static-'));
  const shell = path.join(staticRoot, 'shell', 'dist');
  mkdirSync(shell, { recursive: true });
  writeFileSync(path.join(shell, 'index.html'), '<!doctype html><title>shell</title>');
  writeFileSync(path.join(shell, 'main.3f9a1c2b.js'), 'console.log(1);');
  server = await createTestServer({
    serveStatic: true,
    staticRoot,
    metricsEnabled: true,
    remoteUrlOverrides: { REMOTE_URL_MF_COMPANY: 'https://cdn.example.net/company/mf-manifest.json' },
    supportChatScriptUrl: 'https://chat.example.com/widget.js',
  });
});

afterAll(async () => {
  await server?.close();
  rmSync(staticRoot, { recursive: true, force: true });
});

describe('health and readiness', () => {
  it('answers /healthz and /readyz with 200 while the database answers and every migration is applied', async () => {
    for (const url of ['/healthz', '/readyz']) {
      const response = await server.inject({ method: 'GET', url });
      expect(`${url} ${response.statusCode}`).toBe(`${url} 200`);
      expect(response.json()).toEqual({ status: 'ok' });
      // Not swallowed by the single-page app's fallback, and never cached by a proxy.
      expect(response.headers['content-type']).toMatch(/^application\/json/);
      expect(response.headers['cache-control']).toBe('no-store');
    }
  });

  it('answers /readyz 503 Server.NotReady while a migration is not recorded, and 200 again after', async () => {
    const [last] = await server.db.query<{ id: string }>('SELECT id FROM schema_migration ORDER BY id DESC LIMIT 1');
    if (!last) throw new Error('no migrations');
    await server.db.query('DELETE FROM schema_migration WHERE id = $1', [last.id]);
    try {
      expectError(await server.inject({ method: 'GET', url: '/readyz' }), 503, 'Server.NotReady');
      // The process itself is fine: a load balancer takes it out of rotation, nobody restarts it.
      expect((await server.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    } finally {
      await server.db.query('INSERT INTO schema_migration (id) VALUES ($1)', [last.id]);
    }
    expect((await server.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
  });

  it('answers /readyz 503 within a few seconds when the database does not answer, /healthz stays 200', async () => {
    // A database whose every query hangs, as one that is cut off without a reset does.
    let cut = false;
    const hanging: Database = {
      ...server.db,
      query: (sql, params) => (cut ? new Promise<never>(() => {}) : server.db.query(sql, params)),
    };
    const app = await buildApp(testConfig(), hanging);
    cut = true;
    try {
      const started = Date.now();
      expectError(await app.inject({ method: 'GET', url: '/readyz' }), 503, 'Server.NotReady');
      // Generous bound: the probe gives up after about 2 s instead of hanging with the database.
      expect(Date.now() - started).toBeLessThan(10_000);
      expect((await app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    } finally {
      await app.close();
    }
  });

  it('needs no session or XSRF token', async () => {
    const response = await server.inject({ method: 'HEAD', url: '/readyz' });
    expect(response.statusCode).toBe(200);
  });
});

describe('request ids', () => {
  it('names every answer with X-Request-Id: a fresh uuid, or a sane one the caller sent', async () => {
    const first = await server.inject({ method: 'GET', url: '/api/csrf' });
    const second = await server.inject({ method: 'GET', url: '/api/csrf' });
    expect(first.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(second.headers['x-request-id']).not.toBe(first.headers['x-request-id']);
    const kept = await server.inject({ method: 'GET', url: '/healthz', headers: { 'x-request-id': 'lb-4711-abcdef' } });
    expect(kept.headers['x-request-id']).toBe('lb-4711-abcdef');
    for (const hostile of ['x'.repeat(200), 'has space in it', 'line\tbreak-here', 'short']) {
      const replaced = await server.inject({ method: 'GET', url: '/healthz', headers: { 'x-request-id': hostile } });
      expect(replaced.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    }
  });

  it('names error answers too: 404, 401, 403, a malformed URL, a hostile body', async () => {
    const agent = await server.anonymous();
    const answers = [
      await server.inject({ method: 'GET', url: '/api/nothing-here' }),
      await server.inject({ method: 'GET', url: '/api/member/state' }),
      await agent.request({ method: 'POST', url: '/api/logout', omitXsrfHeader: true }),
      await server.inject({ method: 'GET', url: '/api/%E0%A4%A' }),
      await agent.request({
        method: 'POST',
        url: '/api/login',
        payload: '{"broken',
        headers: { 'content-type': 'application/json' },
      }),
    ];
    for (const answer of answers) {
      expect(`${answer.statusCode} ${answer.headers['x-request-id']}`).toMatch(/^4\d\d [0-9a-f-]{36}$/);
    }
  });
});

/** Collects what the app logs, line by line. */
function logCollector(): { stream: Writable; lines: string[] } {
  const lines: string[] = [];
  let pending = '';
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      pending += chunk.toString();
      const parts = pending.split('\n');
      pending = parts.pop() ?? '';
      lines.push(...parts.filter((line) => line.length > 0));
      done();
    },
  });
  return { stream, lines };
}

describe('logs', () => {
  let app: FastifyInstance;
  const log = logCollector();

  beforeAll(async () => {
    app = await buildApp(testConfig({ logLevel: 'info', production: true }), server.db, { logStream: log.stream });
  });
  afterAll(async () => app?.close());

  it('writes JSON lines with the request id and nothing secret or personal after a sign-in', async () => {
    const agent = new Agent(app);
    await agent.get('/api/csrf');
    const secret = hashPassword(DEMO_PASSWORD);
    const login = await agent.login('acme', 'admin');
    expect(login.statusCode).toBe(200);
    const state = await agent.get('/api/member/state');
    expect(state.statusCode).toBe(200);
    const requestId = state.headers['x-request-id'];
    const email = (state.json() as { member: { email: string } }).member.email;
    const session = agent.session;
    const xsrf = agent.xsrfToken;
    if (!session || !xsrf) throw new Error('no session');

    expect(log.lines.length).toBeGreaterThan(0);
    const entries = log.lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    const ofState = entries.filter((entry) => entry.reqId === requestId);
    expect(ofState.length).toBeGreaterThanOrEqual(1);
    expect(ofState.some((entry) => (entry.res as { statusCode?: number } | undefined)?.statusCode === 200)).toBe(true);
    const all = log.lines.join('\n');
    for (const value of [secret, DEMO_PASSWORD, session, xsrf, email]) {
      expect(all).not.toContain(value);
    }
  });

  it('redacts secrets and personal data a handler might log by hand', () => {
    const before = log.lines.length;
    app.log.info(
      {
        req: { headers: { cookie: 'SESSION=abc123secret', authorization: 'Bearer tok3n' } },
        body: { password: 'p4ss' },
      },
      'by hand',
    );
    app.log.info({ member: { email: 'someone@example.com', firstName: 'Erika', lastName: 'Mustermann' } }, 'member');
    // A mail server's refusal and a constraint violation quote the address: logged without it.
    const refused = Object.assign(new Error('Recipient rejected: <refused.person@example.org>'), {
      code: 'EENVELOPE',
      rejected: ['refused.person@example.org'],
      detail: 'Key (email)=(dup.person@example.org) already exists.',
    });
    app.log.error({ err: refused }, 'welcome mail not sent');
    const written = log.lines.slice(before).join('\n');
    expect(written).toContain('by hand');
    expect(written).toContain('EENVELOPE');
    for (const value of [
      'abc123secret',
      'tok3n',
      'p4ss',
      'someone@example.com',
      'Erika',
      'Mustermann',
      'refused.person',
      'dup.person',
    ]) {
      expect(written).not.toContain(value);
    }
  });

  it('masks e-mail addresses in error messages, not package paths or versions', () => {
    const error = new Error('to <a.b@example.org> via /app/node_modules/@fastify/compress/index.js, nodemailer@8.0.1');
    expect(serializeError(error).message).toBe(
      'to <[e-mail]> via /app/node_modules/@fastify/compress/index.js, nodemailer@8.0.1',
    );
  });

  it('prints one readable line per entry in development', () => {
    const line = formatLine(
      JSON.stringify({
        level: 30,
        time: Date.UTC(2026, 0, 2, 12, 4, 5),
        reqId: 'r-1',
        req: { method: 'POST', url: '/api/login' },
        res: { statusCode: 200 },
        responseTime: 12.3,
        msg: 'request completed',
      }),
    );
    expect(line).toBe('12:04:05 INFO  [r-1] POST /api/login 200 12ms request completed');
    expect(formatLine('not json')).toBe('not json');
  });
});

describe('metrics', () => {
  it('counts requests per route pattern and status class, never per raw URL', async () => {
    await server.login('acme', 'admin');
    const uuid = '00000000-0000-4000-8000-000000000000';
    await server.inject({ method: 'GET', url: `/api/file/logo/png/${uuid}/logo.png` });
    const response = await server.inject({ method: 'GET', url: '/metrics' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = response.body;
    expect(text).toMatch(/^http_requests_total\{method="POST",route="\/api\/login",status_class="2xx"\} [1-9]/m);
    expect(text).toMatch(/^http_request_duration_seconds_bucket\{le="0.1",method="GET",route="\/api\/csrf"/m);
    expect(text).toContain('route="/api/file/:context/:type/:uuid/:filename",status_class="4xx"');
    expect(text).not.toContain(uuid);
  });

  it("counts the in-memory caches' hits and misses: the same member list page twice reads its rows once", async () => {
    const admin = await server.login('acme', 'admin');
    const counts = async (cache: string) => {
      const text = (await server.inject({ method: 'GET', url: '/metrics' })).body;
      const value = (result: string) =>
        Number(
          text.match(new RegExp(`^cache_lookups_total\\{cache="${cache}",result="${result}"\\} (\\d+)`, 'm'))?.[1] ?? 0,
        );
      return { hit: value('hit'), miss: value('miss') };
    };
    // A sort no other test of this file asks for, so that its rows and order are read here first.
    const body = { page: 1, perPage: 25, sortBy: 'email', sortDirection: 'desc' };
    const before = await counts('member-list-rows');
    expect((await admin.post('/api/memberlist/getlist', body)).statusCode).toBe(200);
    const first = await counts('member-list-rows');
    expect((await admin.post('/api/memberlist/getlist', body)).statusCode).toBe(200);
    const second = await counts('member-list-rows');
    expect(first.hit + first.miss - before.hit - before.miss).toBe(25);
    expect(second).toEqual({ hit: first.hit + 25, miss: first.miss });
    expect((await counts('member-search-index')).hit).toBeGreaterThan(0);
  });

  it('reports database connections, the mail outbox and open batch jobs', async () => {
    const text = (await server.inject({ method: 'GET', url: '/metrics' })).body;
    const total = text.match(/^db_pool_connections\{state="total"\} (\d+)/m);
    expect(Number(total?.[1])).toBeGreaterThanOrEqual(1);
    const [outbox] = await server.db.query<{ count: number }>(
      "SELECT count(*)::int AS count FROM mail_outbox WHERE transport = 'outbox'",
    );
    expect(text).toMatch(new RegExp(`^mail_outbox_mails\\{transport="outbox"\\} ${outbox?.count}$`, 'm'));
    await server.db.query(
      `INSERT INTO mail_outbox (recipient, subject, text_body, html_body, transport)
       VALUES ('ops@example.com', 's', 't', 'h', 'outbox')`,
    );
    const after = (await server.inject({ method: 'GET', url: '/metrics' })).body;
    expect(after).toMatch(new RegExp(`^mail_outbox_mails\\{transport="outbox"\\} ${(outbox?.count ?? 0) + 1}$`, 'm'));
    expect(after).toMatch(/^batch_jobs_open\{kind="member-import"\} \d+$/m);
    expect(after).toMatch(/^process_cpu_seconds_total /m);
  });

  it('is not there unless METRICS_ENABLED, and wants the bearer token when METRICS_TOKEN is set', async () => {
    const off = await buildApp(testConfig(), server.db);
    const guarded = await buildApp(testConfig({ metricsEnabled: true, metricsToken: 's3cret-token' }), server.db);
    try {
      expectError(await off.inject({ method: 'GET', url: '/metrics' }), 404, 'Route.NotFound');
      expectError(await guarded.inject({ method: 'GET', url: '/metrics' }), 401, 'Auth.Unauthorized');
      const wrong = await guarded.inject({
        method: 'GET',
        url: '/metrics',
        headers: { authorization: 'Bearer s3cret-tokem' },
      });
      expectError(wrong, 401, 'Auth.Unauthorized');
      const right = await guarded.inject({
        method: 'GET',
        url: '/metrics',
        headers: { authorization: 'Bearer s3cret-token' },
      });
      expect(right.statusCode).toBe(200);
      expect(right.body).toContain('http_requests_total');
    } finally {
      await off.close();
      await guarded.close();
    }
  });
});

describe('security headers', () => {
  const urls = ['/', '/auth/login', '/main.3f9a1c2b.js', '/api/csrf', '/api/member/state', '/api/nothing', '/healthz'];

  it('sends the content-security policy and the frame, referrer and sniffing rules on pages, assets and API', async () => {
    for (const url of urls) {
      const response = await server.inject({ method: 'GET', url });
      const csp = String(response.headers['content-security-policy']);
      expect(csp, url).toContain("default-src 'self'");
      expect(csp, url).toContain("frame-ancestors 'self'");
      expect(csp, url).toContain("object-src 'none'");
      expect(csp, url).toContain("base-uri 'self'");
      expect(csp, url).toContain("frame-src 'self'");
      expect(csp, url).toContain("img-src 'self' data: blob:");
      expect(csp, url).not.toContain('unsafe-inline');
      expect(csp, url).not.toContain('unsafe-eval');
      expect(response.headers['x-content-type-options'], url).toBe('nosniff');
      expect(response.headers['referrer-policy'], url).toBe('strict-origin-when-cross-origin');
      expect(response.headers['x-frame-options'], url).toBe('SAMEORIGIN');
    }
  });

  it('allows scripts from remotes moved to another origin and from the support chat vendor', async () => {
    const csp = String((await server.inject({ method: 'GET', url: '/' })).headers['content-security-policy']);
    expect(csp).toMatch(/(^|; )script-src 'self' https:\/\/cdn\.example\.net https:\/\/chat\.example\.com(;|$)/);
    expect(csp).toMatch(/(^|; )connect-src 'self' https:\/\/cdn\.example\.net https:\/\/chat\.example\.com(;|$)/);
    // The print layout's <style> element, by hash: two orientations.
    expect(csp).toMatch(/(^|; )style-src 'self' 'sha256-[A-Za-z0-9+/=]{44}' 'sha256-[A-Za-z0-9+/=]{44}' /);
  });

  it('lets Swagger UI at /api/docs use inline styles, and nothing else', async () => {
    const docs = String((await server.inject({ method: 'GET', url: '/api/docs/' })).headers['content-security-policy']);
    expect(docs).toContain("style-src 'self' 'unsafe-inline';");
    expect(docs).toContain("script-src 'self' https://cdn.example.net https://chat.example.com;");
    expect(docs).toContain("object-src 'none'");
  });

  it('sends Strict-Transport-Security only when the request came over HTTPS', async () => {
    const plain = await server.inject({ method: 'GET', url: '/auth/login' });
    expect(plain.headers['strict-transport-security']).toBeUndefined();
    for (const url of urls) {
      const secure = await server.inject({ method: 'GET', url, headers: { 'x-forwarded-proto': 'https' } });
      expect(secure.headers['strict-transport-security'], url).toBe('max-age=31536000');
    }
  });

  it('lets pages frame the course origin only: 127.0.0.1 for a dashboard on localhost, and the other way round', async () => {
    const frameSrc = async (host: string) =>
      /(?:^|; )frame-src ([^;]*)/.exec(
        String(
          (await server.inject({ method: 'GET', url: '/', headers: { host } })).headers['content-security-policy'],
        ),
      )?.[1];
    expect(await frameSrc('localhost:8080')).toBe("'self' http://127.0.0.1:8081");
    expect(await frameSrc('partner.localhost:8080')).toBe("'self' http://127.0.0.1:8081");
    expect(await frameSrc('127.0.0.1:8080')).toBe("'self' http://localhost:8081");
    // Any other host name keeps its name on the course port; one made up of other characters is not echoed.
    expect(await frameSrc('dashboard.example.com')).toBe("'self' http://dashboard.example.com:8081");
    expect(await frameSrc('evil;script-src')).toBe("'self' http://127.0.0.1:8081");
  });
});
