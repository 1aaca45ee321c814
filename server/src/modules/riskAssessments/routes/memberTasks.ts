import { ENDPOINTS } from '@dash/shared-core/contract';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../../core/db/database';
import { readTaskVersion } from '../../../core/tasks/taskVersion';
import { KeptAnswers } from '../../../http/keptAnswers';
import { registerEndpoint } from '../../../http/route';
import { readRiskAssessmentMemberTasks } from '../memberTasks';

/** The signed-in member's own analyses. */
export function registerMemberTaskRoutes(app: FastifyInstance, db: Database): void {
  // My analyses (and the start page's list): kept per member for the client's task version (readTaskVersion).
  const memberTasks = new KeptAnswers(ENDPOINTS.riskAssessmentMemberTasks);
  registerEndpoint(app, db, ENDPOINTS.riskAssessmentMemberTasks, async ({ body, session, request }) => {
    const version = await readTaskVersion(db, session);
    return memberTasks.get(request, session, version, [session.memberUuid, body], () =>
      readRiskAssessmentMemberTasks(db, session, body),
    );
  });
}
