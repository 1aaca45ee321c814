import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { AREAS } from '@dash/shared-core';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ServerConfig } from '../config';

/** Content-hashed file names (`main.3f9a1c2b.js`) never change: cache them for a year. */
const HASHED = /\.[0-9a-f]{8,}\.(js|css|woff2?|svg|png)$/;

function cacheHeaders(reply: FastifyReply, filePath: string) {
  if (HASHED.test(filePath)) {
    reply.header('Cache-Control', 'public, max-age=31536000, immutable');
  } else {
    // Manifests, remoteEntry.js and index.html must be fresh so that a deployment takes effect at once.
    reply.header('Cache-Control', 'no-cache');
  }
}

export const SPA_PREFIXES = ['/auth', '/dashboard', '/logout'];

/** Serves the built shell at `/`, each remote at `/remotes/<name>/` and the translations at `/assets/i18n/`. */
export async function registerStatic(app: FastifyInstance, config: ServerConfig): Promise<void> {
  const shellDist = path.join(config.staticRoot, 'shell', 'dist');
  await app.register(fastifyStatic, {
    root: shellDist,
    prefix: '/',
    index: false,
    // Looked up per request, so that a new build is served without a restart.
    wildcard: true,
    setHeaders: cacheHeaders,
  });
  for (const area of AREAS) {
    await app.register(fastifyStatic, {
      root: path.join(config.staticRoot, area.name, 'dist'),
      prefix: `/remotes/${area.name}/`,
      decorateReply: false,
      setHeaders: (reply, filePath) => {
        cacheHeaders(reply, filePath);
        // A shell on another origin (development, or a CDN) may load this remote.
        reply.header('Access-Control-Allow-Origin', '*');
      },
    });
  }
  await app.register(fastifyStatic, {
    root: path.join(config.staticRoot, 'shared-core', 'src', 'i18n', 'locales'),
    prefix: '/assets/i18n/',
    decorateReply: false,
    setHeaders: (reply) => reply.header('Cache-Control', 'no-cache'),
  });

  const indexFile = path.join(shellDist, 'index.html');
  const sendIndex = (reply: FastifyReply) => {
    if (!existsSync(indexFile)) {
      return reply.status(503).type('text/plain').send('The front end is not built yet: run `npm run build`.');
    }
    return reply.header('Cache-Control', 'no-cache').type('text/html').send(readFileSync(indexFile));
  };
  app.get('/', (_request, reply) => sendIndex(reply));
  for (const prefix of SPA_PREFIXES) {
    app.get(prefix, (_request, reply) => sendIndex(reply));
    app.get(`${prefix}/*`, (_request, reply) => sendIndex(reply));
  }
}
