import { ENDPOINTS } from '@dash/shared-core/contract';
import type { FastifyInstance } from 'fastify';
import { type Database, LOCK_KEYS } from '../../core/db/database';
import { readTaskVersion } from '../../core/tasks/taskVersion';
import { KeptAnswers } from '../../http/keptAnswers';
import { registerEndpoint } from '../../http/route';
import { registerActionRoutes } from './actions';
import { registerAssignmentRoutes } from './assignments';
import { registerCatalogRoutes } from './catalog';
import { forgetContent } from './content';
import { registerDetailRoutes } from './details';
import { registerEvaluationRoutes } from './evaluation';
import { registerExecutionRoutes } from './executions';
import { readRiskAssessmentMemberTasks } from './memberTasks';
import { installRiskAssessmentContent } from './shippedContent';

/** The risk-assessment area: catalogue and settings, assignments, members' analyses (issue 15); evaluation, risks, actions (issue 16) and their details. */
export function registerRiskAssessmentRoutes(app: FastifyInstance, db: Database): void {
  // The shipped content is data in the database: brought up to date on every start, before the first request.
  app.addHook('onReady', async () => {
    // Several instances starting at once on one PostgreSQL: one installs at a time (no deadlock between upserts).
    await db.exclusively(LOCK_KEYS.content, () => db.transaction((tx) => installRiskAssessmentContent(tx)));
    forgetContent();
  });
  registerCatalogRoutes(app, db);
  registerAssignmentRoutes(app, db);
  registerExecutionRoutes(app, db);
  registerEvaluationRoutes(app, db);
  registerActionRoutes(app, db);
  registerDetailRoutes(app, db);
  // My analyses (and the start page's list): kept per member for the client's task version (readTaskVersion).
  const memberTasks = new KeptAnswers(ENDPOINTS.riskAssessmentMemberTasks);
  registerEndpoint(app, db, ENDPOINTS.riskAssessmentMemberTasks, async ({ body, session, request }) => {
    const version = await readTaskVersion(db, session);
    return memberTasks.get(request, session, version, [session.memberUuid, body], () =>
      readRiskAssessmentMemberTasks(db, session, body),
    );
  });
}
