import type { EndpointDefinition } from '@dash/shared-core/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fastifyPlugin from 'fastify-plugin';
import { writeSupportAudit } from '../core/audit/supportAudit';
import type { Queryable } from '../core/db/database';
import { ApiHttpError } from '../core/errors/apiError';
import type { SessionContext } from '../core/sessions/sessions';
import { SESSION_PLUGIN } from './session';

/** The audit entry of one API call of a support session (nothing for any other session). */
export function auditSupportCall(
  db: Queryable,
  session: Pick<SessionContext, 'clientUuid' | 'memberUuid' | 'support'>,
  endpoint: Pick<EndpointDefinition, 'id' | 'method'>,
  request: FastifyRequest,
  status: number,
): Promise<void> {
  return writeSupportAudit(db, session, {
    action: endpoint.id,
    method: endpoint.method,
    path: request.url.split('?')[0] ?? request.url,
    status,
  });
}

/** How a call ended when it failed: its error's status, 500 for anything but an ApiHttpError. */
const failedStatus = new WeakMap<FastifyRequest, number>();
/** Calls already written: an error answered in place of a failed audit write passes the onSend hook again. */
const written = new WeakSet<FastifyRequest>();

/**
 * A customer adviser's session: every contract call that needs a session (but the periodic heartbeat) goes to the
 * support audit log, with the status it ended with (200, or the refusal's), before the answer goes out. Calls the
 * session check refused (no session) and calls that never got as far (XSRF, too large) have no session to name.
 */
export const supportAuditPlugin = fastifyPlugin(
  async (app: FastifyInstance, { db }: { db: Queryable }) => {
    const audited = (request: FastifyRequest) => {
      const endpoint = request.routeOptions.config.endpoint;
      const session = request.sessionIfLoaded;
      if (endpoint?.access !== 'session' || endpoint.id === 'heartbeat' || !session?.support) return null;
      return { endpoint, session };
    };
    app.addHook('onError', async (request, _reply, error) => {
      if (audited(request)) failedStatus.set(request, error instanceof ApiHttpError ? error.statusCode : 500);
    });
    app.addHook('onSend', async (request, _reply, payload) => {
      const call = audited(request);
      if (call && !written.has(request)) {
        written.add(request);
        await auditSupportCall(db, call.session, call.endpoint, request, failedStatus.get(request) ?? 200);
      }
      return payload;
    });
  },
  { name: 'dash-support-audit', fastify: '5.x', dependencies: [SESSION_PLUGIN] },
);
