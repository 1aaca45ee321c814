import { hasAnyPermission } from '@dash/shared-core';
import type { EndpointDefinition } from '@dash/shared-core/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fastifyPlugin from 'fastify-plugin';
import type { Database } from '../core/db/database';
import { ApiHttpError } from '../core/errors/apiError';
import {
  type LicenseeSessionContext,
  loadLicenseeSessionOfToken,
  loadSessionOfToken,
  type SessionContext,
} from '../core/sessions/sessions';
import { SESSION_COOKIE } from './cookies';

declare module 'fastify' {
  interface FastifyRequest {
    /**
     * The session of the request's SESSION cookie (null: none, expired, or the member archived or inactive), read
     * from the database at the first call and kept for the rest of the request.
     */
    loadSession(): Promise<SessionContext | null>;
    /**
     * The session that `loadSession` found, once it has: for hooks that report on the call (support audit) and must
     * not read the database for a request that never needed a session. Null before and without one.
     */
    sessionIfLoaded: SessionContext | null;
    /**
     * The session allowed to make the contract call `endpoint`, checked in the fixed order: a session (401
     * Auth.Unauthorized), one of the call's permissions (403 Auth.Forbidden), its feature flag switched on (403
     * Auth.FeatureDisabled).
     */
    authorizedSession(endpoint: EndpointDefinition): Promise<SessionContext>;
    /**
     * The licensee staff session allowed to make the licensee console's call `endpoint` (access `licensee`): a
     * licensee session (401 Auth.Unauthorized; a member's session is none), then one of the call's permissions (403
     * Auth.Forbidden).
     */
    authorizedLicenseeSession(endpoint: EndpointDefinition): Promise<LicenseeSessionContext>;
  }
}

export const SESSION_PLUGIN = 'dash-session';

/** Read once per request, whoever asks first (the route wrapper, an area's own route, a hook). */
const sessionReads = new WeakMap<FastifyRequest, Promise<SessionContext | null>>();
const licenseeSessionReads = new WeakMap<FastifyRequest, Promise<LicenseeSessionContext | null>>();

/**
 * The request's session, permissions and feature flags as request decorations: registered once on the root (not
 * encapsulated), so that every area's routes see them.
 */
export const sessionPlugin = fastifyPlugin(
  async (app: FastifyInstance, { db }: { db: Database }) => {
    app.decorateRequest('sessionIfLoaded', null);
    app.decorateRequest('loadSession', function loadSession(this: FastifyRequest) {
      let read = sessionReads.get(this);
      if (!read) {
        read = loadSessionOfToken(db, this.cookies[SESSION_COOKIE]).then((session) => {
          this.sessionIfLoaded = session;
          return session;
        });
        sessionReads.set(this, read);
      }
      return read;
    });
    app.decorateRequest(
      'authorizedSession',
      async function authorizedSession(this: FastifyRequest, endpoint: EndpointDefinition) {
        const session = await this.loadSession();
        if (!session) throw new ApiHttpError(401, 'Auth.Unauthorized');
        if (!hasAnyPermission(session.permissions, endpoint.permissions)) throw new ApiHttpError(403, 'Auth.Forbidden');
        if (endpoint.featureFlag && !session.featureFlags[endpoint.featureFlag]) {
          throw new ApiHttpError(403, 'Auth.FeatureDisabled');
        }
        return session;
      },
    );
    app.decorateRequest(
      'authorizedLicenseeSession',
      async function authorizedLicenseeSession(this: FastifyRequest, endpoint: EndpointDefinition) {
        let read = licenseeSessionReads.get(this);
        if (!read) {
          read = loadLicenseeSessionOfToken(db, this.cookies[SESSION_COOKIE]);
          licenseeSessionReads.set(this, read);
        }
        const session = await read;
        if (!session) throw new ApiHttpError(401, 'Auth.Unauthorized');
        if (!hasAnyPermission(session.permissions, endpoint.permissions)) throw new ApiHttpError(403, 'Auth.Forbidden');
        return session;
      },
    );
  },
  { name: SESSION_PLUGIN, fastify: '5.x', dependencies: ['@fastify/cookie'] },
);
