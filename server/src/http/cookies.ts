import { randomBytes } from 'node:crypto';
import { type Audience, LICENSEE_TOKEN_PREFIX, XSRF_COOKIE } from '@dash/shared-core';
import type { FastifyReply, FastifyRequest } from 'fastify';

export const SESSION_COOKIE = 'SESSION';

export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

/** A licensee staff member's session token: the prefix tells its kind, the random part is the secret. */
export function newLicenseeToken(): string {
  return `${LICENSEE_TOKEN_PREFIX}${newToken()}`;
}

/** The kind of session a cookie's token names (by its form only; whether it is valid is the session store's say). */
export function sessionKindOfToken(token: string | undefined): Audience | null {
  if (!token) return null;
  return token.startsWith(LICENSEE_TOKEN_PREFIX) ? 'licensee' : 'member';
}

function secure(request: FastifyRequest): boolean {
  return request.protocol === 'https';
}

export function setSessionCookie(request: FastifyRequest, reply: FastifyReply, token: string, maxAgeSeconds?: number) {
  reply.setCookie(SESSION_COOKIE, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: secure(request),
    maxAge: maxAgeSeconds,
  });
}

export function clearSessionCookie(request: FastifyRequest, reply: FastifyReply) {
  reply.clearCookie(SESSION_COOKIE, { path: '/', httpOnly: true, sameSite: 'lax', secure: secure(request) });
}

/** Readable by scripts: the browser echoes it in the X-XSRF-TOKEN header (double-submit check). */
export function setXsrfCookie(
  request: FastifyRequest,
  reply: FastifyReply,
  token = newToken(),
  maxAgeSeconds?: number,
) {
  reply.setCookie(XSRF_COOKIE, token, {
    path: '/',
    httpOnly: false,
    sameSite: 'lax',
    secure: secure(request),
    maxAge: maxAgeSeconds,
  });
  return token;
}
