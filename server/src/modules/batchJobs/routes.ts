import { ENDPOINTS } from '@dash/shared-core/contract';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../core/db/database';
import { readJob, sweepAbandonedJobs } from '../../core/jobs/jobs';
import { registerEndpoint } from '../../http/route';

/** `POST /api/batch-job/read-status`, and the sweep of abandoned jobs while the server runs. */
export async function registerBatchJobRoutes(app: FastifyInstance, db: Database): Promise<void> {
  const stopSweep = await sweepAbandonedJobs(db, (error) => app.log.error({ err: error }, 'batch job sweep failed'));
  app.addHook('onClose', async () => stopSweep());
  registerEndpoint(app, db, ENDPOINTS.batchJobStatus, async ({ body, session }) =>
    readJob(db, session.clientUuid, body.uuid),
  );
}
