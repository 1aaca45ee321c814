import type { FastifyInstance } from 'fastify';
import type { ServerConfig } from '../../config';
import type { Database } from '../../core/db/database';
import type { Mailer } from '../../core/mail/mailer';
import { registerPasswordResetRoutes } from './routes/passwordReset';
import { registerSupportRoutes } from './routes/support';

/** Forgotten password, set password (reset and welcome links) and the support login. */
export function registerAccountRoutes(app: FastifyInstance, db: Database, config: ServerConfig, mailer: Mailer): void {
  registerPasswordResetRoutes(app, db, config, mailer);
  registerSupportRoutes(app, db, config);
}
