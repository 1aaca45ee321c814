import { expect } from 'vitest';
import type { Database } from '../../src/core/db/database';
import { PNG_BASE64 } from './licenseeBranding';
import type { MatrixEntry } from './types';

/** Every licensee's domains: a change of one licensee's never reaches another's. */
const everyDomain = (db: Database) =>
  db.query(
    `SELECT l.identifier, d.host_name FROM licensee_domain d JOIN licensee l ON l.uuid = d.licensee_uuid
      ORDER BY d.host_name`,
  );

/** Both licensees' images and the stored files: what an upload or a removal changes. */
const everyImage = async (db: Database) => ({
  licensees: await db.query('SELECT identifier, logo_file_uuid, mood_file_uuid FROM licensee ORDER BY identifier'),
  files: await db.query('SELECT count(*)::int AS count FROM file'),
});

// Host names not taken yet, one per call (an added one cannot be added again: Domain.Exists).
let added = 0;
const newDomain = () => ({ hostName: `matrix-${++added}.dashboard.example` });
// The partner's host names that the remove calls take away, one per call (setup adds them).
const REMOVABLE = Array.from({ length: 40 }, (_, index) => `matrix-${index + 1}.safeguard.example`);
let removed = 0;
const removableDomain = () => ({ hostName: REMOVABLE[removed++ % REMOVABLE.length] });

/**
 * The licensee's domains and images (licensee console). No uuid in the calls: the licensee is the session's, so
 * another licensee's host name answers Domain.NotFound exactly as one nobody has, and a client member's session 401.
 */
export const LICENSEE_DOMAINS_MATRIX: Record<string, MatrixEntry> = {
  'GET /api/licensee/domains': {
    access: 'licensee',
    endpoint: 'licenseeDomains',
    asLicensee: 'dashboard/berater',
    sample: () => ({}),
    validated: true,
    forbiddenFor: null,
    expectValid: (response) => {
      const hostNames = (response.json() as { items: Array<{ hostName: string }> }).items.map((item) => item.hostName);
      expect(hostNames).toContain('localhost');
      expect(hostNames).not.toContain('partner.localhost');
    },
  },
  'POST /api/licensee/domain/add': {
    access: 'licensee',
    endpoint: 'licenseeDomainAdd',
    sample: newDomain,
    validated: true,
    malformed: () => [{}, { hostName: '' }, { hostName: 42 }, { ...newDomain(), licenseeUuid: 'x' }],
    forbiddenFor: ['dashboard/berater'],
    writes: {
      snapshot: everyDomain,
      changing: newDomain,
      rejected: [
        // The partner's host name: taken (whoever has it).
        { body: () => ({ hostName: 'partner.localhost' }), status: 409, code: 'Domain.Exists' },
        { body: () => ({ hostName: 'LOCALHOST' }), status: 409, code: 'Domain.Exists' },
        { body: () => ({ hostName: 'https://evil.example/' }), status: 400, code: 'Domain.Invalid' },
        { body: () => ({ hostName: 'evil.example:8080' }), status: 400, code: 'Domain.Invalid' },
      ],
    },
  },
  'POST /api/licensee/domain/remove': {
    access: 'licensee',
    endpoint: 'licenseeDomainRemove',
    asLicensee: 'safeguard/partner.admin',
    setup: async (db) => {
      await db.query(
        `INSERT INTO licensee_domain (host_name, licensee_uuid)
         SELECT h, uuid FROM licensee, unnest($1::text[]) AS h WHERE identifier = 'safeguard'`,
        [REMOVABLE],
      );
    },
    sample: removableDomain,
    validated: true,
    malformed: () => [{}, { hostName: '' }, { hostName: ['partner.localhost'] }],
    forbiddenFor: ['dashboard/berater'],
    writes: {
      snapshot: everyDomain,
      changing: removableDomain,
      rejected: [
        // Another licensee's host name answers as one that does not exist.
        { body: () => ({ hostName: 'localhost' }), status: 404, code: 'Domain.NotFound' },
        { body: () => ({ hostName: 'nobody.example' }), status: 404, code: 'Domain.NotFound' },
        // The host this console is open under.
        { body: () => ({ hostName: 'partner.localhost' }), status: 409, code: 'Domain.Mismatch' },
        { body: () => ({ hostName: 'partner.localhost/x' }), status: 400, code: 'Domain.Invalid' },
      ],
    },
  },
  'POST /api/licensee/branding/mood': {
    access: 'licensee',
    endpoint: 'licenseeMoodUpload',
    rawBody: { contentType: 'application/octet-stream', payload: () => Buffer.from(PNG_BASE64, 'base64') },
    sample: () => ({ filename: 'mood.png' }),
    validated: true,
    malformed: () => [{}, { filename: '' }, { filename: 'mood.png', licenseeUuid: 'x' }],
    forbiddenFor: ['dashboard/berater'],
    writes: {
      snapshot: everyImage,
      changing: () => ({ filename: 'Mood.PNG' }),
      rejected: [
        // A PNG whose name promises another type, or no type at all.
        { body: () => ({ filename: 'mood.jpg' }), status: 400, code: 'File.InvalidType' },
        { body: () => ({ filename: 'mood.svg' }), status: 400, code: 'File.InvalidType' },
        { body: () => ({ filename: 'mood.exe' }), status: 400, code: 'File.InvalidType' },
      ],
    },
  },
  'POST /api/licensee/branding/image/remove': {
    access: 'licensee',
    endpoint: 'licenseeImageRemove',
    // The partner's images (the default licensee's stay for the other entries).
    asLicensee: 'safeguard/partner.admin',
    sample: () => ({ image: 'mood' }),
    validated: true,
    malformed: () => [{}, { image: 'favicon' }, { image: ['logo'] }],
    forbiddenFor: ['dashboard/berater'],
    writes: { snapshot: everyImage, changing: () => ({ image: 'logo' }) },
  },
};
