/**
 * The licensee configuration beyond colours (licensee console): domains (host name -> licensee) with the spec's
 * "domain exists", "not found" and "mismatch" and invalid host names; the mood image (type and size by content, the
 * 50 MB body refused before it is read) with its copyright; removing logo and mood image. Every change shows at the
 * next page load on another instance (nothing is kept in memory) and is recorded in the licensee audit with before
 * and after. The migration moves the old `licensee.host_names` into `licensee_domain`.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { LicenseeBranding, LicenseeConfig, LicenseeDomains } from '@dash/shared-core/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { openDatabase } from '../src/core/db/database';
import { MIGRATIONS_DIR, migrationFiles, splitStatements } from '../src/core/db/migrate';
import { type Agent, createTestServer, expectError, type TestServer, testConfig } from './helpers';
import { PNG_BASE64 } from './matrix/licenseeBranding';

let server: TestServer;
let partnerAdmin: Agent;
let dashboardAdmin: Agent;
/** A second instance on the same database: what another server of the deployment answers. */
let secondInstance: FastifyInstance;

beforeAll(async () => {
  server = await createTestServer();
  partnerAdmin = await server.licenseeLogin('safeguard', 'partner.admin', { host: 'partner.localhost' });
  dashboardAdmin = await server.licenseeLogin('dashboard', 'lizenz.admin');
  secondInstance = await buildApp(testConfig(), server.db);
  await secondInstance.ready();
});

afterAll(async () => {
  await secondInstance?.close();
  await server?.close();
});

async function configAt(host: string): Promise<LicenseeConfig> {
  const response = await secondInstance.inject({ url: '/api/bootstrap/load-licensee-config', headers: { host } });
  expect(response.statusCode).toBe(200);
  return response.json() as LicenseeConfig;
}

async function domainsOf(agent: Agent): Promise<LicenseeDomains['items']> {
  const response = await agent.get('/api/licensee/domains');
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as LicenseeDomains).items;
}

const hostNames = async (agent: Agent) => (await domainsOf(agent)).map((domain) => domain.hostName);

async function lastAudit(action: string) {
  const [entry] = await server.db.query<{ before: unknown; after: unknown; staff_name: string; identifier: string }>(
    `SELECT a.before, a.after, a.staff_name, l.identifier FROM licensee_audit_log a
       JOIN licensee l ON l.uuid = a.licensee_uuid WHERE a.action = $1 ORDER BY a.id DESC LIMIT 1`,
    [action],
  );
  return entry;
}

const domainRows = () => server.db.query('SELECT host_name, licensee_uuid FROM licensee_domain ORDER BY id');

describe('domains', () => {
  it("lists the staff member's own licensee's host names only; the adviser reads but does not change them", async () => {
    expect(await hostNames(partnerAdmin)).toEqual(['partner.localhost']);
    // The partner's admin works under partner.localhost: that one is marked (it cannot be removed from here).
    expect((await domainsOf(partnerAdmin))[0]).toMatchObject({ hostName: 'partner.localhost', current: true });
    const adviser = await server.licenseeLogin('dashboard', 'berater');
    expect(await hostNames(adviser)).toEqual(['localhost', '127.0.0.1']);
    expectError(await adviser.post('/api/licensee/domain/add', { hostName: 'x.example.com' }), 403, 'Auth.Forbidden');
    expectError(await adviser.post('/api/licensee/domain/remove', { hostName: 'localhost' }), 403, 'Auth.Forbidden');
    // A client's member has no licensee session.
    const member = await server.login('acme', 'admin');
    expectError(await member.get('/api/licensee/domains'), 401, 'Auth.Unauthorized');
  });

  it('adds a host name (normalised to lower case): the next page load there shows the licensee, on another instance too', async () => {
    expect((await configAt('portal.safeguard.example')).licenseeIdentifier).toBe('dashboard');
    const response = await partnerAdmin.post('/api/licensee/domain/add', { hostName: '  Portal.SafeGuard.EXAMPLE ' });
    expect(response.statusCode, response.body).toBe(200);
    expect((response.json() as LicenseeDomains).items.map((domain) => domain.hostName)).toEqual([
      'partner.localhost',
      'portal.safeguard.example',
    ]);
    expect(await configAt('portal.safeguard.example')).toMatchObject({
      licenseeIdentifier: 'safeguard',
      licenseeName: 'SafeGuard Partners',
    });
    // The request's host is compared in lower case too, and its port does not matter.
    expect((await configAt('PORTAL.safeguard.example:8443')).licenseeIdentifier).toBe('safeguard');
    // The partner's staff sign in there (a licensee's staff sign in at its own hosts only).
    await server.licenseeLogin('safeguard', 'partner.admin', { host: 'portal.safeguard.example' });
    expect((await partnerAdmin.get('/api/licensee/branding')).json()).toMatchObject({
      hostNames: ['partner.localhost', 'portal.safeguard.example'],
    });
    expect(await lastAudit('domain.add')).toMatchObject({
      identifier: 'safeguard',
      before: { hostNames: ['partner.localhost'] },
      after: { hostNames: ['partner.localhost', 'portal.safeguard.example'] },
    });
  });

  it('refuses a host name a licensee has (409 Domain.Exists) and an invalid one (400 Domain.Invalid), changing nothing', async () => {
    const before = await domainRows();
    const audits = await server.db.query('SELECT count(*)::int AS n FROM licensee_audit_log');
    // Another licensee's, in any case, and the licensee's own.
    expectError(await partnerAdmin.post('/api/licensee/domain/add', { hostName: 'LocalHost' }), 409, 'Domain.Exists');
    expectError(
      await dashboardAdmin.post('/api/licensee/domain/add', { hostName: 'partner.localhost' }),
      409,
      'Domain.Exists',
    );
    expectError(
      await partnerAdmin.post('/api/licensee/domain/add', { hostName: 'partner.localhost' }),
      409,
      'Domain.Exists',
    );
    for (const hostName of [
      'https://portal.example.com',
      'portal.example.com/login',
      'portal.example.com:8080',
      'portal..example.com',
      'portal.example.com.',
      '-portal.example.com',
      'portal-.example.com',
      'por_tal.example.com',
      'portäl.example.com',
      'user@portal.example.com',
      'portal example.com',
      '*.example.com',
      '999.1.1.1',
      '1.2.3',
      `${'a'.repeat(64)}.example.com`,
      `${'abcdefghi.'.repeat(26)}com`,
    ]) {
      expectError(await partnerAdmin.post('/api/licensee/domain/add', { hostName }), 400, 'Domain.Invalid');
    }
    expectError(
      await partnerAdmin.post('/api/licensee/domain/add', { hostName: '   ' }),
      400,
      'Schema.ValidationFailed',
    );
    expectError(
      await partnerAdmin.post('/api/licensee/domain/add', { hostName: 'a.example', licenseeUuid: 'x' }),
      400,
      'Schema.ValidationFailed',
    );
    expect(await domainRows()).toEqual(before);
    expect(await server.db.query('SELECT count(*)::int AS n FROM licensee_audit_log')).toEqual(audits);
  });

  it('takes an IPv4 address and an xn-- name; two admins adding one host name at once: one gets it, the other Domain.Exists', async () => {
    for (const hostName of ['10.20.30.40', 'xn--sicher-arbeit-kmb.example']) {
      expect((await partnerAdmin.post('/api/licensee/domain/add', { hostName })).statusCode).toBe(200);
    }
    const answers = await Promise.all([
      partnerAdmin.post('/api/licensee/domain/add', { hostName: 'race.example.com' }),
      dashboardAdmin.post('/api/licensee/domain/add', { hostName: 'race.example.com' }),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    expectError(answers.find((answer) => answer.statusCode === 409) as never, 409, 'Domain.Exists');
    const [owner] = await server.db.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM licensee_domain WHERE host_name = 'race.example.com'",
    );
    expect(owner?.n).toBe(1);
  });

  it("removes its own host name (the next page load shows the default licensee); another licensee's answers Domain.NotFound", async () => {
    expectError(
      await partnerAdmin.post('/api/licensee/domain/remove', { hostName: 'localhost' }),
      404,
      'Domain.NotFound',
    );
    expectError(
      await partnerAdmin.post('/api/licensee/domain/remove', { hostName: 'nowhere.example.com' }),
      404,
      'Domain.NotFound',
    );
    expectError(
      await dashboardAdmin.post('/api/licensee/domain/remove', { hostName: 'portal.safeguard.example' }),
      404,
      'Domain.NotFound',
    );
    expectError(
      await partnerAdmin.post('/api/licensee/domain/remove', { hostName: 'not a host' }),
      400,
      'Domain.Invalid',
    );
    const response = await partnerAdmin.post('/api/licensee/domain/remove', { hostName: 'Portal.SafeGuard.example' });
    expect(response.statusCode, response.body).toBe(200);
    expect((response.json() as LicenseeDomains).items.map((domain) => domain.hostName)).not.toContain(
      'portal.safeguard.example',
    );
    expect((await configAt('portal.safeguard.example')).licenseeIdentifier).toBe('dashboard');
    expect(await lastAudit('domain.remove')).toMatchObject({
      identifier: 'safeguard',
      before: { hostNames: expect.arrayContaining(['portal.safeguard.example']) },
      after: { hostNames: expect.not.arrayContaining(['portal.safeguard.example']) },
    });
  });

  it('refuses to remove the host this console is open under (409 Domain.Mismatch), except for the default licensee', async () => {
    const before = await domainRows();
    expectError(
      await partnerAdmin.post('/api/licensee/domain/remove', { hostName: 'partner.localhost' }),
      409,
      'Domain.Mismatch',
    );
    expect(await domainRows()).toEqual(before);
    // From another of its hosts the partner may remove it: the console there stays the partner's.
    const elsewhere = await server.licenseeLogin('safeguard', 'partner.admin', { host: '10.20.30.40' });
    expect((await domainsOf(elsewhere)).find((domain) => domain.hostName === 'partner.localhost')?.current).toBe(false);
    const removed = await elsewhere.post('/api/licensee/domain/remove', { hostName: 'partner.localhost' });
    expect(removed.statusCode, removed.body).toBe(200);
    expect((await configAt('partner.localhost')).licenseeIdentifier).toBe('dashboard');
    expect((await elsewhere.post('/api/licensee/domain/add', { hostName: 'partner.localhost' })).statusCode).toBe(200);
    expect((await configAt('partner.localhost')).licenseeIdentifier).toBe('safeguard');
    // The default licensee's host keeps showing it without the row (every unknown host does): no mismatch.
    expect((await domainsOf(dashboardAdmin)).every((domain) => !domain.current)).toBe(true);
    expect((await dashboardAdmin.post('/api/licensee/domain/remove', { hostName: 'localhost' })).statusCode).toBe(200);
    expect((await configAt('localhost')).licenseeIdentifier).toBe('dashboard');
    expect((await dashboardAdmin.post('/api/licensee/domain/add', { hostName: 'localhost' })).statusCode).toBe(200);
  });
});

describe('mood image and removing images', () => {
  const png = Buffer.from(PNG_BASE64, 'base64');
  const uploadMood = (agent: Agent, filename: string, content: Buffer, contentType = 'application/octet-stream') =>
    agent.request({
      method: 'POST',
      url: `/api/licensee/branding/mood?filename=${encodeURIComponent(filename)}`,
      payload: content,
      headers: { 'content-type': contentType },
    });
  const brandingOf = async (agent: Agent) => (await agent.get('/api/licensee/branding')).json() as LicenseeBranding;

  it('takes a PNG, JPEG or WebP by its content: the sign-in page shows it with its copyright at the next load', async () => {
    const before = await brandingOf(partnerAdmin);
    const response = await uploadMood(partnerAdmin, 'Berge.png', png);
    expect(response.statusCode, response.body).toBe(200);
    const after = response.json() as LicenseeBranding;
    expect(after.images.mood).toMatch(/^\/api\/file\/licensee\/mood\//);
    expect(after.images.mood).not.toBe(before.images.mood);
    const config = await configAt('partner.localhost');
    expect(config.images.mood).toBe(after.images.mood);
    expect(config.moodImageCopyright).toBe('Photo: SafeGuard Partners Ltd');
    const image = await secondInstance.inject({ url: after.images.mood ?? '' });
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.rawPayload.equals(png)).toBe(true);
    expect(await lastAudit('branding.mood')).toMatchObject({
      before: { url: before.images.mood },
      after: { url: after.images.mood, filename: 'Berge.png', contentType: 'image/png', bytes: png.length },
    });
    // JPEG and WebP, larger than a logo may be (1.5 MB).
    const jpeg = Buffer.concat([Buffer.from('ffd8ffe000104a464946', 'hex'), Buffer.alloc(1_500_000)]);
    expect((await uploadMood(partnerAdmin, 'mood.jpeg', jpeg)).statusCode).toBe(200);
    const webp = Buffer.concat([Buffer.from('RIFF'), Buffer.alloc(4), Buffer.from('WEBPVP8 '), Buffer.alloc(64)]);
    expect((await uploadMood(partnerAdmin, 'mood.webp', webp)).statusCode).toBe(200);
  });

  it('refuses an SVG, a renamed executable, a name that promises another type, over 2 MB, and 50 MB before reading it', async () => {
    const before = await brandingOf(partnerAdmin);
    const files = await server.db.query('SELECT count(*)::int AS n FROM file');
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    expectError(await uploadMood(partnerAdmin, 'mood.svg', svg), 400, 'File.InvalidType');
    expectError(await uploadMood(partnerAdmin, 'mood.png', svg), 400, 'File.InvalidType');
    const exe = Buffer.concat([Buffer.from('4d5a90000300000004000000ffff0000', 'hex'), Buffer.alloc(4096)]);
    expectError(await uploadMood(partnerAdmin, 'mood.jpg', exe), 400, 'File.InvalidType');
    expectError(await uploadMood(partnerAdmin, 'mood.exe', exe), 400, 'File.InvalidType');
    expectError(await uploadMood(partnerAdmin, 'mood.jpg', png), 400, 'File.InvalidType');
    expectError(await uploadMood(partnerAdmin, 'mood', png), 400, 'File.InvalidType');
    expectError(await uploadMood(partnerAdmin, 'mood.png', Buffer.alloc(0)), 400, 'File.InvalidType');
    const tooBig = Buffer.concat([png, Buffer.alloc(2_000_001 - png.length)]);
    expectError(await uploadMood(partnerAdmin, 'mood.png', tooBig), 413, 'Request.TooLarge');
    // 50 MB announced: refused by its length, the body is not read, the connection closes.
    const huge = await uploadMood(partnerAdmin, 'mood.png', Buffer.alloc(50 * 1024 * 1024));
    expectError(huge, 413, 'Request.TooLarge');
    expect(huge.headers.connection).toBe('close');
    // Refused by the announced length alone: a body that says 50 MB is not read at all (here it is a valid PNG).
    const announced = await partnerAdmin.request({
      method: 'POST',
      url: '/api/licensee/branding/mood?filename=mood.png',
      payload: png,
      headers: { 'content-type': 'application/octet-stream', 'content-length': String(50 * 1024 * 1024) },
    });
    expectError(announced, 413, 'Request.TooLarge');
    // The image as JSON (no bytes), without a name, or another content type: refused by the contract.
    expectError(
      await partnerAdmin.post('/api/licensee/branding/mood?filename=mood.png', { file: PNG_BASE64 }),
      400,
      'Schema.ValidationFailed',
    );
    expectError(
      await partnerAdmin.request({
        method: 'POST',
        url: '/api/licensee/branding/mood',
        payload: png,
        headers: { 'content-type': 'application/octet-stream' },
      }),
      400,
      'Schema.ValidationFailed',
    );
    expectError(await uploadMood(partnerAdmin, 'mood.png', png, 'image/png'), 415, 'Request.UnsupportedMediaType');
    // The adviser and signed-out callers: refused before the body is read.
    const adviser = await server.licenseeLogin('dashboard', 'berater');
    expectError(await uploadMood(adviser, 'mood.png', png), 403, 'Auth.Forbidden');
    expectError(await uploadMood(await server.anonymous(), 'mood.png', png), 401, 'Auth.Unauthorized');
    expect(await brandingOf(partnerAdmin)).toEqual(before);
    expect(await server.db.query('SELECT count(*)::int AS n FROM file')).toEqual(files);
  });

  it('removes the mood image and the logo: the sign-in page shows the default (no picture, the name as text)', async () => {
    const before = await brandingOf(dashboardAdmin);
    expect(before.images.logo).not.toBeNull();
    expect(before.images.mood).not.toBeNull();
    for (const image of ['mood', 'logo'] as const) {
      const response = await dashboardAdmin.post('/api/licensee/branding/image/remove', { image });
      expect(response.statusCode, response.body).toBe(200);
      expect((response.json() as LicenseeBranding).images[image]).toBeNull();
      expect(await lastAudit('branding.image-remove')).toMatchObject({
        identifier: 'dashboard',
        before: { image, url: before.images[image] },
        after: { image, url: null },
      });
    }
    const config = await configAt('localhost');
    expect(config.images).toEqual({ logo: null, mood: null });
    expect(config.licenseeName).toBe('Dashboard');
    // The partner's images are untouched.
    expect((await configAt('partner.localhost')).images.logo).not.toBeNull();
    // Removing again changes nothing and records nothing.
    const audits = await server.db.query('SELECT count(*)::int AS n FROM licensee_audit_log');
    expect((await dashboardAdmin.post('/api/licensee/branding/image/remove', { image: 'mood' })).statusCode).toBe(200);
    expect(await server.db.query('SELECT count(*)::int AS n FROM licensee_audit_log')).toEqual(audits);
    expectError(
      await dashboardAdmin.post('/api/licensee/branding/image/remove', { image: 'favicon' }),
      400,
      'Schema.ValidationFailed',
    );
  });
});

describe('migration 033', () => {
  it('moves licensee.host_names into licensee_domain: lower case, in order, a name two licensees listed stays with the first', async () => {
    const db = await openDatabase({});
    try {
      const files = migrationFiles();
      const index = files.findIndex((file) => file.startsWith('033_'));
      for (const file of files.slice(0, index)) {
        for (const statement of splitStatements(readFileSync(path.join(MIGRATIONS_DIR, file), 'utf8'))) {
          await db.query(statement);
        }
      }
      await db.query(
        `INSERT INTO licensee (identifier, name, theme, footer, host_names, is_default, created_at) VALUES
           ('first', 'First', '{}', '{}', ARRAY['Portal.First.example', 'shared.example', ' '], true, now() - interval '1 day'),
           ('second', 'Second', '{}', '{}', ARRAY['b.second.example', 'SHARED.example', 'a.second.example'], false, now())`,
      );
      for (const statement of splitStatements(readFileSync(path.join(MIGRATIONS_DIR, files[index] ?? ''), 'utf8'))) {
        await db.query(statement);
      }
      expect(
        await db.query(
          'SELECT l.identifier, d.host_name FROM licensee_domain d JOIN licensee l ON l.uuid = d.licensee_uuid ORDER BY d.id',
        ),
      ).toEqual([
        { identifier: 'first', host_name: 'portal.first.example' },
        { identifier: 'first', host_name: 'shared.example' },
        { identifier: 'second', host_name: 'b.second.example' },
        { identifier: 'second', host_name: 'a.second.example' },
      ]);
      const columns = await db.query(
        "SELECT column_name FROM information_schema.columns WHERE table_name = 'licensee' AND column_name = 'host_names'",
      );
      expect(columns).toEqual([]);
      await expect(
        db.query(
          "INSERT INTO licensee_domain (host_name, licensee_uuid) SELECT 'Upper.example', uuid FROM licensee LIMIT 1",
        ),
      ).rejects.toThrow();
    } finally {
      await db.close();
    }
    // Every migration on a fresh embedded database: about 13 s alone, more beside other test files.
  }, 120_000);
});
