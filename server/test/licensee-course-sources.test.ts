/**
 * Course content sources per licensee (issue 28, docs/scorm.md "Policies"): the licensee console reads and sets the
 * content hosts its clients' SCORM courses may load from (null: the server's default, COURSE_CONTENT_SOURCES); the
 * course origin's policy uses the list of the course's client's licensee; a launch URL names the list it was made
 * with, so a change gives the next launch new URLs. Admins change it, advisers read it, client members have no
 * licensee session, and one licensee's list never reaches another's courses.
 */
import type { LicenseeCourseSources } from '@dash/shared-core/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config';
import { courseSourcesFingerprint, courseTokenKey, verifyCourseToken } from '../src/modules/elearnings/courseToken';
import { DEMO_MEMBER_TASK } from '../src/seed/elearnings';
import { openCourseOrigin } from './elearning-player-helpers';
import { type Agent, createTestServer, expectError, type TestServer } from './helpers';

let server: TestServer;
let dashboardAdmin: Agent;
let partnerAdmin: Agent;
let adviser: Agent;
let member: Agent;
let course: Awaited<ReturnType<typeof openCourseOrigin>>;
let execution: string;

beforeAll(async () => {
  server = await createTestServer();
  dashboardAdmin = await server.licenseeLogin('dashboard', 'lizenz.admin');
  partnerAdmin = await server.licenseeLogin('safeguard', 'partner.admin', { host: 'partner.localhost' });
  adviser = await server.licenseeLogin('dashboard', 'berater');
  // acme is a client of the default licensee "Dashboard".
  member = await server.login('acme', 'member');
  course = await openCourseOrigin(server);
  execution = (await member.post('/api/elearning/create-execution', { taskUuid: DEMO_MEMBER_TASK })).json().uuid;
});

afterAll(async () => {
  await course?.close();
  await server?.close();
});

const PATH = '/api/licensee/course-sources';
const UPDATE = '/api/licensee/course-sources/update';

async function read(agent: Agent): Promise<LicenseeCourseSources> {
  const response = await agent.get(PATH);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as LicenseeCourseSources;
}

async function update(agent: Agent, sources: string[] | null): Promise<LicenseeCourseSources> {
  const response = await agent.post(UPDATE, { sources });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as LicenseeCourseSources;
}

const storedLists = () =>
  server.db.query<{ identifier: string; course_content_sources: string[] | null }>(
    'SELECT identifier, course_content_sources FROM licensee ORDER BY identifier',
  );

const auditRows = (action: string) =>
  server.db.query<{ before: unknown; after: unknown; identifier: string; staff_name: string }>(
    `SELECT a.before, a.after, l.identifier, a.staff_name FROM licensee_audit_log a
       JOIN licensee l ON l.uuid = a.licensee_uuid WHERE a.action = $1 ORDER BY a.id`,
    [action],
  );

/** The member's launch URL now (read-execution signs a new token with the licensee's list of this moment). */
async function launchUrl(): Promise<string> {
  const response = await member.post('/api/elearning/read-execution', { uuid: execution });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().launchUrl as string;
}

const tokenOf = (url: string) => new URL(url).pathname.split('/')[2] ?? '';

/** The policies of the frame page and of the course's launch file under a launch URL. */
async function policiesOf(url: string): Promise<{ frame: string; file: string }> {
  const frame = await course.get(url);
  expect(frame.statusCode, frame.body).toBe(200);
  const file = await course.get(url.replace('/launch/', '/files/'));
  expect(file.statusCode, file.body).toBe(200);
  return {
    frame: String(frame.headers['content-security-policy']),
    file: String(file.headers['content-security-policy']),
  };
}

describe('reading and setting the list', () => {
  it("starts at the server's default: every seeded licensee's list is NULL (migration 035)", async () => {
    expect((await storedLists()).map((row) => row.course_content_sources)).toEqual([null, null]);
    expect(await read(dashboardAdmin)).toEqual({ sources: null, serverDefault: ['https:'], effective: ['https:'] });
  });

  it('the adviser reads but does not change it; a client member has no licensee session', async () => {
    expect((await read(adviser)).sources).toBeNull();
    expectError(await adviser.post(UPDATE, { sources: ['https://cdn.vendor.example'] }), 403, 'Auth.Forbidden');
    const clientAdmin = await server.login('acme', 'admin');
    expectError(await clientAdmin.get(PATH), 401, 'Auth.Unauthorized');
    expectError(await clientAdmin.post(UPDATE, { sources: ['https://cdn.vendor.example'] }), 401, 'Auth.Unauthorized');
    expectError(await server.anonymous().then((agent) => agent.get(PATH)), 401, 'Auth.Unauthorized');
    expect((await storedLists()).map((row) => row.course_content_sources)).toEqual([null, null]);
    expect(await auditRows('course-sources.update')).toEqual([]);
  });

  it('an admin sets the list (trimmed, blank entries out, scheme and host in lower case, once each), recorded in the audit', async () => {
    const answer = await update(dashboardAdmin, [
      ' https://CDN.Vendor.example/Courses/ ',
      '',
      'https://*.fonts.example',
      'https://cdn.vendor.example/Courses/',
    ]);
    expect(answer).toEqual({
      sources: ['https://cdn.vendor.example/Courses/', 'https://*.fonts.example'],
      serverDefault: ['https:'],
      effective: ['https://cdn.vendor.example/Courses/', 'https://*.fonts.example'],
    });
    expect((await read(adviser)).sources).toEqual(answer.sources);
    const [entry, ...more] = await auditRows('course-sources.update');
    expect(more).toEqual([]);
    expect(entry).toMatchObject({
      identifier: 'dashboard',
      before: { sources: null },
      after: { sources: ['https://cdn.vendor.example/Courses/', 'https://*.fonts.example'] },
    });
    // Saving it unchanged is no change: no second entry.
    await update(dashboardAdmin, ['https://cdn.vendor.example/Courses/', 'https://*.fonts.example']);
    expect(await auditRows('course-sources.update')).toHaveLength(1);
  });

  it('refuses entries that are not https sources (400 CourseSources.Invalid) and more than 20 (CourseSources.TooMany), changing nothing', async () => {
    const before = await storedLists();
    const audits = (await auditRows('course-sources.update')).length;
    for (const wrong of [
      '*',
      'https://*',
      'https://*.example',
      'data:',
      'blob:',
      'http:',
      'http://cdn.vendor.example',
      'http://localhost:*',
      "'self'",
      "'unsafe-inline'",
      "'unsafe-eval'",
      '"https://cdn.vendor.example"',
      'https://cdn.vendor.example; script-src *',
      'https://cdn.vendor.example;',
      'https://a.example https://b.example',
      'https://a.example,https://b.example',
      'cdn.vendor.example',
      'javascript:alert(1)',
      `https://${'a'.repeat(200)}.example`,
    ]) {
      expectError(
        await dashboardAdmin.post(UPDATE, { sources: ['https://ok.example', wrong] }),
        400,
        'CourseSources.Invalid',
      );
    }
    const many = Array.from({ length: 21 }, (_, index) => `https://cdn${index}.vendor.example`);
    expectError(await dashboardAdmin.post(UPDATE, { sources: many }), 400, 'CourseSources.TooMany');
    // 20 are fine (the list is put back below).
    expect((await update(dashboardAdmin, many.slice(0, 20))).sources).toHaveLength(20);
    await update(dashboardAdmin, before.find((row) => row.identifier === 'dashboard')?.course_content_sources ?? null);
    // Shapes the contract refuses.
    for (const body of [{}, { sources: 'https:' }, { sources: [1] }, { sources: null, licenseeUuid: 'x' }]) {
      expectError(await dashboardAdmin.post(UPDATE, body), 400, 'Schema.ValidationFailed');
    }
    expect(await storedLists()).toEqual(before);
    expect(await auditRows('course-sources.update')).toHaveLength(audits + 2);
  });

  it("another licensee's admin reads and changes only its own list", async () => {
    expect((await read(partnerAdmin)).sources).toBeNull();
    await update(partnerAdmin, ['https://cdn.partner.example']);
    expect((await read(partnerAdmin)).sources).toEqual(['https://cdn.partner.example']);
    expect((await read(dashboardAdmin)).sources).toEqual([
      'https://cdn.vendor.example/Courses/',
      'https://*.fonts.example',
    ]);
    const partnerEntries = (await auditRows('course-sources.update')).filter((row) => row.identifier === 'safeguard');
    expect(partnerEntries).toMatchObject([
      { before: { sources: null }, after: { sources: ['https://cdn.partner.example'] } },
    ]);
  });
});

describe("the course origin's policy", () => {
  it("uses the licensee's list for its clients' courses (frame page and files), never another licensee's", async () => {
    const url = await launchUrl();
    const { frame, file } = await policiesOf(url);
    const hosts = 'https://cdn.vendor.example/Courses/ https://*.fonts.example';
    expect(file).toContain(`script-src 'self' 'unsafe-inline' 'unsafe-eval' blob: ${hosts};`);
    expect(file).toContain(`connect-src 'self' ${hosts};`);
    expect(file).toContain(`font-src 'self' data: ${hosts};`);
    expect(file).not.toMatch(/ https:(;| |$)/);
    expect(frame).toContain(`frame-src 'self' ${hosts};`);
    // The partner's list is the partner's clients' only.
    expect(file).not.toContain('cdn.partner.example');
    // The token names the list it was made with.
    const payload = verifyCourseToken(await courseTokenKey(server.db), tokenOf(url));
    expect(payload?.s).toBe(
      courseSourcesFingerprint(['https://cdn.vendor.example/Courses/', 'https://*.fonts.example']),
    );
  });

  it('a changed list applies from the next launch: new URLs (so no cached file is reused), the new policy', async () => {
    const before = await launchUrl();
    expect(await launchUrl()).toBe(before);
    await update(dashboardAdmin, ['https://media.vendor.example']);
    const after = await launchUrl();
    expect(after).not.toBe(before);
    const { file } = await policiesOf(after);
    expect(file).toContain("connect-src 'self' https://media.vendor.example;");
    expect(file).not.toContain('cdn.vendor.example');
  });

  it('an empty list allows no content host; null gives the server default back (and the plain token)', async () => {
    await update(dashboardAdmin, []);
    const { file, frame } = await policiesOf(await launchUrl());
    expect(file).toContain("connect-src 'self';");
    expect(file).toContain("script-src 'self' 'unsafe-inline' 'unsafe-eval' blob:;");
    expect(frame).toContain("frame-src 'self';");
    await update(dashboardAdmin, null);
    const url = await launchUrl();
    expect((await policiesOf(url)).file).toContain("connect-src 'self' https:;");
    expect(verifyCourseToken(await courseTokenKey(server.db), tokenOf(url))?.s).toBeUndefined();
    // A server with its own default (COURSE_CONTENT_SOURCES) serves that one to licensees without a list.
    const configured = await openCourseOrigin(server, {
      courseContentSources: loadConfig({ COURSE_CONTENT_SOURCES: 'https://cdn.operator.example' }).courseContentSources,
    });
    try {
      const csp = String((await configured.get(url.replace('/launch/', '/files/'))).headers['content-security-policy']);
      expect(csp).toContain("connect-src 'self' https://cdn.operator.example;");
    } finally {
      await configured.close();
    }
  });

  it('COURSE_CONTENT_SOURCES is checked by the same rule (plain http only to the own machine)', () => {
    expect(loadConfig({ COURSE_CONTENT_SOURCES: 'https://A.example http://localhost:*' }).courseContentSources).toEqual(
      ['https://a.example', 'http://localhost:*'],
    );
    for (const wrong of ['*', 'http:', 'http://cdn.example', "'unsafe-inline'", 'data:', 'https://a.example;x']) {
      expect(() => loadConfig({ COURSE_CONTENT_SOURCES: wrong }), wrong).toThrow(/COURSE_CONTENT_SOURCES/);
    }
    const many = Array.from({ length: 21 }, (_, index) => `https://cdn${index}.example`).join(' ');
    expect(() => loadConfig({ COURSE_CONTENT_SOURCES: many })).toThrow(/more than 20/);
  });
});
