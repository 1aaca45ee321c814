import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scriptSafeJson } from '../src/http/static';
import { createTestServer, type TestServer } from './helpers';

/**
 * Static hosting on a throw-away static root that looks like a build: the shell's dist and one remote's dist.
 * Hashed assets are cached for good, everything a deployment changes in place is revalidated, bodies are compressed.
 */
let root: string;
let server: TestServer;
const bigScript = `console.log(${JSON.stringify('x'.repeat(4000))});\n`;
const SECRET = 'secret outside the served folders';
const INSIDE = 'a file inside the remote';

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
  // What a production build writes beside its scripts (tools/rspack/precompress.mjs); marked, so that a test can
  // tell the copy that was sent from a body compressed per response.
  writeFileSync(path.join(company, 'precompressed.0a1b2c3d4e.js'), bigScript);
  writeFileSync(path.join(company, 'precompressed.0a1b2c3d4e.js.gz'), gzipSync(`${bigScript}// gz copy\n`));
  writeFileSync(path.join(company, 'precompressed.0a1b2c3d4e.js.br'), brotliCompressSync(`${bigScript}// br copy\n`));
  writeFileSync(path.join(locales, 'de_DE.json'), '{"hello":"Hallo"}');
  mkdirSync(path.join(company, 'assets'));
  writeFileSync(path.join(company, 'inside.txt'), INSIDE);
  // Real files outside every served folder: what a path traversal would reach.
  writeFileSync(path.join(root, 'secret.txt'), SECRET);
  writeFileSync(path.join(root, 'shell', 'secret-in-shell.txt'), SECRET);
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

  /** The boot data element of an index.html answer, parsed. */
  function bootDataOf(body: string): {
    licensee: { licenseeIdentifier: string } | null;
    remotes: Array<{ name: string; audience?: string }>;
    hasSessionCookie: boolean;
    sessionKind: string | null;
  } {
    const match = /<script type="application\/json" id="dash-boot">(.*?)<\/script>/s.exec(body);
    if (!match?.[1]) throw new Error(`no boot data in ${body.slice(0, 300)}`);
    return JSON.parse(match[1]);
  }

  it('writes the licensee, the remote list and whether a session cookie came into index.html', async () => {
    const visitor = await server.inject({ method: 'GET', url: '/auth/login/acme' });
    const data = bootDataOf(visitor.body);
    expect(data.hasSessionCookie).toBe(false);
    expect(data.licensee?.licenseeIdentifier).toBeTruthy();
    expect(data.remotes.map((remote) => remote.name)).toContain('mf-auth');
    expect(visitor.headers.vary).toMatch(/cookie/i);
    const member = await server.inject({
      method: 'GET',
      url: '/dashboard/start/overview',
      cookies: { SESSION: 'whatever' },
    });
    expect(bootDataOf(member.body).hasSessionCookie).toBe(true);
    expect(bootDataOf(member.body).sessionKind).toBe('member');
    expect(data.sessionKind).toBeNull();
    // A licensee staff token: the shell asks for the licensee state only, and knows the console is licensee staff's.
    const staff = await server.inject({
      method: 'GET',
      url: '/dashboard/licensee/clients',
      cookies: { SESSION: 'lic.whatever' },
    });
    expect(bootDataOf(staff.body).sessionKind).toBe('licensee');
    expect(data.remotes.find((remote) => remote.name === 'mf-licensee')?.audience).toBe('licensee');
  });

  it('preloads the sign-in area only on sign-in pages, never a signed-in area', async () => {
    const signIn = await server.inject({ method: 'GET', url: '/auth/login' });
    expect(signIn.body).toContain('<link rel="preload" href="/remotes/mf-auth/mf-manifest.json"');
    expect(signIn.body).toContain('<link rel="preload" href="/remotes/mf-auth/remoteEntry.js" as="script">');
    const start = await server.inject({ method: 'GET', url: '/dashboard/start/overview' });
    expect(start.body).not.toContain('<link rel="preload" href="/remotes/');
  });

  it('preloads the common translations of the browser language', async () => {
    for (const [acceptLanguage, file] of [
      ['en-US,en;q=0.9,de;q=0.8', 'en_GB'],
      ['de-DE,de;q=0.9', 'de_DE'],
      ['fr-FR', 'de_DE'],
      ['', 'de_DE'],
    ]) {
      const response = await server.inject({
        method: 'GET',
        url: '/auth/login',
        headers: acceptLanguage ? { 'accept-language': acceptLanguage } : {},
      });
      expect(response.body, acceptLanguage).toContain(`<link rel="preload" href="/assets/i18n/${file}.json"`);
    }
  });

  it('writes JSON that no value can break out of its script element', () => {
    const hostile = { name: '</script><script>alert(1)</script><!--', line: '\u2028' };
    const text = scriptSafeJson(hostile);
    expect(text).not.toContain('<');
    expect(text).not.toContain('\u2028');
    expect(JSON.parse(text)).toEqual(hostile);
  });

  it('answers a hostile host name without a 5xx', async () => {
    // The host decides the licensee; an unknown host gets the default one, and nothing of it can close the script.
    const response = await server.inject({
      method: 'GET',
      url: '/auth/login',
      headers: { host: 'x</script><script>alert(1)</script>.example' },
    });
    expect(response.statusCode).toBeLessThan(500);
    if (response.statusCode === 200) {
      expect(response.body).not.toContain('<script>alert(1)');
      bootDataOf(response.body);
    }
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

  describe('compressed copies written by the build', () => {
    const url = '/remotes/mf-company/precompressed.0a1b2c3d4e.js';
    const file = (suffix: string) =>
      readFileSync(path.join(root, 'mf-company', 'dist', `precompressed.0a1b2c3d4e.js${suffix}`));
    const get = (headers: Record<string, string>) => server.inject({ method: 'GET', url, headers });

    it('sends the gzip or brotli copy as it is, by Accept-Encoding, with its own length', async () => {
      for (const [acceptEncoding, suffix, encoding, decode] of [
        ['gzip, deflate', '.gz', 'gzip', gunzipSync],
        ['gzip, deflate, br', '.br', 'br', brotliDecompressSync],
      ] as const) {
        const response = await get({ 'accept-encoding': acceptEncoding });
        expect(response.statusCode, acceptEncoding).toBe(200);
        expect(response.headers['content-encoding'], acceptEncoding).toBe(encoding);
        expect(response.rawPayload.equals(file(suffix)), acceptEncoding).toBe(true);
        expect(decode(response.rawPayload).toString(), acceptEncoding).toContain(`// ${suffix.slice(1)} copy`);
        expect(Number(response.headers['content-length']), acceptEncoding).toBe(file(suffix).length);
        expect(response.headers['content-type'], acceptEncoding).toMatch(/^application\/javascript|^text\/javascript/);
        expect(response.headers.vary, acceptEncoding).toMatch(/accept-encoding/i);
        expect(response.headers['access-control-allow-origin'], acceptEncoding).toBe('*');
        // Cached like the file it is a copy of.
        expect(response.headers['cache-control'], acceptEncoding).toBe('public, max-age=31536000, immutable');
      }
    });

    it('sends the file itself to a client that accepts no compression, still varying by Accept-Encoding', async () => {
      const response = await get({ 'accept-encoding': 'identity' });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-encoding'] ?? 'identity').toBe('identity');
      expect(response.body).toBe(bigScript);
      expect(response.headers.vary).toMatch(/accept-encoding/i);
    });

    it('gives each copy an ETag of its own, revalidates it, and answers ranges of the copy sent', async () => {
      const gzip = await get({ 'accept-encoding': 'gzip' });
      const brotli = await get({ 'accept-encoding': 'br' });
      expect(gzip.headers.etag).toBeTruthy();
      expect(gzip.headers.etag).not.toBe(brotli.headers.etag);
      const revalidated = await get({ 'accept-encoding': 'gzip', 'if-none-match': String(gzip.headers.etag) });
      expect(revalidated.statusCode).toBe(304);
      const range = await get({ 'accept-encoding': 'gzip', range: 'bytes=0-9' });
      expect(range.statusCode).toBe(206);
      expect(range.headers['content-encoding']).toBe('gzip');
      expect(range.headers['content-range']).toBe(`bytes 0-9/${file('.gz').length}`);
      expect(range.rawPayload.equals(file('.gz').subarray(0, 10))).toBe(true);
    });
  });

  it('lets a shell on another origin load a remote (CORS on remote files)', async () => {
    const response = await server.inject({ method: 'GET', url: '/remotes/mf-company/mf-manifest.json' });
    expect(response.headers['access-control-allow-origin']).toBe('*');
  });

  // The secret sits in the static root, one folder above the remote's dist and two above the translations.
  const TRAVERSALS = [
    '/remotes/mf-company/../secret.txt',
    '/remotes/mf-company/..%2fsecret.txt',
    '/remotes/mf-company/..%2f..%2fsecret.txt',
    '/remotes/mf-company/%2e%2e/secret.txt',
    '/remotes/mf-company/%2e%2e%2f%2e%2e%2fsecret.txt',
    '/remotes/mf-company/..%5csecret.txt',
    '/remotes/mf-company/%252e%252e%252fsecret.txt',
    '/remotes/mf-company/....//secret.txt',
    '/remotes/mf-company/assets/..%2f..%2f..%2fsecret.txt',
    '/..%2fsecret.txt',
    '/%2e%2e/secret.txt',
    '/..%2f..%2fsecret.txt',
    '/assets/i18n/..%2f..%2f..%2f..%2fsecret.txt',
    '/assets/i18n/%2e%2e%2f%2e%2e%2f%2e%2e%2f..%2fsecret.txt',
    '/remotes/mf-company/..%2f..%2fshell/dist/secret-in-shell.txt',
  ];

  it('serves a file that is inside a build folder', async () => {
    // The control for the traversal test below: a plain text file is served when it is inside.
    for (const url of ['/remotes/mf-company/inside.txt']) {
      const response = await server.inject({ method: 'GET', url });
      expect(`${url} ${response.statusCode} ${response.body}`).toBe(`${url} 200 ${INSIDE}`);
    }
  });

  it('does not serve a file outside the build folders, however the path climbs out', async () => {
    // Proves the file is real: read from disk, not through the server.
    expect(readFileSync(path.join(root, 'secret.txt'), 'utf8')).toBe(SECRET);
    for (const url of TRAVERSALS) {
      const response = await server.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBeGreaterThanOrEqual(400);
      expect(response.statusCode, url).toBeLessThan(500);
      expect(response.body, url).not.toContain(SECRET);
    }
  });

  it('never answers 5xx to hostile paths and queries', async () => {
    const answers: string[] = [];
    for (const base of ['/', '/remotes/mf-company/', '/assets/i18n/', '/dashboard/', '/auth/']) {
      for (const tail of ['%00', 'a%00b.js', '%', '%E0%A4%A', 'x'.repeat(5000), 'main.3f9a1c2b.js?x=%00&__proto__=1']) {
        const response = await server.inject({ method: 'GET', url: `${base}${tail}` });
        if (response.statusCode >= 500) answers.push(`${base}${tail.slice(0, 40)}: ${response.statusCode}`);
      }
    }
    expect(answers).toEqual([]);
  });
});
