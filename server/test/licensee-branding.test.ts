/**
 * The licensee's branding (licensee console): read and changed only for the staff member's own licensee, the WCAG
 * contrast rule of shared-core, and a saved change on the next page load of the licensee's hosts, on another instance
 * too (nothing keeps the branding in memory), both in the licenseeConfig call and in index.html's boot data.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { BOOT_DATA_ELEMENT_ID, type BootData } from '@dash/shared-core';
import type { LicenseeBranding, LicenseeBrandingFields, LicenseeConfig } from '@dash/shared-core/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { type Agent, createTestServer, expectError, type TestServer, testConfig } from './helpers';
import { PNG_BASE64 } from './matrix/licenseeBranding';

let server: TestServer;
let partnerAdmin: Agent;
let staticRoot: string;
/** A second instance on the same database, serving index.html as production does. */
let secondInstance: FastifyInstance;

beforeAll(async () => {
  server = await createTestServer();
  partnerAdmin = await server.licenseeLogin('safeguard', 'partner.admin', { host: 'partner.localhost' });
  staticRoot = mkdtempSync(path.join(tmpdir(), 'branding-'));
  mkdirSync(path.join(staticRoot, 'shell', 'dist'), { recursive: true });
  writeFileSync(path.join(staticRoot, 'shell', 'dist', 'index.html'), '<!doctype html><head></head><body></body>');
  secondInstance = await buildApp(testConfig({ serveStatic: true, staticRoot }), server.db);
  await secondInstance.ready();
});

afterAll(async () => {
  await secondInstance?.close();
  await server?.close();
  if (staticRoot) rmSync(staticRoot, { recursive: true, force: true });
});

function fieldsOf(branding: LicenseeBranding): LicenseeBrandingFields {
  const { licenseeIdentifier, hostNames, images, ...fields } = branding;
  void [licenseeIdentifier, hostNames, images];
  return fields;
}

async function brandingOf(agent: Agent): Promise<LicenseeBranding> {
  const response = await agent.get('/api/licensee/branding');
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as LicenseeBranding;
}

async function configOnSecondInstance(host: string): Promise<LicenseeConfig> {
  const response = await secondInstance.inject({ url: '/api/bootstrap/load-licensee-config', headers: { host } });
  expect(response.statusCode).toBe(200);
  return response.json() as LicenseeConfig;
}

async function bootDataOnSecondInstance(host: string): Promise<BootData> {
  const response = await secondInstance.inject({ url: '/auth/login', headers: { host } });
  expect(response.statusCode).toBe(200);
  const match = new RegExp(`<script type="application/json" id="${BOOT_DATA_ELEMENT_ID}">(.*?)</script>`).exec(
    response.body,
  );
  return JSON.parse(match?.[1] ?? 'null') as BootData;
}

describe("the licensee's branding", () => {
  it("reads the staff member's own licensee: the adviser reads, the partner's admin sees the partner's", async () => {
    const adviser = await server.licenseeLogin('dashboard', 'berater');
    const own = await brandingOf(adviser);
    expect(own).toMatchObject({ licenseeIdentifier: 'dashboard', name: 'Dashboard', isWhitelabelPartner: false });
    expect(own.hostNames).toContain('localhost');
    const partner = await brandingOf(partnerAdmin);
    expect(partner).toMatchObject({
      licenseeIdentifier: 'safeguard',
      name: 'SafeGuard Partners',
      hostNames: ['partner.localhost'],
      isWhitelabelPartner: true,
      theme: { light: { primary: '#00695c', contrast: '#ffffff', highlight: '#ff8f00' } },
    });
    expect(partner.images.logo).toMatch(/^\/api\/file\/licensee\/logo\//);
    // The adviser reads only.
    expectError(await adviser.post('/api/licensee/branding/update', fieldsOf(own)), 403, 'Auth.Forbidden');
  });

  it('refuses text on the primary colour below 4.5:1 in either theme and changes nothing', async () => {
    const before = await brandingOf(partnerAdmin);
    const fields = fieldsOf(before);
    const tooLight = { ...fields.theme, light: { primary: '#ffeb3b', contrast: '#ffffff', highlight: null } };
    expectError(
      await partnerAdmin.post('/api/licensee/branding/update', { ...fields, name: 'Geändert', theme: tooLight }),
      400,
      'Licensee.ContrastTooLow',
    );
    // 4.48:1 in the dark theme: just below.
    const darkJustBelow = { ...fields.theme, dark: { primary: '#777777', contrast: '#ffffff', highlight: null } };
    expectError(
      await partnerAdmin.post('/api/licensee/branding/update', { ...fields, theme: darkJustBelow }),
      400,
      'Licensee.ContrastTooLow',
    );
    expect(await brandingOf(partnerAdmin)).toEqual(before);
  });

  it('saves a change that the next page load of the licensee shows on another instance, and no other licensee', async () => {
    const dashboardBefore = await configOnSecondInstance('localhost');
    const fields = fieldsOf(await brandingOf(partnerAdmin));
    const changed: LicenseeBrandingFields = {
      ...fields,
      name: 'SafeGuard Partner GmbH',
      theme: { ...fields.theme, light: { primary: '#1a4d8f', contrast: '#ffffff', highlight: '#e65100' } },
      footer: { ...fields.footer, legalNoticeLink: 'https://safeguard.example.com/impressum' },
      notificationFooterSms: '  SafeGuard · Hilfe: safeguard.example.com  ',
      notificationFooterEmail: '',
      supportChatKey: 'sg-chat_2026',
      isWhitelabelPartner: false,
    };
    const response = await partnerAdmin.post('/api/licensee/branding/update', changed);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      name: 'SafeGuard Partner GmbH',
      notificationFooterSms: 'SafeGuard · Hilfe: safeguard.example.com',
      notificationFooterEmail: null,
    });

    const config = await configOnSecondInstance('partner.localhost');
    expect(config).toMatchObject({
      licenseeIdentifier: 'safeguard',
      licenseeName: 'SafeGuard Partner GmbH',
      isWhitelabelPartner: false,
      supportChatKey: 'sg-chat_2026',
      theme: { light: { primary: '#1a4d8f', contrast: '#ffffff', highlight: '#e65100' } },
      footer: { legalNoticeLink: 'https://safeguard.example.com/impressum' },
      notificationFooterSms: 'SafeGuard · Hilfe: safeguard.example.com',
    });
    const boot = await bootDataOnSecondInstance('partner.localhost');
    expect(boot.licensee?.theme.light.primary).toBe('#1a4d8f');
    expect(boot.licensee?.licenseeName).toBe('SafeGuard Partner GmbH');
    // The default licensee's hosts are untouched.
    expect(await configOnSecondInstance('localhost')).toEqual(dashboardBefore);
    // The console's audit keeps who changed what, only the fields that changed.
    const [entry] = await server.db.query<{
      staff_name: string;
      before: Record<string, unknown>;
      after: Record<string, unknown>;
    }>(
      `SELECT a.staff_name, a.before, a.after FROM licensee_audit_log a JOIN licensee l ON l.uuid = a.licensee_uuid
        WHERE l.identifier = 'safeguard' AND a.action = 'branding.update' ORDER BY a.id DESC LIMIT 1`,
    );
    expect(entry?.after).toMatchObject({ name: 'SafeGuard Partner GmbH', supportChatKey: 'sg-chat_2026' });
    expect(entry?.before).toHaveProperty('name');
    expect(entry?.after).not.toHaveProperty('moodImageCopyright');
    expect(entry?.staff_name).toBeTruthy();
  });
});

describe("the licensee's logo", () => {
  const upload = (agent: Agent, filename: string, content: Buffer) =>
    agent.post('/api/licensee/branding/logo', { filename, contentBase64: content.toString('base64') });

  it('takes a PNG by its content and shows it at the next page load; the old address stays for sent mails', async () => {
    const before = await brandingOf(partnerAdmin);
    const response = await upload(partnerAdmin, 'Logo.PNG', Buffer.from(PNG_BASE64, 'base64'));
    expect(response.statusCode, response.body).toBe(200);
    const after = response.json() as LicenseeBranding;
    expect(after.images.logo).not.toBe(before.images.logo);
    expect((await configOnSecondInstance('partner.localhost')).images.logo).toBe(after.images.logo);
    const image = await secondInstance.inject({ url: after.images.logo ?? '' });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.rawPayload.equals(Buffer.from(PNG_BASE64, 'base64'))).toBe(true);
    expect((await secondInstance.inject({ url: before.images.logo ?? '' })).statusCode).toBe(200);
  });

  it('refuses an SVG with script, a renamed executable and a file over 40 KB; a 50 MB body never reaches it', async () => {
    const before = await brandingOf(partnerAdmin);
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(2)</script></svg>',
    );
    expectError(await upload(partnerAdmin, 'logo.svg', svg), 400, 'File.InvalidType');
    expectError(await upload(partnerAdmin, 'logo.png', svg), 400, 'File.InvalidType');
    const executable = Buffer.concat([Buffer.from('4d5a90000300000004000000ffff0000', 'hex'), Buffer.alloc(512)]);
    expectError(await upload(partnerAdmin, 'logo.png', executable), 400, 'File.InvalidType');
    const elf = Buffer.concat([Buffer.from('7f454c46020101', 'hex'), Buffer.alloc(512)]);
    expectError(await upload(partnerAdmin, 'logo.webp', elf), 400, 'File.InvalidType');
    const tooBig = Buffer.concat([Buffer.from(PNG_BASE64, 'base64'), Buffer.alloc(40_001)]);
    expectError(await upload(partnerAdmin, 'logo.png', tooBig), 400, 'Schema.ValidationFailed');
    const huge = await partnerAdmin.post('/api/licensee/branding/logo', {
      filename: 'logo.png',
      contentBase64: 'A'.repeat(50 * 1024 * 1024),
    });
    expectError(huge, 413, 'Request.TooLarge');
    expect(await brandingOf(partnerAdmin)).toEqual(before);
  });
});
