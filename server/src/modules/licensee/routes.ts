import type { FastifyInstance } from 'fastify';
import type { ServerConfig } from '../../config';
import type { Database } from '../../core/db/database';
import { registerLicenseeAuditRoutes } from './routes/audit';
import { registerBrandingRoutes } from './routes/branding';
import { registerClientChangeRoutes } from './routes/clientChanges';
import { registerClientReadRoutes } from './routes/clients';
import { registerCourseSourceRoutes } from './routes/courseSources';
import { registerDomainRoutes } from './routes/domains';
import { registerReleaseRoutes } from './routes/releases';
import { registerLicenseeSignInRoutes } from './routes/signIn';
import { registerLicenseeStaffRoutes } from './routes/staff';
import { registerLicenseeSupportRoutes } from './routes/support';
import { registerLicenseeUsageRoutes } from './routes/usage';

/**
 * The licensee console (mf-licensee): licensee staff sign in, see and change their licensee's clients. Every call
 * but the sign-in has access `licensee` (a licensee staff session; a member's session is refused) and every query is
 * scoped by the session's licensee: another licensee's client answers exactly as one that does not exist.
 */
export function registerLicenseeRoutes(app: FastifyInstance, db: Database, config: ServerConfig): void {
  registerLicenseeSignInRoutes(app, db);
  registerClientReadRoutes(app, db);
  registerClientChangeRoutes(app, db, config);
  registerBrandingRoutes(app, db);
  registerDomainRoutes(app, db);
  registerCourseSourceRoutes(app, db, config);
  registerReleaseRoutes(app, db, config);
  registerLicenseeSupportRoutes(app, db, config);
  registerLicenseeAuditRoutes(app, db);
  registerLicenseeUsageRoutes(app, db);
  registerLicenseeStaffRoutes(app, db, config);
}
