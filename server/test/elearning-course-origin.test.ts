import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config';
import { courseTokenKey, signCourseToken, verifyCourseToken } from '../src/modules/elearnings/courseToken';
import { DEMO_ELEARNINGS, DEMO_MEMBER_TASK } from '../src/seed/elearnings';
import { openCourseOrigin } from './elearning-player-helpers';
import { type Agent, createTestServer, expectError, memberUuid, type TestServer } from './helpers';

/**
 * The course origin (docs/scorm.md "Isolation"): course files on a listener of their own, opened by a signed,
 * short-lived token in the URL path instead of the session, under their own content-security policy, and nothing
 * else there (no API, no dashboard, no cookies).
 */

let server: TestServer;
let member: Agent;
let course: Awaited<ReturnType<typeof openCourseOrigin>>;
const logLines: string[] = [];
let execution: string;
let launchUrl: string;

beforeAll(async () => {
  server = await createTestServer();
  member = await server.login('acme', 'member');
  course = await openCourseOrigin(
    server,
    { logLevel: 'info' },
    {
      logStream: new Writable({
        write(chunk, _encoding, done) {
          logLines.push(String(chunk));
          done();
        },
      }),
    },
  );
  execution = (await member.post('/api/elearning/create-execution', { taskUuid: DEMO_MEMBER_TASK })).json().uuid;
  launchUrl = (await member.post('/api/elearning/read-execution', { uuid: execution })).json().launchUrl;
});

afterAll(async () => {
  await course.close();
  await server.close();
});

const tokenOf = (url: string) => new URL(url).pathname.split('/')[2] ?? '';
const filesUrl = (url: string) => url.replace('/launch/', '/files/');

async function packageOf(elearningUuid: string): Promise<string> {
  const [row] = await server.db.query<{ uuid: string }>('SELECT package_uuid AS uuid FROM elearning WHERE uuid = $1', [
    elearningUuid,
  ]);
  return row?.uuid ?? '';
}

describe('launch URLs', () => {
  it('point at the course origin: another site than the dashboard, the token in the path', async () => {
    expect(launchUrl).toMatch(/^http:\/\/127\.0\.0\.1:8081\/launch\/[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\/index\.html$/);
    const payload = verifyCourseToken(await courseTokenKey(server.db), tokenOf(launchUrl));
    expect(payload).toMatchObject({
      m: await memberUuid(server.db, 'acme', 'member'),
      x: execution,
      p: await packageOf(DEMO_ELEARNINGS.acmeSafetyInstruction),
      o: 'http://localhost',
    });
    // Valid for a few hours, the same within the hour (so the browser's cache of the files keeps working).
    const hours = ((payload?.e ?? 0) * 1000 - Date.now()) / 3_600_000;
    expect(hours).toBeGreaterThanOrEqual(4);
    expect(hours).toBeLessThanOrEqual(5);
    const again = (await member.post('/api/elearning/read-execution', { uuid: execution })).json().launchUrl;
    expect(again).toBe(launchUrl);
  });

  it("the page that asked (its Origin) is the one allowed to frame the course; a licensee's host gets 127.0.0.1 too", async () => {
    const partner = await server.login('initech', 'admin', { host: 'partner.localhost:8080' });
    // initech has no e-learnings: the frame-src of its pages shows the course origin of its host name.
    const page = await partner.get('/api/csrf');
    expect(String(page.headers['content-security-policy'])).toContain("frame-src 'self' http://127.0.0.1:8081");
    const dev = await member.request({
      method: 'POST',
      url: '/api/elearning/read-execution',
      body: { uuid: execution },
      headers: { origin: 'http://localhost:3000' },
    });
    const frame = await course.get(dev.json().launchUrl);
    expect(frame.headers['content-security-policy']).toContain('frame-ancestors http://localhost:3000');
  });
});

describe('the frame page', () => {
  it("holds the cross-frame API for the course, talks to the dashboard page's origin only", async () => {
    const response = await course.get(launchUrl);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.headers['set-cookie']).toBeUndefined();
    expect(response.headers['cache-control']).toBe('no-store');
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain("script-src 'self';");
    expect(csp).toMatch(/(^|; )frame-ancestors http:\/\/localhost(;|$)/);
    expect(csp).toMatch(/style-src 'sha256-[A-Za-z0-9+/=]{44}'/);
    expect(response.headers['x-frame-options']).toBeUndefined();
    expect(response.body).toContain('<html lang="de">');
    expect(response.body).toContain('data-parent-origin="http://localhost"');
    expect(response.body).toContain('data-scorm-version="1.2"');
    expect(response.body).toContain(`data-src="/files/${tokenOf(launchUrl)}/index.html"`);
    for (const script of [...response.body.matchAll(/<script src="([^"]+)"/g)].map((match) => match[1] ?? '')) {
      const loaded = await course.get(script);
      expect(loaded.statusCode, script).toBe(200);
      expect(loaded.headers['content-type']).toMatch(/^text\/javascript/);
    }
    expect((await course.get('/runtime/cross-frame-api.js')).body).toContain('CrossFrameAPI');
    expectError(await course.get('/runtime/other.js'), 404, 'File.NotFound');
  });

  it('answers a launch file that is not in the package like a missing file', async () => {
    expectError(await course.get(launchUrl.replace('index.html', 'missing.html')), 404, 'File.NotFound');
  });
});

describe('course files', () => {
  it('are served with their own policy (HTTPS content hosts), long caching and range requests', async () => {
    const url = filesUrl(launchUrl);
    const full = await course.get(url);
    expect(full.statusCode).toBe(200);
    expect(full.headers['content-type']).toMatch(/^text\/html/);
    expect(full.headers['cache-control']).toBe('private, max-age=31536000, immutable');
    const csp = String(full.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self' 'unsafe-inline' 'unsafe-eval' blob: https:");
    expect(csp).toContain("font-src 'self' data: https:");
    expect(csp).toContain("media-src 'self' data: blob: https:");
    expect(csp).toContain("connect-src 'self' https:");
    expect(csp).toContain("form-action 'none'");
    expect(csp).toMatch(/(^|; )frame-ancestors 'self' http:\/\/localhost(;|$)/);
    const range = await course.get(url, { range: 'bytes=0-14' });
    expect(range.statusCode).toBe(206);
    expect(range.body).toBe('<!doctype html>');
    expect(range.headers['content-range']).toMatch(/^bytes 0-14\/\d+$/);
    expect((await course.get(url, { range: 'bytes=999999-' })).statusCode).toBe(416);
    expect((await course.get(url, { 'if-none-match': String(full.headers.etag) })).statusCode).toBe(304);
    // The course's other files, relative to its launch file: the token is part of the path.
    expect((await course.get(url.replace('index.html', 'course.js'))).statusCode).toBe(200);
  });

  it('COURSE_CONTENT_SOURCES names the hosts instead (a test stand-in for a CDN over http)', async () => {
    const configured = await openCourseOrigin(server, {
      courseContentSources: loadConfig({ COURSE_CONTENT_SOURCES: 'https://cdn.example.com http://localhost:*' })
        .courseContentSources,
    });
    try {
      const csp = String((await configured.get(filesUrl(launchUrl))).headers['content-security-policy']);
      expect(csp).toContain(
        "script-src 'self' 'unsafe-inline' 'unsafe-eval' blob: https://cdn.example.com http://localhost:*",
      );
      expect(csp).not.toContain(' https:;');
    } finally {
      await configured.close();
    }
    for (const wrong of ["https: 'unsafe-hashes'", 'https://a.example;script-src', 'x,y']) {
      expect(() => loadConfig({ COURSE_CONTENT_SOURCES: wrong }), wrong).toThrow(/COURSE_CONTENT_SOURCES/);
    }
  });

  it('refuse a token that is altered, expired or not ours (403), and one that names what it may not open (404)', async () => {
    const token = tokenOf(launchUrl);
    const url = filesUrl(launchUrl);
    const [payload, signature = ''] = token.split('.');
    const flipped = `${payload}.${signature.slice(0, -1)}${signature.endsWith('A') ? 'B' : 'A'}`;
    expectError(await course.get(url.replace(token, flipped)), 403, 'CourseFile.InvalidLink');
    expectError(await course.get(url.replace(token, 'nonsense')), 403, 'CourseFile.InvalidLink');
    const key = await courseTokenKey(server.db);
    const claims = verifyCourseToken(key, token);
    if (!claims) throw new Error('the launch token verifies');
    const { e: _expiry, ...rest } = claims;
    const expired = signCourseToken(key, rest, Date.now() - 6 * 3_600_000);
    expectError(await course.get(url.replace(token, expired)), 403, 'CourseFile.InvalidLink');
    expectError(
      await course.get(url.replace(token, signCourseToken('another key', rest))),
      403,
      'CourseFile.InvalidLink',
    );
    // Signed, but the execution is not this member's, or the package not the execution's (another client's).
    const colleague = await memberUuid(server.db, 'acme', 'admin');
    expectError(
      await course.get(url.replace(token, signCourseToken(key, { ...rest, m: colleague }))),
      404,
      'File.NotFound',
    );
    const foreignPackage = await packageOf(DEMO_ELEARNINGS.globexCargo);
    expectError(
      await course.get(url.replace(token, signCourseToken(key, { ...rest, p: foreignPackage }))),
      404,
      'File.NotFound',
    );
    expectError(await course.get(url.replace('index.html', 'missing.html')), 404, 'File.NotFound');
    // `..` never leaves the package: paths are looked up, not walked.
    expectError(await course.get(url.replace('index.html', '..%2F..%2Findex.html')), 404, 'File.NotFound');
  });

  it('stop with the member: deactivated, the same link opens nothing', async () => {
    const url = filesUrl(launchUrl);
    const uuid = await memberUuid(server.db, 'acme', 'member');
    await server.db.query("UPDATE member SET status = 'inactive' WHERE uuid = $1", [uuid]);
    try {
      expectError(await course.get(url), 404, 'File.NotFound');
    } finally {
      await server.db.query("UPDATE member SET status = 'active' WHERE uuid = $1", [uuid]);
    }
    expect((await course.get(url)).statusCode).toBe(200);
  });
});

describe('the course origin has nothing else', () => {
  it('no API, no dashboard, no cookies: not even with the session cookie', async () => {
    const cookie = [...member.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    for (const path of ['/api/member/state', '/api/csrf', '/', '/dashboard', '/auth/login', '/remotes/mf-auth/x.js']) {
      const response = await course.get(path, { cookie });
      expectError(response, 404, 'Route.NotFound');
      expect(response.headers['set-cookie'], path).toBeUndefined();
      expect(response.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
    }
    const post = await course.app.inject({ method: 'POST', url: '/api/elearning/save-execution', payload: '{}' });
    expect(post.statusCode).toBe(404);
  });

  it('never writes a token into its log', async () => {
    await course.get(filesUrl(launchUrl));
    const lines = logLines.join('');
    expect(lines).toContain('/files/[token]/index.html');
    expect(lines).not.toContain(tokenOf(launchUrl));
  });
});
