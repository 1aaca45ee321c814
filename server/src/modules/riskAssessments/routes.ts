import type { FastifyInstance } from 'fastify';
import { type Database, LOCK_KEYS } from '../../core/db/database';
import { forgetContent } from './content';
import { registerActionListRoutes } from './routes/actionLists';
import { registerActionProgressRoutes } from './routes/actionProgress';
import { registerActionRoutes } from './routes/actions';
import { registerAssignmentRoutes } from './routes/assignments';
import { registerCatalogRoutes } from './routes/catalog';
import { registerEvaluationRoutes } from './routes/evaluations';
import { registerEvidenceRoutes } from './routes/evidence';
import { registerExecutionAnswerRoutes } from './routes/executionAnswers';
import { registerExecutionRoutes } from './routes/executions';
import { registerFollowUpRoutes } from './routes/followUp';
import { registerMemberTaskRoutes } from './routes/memberTasks';
import { registerRiskRoutes } from './routes/risks';
import { registerSettingsRoutes } from './routes/settings';
import { installRiskAssessmentContent } from './shippedContent';

/**
 * The risk-assessment area: catalogue and settings, assignments, members' analyses; evaluation, risks,
 * actions and their details. Each sub-feature registers its endpoints in routes/<subFeature>.ts; the
 * lookups they share are in lookups.ts.
 */
export function registerRiskAssessmentRoutes(app: FastifyInstance, db: Database): void {
  // The shipped content is data in the database: brought up to date on every start, before the first request.
  app.addHook('onReady', async () => {
    // Several instances starting at once on one PostgreSQL: one installs at a time (no deadlock between upserts).
    await db.exclusively(LOCK_KEYS.content, () => db.transaction((tx) => installRiskAssessmentContent(tx)));
    forgetContent();
  });
  registerCatalogRoutes(app, db);
  registerSettingsRoutes(app, db);
  registerAssignmentRoutes(app, db);
  registerExecutionRoutes(app, db);
  registerExecutionAnswerRoutes(app, db);
  registerEvaluationRoutes(app, db);
  registerRiskRoutes(app, db);
  registerActionRoutes(app, db);
  registerActionProgressRoutes(app, db);
  registerActionListRoutes(app, db);
  registerFollowUpRoutes(app, db);
  registerEvidenceRoutes(app, db);
  registerMemberTaskRoutes(app, db);
}
