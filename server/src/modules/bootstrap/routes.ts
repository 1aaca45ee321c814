import { AREAS } from '@dash/shared-core';
import { ENDPOINTS } from '@dash/shared-core/contract';
import type { FastifyInstance } from 'fastify';
import { remoteUrlVariable, type ServerConfig } from '../../config';
import type { Database } from '../../db/database';
import { ApiHttpError } from '../../http/errors';
import { registerEndpoint } from '../../http/route';
import { hostNameOf, licenseeForHost, toLicenseeConfig } from './licensees';

export function registerBootstrapRoutes(app: FastifyInstance, db: Database, config: ServerConfig): void {
  registerEndpoint(app, db, ENDPOINTS.licenseeConfig, async ({ request }) => {
    const licensee = await licenseeForHost(db, hostNameOf(request));
    if (!licensee) throw new ApiHttpError(404, 'Licensee.NotFound');
    return toLicenseeConfig(licensee, config.supportChatScriptUrl);
  });

  // Deployment configuration: where each remote lives is decided here, at run time, never in the shell's build.
  registerEndpoint(app, db, ENDPOINTS.remotes, async () => ({
    remotes: AREAS.map((area) => ({
      name: area.name,
      scope: area.scope,
      manifestUrl: config.remoteUrlOverrides[remoteUrlVariable(area.name)] ?? `/remotes/${area.name}/mf-manifest.json`,
      public: area.public,
      featureFlag: area.featureFlag,
      permissions: area.permissions,
    })),
  }));
}
