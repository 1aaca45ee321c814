import { expect } from 'vitest';
import type { Database } from '../../src/core/db/database';
import type { MatrixEntry } from './types';

/** The default licensee's branding as seeded (server/src/seed/demo.ts): the valid update writes it as it is. */
export const DASHBOARD_BRANDING = {
  name: 'Dashboard',
  theme: {
    light: { primary: '#3b3b3b', contrast: '#ffffff', highlight: '#0b6bcb' },
    dark: { primary: '#b9b9b9', contrast: '#000000', highlight: '#7cb9ff' },
  },
  footer: {
    licenseeLink: 'https://dashboard.example.com',
    legalNoticeLink: 'https://dashboard.example.com/impressum',
    dataProtectionLink: 'https://dashboard.example.com/datenschutz',
  },
  moodImageCopyright: 'Foto: Dashboard GmbH',
  supportChatKey: null,
  notificationFooterEmail: 'Dashboard · https://dashboard.example.com',
  notificationFooterSms: 'Dashboard GmbH · Hilfe/Help: dashboard.example.com/hilfe',
  isWhitelabelPartner: false,
};

/** A 1x1 PNG: the smallest logo the upload takes. */
export const PNG_BASE64 =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';
const logoUpload = () => ({ filename: 'logo.png', contentBase64: PNG_BASE64 });
const base64 = (text: string) => Buffer.from(text).toString('base64');

/** Both licensees' logos and the stored files: what an upload adds to. */
const everyLogo = async (db: Database) => ({
  licensees: await db.query('SELECT identifier, logo_file_uuid FROM licensee ORDER BY identifier'),
  files: await db.query('SELECT count(*)::int AS count FROM file'),
});

/** Both licensees' rows: a change of one licensee's branding never reaches the other. */
const everyLicensee = (db: Database) =>
  db.query(
    `SELECT identifier, name, theme, footer, mood_image_copyright, support_chat_key, notification_footer_email,
            notification_footer_sms, is_whitelabel_partner FROM licensee ORDER BY identifier`,
  );

/**
 * The licensee's own branding. No uuid in the calls: the licensee is the session's, so another licensee's admin
 * (safeguard/partner.admin) reads and changes only its own, and a client member's session answers 401.
 */
export const LICENSEE_BRANDING_MATRIX: Record<string, MatrixEntry> = {
  'GET /api/licensee/branding': {
    access: 'licensee',
    endpoint: 'licenseeBranding',
    asLicensee: 'dashboard/berater',
    sample: () => ({}),
    validated: true,
    forbiddenFor: null,
    expectValid: (response) => {
      const branding = response.json() as { licenseeIdentifier: string; hostNames: string[] };
      expect(branding.licenseeIdentifier).toBe('dashboard');
      expect(branding.hostNames).not.toContain('partner.localhost');
    },
  },
  'POST /api/licensee/branding/update': {
    access: 'licensee',
    endpoint: 'licenseeBrandingUpdate',
    sample: () => DASHBOARD_BRANDING,
    validated: true,
    malformed: () => [
      { ...DASHBOARD_BRANDING, licenseeUuid: '00000000-0000-4000-8000-000000000000' },
      { ...DASHBOARD_BRANDING, identifier: 'safeguard' },
      { ...DASHBOARD_BRANDING, hostNames: ['evil.example'] },
      { ...DASHBOARD_BRANDING, name: '' },
      { ...DASHBOARD_BRANDING, theme: { ...DASHBOARD_BRANDING.theme, light: { primary: 'red', contrast: '#ffffff' } } },
      { ...DASHBOARD_BRANDING, footer: { ...DASHBOARD_BRANDING.footer, licenseeLink: 'javascript:alert(1)' } },
      { ...DASHBOARD_BRANDING, supportChatKey: '"><script>alert(1)</script>' },
      { ...DASHBOARD_BRANDING, notificationFooterSms: 'x'.repeat(81) },
      { ...DASHBOARD_BRANDING, notificationFooterSms: 'Zeile 1\nZeile 2' },
    ],
    forbiddenFor: ['dashboard/berater'],
    writes: {
      snapshot: everyLicensee,
      changing: () => ({
        ...DASHBOARD_BRANDING,
        theme: { ...DASHBOARD_BRANDING.theme, light: { primary: '#1a4d8f', contrast: '#ffffff', highlight: null } },
      }),
      rejected: [
        {
          body: () => ({
            ...DASHBOARD_BRANDING,
            name: 'Zu hell',
            theme: { ...DASHBOARD_BRANDING.theme, light: { primary: '#ffeb3b', contrast: '#ffffff', highlight: null } },
          }),
          status: 400,
          code: 'Licensee.ContrastTooLow',
        },
        {
          body: () => ({
            ...DASHBOARD_BRANDING,
            theme: { ...DASHBOARD_BRANDING.theme, dark: { primary: '#777777', contrast: '#ffffff', highlight: null } },
          }),
          status: 400,
          code: 'Licensee.ContrastTooLow',
        },
      ],
    },
  },
  'POST /api/licensee/branding/logo': {
    access: 'licensee',
    endpoint: 'licenseeLogoUpload',
    sample: logoUpload,
    validated: true,
    malformed: () => [
      { filename: 'logo.png' },
      { ...logoUpload(), contentBase64: 'not base64!' },
      { ...logoUpload(), contentBase64: '' },
      { ...logoUpload(), filename: '' },
      { ...logoUpload(), licenseeUuid: '00000000-0000-4000-8000-000000000000' },
    ],
    forbiddenFor: ['dashboard/berater'],
    writes: {
      snapshot: everyLogo,
      changing: logoUpload,
      rejected: [
        {
          body: () => ({
            filename: 'logo.svg',
            contentBase64: base64('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
          }),
          status: 400,
          code: 'File.InvalidType',
        },
        {
          // A Windows executable renamed to .png.
          body: () => ({
            filename: 'logo.png',
            contentBase64: Buffer.from('4d5a9000030000000400', 'hex').toString('base64'),
          }),
          status: 400,
          code: 'File.InvalidType',
        },
        // A PNG named .jpg: the name must promise what the content is.
        { body: () => ({ ...logoUpload(), filename: 'logo.jpg' }), status: 400, code: 'File.InvalidType' },
      ],
    },
  },
};
