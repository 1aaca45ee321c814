import type { FastifyError, FastifyInstance } from 'fastify';
import { DatabaseUnavailableError } from '../core/db/database';
import { ApiHttpError } from '../core/errors/apiError';

// Areas take the error they throw from here, beside the rest of the transport layer.
export { ApiHttpError, notFound } from '../core/errors/apiError';

/** Maps every failure to the error format; no stack trace or SQL ever reaches a response. */
export function installErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | ApiHttpError, request, reply) => {
    if (error instanceof ApiHttpError) {
      return reply.status(error.statusCode).send({ error: { code: error.code } });
    }
    const fastifyCode = (error as FastifyError).code;
    if (fastifyCode === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      return reply.status(413).send({ error: { code: 'Request.TooLarge' } });
    }
    if (fastifyCode === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
      return reply.status(415).send({ error: { code: 'Request.UnsupportedMediaType' } });
    }
    if (error instanceof DatabaseUnavailableError) {
      // The database is gone for the moment (stopped, network cut): a state that passes, told as such; the pool
      // opens new connections by itself once it is back. Logged without the error's text (it may hold the address).
      // Only the database layer decides (db/database.ts): a refused SMTP connection is not the database.
      request.log.warn('database unavailable');
      return reply.status(503).send({ error: { code: 'Database.Unavailable' } });
    }
    const status = (error as FastifyError).statusCode;
    if (status && status >= 400 && status < 500) {
      // Malformed JSON, empty body with a JSON content type and the like.
      return reply.status(400).send({ error: { code: 'Schema.ValidationFailed' } });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send({ error: { code: 'Generic.InternalError' } });
  });
}
