import type { FastifyInstance } from 'fastify';
import type { Database } from '../../core/db/database';
import type { SsoProviders } from './providers';
import { registerSsoConfigurationRoutes } from './routes/configuration';
import { registerSsoSignInRoutes } from './routes/signIn';

/** Single sign-on with the clients' OpenID Connect providers (docs/single-sign-on.md). */
export function registerSsoRoutes(app: FastifyInstance, db: Database, providers: SsoProviders): void {
  registerSsoSignInRoutes(app, db, providers);
  registerSsoConfigurationRoutes(app, db, providers);
}
