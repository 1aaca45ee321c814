import { ENDPOINTS } from '@dash/shared-core/contract';
import type { FastifyInstance } from 'fastify';
import type { ServerConfig } from '../../config';
import type { Database } from '../../core/db/database';
import { licenseeConfigForHost, licenseeForHost } from '../../core/licensees/licensees';
import { platformFacts } from '../../core/releases/platform';
import { remotesForPage } from '../../core/releases/remotes';
import { SESSION_COOKIE } from '../../http/cookies';
import { ApiHttpError } from '../../http/errors';
import { hostNameOf } from '../../http/hostName';
import { registerEndpoint } from '../../http/route';

export function registerBootstrapRoutes(app: FastifyInstance, db: Database, config: ServerConfig): void {
  registerEndpoint(app, db, ENDPOINTS.licenseeConfig, async ({ request }) => {
    const licensee = await licenseeConfigForHost(db, config, hostNameOf(request));
    if (!licensee) throw new ApiHttpError(404, 'Licensee.NotFound');
    return licensee;
  });

  // For the session of the request (a member's client, a licensee's staff) or, without one, the host's licensee: the
  // shell asks again after a sign-in in the page, whose boot data was a visitor's.
  registerEndpoint(app, db, ENDPOINTS.remotes, async ({ request, reply }) => {
    const licensee = await licenseeForHost(db, hostNameOf(request));
    const sessionToken = request.cookies[SESSION_COOKIE];
    // Differs by session and changes with every choice of a release: never kept by a cache for someone else or later.
    reply.header('Cache-Control', 'private, no-cache').header('Vary', 'Cookie');
    return { remotes: await remotesForPage(db, config, { sessionToken, hostLicenseeUuid: licensee?.uuid ?? null }) };
  });

  // What the release command checks a release against when given this server (docs/releases.md).
  registerEndpoint(app, db, ENDPOINTS.platform, async () => {
    const facts = platformFacts(config.staticRoot);
    return {
      contracts: Object.entries(facts.contracts ?? {}).map(([area, served]) => ({ area, ...served })),
      shellShared: facts.shared ?? null,
    };
  });
}
