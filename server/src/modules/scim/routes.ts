import type { FastifyInstance } from 'fastify';
import type { Database } from '../../core/db/database';
import { installScimProtocol } from './protocol';
import { registerScimDiscoveryRoutes } from './routes/discovery';
import { registerScimResourceRoutes } from './routes/resources';
import { registerScimSettingsRoutes } from './routes/settings';

/** SCIM 2.0 provisioning per client (docs/scim.md): the protocol at /scim/v2 in a scope of its own. */
export function registerScimProtocolRoutes(scope: FastifyInstance, db: Database): void {
  installScimProtocol(scope, db);
  registerScimDiscoveryRoutes(scope);
  registerScimResourceRoutes(scope, db);
}

/** The super-admin's settings of SCIM (company configuration): JSON calls of the contract, in the dashboard's scope. */
export function registerScimSettings(scope: FastifyInstance, db: Database): void {
  registerScimSettingsRoutes(scope, db);
}
