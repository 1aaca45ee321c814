import fastifyCompress from '@fastify/compress';
import fastifyCookie from '@fastify/cookie';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance } from 'fastify';
import fastifyPlugin from 'fastify-plugin';
import type { ServerConfig } from './config';
import type { Database } from './core/db/database';
import { createMailer, type Mailer } from './core/mail/mailer';
import { createSmsSender, type SmsSender } from './core/sms/smsSender';
import { CourseOrigin } from './http/courseOrigin';
import { installErrorHandling } from './http/errors';
import { answerFrameworkError, refuseHostileInput } from './http/hostileInput';
import { buildOpenApiDocument } from './http/openapi';
import { installRequestIds, loggerOptions, requestIdOf } from './http/requestLogging';
import { installSecurityHeaders } from './http/securityHeaders';
import { sessionPlugin } from './http/session';
import { registerStatic } from './http/static';
import { supportAuditPlugin } from './http/supportAudit';
import { registerAccountRoutes } from './modules/auth/accountRoutes';
import { registerAuthRoutes } from './modules/auth/routes';
import { resolveSupportLinkSecret, writeSupportLinkKeyFile } from './modules/auth/supportLink';
import { registerBatchJobRoutes } from './modules/batchJobs/routes';
import { registerBootstrapRoutes } from './modules/bootstrap/routes';
import { registerCompanyRoutes } from './modules/company/routes';
import { registerElearningRoutes } from './modules/elearnings/routes';
import { registerFileRoutes } from './modules/files/routes';
import { registerInfopointRoutes } from './modules/infopoint/routes';
import { registerInstructionRoutes } from './modules/instructions/routes';
import { registerLicenseeRoutes } from './modules/licensee/routes';
import { registerLocationRoutes } from './modules/locations/routes';
import { registerMemberGroupRoutes } from './modules/memberGroups/routes';
import { registerMemberImportRoutes } from './modules/memberImport/routes';
import { registerMemberRoutes } from './modules/members/routes';
import { registerHealthRoutes } from './modules/operations/health';
import { registerMetrics } from './modules/operations/metrics';
import { registerOrgUnitRoutes } from './modules/orgUnits/routes';
import { registerProfileRoutes } from './modules/profile/routes';
import { registerReminderRoutes } from './modules/reminders/routes';
import { registerRiskAssessmentRoutes } from './modules/riskAssessments/routes';
import { registerScimProtocolRoutes, registerScimSettings } from './modules/scim/routes';
import { SsoProviders } from './modules/sso/providers';
import { registerSsoRoutes } from './modules/sso/routes';
import { registerStartRoutes } from './modules/start/routes';
import { registerTemplateRoutes } from './modules/templates/routes';

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
    /** Outgoing SMS (the provider SMS_URL names, or the outbox), for modules that send SMS (e.g. sendWelcomeSms). */
    sms: SmsSender;
    /** Where course files come from (the course app's listener, courseApp.ts), per dashboard host name. */
    courseOrigin: CourseOrigin;
  }
}

/**
 * A product area as a Fastify plugin of its own (encapsulated): the hooks, content-type parsers and decorations it
 * adds stay within its routes. What the root adds before (error handling, hooks such as onRoute for
 * `registeredRoutes`, the session plugins, decorations such as `mailer`) reaches every area.
 */
function area(name: string, register: (scope: FastifyInstance) => void | Promise<void>) {
  return fastifyPlugin(async (scope: FastifyInstance) => register(scope), { name: `area-${name}`, encapsulate: true });
}

export interface BuildOptions {
  /** Where log lines go instead of standard output (tests read them). */
  logStream?: NodeJS.WritableStream;
}

export async function buildApp(
  config: ServerConfig,
  db: Database,
  options: BuildOptions = {},
): Promise<FastifyInstance> {
  const app = Fastify({
    logger: loggerOptions({ level: config.logLevel, production: config.production, stream: options.logStream }),
    // Every request gets an id (a sane incoming X-Request-Id, else a uuid); logs and the X-Request-Id answer carry it.
    genReqId: requestIdOf,
    requestIdHeader: false,
    bodyLimit: BODY_LIMIT_BYTES,
    trustProxy: config.trustProxy,
    routerOptions: { ignoreTrailingSlash: true },
    // The defaults, stated because they matter: a JSON body with a "__proto__" or "constructor.prototype" key is
    // refused by the parser (400) instead of being stripped or, worse, applied.
    onProtoPoisoning: 'error',
    onConstructorPoisoning: 'error',
    // Malformed percent-encoding and over-long path parameters answer in the error format, not Fastify's own.
    frameworkErrors: answerFrameworkError,
  });
  // Every route with its method, for the authorisation matrix test (it fails when a route has no entry).
  const registeredRoutes: RegisteredRoute[] = [];
  app.decorate('registeredRoutes', registeredRoutes);
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) registeredRoutes.push({ method, url: route.url });
  });
  installErrorHandling(app);
  // Calls of the contract refuse hostile input in registerEndpoint (after the session and permission checks, before
  // the schema); every other route (files, docs, static, not-found) here, so that none of them can answer 500.
  app.addHook('preValidation', async (request) => {
    if (request.routeOptions.config.endpoint === undefined) refuseHostileInput(request);
  });
  await app.register(fastifyCookie);
  await app.register(fastifyCompress, { global: true, threshold: 1024 });
  installRequestIds(app);
  const courseOrigin = new CourseOrigin(config);
  app.decorate('courseOrigin', courseOrigin);
  installSecurityHeaders(app, config, courseOrigin);
  // Operations (docs/operating.md): probes and metrics, outside /api and before the single-page app's fallback. On the
  // root, not an area of its own: the metrics' onResponse hook counts every route's answers.
  registerHealthRoutes(app, db);
  registerMetrics(app, db, config);

  await app.register(fastifySwagger, { mode: 'static', specification: { document: buildOpenApiDocument() as never } });
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs' });

  // The request's session (with permissions and feature flags) and the support audit, for every area's routes.
  await app.register(sessionPlugin, { db });
  await app.register(supportAuditPlugin, { db });
  const mailer = createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom });
  app.decorate('mailer', mailer);
  app.addHook('onClose', async () => mailer.close());
  app.decorate('sms', createSmsSender({ smsUrl: config.smsUrl, production: config.production }));

  // One plugin per product area; each adds its calls through registerEndpoint (see http/route.ts).
  await app.register(area('bootstrap', (scope) => registerBootstrapRoutes(scope, db, config)));
  await app.register(area('files', (scope) => registerFileRoutes(scope, db)));
  // The clients' OpenID providers (discovery kept per configuration): the sign-in and the sign-out both need them.
  const ssoProviders = new SsoProviders(config);
  await app.register(area('auth', (scope) => registerAuthRoutes(scope, db, ssoProviders)));
  await app.register(area('sso', (scope) => registerSsoRoutes(scope, db, ssoProviders)));
  // SCIM: the settings are calls of the contract; the protocol (/scim/v2) has its own content type, bearer tokens and
  // error format, so it is a scope of its own.
  await app.register(area('scim-settings', (scope) => registerScimSettings(scope, db)));
  await app.register(area('scim', (scope) => registerScimProtocolRoutes(scope, db)));
  await app.register(area('account', (scope) => registerAccountRoutes(scope, db, config, mailer)));
  if (config.supportLinkKeyFile && db.kind === 'pglite') {
    // The embedded database serves one process: leave the key where `support-link` finds it while we run.
    writeSupportLinkKeyFile(config.supportLinkKeyFile, await resolveSupportLinkSecret(db, config.supportLinkSecret));
  }
  await app.register(area('profile', (scope) => registerProfileRoutes(scope, db)));
  await app.register(area('members', (scope) => registerMemberRoutes(scope, db, config)));
  await app.register(area('memberGroups', (scope) => registerMemberGroupRoutes(scope, db)));
  await app.register(area('orgUnits', (scope) => registerOrgUnitRoutes(scope, db)));
  await app.register(area('locations', (scope) => registerLocationRoutes(scope, db)));
  await app.register(area('company', (scope) => registerCompanyRoutes(scope, db)));
  await app.register(area('batchJobs', (scope) => registerBatchJobRoutes(scope, db)));
  await app.register(area('memberImport', (scope) => registerMemberImportRoutes(scope, db, config)));
  await app.register(area('elearnings', (scope) => registerElearningRoutes(scope, db, config)));
  await app.register(area('riskAssessments', (scope) => registerRiskAssessmentRoutes(scope, db)));
  await app.register(area('instructions', (scope) => registerInstructionRoutes(scope, db)));
  await app.register(area('start', (scope) => registerStartRoutes(scope, db)));
  await app.register(area('infopoint', (scope) => registerInfopointRoutes(scope, db)));
  await app.register(area('templates', (scope) => registerTemplateRoutes(scope, db)));
  await app.register(area('reminders', (scope) => registerReminderRoutes(scope, db)));
  await app.register(area('licensee', (scope) => registerLicenseeRoutes(scope, db, config)));

  app.setNotFoundHandler((_request, reply) => {
    return reply.status(404).send({ error: { code: 'Route.NotFound' } });
  });
  if (config.serveStatic) await registerStatic(app, config, db);
  return app;
}
