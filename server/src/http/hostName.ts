import type { FastifyRequest } from 'fastify';

/** The host name without port, lower case: `partner.localhost:8080` -> `partner.localhost`. */
export function hostNameOf(request: FastifyRequest): string {
  const host = request.hostname || '';
  return host.replace(/:\d+$/, '').toLowerCase();
}
