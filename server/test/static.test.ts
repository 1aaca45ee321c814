import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer } from './helpers';

/**
 * Static hosting on a throw-away static root that looks like a build: the shell's dist and one remote's dist.
 * Hashed assets are cached for good, everything a deployment changes in place is revalidated, bodies are compressed.
 */
let root: string;
let server: TestServer;
const bigScript = `console.log(${JSON.stringify('x'.repeat(4000))});\n`;

beforeAll(async () => {
  root = mkdtempSync(path.join(os.tmpdir(), 'static-root-'));
  const shell = path.join(root, 'shell', 'dist');
  const company = path.join(root, 'mf-company', 'dist');
  const locales = path.join(root, 'shared-core', 'src', 'i18n', 'locales');
  for (const dir of [shell, company, locales]) mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(shell, 'index.html'), '<!doctype html><title>shell</title>');
  writeFileSync(path.join(shell, 'main.3f9a1c2b.js'), bigScript);
  writeFileSync(path.join(company, 'mf-manifest.json'), '{"id":"mf-company"}');
  writeFileSync(path.join(company, 'remoteEntry.js'), bigScript);
  writeFileSync(path.join(company, 'members.0a1b2c3d4e.js'), bigScript);
  writeFileSync(path.join(locales, 'de_DE.json'), '{"hello":"Hallo"}');
  server = await createTestServer({ serveStatic: true, staticRoot: root });
});

afterAll(async () => {
  await server?.close();
  rmSync(root, { recursive: true, force: true });
});

describe('static files', () => {
  it('caches content-hashed assets of the shell and of remotes as immutable for a year', async () => {
    for (const url of ['/main.3f9a1c2b.js', '/remotes/mf-company/members.0a1b2c3d4e.js']) {
      const response = await server.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['cache-control'], url).toBe('public, max-age=31536000, immutable');
    }
  });

  it('revalidates what a deployment replaces in place: index.html, manifests, remoteEntry.js, translations', async () => {
    for (const url of [
      '/',
      '/auth/login',
      '/dashboard/company/members/list',
      '/remotes/mf-company/mf-manifest.json',
      '/remotes/mf-company/remoteEntry.js',
      '/assets/i18n/de_DE.json',
    ]) {
      const response = await server.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['cache-control'], url).toBe('no-cache');
    }
  });

  it('answers every page of the single-page app with index.html', async () => {
    const response = await server.inject({ method: 'GET', url: '/dashboard/start/overview' });
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.body).toContain('<title>shell</title>');
  });

  it('compresses what the browser accepts compressed', async () => {
    const gzip = await server.inject({
      method: 'GET',
      url: '/remotes/mf-company/remoteEntry.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gzip.rawPayload.length).toBeLessThan(bigScript.length / 10);
    const brotli = await server.inject({
      method: 'GET',
      url: '/main.3f9a1c2b.js',
      headers: { 'accept-encoding': 'br' },
    });
    expect(brotli.headers['content-encoding']).toBe('br');
  });

  it('lets a shell on another origin load a remote (CORS on remote files)', async () => {
    const response = await server.inject({ method: 'GET', url: '/remotes/mf-company/mf-manifest.json' });
    expect(response.headers['access-control-allow-origin']).toBe('*');
  });

  it('does not serve files outside the build folders', async () => {
    const response = await server.inject({ method: 'GET', url: '/remotes/mf-company/..%2f..%2fpackage.json' });
    expect(response.statusCode).toBe(404);
  });
});
