import type { FastifyRequest } from 'fastify';
import type { ServerConfig } from '../config';

/**
 * Where SCORM course files come from: an origin of their own, so that a course (third-party code) cannot read the
 * dashboard's storage or cookies nor call its API as the member (docs/scorm.md "Isolation").
 *
 * COURSE_ORIGIN names it outright (a host name of its own behind a proxy). Otherwise it is this server's second
 * listener (COURSE_PORT, default PORT + 1) under a host name the dashboard's cookies do not reach: cookies are kept
 * per host name, not per port, so `localhost:8081` would still see the cookies of `localhost:8080`. A dashboard on
 * `localhost` or `*.localhost` therefore gets its courses from `127.0.0.1` and one on `127.0.0.1` from `localhost`
 * (each a site of its own for the browser); any other host name keeps its name on the course port, which separates
 * storage and the API by origin but shares the host's cookies, so production sets COURSE_ORIGIN.
 */
export class CourseOrigin {
  private boundPort: number | null = null;

  constructor(private readonly config: Pick<ServerConfig, 'port' | 'coursePort' | 'courseOrigin'>) {}

  /** The port the course listener asks for. */
  get listenPort(): number {
    return this.config.coursePort ?? this.config.port + 1;
  }

  /** Whether the course listener may take another free port when `listenPort` is taken (COURSE_PORT unset). */
  get portIsFlexible(): boolean {
    return this.config.coursePort === null;
  }

  /** The port the course listener got (main.ts, once it listens). */
  listening(port: number): void {
    this.boundPort = port;
  }

  /** The course origin for a page of the dashboard that this request came from. */
  for(request: Pick<FastifyRequest, 'protocol' | 'hostname'>): string {
    if (this.config.courseOrigin) return this.config.courseOrigin;
    const host = request.hostname.replace(/^\[|\]$/g, '').toLowerCase();
    // The name goes into headers (the dashboard's frame-src): a made-up Host header with anything but a host name's
    // characters gets the loopback name instead of its own.
    const courseHost =
      !/^[a-z0-9.:-]+$/.test(host) || host === 'localhost' || host.endsWith('.localhost')
        ? '127.0.0.1'
        : host === '127.0.0.1'
          ? 'localhost'
          : host.includes(':')
            ? `[${host}]`
            : host;
    return `${request.protocol}://${courseHost}:${this.boundPort ?? this.listenPort}`;
  }
}

/**
 * The origin of the dashboard page that asked (the `Origin` header of its call when it has a sane one, else this
 * request's own scheme and host): the only page allowed to frame the course and to talk to it.
 */
export function pageOriginOf(request: Pick<FastifyRequest, 'protocol' | 'host' | 'headers'>): string {
  const header = request.headers.origin;
  const given = typeof header === 'string' && /^https?:\/\/[a-z0-9.\-[\]:]+$/i.test(header) ? header : null;
  // Serialised by URL (no default port), as the browser names origins in postMessage events.
  for (const candidate of [given, `${request.protocol}://${request.host}`]) {
    if (!candidate || candidate.length > 200) continue;
    try {
      const { origin } = new URL(candidate);
      if (origin !== 'null') return origin;
    } catch {
      // not an origin: the next candidate
    }
  }
  return `${request.protocol}://localhost`;
}
