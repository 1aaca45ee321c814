import { timingSafeEqual } from 'node:crypto';
import { XSRF_COOKIE, XSRF_HEADER } from '@dash/shared-core';
import type { EndpointDefinition } from '@dash/shared-core/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { Database } from '../core/db/database';
import type { LicenseeSessionContext, SessionContext } from '../core/sessions/sessions';
import { ApiHttpError } from './errors';
import { refuseHostileInput } from './hostileInput';

export interface HandlerContext<Body> {
  body: Body;
  request: FastifyRequest;
  reply: FastifyReply;
  db: Database;
}

export interface SessionHandlerContext<Body> extends HandlerContext<Body> {
  session: SessionContext;
}

export interface LicenseeHandlerContext<Body> extends HandlerContext<Body> {
  session: LicenseeSessionContext;
}

/**
 * An answer checked against its endpoint's contract and turned into JSON once (`keptAnswer`), for answers a handler
 * keeps between calls (e.g. for a data version): sent as it is, without checking and serialising it again per call.
 */
export class KeptAnswer<E extends EndpointDefinition = EndpointDefinition> {
  private constructor(
    readonly endpoint: E,
    readonly json: string,
    /** Characters of the JSON, for caches that weigh what they keep. */
    readonly size: number,
  ) {}

  /**
   * Checks `value` against the contract, as the wrapper checks every answer, and serialises it (JSON answers only).
   * `request` logs a drift, which answers 500: a server bug, never sent half-right.
   */
  static of<E extends EndpointDefinition>(
    request: FastifyRequest,
    endpoint: E,
    value: z.input<E['response']>,
  ): KeptAnswer<E> {
    const checked = endpoint.response.safeParse(value);
    if (!checked.success) throw contractDrift(request, endpoint, checked.error.issues);
    const json = JSON.stringify(checked.data);
    return new KeptAnswer(endpoint, json, json.length);
  }
}

function contractDrift(request: FastifyRequest, endpoint: EndpointDefinition, issues: unknown): ApiHttpError {
  request.log.error({ issues, endpoint: endpoint.id }, 'response does not match contract');
  return new ApiHttpError(500, 'Generic.InternalError');
}

type Answer<E extends EndpointDefinition> = z.input<E['response']> | KeptAnswer<E>;

type Handler<E extends EndpointDefinition> = E['access'] extends 'session'
  ? (context: SessionHandlerContext<z.output<E['request']>>) => Promise<Answer<E>>
  : E['access'] extends 'licensee'
    ? (context: LicenseeHandlerContext<z.output<E['request']>>) => Promise<Answer<E>>
    : (context: HandlerContext<z.output<E['request']>>) => Promise<Answer<E>>;

function sameToken(a: string | undefined, b: string | undefined): boolean {
  if (!a || !b) return false;
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/**
 * The one way an API call is added: the contract says method, path, access, permissions and feature flag;
 * this wrapper enforces them in a fixed order (XSRF, session, permission, flag, hostile input, schema) before the
 * handler runs, so the authorisation matrix test covers every call the same way. The session, permission and flag
 * come from the request's session plugin (http/session.ts); a customer adviser's calls are written to the support
 * audit log by its plugin (http/supportAudit.ts), from the route's `config.endpoint`.
 */
export function registerEndpoint<E extends EndpointDefinition>(
  app: FastifyInstance,
  db: Database,
  endpoint: E,
  handler: Handler<E>,
): void {
  app.route({
    method: endpoint.method,
    url: endpoint.path,
    config: { endpoint },
    ...(endpoint.bodyLimitBytes ? { bodyLimit: endpoint.bodyLimitBytes } : {}),
    // Before the body is read: a request without the XSRF pair is refused whatever it carries.
    onRequest: async (request) => {
      if (endpoint.method === 'GET') return;
      const header = request.headers[XSRF_HEADER.toLowerCase()];
      if (!sameToken(typeof header === 'string' ? header : undefined, request.cookies[XSRF_COOKIE])) {
        throw new ApiHttpError(403, 'Csrf.Invalid');
      }
    },
    handler: async (request, reply) => {
      const session =
        endpoint.access === 'session'
          ? await request.authorizedSession(endpoint)
          : endpoint.access === 'licensee'
            ? await request.authorizedLicenseeSession(endpoint)
            : null;
      refuseHostileInput(request);
      const input = endpoint.method === 'GET' ? (request.query ?? {}) : request.body === undefined ? {} : request.body;
      const parsed = endpoint.request.safeParse(input);
      if (!parsed.success) throw new ApiHttpError(400, 'Schema.ValidationFailed');
      const context = { body: parsed.data, request, reply, db, session };
      const answer = await (handler as (context: unknown) => Promise<unknown>)(context);
      if (reply.sent) return reply;
      if (answer instanceof KeptAnswer) {
        if (answer.endpoint !== endpoint) throw new Error(`${endpoint.id} answered a kept answer of another call`);
        return reply.type('application/json; charset=utf-8').send(answer.json);
      }
      // The answer must match the contract: a drift is a server bug, never sent half-right.
      const checked = endpoint.response.safeParse(answer);
      if (!checked.success) throw contractDrift(request, endpoint, checked.error.issues);
      return checked.data;
    },
  });
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The contract call of a route added by registerEndpoint; undefined for every other route. */
    endpoint?: EndpointDefinition;
  }
}
