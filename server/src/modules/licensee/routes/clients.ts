import { ENDPOINTS } from '@dash/shared-core/contract';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../../core/db/database';
import { registerEndpoint } from '../../../http/route';
import { ClientDirectory, listClients, MemberCounts } from '../clientList';
import { clientOfLicensee } from '../clientRecord';

/** The licensee's clients (a table call) and one client's details. */
export function registerClientReadRoutes(app: FastifyInstance, db: Database): void {
  const kept = { directory: new ClientDirectory(), memberCounts: new MemberCounts() };

  registerEndpoint(app, db, ENDPOINTS.licenseeClientList, async ({ body, session }) =>
    listClients(db, kept, session.licenseeUuid, session.clientListVersion, body),
  );

  registerEndpoint(app, db, ENDPOINTS.licenseeClientDetails, async ({ body, session }) =>
    clientOfLicensee(db, session.licenseeUuid, body.uuid),
  );
}
