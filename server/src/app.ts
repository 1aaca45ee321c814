import fastifyCompress from '@fastify/compress';
import fastifyCookie from '@fastify/cookie';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance } from 'fastify';
import type { ServerConfig } from './config';
import type { Database } from './db/database';
import { installErrorHandling } from './http/errors';
import { buildOpenApiDocument } from './http/openapi';
import { registerStatic } from './http/static';
import { createMailer, type Mailer } from './mail/mailer';
import { registerAccountRoutes } from './modules/auth/accountRoutes';
import { registerAuthRoutes } from './modules/auth/routes';
import { resolveSupportLinkSecret, writeSupportLinkKeyFile } from './modules/auth/supportLink';
import { registerBootstrapRoutes } from './modules/bootstrap/routes';
import { registerElearningRoutes } from './modules/elearnings/routes';
import { registerFileRoutes } from './modules/files/routes';
import { registerMemberRoutes } from './modules/members/routes';
import { registerProfileRoutes } from './modules/profile/routes';
import { registerRiskAssessmentRoutes } from './modules/riskAssessments/routes';

/** Request bodies above this answer 413 Request.TooLarge (uploads will get their own limit). */
export const BODY_LIMIT_BYTES = 64 * 1024;

export interface RegisteredRoute {
  method: string;
  url: string;
}

declare module 'fastify' {
  interface FastifyInstance {
    registeredRoutes: RegisteredRoute[];
    /** Outgoing mail (SMTP or the outbox), for modules that send mail (e.g. sendWelcomeMail). */
    mailer: Mailer;
  }
}

export async function buildApp(config: ServerConfig, db: Database): Promise<FastifyInstance> {
  const app = Fastify({
    logger: config.logLevel === 'silent' ? false : { level: config.logLevel },
    bodyLimit: BODY_LIMIT_BYTES,
    trustProxy: config.trustProxy,
    routerOptions: { ignoreTrailingSlash: true },
  });
  // Every route with its method, for the authorisation matrix test (it fails when a route has no entry).
  const registeredRoutes: RegisteredRoute[] = [];
  app.decorate('registeredRoutes', registeredRoutes);
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) registeredRoutes.push({ method, url: route.url });
  });
  installErrorHandling(app);
  await app.register(fastifyCookie);
  await app.register(fastifyCompress, { global: true, threshold: 1024 });
  app.addHook('onSend', async (_request, reply, payload) => {
    reply.header('X-Content-Type-Options', 'nosniff');
    reply.header('Referrer-Policy', 'same-origin');
    reply.header('X-Frame-Options', 'SAMEORIGIN');
    return payload;
  });

  await app.register(fastifySwagger, { mode: 'static', specification: { document: buildOpenApiDocument() as never } });
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs' });

  // One module per product area; each adds its calls through registerEndpoint (see http/route.ts).
  registerBootstrapRoutes(app, db, config);
  registerFileRoutes(app, db);
  registerAuthRoutes(app, db);
  const mailer = createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom });
  app.decorate('mailer', mailer);
  app.addHook('onClose', async () => mailer.close());
  registerAccountRoutes(app, db, config, mailer);
  if (config.supportLinkKeyFile && db.kind === 'pglite') {
    // The embedded database serves one process: leave the key where `support-link` finds it while we run.
    writeSupportLinkKeyFile(config.supportLinkKeyFile, await resolveSupportLinkSecret(db, config.supportLinkSecret));
  }
  registerProfileRoutes(app, db);
  registerMemberRoutes(app, db);
  registerElearningRoutes(app, db);
  registerRiskAssessmentRoutes(app, db);

  app.setNotFoundHandler((_request, reply) => {
    return reply.status(404).send({ error: { code: 'Route.NotFound' } });
  });
  if (config.serveStatic) await registerStatic(app, config);
  return app;
}
