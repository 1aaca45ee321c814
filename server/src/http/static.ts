import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { AREAS, BOOT_DATA_ELEMENT_ID, type BootData, languageOfBrowserTag } from '@dash/shared-core';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ServerConfig } from '../config';
import type { Database } from '../core/db/database';
import { licenseeForHost, toLicenseeConfig } from '../core/licensees/licensees';
import { remotesForPage } from '../core/releases/remotes';
import { SESSION_COOKIE, sessionKindOfToken } from './cookies';
import { hostNameOf } from './hostName';

/** Content-hashed file names (`main.3f9a1c2b.js`) never change: cache them for a year. */
const HASHED = /\.[0-9a-f]{8,}\.(js|css|woff2?|svg|png)$/;

/** What a build writes beside its JS and CSS files (tools/rspack/precompress.mjs), sent by Accept-Encoding. */
const PRECOMPRESSED_COPY = /\.(gz|br)$/;

function cacheHeaders(reply: FastifyReply, filePath: string) {
  // A compressed copy is cached like the file it is a copy of.
  if (HASHED.test(filePath.replace(PRECOMPRESSED_COPY, ''))) {
    reply.header('Cache-Control', 'public, max-age=31536000, immutable');
  } else {
    // Manifests, remoteEntry.js and index.html must be fresh so that a deployment takes effect at once.
    reply.header('Cache-Control', 'no-cache');
  }
}

// /verify: the public certificate check (the shell's own page).
export const SPA_PREFIXES = ['/auth', '/dashboard', '/logout', '/verify'];

/** JSON inside <script>: `<` escaped so that no value can close the element (or open a comment). */
export function scriptSafeJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/**
 * What index.html gets before </head> (the first paint should not wait for the whole chain):
 *   - the boot data (licensee of this host, remote list, session cookie or not) as non-executing JSON, which saves
 *     the shell two calls and a visitor the member state call;
 *   - on the sign-in pages, preload hints for the public sign-in area's manifest and remote entry, which the
 *     browser then fetches while the shell's own code loads. Only the public area: a signed-in member's areas depend
 *     on switched-off areas and permissions, and those are never downloaded.
 */
function headAdditions(request: FastifyRequest, bootData: BootData): string {
  // The common translations the shell will fetch first: the browser's first language, as initialLanguage() picks
  // it (a device that last chose the other language fetches that one too; a few KB).
  const firstTag = String(request.headers['accept-language'] ?? '').split(',')[0] ?? '';
  const language = languageOfBrowserTag(firstTag.split(';')[0] ?? '');
  const parts = [
    `<script type="application/json" id="${BOOT_DATA_ELEMENT_ID}">${scriptSafeJson(bootData)}</script>`,
    `<link rel="preload" href="/assets/i18n/${language}.json" as="fetch" crossorigin="anonymous">`,
  ];
  const path = request.url.split('?')[0] ?? '';
  if (path === '/auth' || path.startsWith('/auth/')) {
    const auth = bootData.remotes.find((remote) => remote.public);
    // Preloads only the same-origin default; a remote moved elsewhere (REMOTE_URL_*) keeps its plain load.
    if (auth?.manifestUrl.startsWith('/remotes/')) {
      const base = auth.manifestUrl.slice(0, auth.manifestUrl.lastIndexOf('/') + 1);
      parts.push(
        `<link rel="preload" href="${auth.manifestUrl}" as="fetch" crossorigin="anonymous">`,
        `<link rel="preload" href="${base}remoteEntry.js" as="script">`,
      );
    }
  }
  return parts.join('');
}

/**
 * Serves the built shell at `/`, each remote at `/remotes/<name>/` and the translations at `/assets/i18n/`.
 * The builds' JS and CSS files come with gzip and brotli copies (`preCompressed`): a browser that accepts one gets it
 * as it is, with `Vary: Accept-Encoding` and that copy's length and ETag (ranges are ranges of that copy); anything
 * else, and every file without copies, is compressed per response by @fastify/compress (app.ts).
 */
export async function registerStatic(app: FastifyInstance, config: ServerConfig, db: Database): Promise<void> {
  const shellDist = path.join(config.staticRoot, 'shell', 'dist');
  await app.register(fastifyStatic, {
    root: shellDist,
    prefix: '/',
    index: false,
    // Looked up per request, so that a new build is served without a restart.
    wildcard: true,
    preCompressed: true,
    setHeaders: cacheHeaders,
  });
  for (const area of AREAS) {
    await app.register(fastifyStatic, {
      root: path.join(config.staticRoot, area.name, 'dist'),
      prefix: `/remotes/${area.name}/`,
      decorateReply: false,
      preCompressed: true,
      setHeaders: (reply, filePath) => {
        cacheHeaders(reply, filePath);
        // A shell on another origin (development, or a CDN) may load this remote.
        reply.header('Access-Control-Allow-Origin', '*');
      },
    });
  }
  // The release store (docs/releases.md): a release folder never changes (its id ends in its files' hash), so each of
  // its files, manifest included, is cached for good. A store on a static origin of its own (RELEASE_BASE_URL) is
  // served there instead.
  if (config.releaseBaseUrl === '/releases') {
    mkdirSync(config.releaseStoreDir, { recursive: true });
    await app.register(fastifyStatic, {
      root: config.releaseStoreDir,
      prefix: '/releases/',
      decorateReply: false,
      preCompressed: true,
      // Hidden folders are releases still being copied in.
      dotfiles: 'deny',
      setHeaders: (reply) => {
        reply.header('Cache-Control', 'public, max-age=31536000, immutable');
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
  const sendIndex = async (request: FastifyRequest, reply: FastifyReply) => {
    if (!existsSync(indexFile)) {
      return reply.status(503).type('text/plain').send('The front end is not built yet: run `npm run build`.');
    }
    const licensee = await licenseeForHost(db, hostNameOf(request));
    const sessionToken = request.cookies[SESSION_COOKIE];
    const bootData: BootData = {
      licensee: licensee ? toLicenseeConfig(licensee, config.supportChatScriptUrl) : null,
      // The releases chosen for this session's client (or licensee), docs/releases.md.
      remotes: await remotesForPage(db, config, { sessionToken, hostLicenseeUuid: licensee?.uuid ?? null }),
      hasSessionCookie: Boolean(sessionToken),
      sessionKind: sessionKindOfToken(request.cookies[SESSION_COOKIE]),
    };
    const html = readFileSync(indexFile, 'utf8');
    const additions = headAdditions(request, bootData);
    const body = html.includes('</head>') ? html.replace('</head>', `${additions}</head>`) : `${html}${additions}`;
    // Differs by host and by session cookie: revalidated every time, and caches key it by the cookie too.
    return reply
      .header('Cache-Control', 'no-cache')
      .header('Vary', 'Cookie, Accept-Language')
      .type('text/html')
      .send(body);
  };
  app.get('/', sendIndex);
  for (const prefix of SPA_PREFIXES) {
    app.get(prefix, sendIndex);
    app.get(`${prefix}/*`, sendIndex);
  }
}
