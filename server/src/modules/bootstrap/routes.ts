import { AREAS, type LicenseeConfig, type RemoteConfig } from '@dash/shared-core';
import { ENDPOINTS } from '@dash/shared-core/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { remoteUrlVariable, type ServerConfig } from '../../config';
import type { Database } from '../../core/db/database';
import { ApiHttpError } from '../../http/errors';
import { registerEndpoint } from '../../http/route';
import { hostNameOf, licenseeForHost, toLicenseeConfig } from './licensees';

/** Deployment configuration: where each remote lives is decided here, at run time, never in the shell's build. */
export function remoteList(config: ServerConfig): RemoteConfig[] {
  return AREAS.map((area) => ({
    name: area.name,
    scope: area.scope,
    manifestUrl: config.remoteUrlOverrides[remoteUrlVariable(area.name)] ?? `/remotes/${area.name}/mf-manifest.json`,
    public: area.public,
    featureFlag: area.featureFlag,
    permissions: area.permissions,
  }));
}

/** The licensee of the host the request came to (branding by host); null for a host of no licensee. */
export async function licenseeConfigFor(
  db: Database,
  config: ServerConfig,
  request: FastifyRequest,
): Promise<LicenseeConfig | null> {
  const licensee = await licenseeForHost(db, hostNameOf(request));
  return licensee ? toLicenseeConfig(licensee, config.supportChatScriptUrl) : null;
}

export function registerBootstrapRoutes(app: FastifyInstance, db: Database, config: ServerConfig): void {
  registerEndpoint(app, db, ENDPOINTS.licenseeConfig, async ({ request }) => {
    const licensee = await licenseeConfigFor(db, config, request);
    if (!licensee) throw new ApiHttpError(404, 'Licensee.NotFound');
    return licensee;
  });

  registerEndpoint(app, db, ENDPOINTS.remotes, async () => ({ remotes: remoteList(config) }));
}
