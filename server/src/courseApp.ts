import fastifyCompress from '@fastify/compress';
import Fastify, { type FastifyInstance } from 'fastify';
import type { BuildOptions } from './app';
import type { ServerConfig } from './config';
import type { Database } from './core/db/database';
import { installErrorHandling } from './http/errors';
import { answerFrameworkError, refuseHostileInput } from './http/hostileInput';
import { installRequestIds, loggerOptions, requestIdOf } from './http/requestLogging';
import { installCourseOriginHeaders } from './http/securityHeaders';
import { maskCourseTokens, registerCourseOriginRoutes } from './modules/elearnings/routes/courseFiles';

/**
 * The second listener of the server: the course origin (COURSE_PORT, or COURSE_ORIGIN behind a proxy). It serves
 * SCORM course files and the frame page around them and nothing else: no API, no dashboard, no cookies
 * (docs/scorm.md "Isolation").
 */
export async function buildCourseApp(
  config: ServerConfig,
  db: Database,
  options: BuildOptions = {},
): Promise<FastifyInstance> {
  const app = Fastify({
    logger: loggerOptions({
      level: config.logLevel,
      production: config.production,
      stream: options.logStream,
      maskPath: maskCourseTokens,
    }),
    genReqId: requestIdOf,
    requestIdHeader: false,
    // Only GET requests: no body is ever read.
    bodyLimit: 1024,
    trustProxy: config.trustProxy,
    // The token is a path segment of a few hundred characters.
    routerOptions: { maxParamLength: 2000 },
    frameworkErrors: answerFrameworkError,
  });
  installErrorHandling(app);
  app.addHook('preValidation', async (request) => refuseHostileInput(request));
  await app.register(fastifyCompress, { global: true, threshold: 1024 });
  installRequestIds(app);
  installCourseOriginHeaders(app);
  registerCourseOriginRoutes(app, db, { contentSources: config.courseContentSources });
  app.setNotFoundHandler((_request, reply) => reply.status(404).send({ error: { code: 'Route.NotFound' } }));
  return app;
}
