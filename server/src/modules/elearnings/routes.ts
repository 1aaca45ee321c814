import type { FastifyInstance } from 'fastify';
import type { ServerConfig } from '../../config';
import type { Database } from '../../core/db/database';
import { onMembershipChanged } from '../../core/events/membershipEvents';
import { addPlayerBodyParsers } from './playerBodies';
import { registerAssignmentRoutes } from './routes/assignments';
import { registerCatalogRoutes } from './routes/catalog';
import { registerCertificateRoutes } from './routes/certificates';
import { registerExecutionCommitRoutes, registerExecutionRoutes } from './routes/executions';
import { registerMemberTaskRoutes } from './routes/memberTasks';
import { registerPackageRoutes, registerPackageUploadRoutes } from './routes/packages';
import { registerProgressResetRoutes } from './routes/progressReset';
import { registerResultRoutes } from './routes/results';
import { registerSettingsRoutes } from './routes/settings';
import { registerStatisticsRoutes } from './routes/statistics';
import { syncElearningTasksOnMembershipChange } from './taskSync';

/**
 * The e-learning area: catalogue, settings, org-unit assignments, analytics and progress resets for admins, a
 * member's own e-learnings, and the player (docs/scorm.md): package upload, executions with ordered idempotent
 * commits, results and certificates (a member's list, the analytics' download, the public verification of a code).
 * Each sub-feature registers its endpoints in routes/<subFeature>.ts; the lookups they share are in lookups.ts. The
 * course files are not here: the course origin serves them (routes/courseFiles.ts, on its own listener, courseApp.ts).
 */
export function registerElearningRoutes(
  app: FastifyInstance,
  db: Database,
  config: Pick<ServerConfig, 'publicUrl'>,
): void {
  // Members who join, leave, are archived or restored: their tasks follow in the same transaction.
  onMembershipChanged(syncElearningTasksOnMembershipChange);
  // Uploads and commits get their own body parsers, in a scope of their own (Fastify encapsulation): the rest of the
  // API keeps JSON only, and another module's multipart parser cannot clash with them.
  app.register(async (scope) => {
    addPlayerBodyParsers(scope);
    registerPackageUploadRoutes(scope, db);
    registerExecutionCommitRoutes(scope, db);
  });
  registerPackageRoutes(app, db);
  registerExecutionRoutes(app, db);
  registerResultRoutes(app, db, config);
  registerCertificateRoutes(app, db, config);
  registerCatalogRoutes(app, db);
  registerSettingsRoutes(app, db);
  registerAssignmentRoutes(app, db);
  registerStatisticsRoutes(app, db);
  registerProgressResetRoutes(app, db);
  registerMemberTaskRoutes(app, db);
}
