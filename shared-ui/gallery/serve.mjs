import { existsSync, readFileSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import path from 'node:path';
import { buildGallery } from './build.mjs';

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.svg': 'image/svg+xml',
};

/**
 * Serves a built gallery folder; unknown paths answer index.html (table state lives in the query). `POST /upload`
 * answers like an upload endpoint would, so that the upload block can be tried: a file whose name contains "fail"
 * is refused with an error code.
 */
export function startGalleryServer(dist, port = 0) {
  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://localhost');
    if (request.method === 'POST' && url.pathname === '/upload') {
      let body = '';
      request.setEncoding('latin1');
      request.on('data', (chunk) => {
        body += chunk;
      });
      request.on('end', () => {
        const failed = /filename="[^"]*fail[^"]*"/.test(body);
        response.writeHead(failed ? 400 : 200, { 'Content-Type': 'application/json' });
        response.end(JSON.stringify(failed ? { error: { code: 'File.StreamFailed' } } : { ok: true }));
      });
      return;
    }
    const file = path.join(dist, path.normalize(decodeURIComponent(url.pathname)).replace(/^([/\\])+/, ''));
    const target =
      file.startsWith(dist) && existsSync(file) && statSync(file).isFile() ? file : path.join(dist, 'index.html');
    response.writeHead(200, { 'Content-Type': TYPES[path.extname(target)] ?? 'application/octet-stream' });
    response.end(readFileSync(target));
  });
  return new Promise((resolve) => server.listen(port, '127.0.0.1', () => resolve(server)));
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const dist = await buildGallery();
  const server = await startGalleryServer(dist, Number(process.env.PORT ?? 4400));
  console.log(`Gallery: http://localhost:${server.address().port}/`);
}
