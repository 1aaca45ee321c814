import type { FastifyInstance } from 'fastify';
import type { ServerConfig } from '../../config';
import type { Database } from '../../core/db/database';
import { registerArchiveRoutes } from './routes/archive';
import { registerDeletionRoutes } from './routes/deletion';
import { registerDetailRoutes } from './routes/details';
import { registerHistoryRoutes } from './routes/history';
import { registerListRoutes } from './routes/list';
import { registerNewMemberRoutes } from './routes/newMember';
import { registerPasswordResetRoutes } from './routes/passwordReset';

/**
 * The member area: the list, new members, a member's details, the archive, deletion, the bulk password reset and a
 * member's history. Each sub-feature registers its endpoints in routes/<subFeature>.ts; the lookups they share are
 * in lookups.ts.
 */
export function registerMemberRoutes(app: FastifyInstance, db: Database, config: ServerConfig): void {
  registerListRoutes(app, db);
  registerNewMemberRoutes(app, db, config);
  registerDetailRoutes(app, db);
  registerArchiveRoutes(app, db);
  registerDeletionRoutes(app, db);
  registerPasswordResetRoutes(app, db, config);
  registerHistoryRoutes(app, db);
}
