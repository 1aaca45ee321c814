import type { FastifyInstance } from 'fastify';
import type { Database } from '../../core/db/database';
import { registerLocationDetailRoutes } from './routes/details';
import { registerLocationListRoutes } from './routes/list';
import { registerLocationMemberRoutes } from './routes/members';

/**
 * The location area: the location list, a location's details and its members. Each sub-feature registers its
 * endpoints in routes/<subFeature>.ts; the lookups they share are in lookups.ts.
 */
export function registerLocationRoutes(app: FastifyInstance, db: Database): void {
  registerLocationListRoutes(app, db);
  registerLocationDetailRoutes(app, db);
  registerLocationMemberRoutes(app, db);
}
