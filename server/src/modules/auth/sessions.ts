import type { FastifyRequest } from 'fastify';
import type { Database } from '../../core/db/database';
import type { SessionContext } from '../../core/sessions/sessions';

// The session store is core (core/sessions), read per request by the transport layer (http/session.ts); the areas
// have long taken the session's type from here.
export {
  createSession,
  deleteSession,
  hashToken,
  SESSION_IDLE_HOURS,
  type SessionContext,
  SUPPORT_SESSION_DAYS,
} from '../../core/sessions/sessions';

/**
 * The session of the request's SESSION cookie, for routes outside the contract (file downloads, the e-learning
 * player): the request's own read (request.loadSession), so that a request reads its session once. `_db` stays for
 * the callers' sake: the session plugin reads with the database it was registered with.
 */
export function loadSession(_db: Database, request: FastifyRequest): Promise<SessionContext | null> {
  return request.loadSession();
}
