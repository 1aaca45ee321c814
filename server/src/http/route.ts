import { timingSafeEqual } from 'node:crypto';
import { hasAnyPermission, XSRF_COOKIE, XSRF_HEADER } from '@dash/shared-core';
import type { EndpointDefinition } from '@dash/shared-core/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { Database } from '../db/database';
import { loadSession, type SessionContext } from '../modules/auth/sessions';
import { auditSupportCall } from '../modules/auth/supportAudit';
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

type Handler<E extends EndpointDefinition> = E['access'] extends 'session'
  ? (context: SessionHandlerContext<z.output<E['request']>>) => Promise<z.input<E['response']>>
  : (context: HandlerContext<z.output<E['request']>>) => Promise<z.input<E['response']>>;

function sameToken(a: string | undefined, b: string | undefined): boolean {
  if (!a || !b) return false;
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/**
 * The one way an API call is added: the contract says method, path, access, permissions and feature flag;
 * this wrapper enforces them in a fixed order (XSRF, session, permission, flag, hostile input, schema) before the
 * handler runs, so the authorisation matrix test covers every call the same way.
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
    config: { endpointId: endpoint.id },
    // Before the body is read: a request without the XSRF pair is refused whatever it carries.
    onRequest: async (request) => {
      if (endpoint.method === 'GET') return;
      const header = request.headers[XSRF_HEADER.toLowerCase()];
      if (!sameToken(typeof header === 'string' ? header : undefined, request.cookies[XSRF_COOKIE])) {
        throw new ApiHttpError(403, 'Csrf.Invalid');
      }
    },
    handler: async (request, reply) => {
      let session: SessionContext | null = null;
      if (endpoint.access === 'session') {
        session = await loadSession(db, request);
        if (!session) throw new ApiHttpError(401, 'Auth.Unauthorized');
      }
      const run = async () => {
        if (session && !hasAnyPermission(session.permissions, endpoint.permissions)) {
          throw new ApiHttpError(403, 'Auth.Forbidden');
        }
        if (session && endpoint.featureFlag && !session.featureFlags[endpoint.featureFlag]) {
          throw new ApiHttpError(403, 'Auth.FeatureDisabled');
        }
        refuseHostileInput(request);
        const input =
          endpoint.method === 'GET' ? (request.query ?? {}) : request.body === undefined ? {} : request.body;
        const parsed = endpoint.request.safeParse(input);
        if (!parsed.success) throw new ApiHttpError(400, 'Schema.ValidationFailed');
        const context = { body: parsed.data, request, reply, db, session };
        const result = await (handler as (context: unknown) => Promise<unknown>)(context);
        if (reply.sent) return reply;
        // The answer must match the contract: a drift is a server bug, never sent half-right.
        const checked = endpoint.response.safeParse(result);
        if (!checked.success) {
          request.log.error(
            { issues: checked.error.issues, endpoint: endpoint.id },
            'response does not match contract',
          );
          throw new ApiHttpError(500, 'Generic.InternalError');
        }
        return checked.data;
      };
      // A customer adviser's session: every call (but the periodic heartbeat) goes to the support audit log.
      if (!session?.support || endpoint.id === 'heartbeat') return run();
      const audit = (status: number) => auditSupportCall(db, session, endpoint, request, status);
      let result: unknown;
      try {
        result = await run();
      } catch (error) {
        await audit(error instanceof ApiHttpError ? error.statusCode : 500);
        throw error;
      }
      await audit(200);
      return result;
    },
  });
}

declare module 'fastify' {
  interface FastifyContextConfig {
    endpointId?: string;
  }
}
