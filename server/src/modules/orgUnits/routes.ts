import type { FastifyInstance } from 'fastify';
import type { Database } from '../../core/db/database';
import { registerOrgUnitDetailRoutes } from './routes/details';
import { registerOrgUnitMemberRoutes } from './routes/members';
import { registerOrgUnitTreeRoutes } from './routes/tree';

/**
 * The org-unit area: the tree (with new and deleted units), a unit's details and its members. Each sub-feature
 * registers its endpoints in routes/<subFeature>.ts; the lookups they share are in lookups.ts, the tree's statement
 * in tree.ts.
 */
export function registerOrgUnitRoutes(app: FastifyInstance, db: Database): void {
  registerOrgUnitTreeRoutes(app, db);
  registerOrgUnitDetailRoutes(app, db);
  registerOrgUnitMemberRoutes(app, db);
}
