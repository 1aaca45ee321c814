import type { FastifyInstance } from 'fastify';
import type { Database } from '../../core/db/database';
import { registerMemberGroupDetailRoutes } from './routes/details';
import { registerMemberGroupListRoutes } from './routes/list';
import { registerMemberGroupMemberRoutes } from './routes/members';

/**
 * The member-group area: the group list, a group's details and its members. Each sub-feature registers its
 * endpoints in routes/<subFeature>.ts; the lookups they share are in lookups.ts, what the member tabs of groups, org
 * units and locations share in assignedMembers.ts.
 */
export function registerMemberGroupRoutes(app: FastifyInstance, db: Database): void {
  registerMemberGroupListRoutes(app, db);
  registerMemberGroupDetailRoutes(app, db);
  registerMemberGroupMemberRoutes(app, db);
}
