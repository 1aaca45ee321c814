import { createHash } from 'node:crypto';
import { PRINT_ORIENTATIONS, printPageStyle } from '@dash/shared-core';
import type { FastifyInstance } from 'fastify';
import type { ServerConfig } from '../config';

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
 * Scripts and styles come from this origin, from remotes that REMOTE_URL_* moves to another origin, and from the
 * support chat vendor; no inline script at all, and inline style only for the print layout's own <style> element
 * (allowed by hash). Frames: the SCORM player frames its course from this origin.
 */
export function contentSecurityPolicy(config: Pick<ServerConfig, 'remoteUrlOverrides' | 'supportChatScriptUrl'>) {
  const remotes = Object.values(config.remoteUrlOverrides).map(originOf);
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
    "frame-src 'self'",
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
 * Security headers on every answer. A route that sets its own, stricter Content-Security-Policy keeps it (the
 * SCORM player's course files, elearnings/routes/courseFiles.ts). HSTS only over HTTPS (behind a proxy: TRUST_PROXY and
 * X-Forwarded-Proto), since a browser ignores it over plain HTTP and a local http://localhost must keep working.
 */
export function installSecurityHeaders(app: FastifyInstance, config: ServerConfig): void {
  const policy = contentSecurityPolicy(config);
  // Swagger UI (/api/docs, a developer page without data of anyone) sets inline styles; the app never does.
  const docsPolicy = policy.replace(/(^|; )style-src [^;]*/, "$1style-src 'self' 'unsafe-inline'");
  app.addHook('onSend', async (request, reply, payload) => {
    if (!reply.hasHeader('Content-Security-Policy')) {
      reply.header('Content-Security-Policy', request.url.startsWith(DOCS_PREFIX) ? docsPolicy : policy);
    }
    if (request.protocol === 'https') reply.header('Strict-Transport-Security', HSTS);
    reply.header('X-Content-Type-Options', 'nosniff');
    reply.header('Referrer-Policy', 'strict-origin-when-cross-origin');
    reply.header('X-Frame-Options', 'SAMEORIGIN');
    return payload;
  });
}
