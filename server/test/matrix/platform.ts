import { hashPassword } from '@dash/shared-core';
import { expect } from 'vitest';
import type { Database } from '../../src/core/db/database';
import { DEMO_PASSWORD } from '../helpers';
import { type MatrixEntry, tableDefaults } from './types';

/** Single-use tokens for the valid calls of the reset and support-login entries (filled by the matrix test). */
export const resetTokens: string[] = [];
export const supportTokens: string[] = [];
/** Two more reset tokens, of two other members: the reset's `writes` check (changing, then restore). */
export const writesResetTokens: string[] = [];

/** Every stored password and the state of every reset token: what a password reset changes. */
const passwordsAndTokens = async (db: Database) => ({
  passwords: await db.query('SELECT uuid, password_hash FROM member ORDER BY uuid'),
  tokens: await db.query('SELECT token_hash, used_at FROM password_reset_token ORDER BY token_hash'),
});

const resetBody = (token: string, password: string) => ({
  token,
  password: hashPassword(password),
  passwordConfirmation: hashPassword(password),
});

/** The name whose reset request the `writes` check of createpasswordresettoken records (unknown: no mail). */
const RESET_REQUEST_NAME = `matrix-writes-${crypto.randomUUID()}`;

/** The platform's calls: sign-in, accounts, profile, bootstrap, member list, catalogues, files, docs. */
export const PLATFORM_MATRIX: Record<string, MatrixEntry> = {
  'GET /api/csrf': {
    access: 'public',
    endpoint: 'csrf',
    sample: () => ({}),
    expectValid: (response) => expect(response.cookies.map((cookie) => cookie.name)).toContain('XSRF-TOKEN'),
    validated: true,
    forbiddenFor: null,
  },
  'POST /api/login': {
    access: 'public',
    endpoint: 'login',
    sample: () => ({ clientIdentifier: 'acme', username: 'member', password: hashPassword(DEMO_PASSWORD) }),
    expectValid: (response) => expect(response.cookies.map((cookie) => cookie.name)).toContain('SESSION'),
    validated: true,
    malformed: () => [
      { clientIdentifier: 'acme', username: 'member', password: DEMO_PASSWORD },
      { clientIdentifier: 'acme', username: 'member', password: hashPassword(DEMO_PASSWORD).toUpperCase() },
      { clientIdentifier: 'acme', username: 42, password: hashPassword(DEMO_PASSWORD) },
      { clientIdentifier: '', username: 'member', password: hashPassword(DEMO_PASSWORD) },
      { username: 'member', password: hashPassword(DEMO_PASSWORD) },
    ],
    forbiddenFor: null,
  },
  'GET /api/logout': {
    access: 'public',
    endpoint: 'logout',
    sample: () => ({}),
    validated: true,
    forbiddenFor: null,
  },
  'GET /api/heartbeat': {
    access: 'session',
    endpoint: 'heartbeat',
    sample: () => ({}),
    validated: true,
    forbiddenFor: null,
  },
  'GET /api/member/state': {
    access: 'session',
    endpoint: 'memberState',
    as: 'acme/member',
    sample: () => ({}),
    expectValid: (response) => expect(response.json().member.roleIdentifier).toBe('member'),
    validated: true,
    forbiddenFor: null,
  },
  'GET /api/bootstrap/load-licensee-config': {
    access: 'public',
    endpoint: 'licenseeConfig',
    sample: () => ({}),
    expectValid: (response) => expect(response.json().licenseeName).toBe('Dashboard'),
    validated: true,
    forbiddenFor: null,
  },
  'GET /api/bootstrap/remotes': {
    access: 'public',
    endpoint: 'remotes',
    sample: () => ({}),
    expectValid: (response) => expect(response.json().remotes.length).toBeGreaterThan(0),
    validated: true,
    forbiddenFor: null,
  },
  'GET /api/bootstrap/platform': {
    access: 'public',
    endpoint: 'platform',
    sample: () => ({}),
    expectValid: (response) =>
      expect(response.json().contracts).toContainEqual({ area: 'mf-start', current: 1, oldest: 1 }),
    validated: true,
    forbiddenFor: null,
  },
  'POST /api/profile/update': {
    access: 'session',
    endpoint: 'profileUpdate',
    // The seeded values: the valid call changes nothing.
    sample: () => ({
      email: 'admin@acme.example',
      firstName: 'Arne',
      lastName: 'Adler',
      phoneNumber: '+49 30 1234567',
      mobileNumber: null,
    }),
    validated: true,
    malformed: () => [
      { email: 'admin@acme.example', firstName: 42, lastName: 'Adler', phoneNumber: null, mobileNumber: null },
      { email: 'admin@acme.example', firstName: 'Arne', lastName: 'Adler' },
      { email: 'not-an-email', firstName: 'Arne', lastName: 'Adler', phoneNumber: null, mobileNumber: null },
      { email: null, firstName: ' ', lastName: 'Adler', phoneNumber: null, mobileNumber: null },
      { email: null, firstName: 'x'.repeat(101), lastName: 'Adler', phoneNumber: null, mobileNumber: null },
      { email: null, firstName: 'Arne', lastName: ['Adler'], phoneNumber: null, mobileNumber: null },
    ],
    forbiddenFor: null,
    writes: {
      changing: () => ({
        email: 'changed@acme.example',
        firstName: 'Changed',
        lastName: 'Person',
        phoneNumber: '+49 40 7654321',
        mobileNumber: '+49 171 1234567',
      }),
      rejected: [
        {
          body: () => ({
            email: 'x@acme.example',
            firstName: 'X',
            lastName: 'Y',
            phoneNumber: '12',
            mobileNumber: null,
          }),
          status: 400,
          code: 'Member.InvalidPhone',
        },
        {
          body: () => ({
            email: 'x@acme.example',
            firstName: 'X',
            lastName: 'Y',
            phoneNumber: null,
            mobileNumber: 'abc',
          }),
          status: 400,
          code: 'Member.InvalidMobile',
        },
      ],
    },
  },
  'GET /api/profile/readprofilesetting': {
    access: 'session',
    endpoint: 'profileReadSetting',
    sample: () => ({}),
    validated: true,
    forbiddenFor: null,
  },
  'POST /api/profile/updateprofilesetting': {
    access: 'session',
    endpoint: 'profileUpdateSetting',
    sample: () => ({ frontendStyle: { theme: 'light' }, languageCode: 'de_DE' }),
    validated: true,
    malformed: () => [
      { frontendStyle: { theme: 'pink' }, languageCode: 'de_DE' },
      { frontendStyle: 'dark', languageCode: 'de_DE' },
      { frontendStyle: { theme: 'dark', extra: 1 }, languageCode: 'de_DE' },
      { frontendStyle: { theme: 'dark' }, languageCode: 'xx_XX' },
      { frontendStyle: { theme: 'dark' } },
    ],
    forbiddenFor: null,
    writes: { changing: () => ({ frontendStyle: { theme: 'dark' }, languageCode: 'en_GB' }) },
  },
  'POST /api/memberlist/getlist': {
    access: 'session',
    endpoint: 'memberList',
    sample: () => ({ ...tableDefaults, sortBy: 'lastName' }),
    validated: true,
    malformed: () => [
      { perPage: 30 },
      { page: 'two' },
      { page: 0 },
      { sortBy: 'password_hash' },
      { sortDirection: 'up' },
      { filter: { status: 'archived' } },
      { filter: { unknown: true } },
      { filter: 'admin' },
    ],
    forbiddenFor: ['acme/member', 'acme/loc.admin'],
  },
  'POST /api/memberlist/memberdetails': {
    access: 'session',
    endpoint: 'memberDetails',
    sample: (ids) => ({ uuid: ids.acmeMember }),
    validated: true,
    malformed: () => [{ uuid: 'not-a-uuid' }, { uuid: 42 }, {}, { uuid: null }],
    forbiddenFor: ['acme/member', 'acme/loc.admin'],
    otherClientUuid: {
      foreign: (ids) => ids.globexMember,
      request: (uuid) => ({ input: { uuid } }),
      status: 404,
      code: 'Member.NotFound',
    },
  },
  'POST /api/createpasswordresettoken': {
    access: 'public',
    endpoint: 'createPasswordResetToken',
    // A made-up name each time: the answer is the same as for a real account, and the 10-minute rule never bites.
    sample: () => ({ clientIdentifier: 'acme', username: `nobody-${crypto.randomUUID()}` }),
    expectValid: (response) => expect(response.json()).toEqual({ ok: true }),
    validated: true,
    malformed: () => [
      { clientIdentifier: 'acme' },
      { clientIdentifier: 'acme', username: 42 },
      { clientIdentifier: '', username: 'member' },
      { clientIdentifier: 'acme', username: 'x'.repeat(255) },
      { clientIdentifier: 'x'.repeat(65), username: 'member' },
    ],
    forbiddenFor: null,
    writes: {
      // The request is recorded (the 10-minute rule) whether or not the account exists.
      snapshot: (db) =>
        db.query('SELECT client_identifier, username FROM password_reset_request ORDER BY client_identifier, username'),
      changing: () => ({ clientIdentifier: 'acme', username: RESET_REQUEST_NAME }),
    },
  },
  'POST /api/resetpassword': {
    access: 'public',
    endpoint: 'resetPassword',
    sample: () => {
      const password = hashPassword(`Matrix#${crypto.randomUUID()}`);
      return { token: resetTokens.shift() ?? 'no-token-left-in-the-pool', password, passwordConfirmation: password };
    },
    expectValid: (response) => expect(response.cookies.map((cookie) => cookie.name)).toContain('SESSION'),
    validated: true,
    malformed: () => [
      { token: 'short', password: hashPassword('a'), passwordConfirmation: hashPassword('a') },
      { token: 'x'.repeat(43), password: 'Plain#2026', passwordConfirmation: 'Plain#2026' },
      { token: 'x'.repeat(43), password: hashPassword('a') },
      {
        token: 'not/base64url+token=====================',
        password: hashPassword('a'),
        passwordConfirmation: hashPassword('a'),
      },
      { token: 'x'.repeat(201), password: hashPassword('a'), passwordConfirmation: hashPassword('a') },
    ],
    forbiddenFor: null,
    writes: {
      snapshot: passwordsAndTokens,
      changing: () => resetBody(writesResetTokens[0] ?? 'no-token-for-writes', 'Matrix#Reset1'),
      rejected: [
        {
          body: () => ({
            token: writesResetTokens[0] ?? 'no-token-for-writes',
            password: hashPassword('Matrix#Reset1'),
            passwordConfirmation: hashPassword('Matrix#Reset2'),
          }),
          status: 400,
          code: 'Password.ConfirmationMismatch',
        },
        { body: () => resetBody('x'.repeat(43), 'Matrix#Reset1'), status: 400, code: 'PasswordResetToken.NotFound' },
      ],
      // The changing token is spent: the other member's token leaves the pool of the sample alone.
      restore: () => resetBody(writesResetTokens[1] ?? 'no-token-for-writes', 'Matrix#Reset2'),
    },
  },
  'POST /api/support-login': {
    access: 'public',
    endpoint: 'supportLogin',
    sample: () => ({ token: supportTokens.shift() ?? 'no.token-left-in-the-pool' }),
    expectValid: (response) => expect(response.cookies.map((cookie) => cookie.name)).toContain('SESSION'),
    validated: true,
    malformed: () => [{ token: 'no-dot-in-this-token-at-all' }, { token: 42 }, { token: `${'x'.repeat(2000)}.y` }],
    forbiddenFor: null,
  },
  'POST /api/support-audit/list': {
    access: 'session',
    endpoint: 'supportAuditList',
    as: 'acme/super.admin',
    sample: () => ({ page: 1, perPage: 25 }),
    validated: true,
    malformed: () => [{ page: 0 }, { perPage: 10 }, { page: 'one' }],
    forbiddenFor: ['acme/admin', 'acme/ou.admin', 'acme/loc.admin', 'acme/member'],
  },
  'POST /api/profile/changepassword': {
    access: 'session',
    endpoint: 'profileChangePassword',
    // The one valid call changes loc.admin's password; nothing signs in as loc.admin again in this file.
    as: 'acme/loc.admin',
    sample: () => ({
      old: hashPassword(DEMO_PASSWORD),
      new: hashPassword('Matrix#2026'),
      newCheck: hashPassword('Matrix#2026'),
    }),
    validated: true,
    malformed: () => [
      { old: DEMO_PASSWORD, new: hashPassword('Matrix#2026'), newCheck: hashPassword('Matrix#2026') },
      { old: hashPassword(DEMO_PASSWORD), new: hashPassword('Matrix#2026') },
      { old: hashPassword(DEMO_PASSWORD).toUpperCase(), new: hashPassword('a'), newCheck: hashPassword('a') },
      { old: null, new: hashPassword('a'), newCheck: hashPassword('a') },
    ],
    forbiddenFor: null,
    // Runs after the valid call (same describe block), which left the password at Matrix#2026. Snapshot: the
    // caller's member row (its password hash).
    writes: {
      changing: () => ({
        old: hashPassword('Matrix#2026'),
        new: hashPassword('Matrix#2027'),
        newCheck: hashPassword('Matrix#2027'),
      }),
      rejected: [
        {
          body: () => ({
            old: hashPassword('Matrix#2026'),
            new: hashPassword('Matrix#2027'),
            newCheck: hashPassword('Matrix#2028'),
          }),
          status: 400,
          code: 'Password.ConfirmationMismatch',
        },
        {
          body: () => ({
            old: hashPassword('Not the password'),
            new: hashPassword('Matrix#2027'),
            newCheck: hashPassword('Matrix#2027'),
          }),
          status: 400,
          code: 'Password.Invalid',
        },
        {
          body: () => ({
            old: hashPassword('Matrix#2026'),
            new: hashPassword(DEMO_PASSWORD),
            newCheck: hashPassword(DEMO_PASSWORD),
          }),
          status: 400,
          code: 'Password.AlreadyUsed',
        },
      ],
      // A recent password may not come back: on to a new one.
      restore: () => ({
        old: hashPassword('Matrix#2027'),
        new: hashPassword('Matrix#2029'),
        newCheck: hashPassword('Matrix#2029'),
      }),
    },
  },
  'POST /api/profile/changeusername': {
    access: 'session',
    endpoint: 'profileChangeUsername',
    as: 'acme/ou.admin',
    // Its own name again: a valid call that changes nothing (the change itself is proven in profile-security).
    sample: () => ({ username: 'ou.admin', newUsername: 'ou.admin', password: hashPassword(DEMO_PASSWORD) }),
    expectValid: (response) => expect(response.json()).toEqual({ username: 'ou.admin' }),
    validated: true,
    malformed: () => [
      { username: 'ou.admin', newUsername: 'Not Valid', password: hashPassword(DEMO_PASSWORD) },
      { username: 'ou.admin', newUsername: 'ab', password: hashPassword(DEMO_PASSWORD) },
      { username: 'ou.admin', newUsername: `${'a'.repeat(255)}`, password: hashPassword(DEMO_PASSWORD) },
      { username: 'ou.admin', newUsername: 'ou.admin2', password: DEMO_PASSWORD },
      { newUsername: 'ou.admin2', password: hashPassword(DEMO_PASSWORD) },
    ],
    forbiddenFor: null,
    writes: {
      changing: () => ({ username: 'ou.admin', newUsername: 'ou.admin.matrix', password: hashPassword(DEMO_PASSWORD) }),
      rejected: [
        {
          body: () => ({ username: 'ou.admin', newUsername: 'member', password: hashPassword(DEMO_PASSWORD) }),
          status: 409,
          code: 'Username.AlreadyExists',
        },
        {
          body: () => ({
            username: 'someone.else',
            newUsername: 'ou.admin.matrix',
            password: hashPassword(DEMO_PASSWORD),
          }),
          status: 400,
          code: 'Member.Invalid',
        },
        {
          body: () => ({ username: 'ou.admin', newUsername: 'ou.admin.matrix', password: hashPassword('Wrong#2026') }),
          status: 400,
          code: 'Password.Invalid',
        },
      ],
      restore: () => ({ username: 'ou.admin.matrix', newUsername: 'ou.admin', password: hashPassword(DEMO_PASSWORD) }),
    },
  },
  'POST /api/profile/checkusername': {
    access: 'session',
    endpoint: 'profileCheckUsername',
    sample: () => ({ username: 'member' }),
    expectValid: (response) => expect(response.json()).toEqual({ usernameExists: true }),
    validated: true,
    malformed: () => [{ username: '' }, { username: 5 }, { username: 'x'.repeat(255) }, {}],
    forbiddenFor: null,
  },
  'POST /api/profile/read-org-unit-list': {
    access: 'session',
    endpoint: 'profileReadOrgUnitList',
    as: 'acme/ou.admin',
    sample: () => ({}),
    expectValid: (response) => expect(response.json().items.length).toBeGreaterThan(0),
    validated: true,
    forbiddenFor: null,
  },
  // --- outside the contract -------------------------------------------------------------------------
  'GET /api/file/:context/:type/:uuid/:filename': {
    access: 'public',
    url: (ids) => `/api/file/licensee/logo/${ids.licenseeLogo}/logo.svg`,
    sample: () => ({}),
    expectValid: (response) => expect(response.headers['content-type']).toBe('image/svg+xml'),
    validated: false,
    forbiddenFor: null,
    otherClientUuid: {
      foreign: (ids) => ids.globexFile,
      request: (uuid) => ({ url: `/api/file/licensee/logo/${uuid}/logo.svg` }),
      status: 404,
      code: 'File.NotFound',
    },
  },
  'GET /api/docs': {
    access: 'public',
    sample: () => ({}),
    expectValid: (response) => expect(response.headers['content-type']).toMatch(/^text\/html/),
    validated: false,
    forbiddenFor: null,
  },
  'GET /api/docs/json': {
    access: 'public',
    sample: () => ({}),
    expectValid: (response) => expect(response.json().openapi).toMatch(/^3\./),
    validated: false,
    forbiddenFor: null,
  },
  // Swagger UI's own routes (@fastify/swagger-ui): public, read-only, no input.
  'GET /api/docs/yaml': {
    access: 'public',
    sample: () => ({}),
    expectValid: (response) => expect(response.body).toMatch(/^openapi: 3\./),
    validated: false,
    forbiddenFor: null,
  },
  'GET /api/docs/static/index.html': {
    access: 'public',
    sample: () => ({}),
    validStatus: 302,
    expectValid: (response) => expect(response.headers.location).toBe('/api/docs/'),
    validated: false,
    forbiddenFor: null,
  },
  'GET /api/docs/static/swagger-initializer.js': {
    access: 'public',
    sample: () => ({}),
    expectValid: (response) => expect(response.headers['content-type']).toMatch(/^application\/javascript/),
    validated: false,
    forbiddenFor: null,
  },
  'GET /api/docs/static/*': {
    access: 'public',
    url: () => '/api/docs/static/swagger-ui.css',
    sample: () => ({}),
    expectValid: (response) => expect(response.headers['content-type']).toMatch(/^text\/css/),
    validated: false,
    forbiddenFor: null,
  },
};
