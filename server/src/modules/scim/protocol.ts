import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Database } from '../../core/db/database';
import { ApiHttpError } from '../../http/errors';
import { originOf } from '../sso/providers';
import { ScimError } from './scimError';
import { callerOfToken, type ScimCaller } from './tokens';

export const SCIM_BASE_PATH = '/scim/v2';
export const SCIM_CONTENT_TYPE = 'application/scim+json; charset=utf-8';

/** Requests per token and minute: a directory's full run of 10,000 users fits many times; a runaway loop does not. */
const REQUESTS_PER_TOKEN_MINUTE = 30_000;
/** Refused tokens per IP address and five minutes: guessing tokens (256 random bits) is pointless, and stopped. */
const FAILURES_PER_IP = 30;

declare module 'fastify' {
  interface FastifyRequest {
    /** The client and token of a SCIM request (set by the protocol's bearer check). */
    scimCaller?: ScimCaller;
  }
}

/** A fixed-window counter per key, in this process (each instance limits on its own). */
class Window {
  private readonly counts = new Map<string, { count: number; until: number }>();
  constructor(
    private readonly limit: number,
    private readonly windowMs: number,
  ) {}
  /** Counts one; false when the key has used up its window. */
  take(key: string): boolean {
    const now = Date.now();
    let entry = this.counts.get(key);
    if (!entry || entry.until <= now) {
      if (this.counts.size > 10_000)
        for (const [other, value] of this.counts) if (value.until <= now) this.counts.delete(other);
      entry = { count: 0, until: now + this.windowMs };
      this.counts.set(key, entry);
    }
    entry.count++;
    return entry.count <= this.limit;
  }
  exhausted(key: string): boolean {
    const entry = this.counts.get(key);
    return !!entry && entry.until > Date.now() && entry.count >= this.limit;
  }
}

/** The directory administrator reads `detail`: the dashboard's refusals in words, not codes. */
const DETAILS: Record<string, { detail: string; scimType?: ScimError['scimType'] }> = {
  'Client.MaxMembersReached': { detail: 'The company has reached its licence limit (maximum number of members)' },
  'Username.AlreadyExists': { detail: 'A user with this userName exists', scimType: 'uniqueness' },
  'Member.LastSuperAdmin': { detail: 'The last active super-admin of the company cannot be deactivated or removed' },
  'Member.HasResponsibleLocation': {
    detail: 'The member is responsible for a location: name another one in the dashboard first',
  },
  'Member.HasResponsibleOrgUnit': {
    detail: 'The member is responsible for an org unit: name another one in the dashboard first',
  },
  'Member.HasResponsibleRiskAction': {
    detail: 'The member is responsible for an open risk action: name another one in the dashboard first',
  },
  'OrgUnit.IdExists': { detail: 'A group of that name exists', scimType: 'uniqueness' },
  'MemberGroup.IdExists': { detail: 'A group of that name exists', scimType: 'uniqueness' },
  'Schema.ValidationFailed': { detail: 'The request is not valid SCIM', scimType: 'invalidSyntax' },
  'Request.TooLarge': { detail: 'The request is too large' },
  'Request.UnsupportedMediaType': { detail: 'Send application/scim+json' },
};

function scimErrorOf(error: unknown): ScimError | null {
  if (error instanceof ScimError) return error;
  if (error instanceof ApiHttpError) {
    const known = DETAILS[error.code];
    return new ScimError(error.statusCode, known?.detail ?? error.code, known?.scimType);
  }
  const fastify = error as { code?: string; statusCode?: number };
  if (fastify.code === 'FST_ERR_CTP_BODY_TOO_LARGE') return new ScimError(413, 'The request is too large');
  if (fastify.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') return new ScimError(415, 'Send application/scim+json');
  if (fastify.statusCode && fastify.statusCode >= 400 && fastify.statusCode < 500) {
    return new ScimError(400, 'The request is not valid JSON', 'invalidSyntax');
  }
  return null;
}

export function sendScim(reply: FastifyReply, status: number, body: unknown, version?: string): FastifyReply {
  reply.status(status).type(SCIM_CONTENT_TYPE);
  if (version) reply.header('etag', version);
  return reply.send(body);
}

/** This host's SCIM base URL (what the directory is told, and what `meta.location` starts with). */
export function baseUrlOf(request: FastifyRequest): string {
  return `${originOf(request)}${SCIM_BASE_PATH}`;
}

export function callerOf(request: FastifyRequest): ScimCaller {
  if (!request.scimCaller) throw new ScimError(401, 'Authentication required');
  return request.scimCaller;
}

/**
 * The SCIM protocol's frame inside its own plugin scope: `application/scim+json` bodies, the bearer token checked
 * before anything else (and counted), and every refusal in SCIM's error format instead of the dashboard's.
 */
export function installScimProtocol(scope: FastifyInstance, db: Database): void {
  scope.addContentTypeParser(
    'application/scim+json',
    { parseAs: 'string' },
    scope.getDefaultJsonParser('error', 'error'),
  );
  const failures = new Window(FAILURES_PER_IP, 5 * 60_000);
  const requests = new Window(REQUESTS_PER_TOKEN_MINUTE, 60_000);

  scope.addHook('onRequest', async (request, reply) => {
    if (failures.exhausted(request.ip)) {
      reply.header('retry-after', '300');
      throw new ScimError(429, 'Too many refused tokens from this address');
    }
    const header = request.headers.authorization;
    const token =
      typeof header === 'string' && /^Bearer\s+/i.test(header) ? header.replace(/^Bearer\s+/i, '').trim() : '';
    const caller = token ? await callerOfToken(db, token) : null;
    if (!caller) {
      failures.take(request.ip);
      reply.header('www-authenticate', 'Bearer realm="scim"');
      throw new ScimError(401, 'A valid bearer token is required');
    }
    if (!requests.take(caller.tokenUuid)) {
      reply.header('retry-after', '60');
      throw new ScimError(429, 'Too many requests for this token: slow down');
    }
    request.scimCaller = caller;
  });

  scope.setErrorHandler((error, request, reply) => {
    const scim = scimErrorOf(error);
    if (scim) return sendScim(reply, scim.status, scim.body());
    request.log.error({ err: error }, 'SCIM request failed');
    return sendScim(reply, 500, new ScimError(500, 'Internal error').body());
  });
}
