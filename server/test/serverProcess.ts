/**
 * The real server process for fault tests: start it (`node --import tsx server/src/main.ts`) with its own port, data
 * folder or PostgreSQL schema, stop it with a signal, talk to it over HTTP like a browser, and put a TCP proxy
 * between it and PostgreSQL that a test can cut.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { hashPassword } from '@dash/shared-core';
import pg from 'pg';
import { DEMO_PASSWORD } from './helpers';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export interface ServerProcess {
  readonly port: number;
  readonly base: string;
  readonly child: ChildProcess;
  /** Resolves with the exit code (null when a signal ended it) once the process has ended. */
  readonly exited: Promise<number | null>;
  /** What the process wrote (stdout and stderr), for assertions on its log and for failure messages. */
  output(): string;
  /** Sends `signal` and waits until the process has ended; answers its exit code. */
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

/** A port nobody listens on right now (the operating system picks it). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** Starts the server and waits until it answers `GET /api/csrf`; fails with its output when it ends or hangs. */
export async function startServerProcess(
  env: Record<string, string>,
  options: { timeoutMs?: number; port?: number } = {},
): Promise<ServerProcess> {
  const port = options.port ?? (await freePort());
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      SEED_DEMO: 'true',
      LOG_LEVEL: 'silent',
      SMTP_URL: '',
      SMS_URL: '',
      // A new embedded database starts from the API run's seeded copy (globalSetup.ts sets the variable) instead of
      // migrating and seeding. Not `inject`: the browser tests (Playwright) use this file too.
      ...(process.env.SEEDED_PGLITE_TEMPLATE ? { PGLITE_TEMPLATE: process.env.SEEDED_PGLITE_TEMPLATE } : {}),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const keep = (chunk: Buffer) => {
    // The last 200 KB are enough to explain a failure.
    output = (output + chunk.toString('utf8')).slice(-200_000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const base = `http://127.0.0.1:${port}`;
  const server: ServerProcess = {
    port,
    base,
    child,
    exited,
    output: () => output,
    async stop(signal = 'SIGTERM') {
      if (child.exitCode !== null || child.signalCode !== null) return child.exitCode;
      child.kill(signal);
      return exited;
    },
  };
  const started = Date.now();
  const timeoutMs = options.timeoutMs ?? 90_000;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`server ended before it answered (exit ${child.exitCode ?? child.signalCode}):\n${output}`);
    }
    try {
      if ((await fetch(`${base}/api/csrf`, { signal: AbortSignal.timeout(2_000) })).ok) return server;
    } catch {
      // not listening yet
    }
    if (Date.now() - started > timeoutMs) {
      await server.stop('SIGKILL');
      throw new Error(`server did not start within ${timeoutMs} ms:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** A signed-in client on fetch: keeps SESSION and XSRF-TOKEN, sends the XSRF header, like the shell's API client. */
export class HttpClient {
  readonly cookies = new Map<string, string>();

  constructor(public base: string) {}

  private keep(response: Response): void {
    for (const cookie of response.headers.getSetCookie()) {
      const [pair = ''] = cookie.split(';');
      const index = pair.indexOf('=');
      this.cookies.set(pair.slice(0, index), pair.slice(index + 1));
    }
  }

  get cookieHeader(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }

  async send(url: string, body: BodyInit, contentType: string, timeoutMs = 60_000): Promise<Response> {
    const response = await fetch(`${this.base}${url}`, {
      method: 'POST',
      body,
      signal: AbortSignal.timeout(timeoutMs),
      headers: {
        'content-type': contentType,
        'x-xsrf-token': this.cookies.get('XSRF-TOKEN') ?? '',
        cookie: this.cookieHeader,
      },
    });
    this.keep(response);
    return response;
  }

  post(url: string, body: unknown = {}, timeoutMs?: number): Promise<Response> {
    return this.send(url, JSON.stringify(body), 'application/json', timeoutMs);
  }

  /** POST and parse the JSON answer; fails with the body when the status is not 200. */
  async json<T>(url: string, body: unknown = {}): Promise<T> {
    const response = await this.post(url, body);
    const text = await response.text();
    if (response.status !== 200) throw new Error(`${url} answered ${response.status} ${text}`);
    return JSON.parse(text) as T;
  }

  async csrf(): Promise<void> {
    this.keep(await fetch(`${this.base}/api/csrf`));
  }

  /** Signs in (demo password unless given); fails when the answer is not 200. */
  static async signIn(base: string, clientIdentifier = 'acme', username = 'admin'): Promise<HttpClient> {
    const client = new HttpClient(base);
    await client.csrf();
    await client.json('/api/login', { clientIdentifier, username, password: hashPassword(DEMO_PASSWORD) });
    return client;
  }
}

/**
 * The PostgreSQL server the PostgreSQL-only fault tests use: DATABASE_URL when set and answering (or the first of
 * `candidates` that answers), else nothing (the test file is skipped, as on a machine without PostgreSQL). Without
 * DATABASE_URL the API tests run on PGlite, and the PostgreSQL run of CI (.ci/run) runs these files again with it.
 */
export async function answeringPostgres(
  candidates: ReadonlyArray<string | undefined> = [process.env.DATABASE_URL],
): Promise<string | undefined> {
  for (const url of candidates) {
    if (!url) continue;
    const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2_000 });
    try {
      await client.connect();
      await client.query('SELECT 1');
      return url;
    } catch {
      // try the next one
    } finally {
      await client.end().catch(() => undefined);
    }
  }
  return undefined;
}

/** A schema name of our own on the shared PostgreSQL (dropped by `dropSchema`). */
export function schemaName(prefix: string): string {
  return `${prefix}_${randomBytes(5).toString('hex')}`;
}

/** Runs SQL on `schema` over a connection of its own (not through the server). */
export async function withSchema<T>(url: string, schema: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url, options: `-c search_path="${schema}"` });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

export async function dropSchema(url: string, schema: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
  } finally {
    await client.end();
  }
}

/** `url` with its host and port replaced (to point a server at the proxy). */
export function throughPort(url: string, port: number): string {
  const parsed = new URL(url);
  parsed.hostname = '127.0.0.1';
  parsed.port = String(port);
  return parsed.toString();
}

/**
 * A TCP proxy in front of PostgreSQL that a test can cut: `cut()` ends every connection through it and stops
 * listening (new connections are refused, as when the database server is stopped); `restore()` listens again on
 * the same port. `cutWhenSent(text)` cuts the moment a client sends a message containing `text` (that message never
 * reaches PostgreSQL): a write cut in the middle of its transaction.
 */
/**
 * The SQL a client runs, read from its side of the PostgreSQL wire protocol: simple queries, and for the extended
 * protocol the text of each prepared statement, remembered by name, so that running a statement prepared earlier
 * on this connection (a Bind that names it: the text is not sent again) counts as running its text.
 */
class FrontendStatements {
  private buffer = Buffer.alloc(0);
  private started = false;
  private readonly prepared = new Map<string, string>();

  /** The SQL texts of the messages completed by `chunk`. */
  read(chunk: Buffer): string[] {
    this.buffer = Buffer.concat([this.buffer, chunk]);
    const texts: string[] = [];
    while (true) {
      if (!this.started) {
        // The startup message (and an SSL request before it) has a length but no type byte.
        if (this.buffer.length < 8) break;
        const length = this.buffer.readInt32BE(0);
        if (this.buffer.length < length) break;
        const code = this.buffer.readInt32BE(4);
        this.buffer = this.buffer.subarray(length);
        if (code !== 80877103) this.started = true;
        continue;
      }
      if (this.buffer.length < 5) break;
      const type = String.fromCharCode(this.buffer[0] ?? 0);
      const length = this.buffer.readInt32BE(1);
      if (this.buffer.length < 1 + length) break;
      const body = this.buffer.subarray(5, 1 + length);
      this.buffer = this.buffer.subarray(1 + length);
      const [first = '', second = ''] = cStrings(body, 2);
      if (type === 'Q') texts.push(first);
      if (type === 'P') {
        this.prepared.set(first, second);
        texts.push(second);
      }
      if (type === 'B') texts.push(this.prepared.get(second) ?? '');
    }
    return texts;
  }
}

/** The first `count` zero-terminated strings of a message body. */
function cStrings(body: Buffer, count: number): string[] {
  const strings: string[] = [];
  let start = 0;
  for (let index = 0; index < count; index++) {
    const end = body.indexOf(0, start);
    if (end < 0) break;
    strings.push(body.toString('utf8', start, end));
    start = end + 1;
  }
  return strings;
}

export class TcpProxy {
  private server: net.Server | null = null;
  private readonly sockets = new Set<net.Socket>();
  private trigger: { text: string; fired: () => void } | null = null;
  port = 0;

  constructor(
    private readonly targetHost: string,
    private readonly targetPort: number,
  ) {}

  static forUrl(url: string): TcpProxy {
    const parsed = new URL(url);
    return new TcpProxy(parsed.hostname || '127.0.0.1', Number(parsed.port || 5432));
  }

  async start(): Promise<void> {
    const server = net.createServer((client) => this.accept(client));
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(this.port, '127.0.0.1', () => resolve());
    });
    this.port = (server.address() as net.AddressInfo).port;
    this.server = server;
  }

  private accept(client: net.Socket): void {
    const upstream = net.connect(this.targetPort, this.targetHost);
    this.sockets.add(client);
    this.sockets.add(upstream);
    const forget = () => {
      this.sockets.delete(client);
      this.sockets.delete(upstream);
      client.destroy();
      upstream.destroy();
    };
    const statements = new FrontendStatements();
    client.on('data', (chunk: Buffer) => {
      const texts = statements.read(chunk);
      const trigger = this.trigger;
      if (trigger && texts.some((text) => text.includes(trigger.text))) {
        this.trigger = null;
        this.cut();
        trigger.fired();
        return;
      }
      upstream.write(chunk);
    });
    upstream.on('data', (chunk: Buffer) => client.write(chunk));
    client.on('close', forget);
    upstream.on('close', forget);
    client.on('error', forget);
    upstream.on('error', forget);
  }

  /** Ends every connection and refuses new ones. */
  cut(): void {
    this.server?.close();
    this.server = null;
    for (const socket of this.sockets) socket.destroy();
    this.sockets.clear();
  }

  /** Cuts as soon as a client runs SQL containing `text` (prepared earlier on its connection or not); resolves then. */
  cutWhenSent(text: string): Promise<void> {
    return new Promise((resolve) => {
      this.trigger = { text, fired: resolve };
    });
  }

  async restore(): Promise<void> {
    if (!this.server) await this.start();
  }

  get connections(): number {
    return this.sockets.size / 2;
  }

  async close(): Promise<void> {
    this.cut();
  }
}

/**
 * Where a test's server keeps its data: a schema of its own on DATABASE_URL's PostgreSQL when set (the PostgreSQL run
 * of the API tests), else a fresh embedded data folder. `cleanUp` drops or removes it.
 */
export function ownDatabase(prefix: string): { env: Record<string, string>; cleanUp(): Promise<void> } {
  const url = process.env.DATABASE_URL;
  if (url) {
    const schema = schemaName(prefix);
    return { env: { DATABASE_URL: url, DATABASE_SCHEMA: schema }, cleanUp: () => dropSchema(url, schema) };
  }
  const dataDir = mkdtempSync(path.join(tmpdir(), `${prefix}-`));
  return {
    env: { DATABASE_URL: '', DATA_DIR: dataDir },
    cleanUp: async () => rmSync(dataDir, { recursive: true, force: true }),
  };
}
