import { ENDPOINTS } from '@dash/shared-core/contract';
import type { FastifyInstance } from 'fastify';
import type { ServerConfig } from '../../config';
import type { Database } from '../../core/db/database';
import { licenseeConfigForHost, remoteList } from '../../core/licensees/licensees';
import { ApiHttpError } from '../../http/errors';
import { hostNameOf } from '../../http/hostName';
import { registerEndpoint } from '../../http/route';

export function registerBootstrapRoutes(app: FastifyInstance, db: Database, config: ServerConfig): void {
  registerEndpoint(app, db, ENDPOINTS.licenseeConfig, async ({ request }) => {
    const licensee = await licenseeConfigForHost(db, config, hostNameOf(request));
    if (!licensee) throw new ApiHttpError(404, 'Licensee.NotFound');
    return licensee;
  });

  registerEndpoint(app, db, ENDPOINTS.remotes, async () => ({ remotes: remoteList(config) }));
}
