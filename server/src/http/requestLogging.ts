import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { Writable } from 'node:stream';
import { REQUEST_ID_HEADER } from '@dash/shared-core';
import type { FastifyInstance, FastifyServerOptions } from 'fastify';

/**
 * An incoming X-Request-Id (from a load balancer or a proxy that already names requests) is kept when it is a short
 * token: anything longer or with other characters could forge log lines or carry personal data, so it gets a uuid.
 */
const SANE_REQUEST_ID = /^[A-Za-z0-9._:-]{8,64}$/;

export function requestIdOf(request: IncomingMessage): string {
  const incoming = request.headers[REQUEST_ID_HEADER.toLowerCase()];
  return typeof incoming === 'string' && SANE_REQUEST_ID.test(incoming) ? incoming : randomUUID();
}

/**
 * What never reaches a log line, wherever it appears: credentials, session and XSRF tokens, cookies, personal data.
 * The serializers below log no headers and no bodies at all; these paths guard what a handler logs by hand.
 */
export const REDACTED_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["x-xsrf-token"]',
  'res.headers["set-cookie"]',
  '*.password',
  '*.newPassword',
  '*.oldPassword',
  '*.token',
  '*.session',
  '*.email',
  '*.firstName',
  '*.lastName',
  '*.username',
  // PostgreSQL error details quote the row's values ("Key (email)=(…) already exists").
  'err.detail',
  'err.where',
  'err.parameters',
];

/** Only the path: a query string may carry a reset token or a search for someone's name. */
function pathOnly(url: string | undefined): string {
  if (!url) return '';
  const query = url.indexOf('?');
  return query === -1 ? url : `${url.slice(0, query)}?…`;
}

/** An e-mail address inside a message (nodemailer's "Recipient rejected: <…>", a constraint's detail). */
const EMAIL_IN_TEXT = /[^\s<>()"',;:@/]+@[^\s<>()"',;:@/]+\.[A-Za-z]{2,}/g;

/**
 * Errors as type, code, message and stack only: the other properties of a driver's error (pg's `detail`, nodemailer's
 * `rejected`, `envelope`, `response`) quote personal data, and addresses in the message itself are masked.
 */
export function serializeError(error: unknown): { type: string; message: string; stack: string; code?: unknown } {
  const mask = (text: string) => text.replace(EMAIL_IN_TEXT, '[e-mail]');
  if (!(error instanceof Error)) return { type: typeof error, message: mask(String(error)), stack: '' };
  const code = (error as { code?: unknown }).code;
  return {
    type: error.constructor?.name ?? error.name,
    message: mask(error.message),
    stack: mask(error.stack ?? ''),
    ...(typeof code === 'string' || typeof code === 'number' ? { code } : {}),
  };
}

interface SerializableRequest {
  method: string;
  url: string;
  routeOptions?: { url?: string };
}

/**
 * Fastify's logger: JSON lines in production (for a log collector), one readable line per entry in development.
 * `stream` replaces standard output (tests read the lines).
 */
export function loggerOptions(options: {
  level: string;
  production: boolean;
  stream?: NodeJS.WritableStream;
  /** Hides what a path itself carries that must not be logged (the course origin's signed tokens). */
  maskPath?: (path: string) => string;
}): FastifyServerOptions['logger'] {
  const maskPath = options.maskPath ?? ((path: string) => path);
  if (options.level === 'silent' && !options.stream) return false;
  const output = options.stream ?? process.stdout;
  return {
    level: options.level,
    redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
    serializers: {
      req: (request: SerializableRequest) => ({
        method: request.method,
        url: maskPath(pathOnly(request.url)),
        route: request.routeOptions?.url,
      }),
      res: (reply: { statusCode: number }) => ({ statusCode: reply.statusCode }),
      err: serializeError,
    },
    stream: options.production ? output : readableLines(output),
  };
}

const LEVELS: Record<number, string> = { 10: 'TRACE', 20: 'DEBUG', 30: 'INFO', 40: 'WARN', 50: 'ERROR', 60: 'FATAL' };

/**
 * Development output without a pretty-printing dependency: "12:04:05 INFO  [req-id] POST /api/login 200 12ms".
 * Lines that are not pino's JSON pass through unchanged.
 */
export function formatLine(line: string): string {
  let entry: Record<string, unknown>;
  try {
    entry = JSON.parse(line) as Record<string, unknown>;
  } catch {
    return line;
  }
  const time = typeof entry.time === 'number' ? new Date(entry.time).toISOString().slice(11, 19) : '';
  const level = (LEVELS[entry.level as number] ?? String(entry.level)).padEnd(5);
  const parts = [time, level];
  if (entry.reqId) parts.push(`[${String(entry.reqId)}]`);
  const req = entry.req as { method?: string; url?: string } | undefined;
  if (req) parts.push(`${req.method ?? ''} ${req.url ?? ''}`);
  const res = entry.res as { statusCode?: number } | undefined;
  if (res?.statusCode !== undefined) parts.push(String(res.statusCode));
  if (typeof entry.responseTime === 'number') parts.push(`${entry.responseTime.toFixed(0)}ms`);
  if (entry.msg) parts.push(String(entry.msg));
  const err = entry.err as { type?: string; message?: string; stack?: string } | undefined;
  if (err) parts.push(`\n${err.stack ?? `${err.type}: ${err.message}`}`);
  return parts.join(' ');
}

function readableLines(output: NodeJS.WritableStream): Writable {
  let pending = '';
  return new Writable({
    write(chunk: Buffer | string, _encoding, done) {
      pending += chunk.toString();
      let end = pending.indexOf('\n');
      while (end !== -1) {
        output.write(`${formatLine(pending.slice(0, end))}\n`);
        pending = pending.slice(end + 1);
        end = pending.indexOf('\n');
      }
      done();
    },
  });
}

/** Every answer names its request, error or not, so that a toast's "Fehler-ID" leads to the log lines. */
export function installRequestIds(app: FastifyInstance): void {
  // onRequest covers answers that skip onSend (hijacked replies); onSend those that skip onRequest (framework errors).
  app.addHook('onRequest', async (request, reply) => {
    reply.header(REQUEST_ID_HEADER, request.id);
  });
  app.addHook('onSend', async (request, reply, payload) => {
    if (!reply.hasHeader(REQUEST_ID_HEADER)) reply.header(REQUEST_ID_HEADER, request.id);
    return payload;
  });
}
