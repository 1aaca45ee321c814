import { randomBytes } from 'node:crypto';
import { hashPassword, XSRF_COOKIE, XSRF_HEADER } from '@dash/shared-core';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { expect, inject } from 'vitest';
import { buildApp } from '../src/app';
import { loadConfig, type ServerConfig } from '../src/config';
import { type Database, openDatabase, type Queryable } from '../src/core/db/database';
import { migrate } from '../src/core/db/migrate';
import { analyzeAllTables } from '../src/core/db/statistics';
import { SESSION_COOKIE } from '../src/http/cookies';
import { DEMO_PASSWORD, seedDemoData } from '../src/seed/demo';

export { DEMO_PASSWORD };
export type InjectResponse = LightMyRequestResponse;

const TEST_SECRETS_KEY = randomBytes(32);

/** The configuration of every test app: API only, no logging. */
/** The tests run as if behind a reverse proxy (TRUST_PROXY on), so that they can send X-Forwarded-* headers. */
export function testConfig(overrides: Partial<ServerConfig> = {}): ServerConfig {
  return {
    ...loadConfig({}),
    serveStatic: false,
    logLevel: 'silent',
    trustProxy: true,
    supportLinkKeyFile: undefined,
    // Client secrets of single sign-on are sealed with a key of the run; the test provider is plain http.
    secretsKey: TEST_SECRETS_KEY,
    ssoAllowHttpIssuers: true,
    ...overrides,
  };
}

export interface RequestOptions {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE' | 'HEAD';
  url: string;
  /** GET: the query string. */
  query?: Record<string, string>;
  /** Sent as JSON. */
  body?: unknown;
  /** Sent as it is (invalid JSON, oversized bodies, files); give a content-type header with it. */
  payload?: string | Buffer;
  headers?: Record<string, string>;
  /** Leave out the X-XSRF-TOKEN header (the cookie is still sent). */
  omitXsrfHeader?: boolean;
}

/**
 * A browser-like client on `app.inject`: keeps the cookies it receives (SESSION, XSRF-TOKEN) and sends the
 * X-XSRF-TOKEN header on every non-GET call, as the shell's API client does.
 */
export class Agent {
  readonly cookies = new Map<string, string>();

  constructor(
    private readonly app: FastifyInstance,
    readonly host?: string,
    cookies: Record<string, string> = {},
  ) {
    for (const [name, value] of Object.entries(cookies)) this.cookies.set(name, value);
  }

  get session(): string | undefined {
    return this.cookies.get(SESSION_COOKIE);
  }

  get xsrfToken(): string | undefined {
    return this.cookies.get(XSRF_COOKIE);
  }

  async request(options: RequestOptions): Promise<InjectResponse> {
    const headers: Record<string, string> = {};
    if (this.host) headers.host = this.host;
    const xsrf = this.xsrfToken;
    if (options.method !== 'GET' && options.method !== 'HEAD' && xsrf && !options.omitXsrfHeader) {
      headers[XSRF_HEADER.toLowerCase()] = xsrf;
    }
    const inject: InjectOptions = {
      method: options.method,
      url: options.url,
      query: options.query,
      cookies: Object.fromEntries(this.cookies),
      headers: { ...headers, ...options.headers },
    };
    if (options.payload !== undefined) {
      inject.payload = options.payload;
    } else if (options.body !== undefined) {
      inject.payload = JSON.stringify(options.body);
      inject.headers = { 'content-type': 'application/json', ...inject.headers };
    }
    const response = await this.app.inject(inject);
    this.keepCookies(response);
    return response;
  }

  get(url: string, query?: Record<string, string>): Promise<InjectResponse> {
    return this.request({ method: 'GET', url, query });
  }

  post(url: string, body: unknown = {}): Promise<InjectResponse> {
    return this.request({ method: 'POST', url, body });
  }

  /** POST /api/login with the SHA-256 of `password`, as the login page sends it. */
  login(clientIdentifier: string, username: string, password = DEMO_PASSWORD): Promise<InjectResponse> {
    return this.post('/api/login', { clientIdentifier, username, password: hashPassword(password) });
  }

  /** POST /api/licensee/login (licensee staff) with the SHA-256 of `password`, as the licensee sign-in page sends it. */
  licenseeLogin(licenseeIdentifier: string, username: string, password = DEMO_PASSWORD): Promise<InjectResponse> {
    return this.post('/api/licensee/login', { licenseeIdentifier, username, password: hashPassword(password) });
  }

  private keepCookies(response: InjectResponse): void {
    for (const cookie of response.cookies as Array<{ name: string; value: string; expires?: Date; maxAge?: number }>) {
      const expired =
        cookie.value === '' ||
        (cookie.maxAge !== undefined && cookie.maxAge <= 0) ||
        (cookie.expires !== undefined && cookie.expires.getTime() <= Date.now());
      if (expired) this.cookies.delete(cookie.name);
      else this.cookies.set(cookie.name, cookie.value);
    }
  }
}

export interface TestServer {
  app: FastifyInstance;
  db: Database;
  /** Raw access, for requests no browser would send. */
  inject: FastifyInstance['inject'];
  /** A client with the given cookies and nothing else (no call made). */
  agent(options?: { host?: string; cookies?: Record<string, string> }): Agent;
  /** A signed-out client that holds an XSRF-TOKEN cookie (GET /api/csrf done). */
  anonymous(options?: { host?: string }): Promise<Agent>;
  /** A signed-in client; fails when the sign-in does not answer 200. */
  login(clientIdentifier: string, username: string, options?: { host?: string; password?: string }): Promise<Agent>;
  /** A signed-in licensee staff member (licensee console); fails when the sign-in does not answer 200. */
  licenseeLogin(
    licenseeIdentifier: string,
    username: string,
    options?: { host?: string; password?: string },
  ): Promise<Agent>;
  close(): Promise<void>;
}

/**
 * A seeded database and an app on it: PGlite in memory, or, when DATABASE_URL is set, a schema of its own on that
 * PostgreSQL server (dropped again by `close()`), so that test files running in parallel never meet.
 */
export async function createTestServer(overrides: Partial<ServerConfig> = {}): Promise<TestServer> {
  const databaseUrl = process.env.DATABASE_URL || undefined;
  const schema = databaseUrl ? `test_${randomBytes(6).toString('hex')}` : undefined;
  // Embedded: the seeded copy made once per run (globalSetup.ts); PostgreSQL: a schema migrated and seeded here.
  const template = databaseUrl ? '' : inject('seededPgliteTemplate');
  const db = await openDatabase({ databaseUrl, schema, pgliteTemplate: template || undefined });
  let app: FastifyInstance | undefined;
  try {
    await migrate(db);
    if (!template) {
      await seedDemoData(db);
      // As the server's start does (main.ts): plans made without statistics are not what users meet.
      await analyzeAllTables(db);
    }
    app = await buildApp(testConfig(overrides), db);
    await app.ready();
  } catch (error) {
    await app?.close();
    await db.close();
    if (databaseUrl && schema) await dropSchema(databaseUrl, schema);
    throw error;
  }
  const ready = app;

  const server: TestServer = {
    app: ready,
    db,
    inject: ready.inject.bind(ready) as FastifyInstance['inject'],
    agent: (options = {}) => new Agent(ready, options.host, options.cookies),
    async anonymous(options = {}) {
      const agent = new Agent(ready, options.host);
      const response = await agent.get('/api/csrf');
      if (response.statusCode !== 200 || !agent.xsrfToken) {
        throw new Error(`GET /api/csrf answered ${response.statusCode} ${response.body}`);
      }
      return agent;
    },
    async login(clientIdentifier, username, options = {}) {
      const agent = await server.anonymous({ host: options.host });
      const response = await agent.login(clientIdentifier, username, options.password);
      if (response.statusCode !== 200 || !agent.session) {
        throw new Error(`login ${clientIdentifier}/${username} answered ${response.statusCode} ${response.body}`);
      }
      return agent;
    },
    async licenseeLogin(licenseeIdentifier, username, options = {}) {
      const agent = await server.anonymous({ host: options.host });
      const response = await agent.licenseeLogin(licenseeIdentifier, username, options.password);
      if (response.statusCode !== 200 || !agent.session) {
        throw new Error(
          `licensee login ${licenseeIdentifier}/${username} answered ${response.statusCode} ${response.body}`,
        );
      }
      return agent;
    },
    async close() {
      await ready.close();
      await db.close();
      if (databaseUrl && schema) await dropSchema(databaseUrl, schema);
    },
  };
  return server;
}

async function dropSchema(connectionString: string, schema: string): Promise<void> {
  const client = new pg.Client({ connectionString });
  await client.connect();
  try {
    await client.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
  } finally {
    await client.end();
  }
}

/** The uuid of a member, by client identifier and username. */
export async function memberUuid(db: Database, clientIdentifier: string, username: string): Promise<string> {
  const rows = await db.query<{ uuid: string }>(
    'SELECT m.uuid FROM member m JOIN client c ON c.uuid = m.client_uuid WHERE c.identifier = $1 AND m.username = $2',
    [clientIdentifier, username],
  );
  const row = rows[0];
  if (!row) throw new Error(`no member ${clientIdentifier}/${username}`);
  return row.uuid;
}

/** Posts a call, asserts that it answered 200 (with the answer in the message when not) and parses the answer. */
export async function postOk<T = Record<string, unknown>>(agent: Agent, path: string, body: unknown): Promise<T> {
  const response = await agent.post(path, body);
  expect(response.statusCode, `${path}: ${response.body}`).toBe(200);
  return response.json() as T;
}

/** The parsed error code of an error answer. */
export function errorCode(response: InjectResponse): string | undefined {
  try {
    const body = response.json() as { error?: { code?: unknown } };
    return typeof body.error?.code === 'string' ? body.error.code : undefined;
  } catch {
    return undefined;
  }
}

/** Every error answer is exactly `{"error":{"code":"Area.Reason"}}`: no message, stack trace or SQL. */
export function expectCleanError(response: InjectResponse): void {
  expect(response.statusCode, response.body).toBeGreaterThanOrEqual(400);
  expect(response.headers['content-type']).toMatch(/^application\/json/);
  const body = response.json() as unknown;
  expect(body).toEqual({ error: { code: expect.stringMatching(/^[A-Z][A-Za-z]*\.[A-Z][A-Za-z]*$/) } });
  expect(response.body).not.toMatch(
    /stack|\bat .+:\d+:\d+|SELECT|INSERT|UPDATE|DELETE|relation|syntax|pglite|node_modules/i,
  );
}

/** Asserts status and code of an error answer, and its clean format. */
export function expectError(response: InjectResponse, status: number, code: string): void {
  expect(`${response.statusCode} ${errorCode(response) ?? response.body}`).toBe(`${status} ${code}`);
  expectCleanError(response);
}

/**
 * Runs `work` and counts the SQL statements the server sends meanwhile, in and outside transactions: how a test shows
 * that a call is set-based (its statements do not grow with the rows) without timing it.
 */
export async function countStatements<T>(db: Database, work: () => Promise<T>): Promise<{ result: T; count: number }> {
  let count = 0;
  const counting = <Q extends Queryable>(target: Q): Q =>
    new Proxy(target, {
      get(object, key, receiver) {
        const value = Reflect.get(object, key, receiver) as unknown;
        if (key === 'query' && typeof value === 'function') {
          return (...args: unknown[]) => {
            count += 1;
            return (value as (...parameters: unknown[]) => unknown).apply(object, args);
          };
        }
        return typeof value === 'function' ? (value as (...parameters: unknown[]) => unknown).bind(object) : value;
      },
    });
  const query = db.query.bind(db);
  const transaction = db.transaction.bind(db);
  const mutable = db as { query: Database['query']; transaction: Database['transaction'] };
  mutable.query = ((...args: Parameters<Database['query']>) => {
    count += 1;
    return query(...args);
  }) as Database['query'];
  mutable.transaction = ((run: (tx: Queryable) => Promise<unknown>) =>
    transaction((tx) => run(counting(tx)))) as Database['transaction'];
  try {
    return { result: await work(), count };
  } finally {
    mutable.query = query;
    mutable.transaction = transaction;
  }
}
