import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Database } from '../../core/db/database';
import { ApiHttpError } from '../../http/errors';

const paramsSchema = z.object({
  context: z.enum(['licensee']),
  type: z.string().max(40),
  uuid: z.uuid(),
  filename: z.string().max(200),
});

/**
 * GET /api/file/{context}/{type}/{uuid}/{filename}. Licensee images are public (the sign-in page shows them);
 * client files (certificates, attachments) will check the session's client here when they arrive.
 */
export function registerFileRoutes(app: FastifyInstance, db: Database): void {
  app.get('/api/file/:context/:type/:uuid/:filename', async (request, reply) => {
    const params = paramsSchema.safeParse(request.params);
    if (!params.success) throw new ApiHttpError(404, 'File.NotFound');
    const rows = await db.query<{ content: Uint8Array; content_type: string }>(
      'SELECT content, content_type FROM file WHERE uuid = $1 AND context = $2 AND type = $3 AND client_uuid IS NULL',
      [params.data.uuid, params.data.context, params.data.type],
    );
    const file = rows[0];
    if (!file) throw new ApiHttpError(404, 'File.NotFound');
    return reply
      .header('Content-Type', file.content_type)
      .header('Cache-Control', 'public, max-age=3600')
      .header('X-Content-Type-Options', 'nosniff')
      .send(Buffer.from(file.content));
  });
}
