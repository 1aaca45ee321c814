/**
 * Graceful stop: on SIGTERM the real server process refuses new connections at once, lets the requests
 * under way finish, and ends within 10 s even when a client never finishes its request.
 * The request under way is a real one held open by its client: a sign-in whose body arrives in two parts (no
 * test-only delay in the server).
 */
import net from 'node:net';
import { hashPassword } from '@dash/shared-core';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from './helpers';
import { ownDatabase, type ServerProcess, startServerProcess } from './serverProcess';

// One database for both tests: the second start finds it seeded (a quicker start).
const database = ownDatabase('faults_stop');
let server: ServerProcess | null = null;

afterEach(async () => {
  await server?.stop('SIGKILL');
  server = null;
});

afterAll(() => database.cleanUp());

async function start(): Promise<ServerProcess> {
  server = await startServerProcess({ ...database.env, REMINDER_INTERVAL_MINUTES: '0' });
  return server;
}

/** An XSRF cookie from the server, for a sign-in sent by hand. */
async function xsrfToken(base: string): Promise<string> {
  const response = await fetch(`${base}/api/csrf`);
  const cookie = response.headers.getSetCookie().find((value) => value.startsWith('XSRF-TOKEN='));
  return cookie?.split(';')[0]?.slice('XSRF-TOKEN='.length) ?? '';
}

/**
 * A sign-in on a raw connection whose body is sent in two parts: `finish()` sends the rest and answers the status
 * line. Before its headers go out, the connection carries one complete request, so that the server has surely
 * accepted it; the headers of the second one are then on their way when the test goes on.
 */
async function heldSignIn(port: number, token: string) {
  const socket = net.connect(port, '127.0.0.1');
  let received = '';
  socket.on('data', (chunk) => {
    received += chunk.toString('utf8');
  });
  socket.on('error', () => undefined);
  await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
  const waitFor = (pattern: RegExp, timeoutMs = 20_000) =>
    new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no ${pattern} in ${JSON.stringify(received)}`)), timeoutMs);
      const check = () => {
        const match = pattern.exec(received);
        if (match) {
          clearTimeout(timer);
          socket.off('data', check);
          received = received.slice(match.index + match[0].length);
          resolve(match[0]);
        }
      };
      socket.on('data', check);
      check();
    });
  socket.write(`GET /api/csrf HTTP/1.1\r\nhost: localhost\r\nconnection: keep-alive\r\n\r\n`);
  await waitFor(/HTTP\/1\.1 200[\s\S]*?\r\n\r\n[\s\S]*?\}/);
  const body = JSON.stringify({ clientIdentifier: 'acme', username: 'admin', password: hashPassword(DEMO_PASSWORD) });
  const half = Math.floor(body.length / 2);
  socket.write(
    'POST /api/login HTTP/1.1\r\nhost: localhost\r\ncontent-type: application/json\r\n' +
      `content-length: ${Buffer.byteLength(body)}\r\nx-xsrf-token: ${token}\r\ncookie: XSRF-TOKEN=${token}\r\n\r\n` +
      body.slice(0, half),
  );
  // Give the server the moment it needs to read the headers: the request is then under way, not an idle connection.
  await new Promise((resolve) => setTimeout(resolve, 500));
  return {
    async finish(): Promise<string> {
      socket.write(body.slice(half));
      return waitFor(/HTTP\/1\.1 \d{3}/);
    },
    close: () => socket.destroy(),
  };
}

/** Whether a new connection to `port` is refused (the server no longer listens). */
function refused(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', (error: NodeJS.ErrnoException) => resolve(error.code === 'ECONNREFUSED'));
  });
}

async function untilRefused(port: number): Promise<void> {
  for (let attempt = 0; attempt < 200; attempt++) {
    if (await refused(port)) return;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error('the server still accepts new connections');
}

describe('a server stopped with SIGTERM', () => {
  it('refuses new connections, finishes the request under way, and exits with 0', { timeout: 120_000 }, async () => {
    const running = await start();
    const token = await xsrfToken(running.base);
    const held = await heldSignIn(running.port, token);
    running.child.kill('SIGTERM');
    await untilRefused(running.port);
    // The sign-in under way still gets its answer, and with it a session.
    expect(await held.finish()).toBe('HTTP/1.1 200');
    held.close();
    expect(await running.exited).toBe(0);
  });

  it('exits within 10 s even when a client never finishes its request', { timeout: 150_000 }, async () => {
    const running = await start();
    const token = await xsrfToken(running.base);
    const stalled = await heldSignIn(running.port, token);
    const signalled = Date.now();
    running.child.kill('SIGTERM');
    await untilRefused(running.port);
    // Bounded here, not by the test's timeout: a server that never exits fails with a clear message.
    const code = await Promise.race([
      running.exited,
      new Promise<string>((resolve) => setTimeout(() => resolve('still running after 30 s'), 30_000)),
    ]);
    const seconds = (Date.now() - signalled) / 1000;
    stalled.close();
    // The hard stop: exit code 1 after the 10 s deadline (a generous bound for a busy machine).
    expect(code).toBe(1);
    expect(seconds).toBeGreaterThanOrEqual(9);
    expect(seconds).toBeLessThan(20);
  });
});
