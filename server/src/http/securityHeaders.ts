import { createHash } from 'node:crypto';
import { PRINT_ORIENTATIONS, printPageStyle } from '@dash/shared-core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ServerConfig } from '../config';
import type { CourseOrigin } from './courseOrigin';

/** The origin of a URL from the configuration; a value that is no URL adds nothing (it could not load anyway). */
function originOf(url: string | null | undefined): string | null {
  if (!url) return null;
  try {
    const { origin } = new URL(url);
    return origin === 'null' ? null : origin;
  } catch {
    return null;
  }
}

/**
 * The Content-Security-Policy of every page, asset and API answer (docs/operating.md "Security headers").
 * Scripts and styles come from this origin, from remotes that REMOTE_URL_* or RELEASE_BASE_URL move to another origin, and from the
 * support chat vendor; no inline script at all, and inline style only for the print layout's own <style> element
 * (allowed by hash). Frames: the SCORM player frames its course from the course origin (`courseOrigin`,
 * http/courseOrigin.ts), which has a policy of its own.
 */
export function contentSecurityPolicy(
  config: Pick<ServerConfig, 'remoteUrlOverrides' | 'supportChatScriptUrl'> &
    Partial<Pick<ServerConfig, 'releaseBaseUrl'>>,
  courseOrigin: string | null = null,
) {
  // Releases on a static origin of their own (RELEASE_BASE_URL, docs/releases.md) load like a moved remote.
  const remotes = [...Object.values(config.remoteUrlOverrides), config.releaseBaseUrl].map(originOf);
  const chat = originOf(config.supportChatScriptUrl);
  const list = (...sources: Array<string | null>) =>
    [...new Set(sources.filter((source) => source !== null))].join(' ');
  const printStyles = PRINT_ORIENTATIONS.map(
    (orientation) => `'sha256-${createHash('sha256').update(printPageStyle(orientation)).digest('base64')}'`,
  );
  return [
    "default-src 'self'",
    `script-src ${list("'self'", ...remotes, chat)}`,
    `style-src ${list("'self'", ...printStyles, ...remotes, chat)}`,
    `img-src ${list("'self'", 'data:', 'blob:', chat)}`,
    `font-src ${list("'self'", 'data:', ...remotes)}`,
    // The federation runtime fetches each remote's manifest; the chat widget talks to its vendor.
    `connect-src ${list("'self'", ...remotes, chat)}`,
    `frame-src ${list("'self'", courseOrigin)}`,
    "frame-ancestors 'self'",
    "form-action 'self'",
    "object-src 'none'",
    "base-uri 'self'",
  ].join('; ');
}

const DOCS_PREFIX = '/api/docs';

/** A year, without includeSubDomains: the licensees' host names may include sub-domains this server does not run. */
const HSTS = 'max-age=31536000';

/**
 * Security headers on every answer. A route that sets its own Content-Security-Policy keeps it. HSTS only over HTTPS
 * (behind a proxy: TRUST_PROXY and X-Forwarded-Proto), since a browser ignores it over plain HTTP and a local
 * http://localhost must keep working. The course origin (a host name per dashboard host name unless COURSE_ORIGIN is
 * set) is the one part that depends on the request; the policies are kept per course origin.
 */
export function installSecurityHeaders(app: FastifyInstance, config: ServerConfig, courseOrigin: CourseOrigin): void {
  const policies = new Map<string, { page: string; docs: string }>();
  // Kept per the request headers the course origin is computed from (its scheme and host name), read raw: the
  // lookup costs a string, not the host name's parsing on every answer.
  const policiesFor = (request: FastifyRequest) => {
    const { headers } = request;
    const key = `${headers.host}|${headers['x-forwarded-host']}|${headers['x-forwarded-proto']}|${request.protocol}`;
    let found = policies.get(key);
    if (!found) {
      const page = contentSecurityPolicy(config, courseOrigin.for(request));
      // Swagger UI (/api/docs, a developer page without data of anyone) sets inline styles; the app never does.
      found = { page, docs: page.replace(/(^|; )style-src [^;]*/, "$1style-src 'self' 'unsafe-inline'") };
      // Host names come from requests: a bounded map, however many a client makes up.
      if (policies.size >= 100) policies.clear();
      policies.set(key, found);
    }
    return found;
  };
  app.addHook('onSend', async (request, reply, payload) => {
    if (!reply.hasHeader('Content-Security-Policy')) {
      const policy = policiesFor(request);
      reply.header('Content-Security-Policy', request.url.startsWith(DOCS_PREFIX) ? policy.docs : policy.page);
    }
    if (request.protocol === 'https') reply.header('Strict-Transport-Security', HSTS);
    reply.header('X-Content-Type-Options', 'nosniff');
    reply.header('Referrer-Policy', 'strict-origin-when-cross-origin');
    reply.header('X-Frame-Options', 'SAMEORIGIN');
    return payload;
  });
}

/**
 * The course origin's answers (courseApp.ts): the routes set the policy of the frame page and of course files; what
 * else it answers (errors, not found) may load and be framed by nothing. No X-Frame-Options: its frames sit inside
 * the dashboard on another origin, which `frame-ancestors` names.
 */
export function installCourseOriginHeaders(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply, payload) => {
    if (!reply.hasHeader('Content-Security-Policy')) {
      reply.header('Content-Security-Policy', "default-src 'none'; frame-ancestors 'none'");
    }
    if (request.protocol === 'https') reply.header('Strict-Transport-Security', HSTS);
    reply.header('X-Content-Type-Options', 'nosniff');
    reply.header('Referrer-Policy', 'strict-origin-when-cross-origin');
    return payload;
  });
}
