/**
 * The authorisation matrix: every route the app registers under /api/ has an entry here, and every entry is
 * proven against the same list of rules (session, XSRF, permission, feature flag, client scope, request shape,
 * body limit, error format). A new route without an entry fails the first test.
 */
import { hashPassword, type Permission, ROLE_PERMISSIONS, type Role } from '@dash/shared-core';
import { ENDPOINTS, type EndpointDefinition } from '@dash/shared-core/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BODY_LIMIT_BYTES } from '../src/app';
import { issuePasswordToken } from '../src/modules/auth/passwordReset';
import { createSupportToken, resolveSupportLinkSecret } from '../src/modules/auth/supportLink';
import {
  type Agent,
  createTestServer,
  DEMO_PASSWORD,
  expectCleanError,
  expectError,
  type InjectResponse,
  memberUuid,
  type RequestOptions,
  type TestServer,
} from './helpers';

type LoginName =
  | 'acme/super.admin'
  | 'acme/admin'
  | 'acme/ou.admin'
  | 'acme/loc.admin'
  | 'acme/member'
  | 'globex/admin'
  | 'initech/admin';

const LOGINS: Record<LoginName, { clientIdentifier: string; username: string; role: Role; host?: string }> = {
  'acme/super.admin': { clientIdentifier: 'acme', username: 'super.admin', role: 'super-admin' },
  'acme/admin': { clientIdentifier: 'acme', username: 'admin', role: 'admin' },
  'acme/ou.admin': { clientIdentifier: 'acme', username: 'ou.admin', role: 'ou-admin' },
  'acme/loc.admin': { clientIdentifier: 'acme', username: 'loc.admin', role: 'loc-admin' },
  'acme/member': { clientIdentifier: 'acme', username: 'member', role: 'member' },
  'globex/admin': { clientIdentifier: 'globex', username: 'admin', role: 'admin' },
  // initech has e-learnings switched off in this test (beforeAll), to prove the flag on every e-learning call.
  'initech/admin': { clientIdentifier: 'initech', username: 'admin', role: 'admin', host: 'partner.localhost' },
};

/** Uuids of the seeded data, looked up once. */
interface Ids {
  acmeMember: string;
  acmeAdmin: string;
  globexMember: string;
  licenseeLogo: string;
  /** A file that belongs to globex: never served by the public file route. */
  globexFile: string;
}

type Input = Record<string, unknown>;

interface MatrixEntry {
  access: 'public' | 'session';
  /** The contract entry behind the route; absent for the few routes outside the contract. */
  endpoint?: keyof typeof ENDPOINTS;
  /** A concrete URL, for routes with path parameters. */
  url?: (ids: Ids) => string;
  /** Who makes the valid call of a session route (default acme/admin); public routes are called signed out. */
  as?: LoginName;
  /** A valid body (POST) or query (GET). */
  sample: (ids: Ids) => Input;
  /** Checks the answer of the valid call beyond its status 200. */
  expectValid?: (response: InjectResponse) => void;
  /** false: the route takes no validated input (Swagger UI, files). */
  validated: boolean;
  /** Bodies or queries of the wrong shape besides the generic ones (extra property, wrong JSON type). */
  malformed?: (ids: Ids) => unknown[];
  /** Demo logins lacking the permission (403 Auth.Forbidden); null when every signed-in role may call it. */
  forbiddenFor: readonly LoginName[] | null;
  /** The call takes a uuid: another client's uuid answers exactly as a uuid that does not exist. */
  otherClientUuid?: {
    foreign: (ids: Ids) => string;
    request: (uuid: string) => { url?: string; input?: Input };
    status: number;
    code: string;
  };
  /** A login whose client has the call's app switched off (403 Auth.FeatureDisabled). */
  featureFlagOffFor?: LoginName;
  /** A writing call: a rejected request must change nothing (compared on the member row). */
  writes?: {
    /** A valid body that changes the caller's row. */
    changing: (ids: Ids) => Input;
    /** Valid JSON the handler itself rejects, with its answer. */
    rejected?: Array<{ body: (ids: Ids) => Input; status: number; code: string }>;
  };
}

const tableDefaults = { filter: {}, page: 1, perPage: 25, sortDirection: 'asc' } as const;

const MATRIX: Record<string, MatrixEntry> = {
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
  'POST /api/elearning/read-catalog': {
    access: 'session',
    endpoint: 'elearningCatalog',
    sample: () => ({ ...tableDefaults, sortBy: 'title' }),
    validated: true,
    malformed: () => [{ sortBy: 'lastName' }, { perPage: 10 }, { filter: { search: 5 } }],
    forbiddenFor: ['acme/member', 'acme/loc.admin', 'acme/ou.admin'],
    featureFlagOffFor: 'initech/admin',
  },
  'POST /api/elearning/read-member-tasks': {
    access: 'session',
    endpoint: 'elearningMemberTasks',
    as: 'acme/member',
    sample: () => ({ ...tableDefaults, filter: { status: 'all' }, sortBy: 'dueDate' }),
    validated: true,
    malformed: () => [{ filter: { status: 'closed' } }, { sortBy: 'uuid' }, { perPage: -1 }],
    forbiddenFor: null,
    featureFlagOffFor: 'initech/admin',
  },
  'POST /api/risk-assessment/read-catalog-list': {
    access: 'session',
    endpoint: 'riskAssessmentCatalog',
    sample: () => ({ ...tableDefaults, sortBy: 'title' }),
    validated: true,
    malformed: () => [{ sortBy: 'durationMinutes' }, { page: null }, { filter: [] }],
    forbiddenFor: ['acme/member', 'acme/loc.admin', 'acme/ou.admin'],
    featureFlagOffFor: 'globex/admin',
  },
  'POST /api/risk-assessment/read-member-tasks': {
    access: 'session',
    endpoint: 'riskAssessmentMemberTasks',
    as: 'acme/member',
    sample: () => ({ ...tableDefaults, filter: { status: 'open' }, sortBy: 'title' }),
    validated: true,
    malformed: () => [{ filter: { status: 'open', search: 'x' } }, { sortDirection: 'DESC' }],
    forbiddenFor: null,
    featureFlagOffFor: 'globex/admin',
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
};

const ENTRIES = Object.entries(MATRIX).map(([key, entry]) => {
  const [method, path] = key.split(' ') as ['GET' | 'POST', string];
  return { key, method, path, entry };
});

let server: TestServer;
let ids: Ids;
const agents = {} as Record<LoginName, Agent>;

beforeAll(async () => {
  server = await createTestServer();
  await server.db.query("UPDATE client SET feature_elearnings = false WHERE identifier = 'initech'");
  for (const [name, login] of Object.entries(LOGINS) as Array<[LoginName, (typeof LOGINS)[LoginName]]>) {
    agents[name] = await server.login(login.clientIdentifier, login.username, { host: login.host });
  }
  const [logo] = await server.db.query<{ logo_file_uuid: string }>(
    "SELECT logo_file_uuid FROM licensee WHERE identifier = 'dashboard'",
  );
  const [globexFile] = await server.db.query<{ uuid: string }>(
    `INSERT INTO file (context, type, filename, content_type, content, client_uuid)
     SELECT 'licensee', 'logo', 'logo.svg', 'image/svg+xml', $1, uuid FROM client WHERE identifier = 'globex'
     RETURNING uuid`,
    [Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>')],
  );
  ids = {
    acmeMember: await memberUuid(server.db, 'acme', 'member'),
    acmeAdmin: await memberUuid(server.db, 'acme', 'admin'),
    globexMember: await memberUuid(server.db, 'globex', 'fahrer1'),
    licenseeLogo: logo?.logo_file_uuid ?? '',
    globexFile: globexFile?.uuid ?? '',
  };
});

afterAll(async () => {
  await server?.close();
});

/** Single-use tokens for the valid calls of the reset and support-login entries (filled below). */
const resetTokens: string[] = [];
const supportTokens: string[] = [];

beforeAll(async () => {
  // One member per token: a reset ends the member's other tokens.
  const spare = await server.db.query<{ uuid: string }>(
    `SELECT m.uuid FROM member m JOIN client c ON c.uuid = m.client_uuid
      WHERE c.identifier = 'acme' AND m.role = 'member' AND m.status = 'active' AND m.archived_at IS NULL
        AND m.username <> 'member' ORDER BY m.username DESC LIMIT 5`,
  );
  const secret = await resolveSupportLinkSecret(server.db, undefined);
  for (const member of spare) {
    resetTokens.push(await issuePasswordToken(server.db, member.uuid, 'reset', 2));
    supportTokens.push(
      createSupportToken(secret, { client: 'acme', adviser: 'Matrix', reason: 'authorisation matrix' }),
    );
  }
});

/** Every error answer of this file, checked for the pure error format at the end. */
const errorResponses: Array<{ label: string; response: InjectResponse }> = [];

interface CallOptions {
  url?: string;
  input?: unknown;
  payload?: string;
  headers?: Record<string, string>;
  omitXsrfHeader?: boolean;
}

async function call(agent: Agent, item: (typeof ENTRIES)[number], options: CallOptions = {}): Promise<InjectResponse> {
  const url = options.url ?? item.entry.url?.(ids) ?? item.path;
  const input = 'input' in options ? options.input : item.entry.sample(ids);
  const request: RequestOptions = {
    method: item.method,
    url,
    headers: options.headers,
    omitXsrfHeader: options.omitXsrfHeader,
  };
  if (item.method === 'GET') request.query = input as Record<string, string>;
  else if (options.payload !== undefined) request.payload = options.payload;
  else request.body = input;
  const response = await agent.request(request);
  if (response.statusCode >= 400) errorResponses.push({ label: `${item.key} ${url}`, response });
  return response;
}

/** The signed-in client that makes the valid call (public routes: a fresh signed-out one holding XSRF-TOKEN). */
async function caller(item: (typeof ENTRIES)[number]): Promise<Agent> {
  return item.entry.access === 'public' ? server.anonymous() : agents[item.entry.as ?? 'acme/admin'];
}

function registeredApiRoutes(): string[] {
  const keys = server.app.registeredRoutes
    .filter((route) => route.method !== 'HEAD' && route.method !== 'OPTIONS')
    .filter((route) => route.url.startsWith('/api/'))
    // Swagger UI's own assets (static files, yaml) are not API calls; its page and the JSON document are.
    .filter((route) => !route.url.startsWith('/api/docs/') || route.url === '/api/docs/json')
    .map((route) => `${route.method} ${route.url}`);
  return [...new Set(keys)].sort();
}

const DEMO_ROLES: Role[] = ['member', 'loc-admin', 'ou-admin', 'admin', 'super-admin'];

function holds(role: Role, permissions: readonly Permission[]): boolean {
  return permissions.length === 0 || permissions.some((permission) => ROLE_PERMISSIONS[role].includes(permission));
}

describe('the matrix covers every route', () => {
  it('every registered /api/ route has a MATRIX entry', () => {
    const missing = registeredApiRoutes().filter((key) => !(key in MATRIX));
    expect(missing, 'routes without a MATRIX entry').toEqual([]);
  });

  it('every MATRIX entry names a registered route', () => {
    const registered = new Set(registeredApiRoutes());
    const stale = Object.keys(MATRIX).filter((key) => !registered.has(key));
    expect(stale, 'MATRIX entries without a route').toEqual([]);
  });

  it('every ENDPOINTS entry of the contract is registered, with its MATRIX entry agreeing on access', () => {
    const registered = new Set(registeredApiRoutes());
    for (const [id, endpoint] of Object.entries(ENDPOINTS) as Array<[keyof typeof ENDPOINTS, EndpointDefinition]>) {
      const key = `${endpoint.method} ${endpoint.path}`;
      expect(registered.has(key), `${id}: ${key} is not registered`).toBe(true);
      const entry = MATRIX[key];
      expect(entry?.endpoint, `${key} in MATRIX`).toBe(id);
      expect(entry?.access, `${key} access`).toBe(endpoint.access);
      expect(Boolean(entry?.featureFlagOffFor), `${key}: featureFlagOffFor iff the contract names a flag`).toBe(
        Boolean(endpoint.featureFlag),
      );
    }
    // Entries that claim a contract id name the right one.
    for (const { key, entry } of ENTRIES) {
      if (!entry.endpoint) continue;
      const endpoint = ENDPOINTS[entry.endpoint] as EndpointDefinition;
      expect(`${endpoint.method} ${endpoint.path}`).toBe(key);
    }
  });

  it('forbiddenFor agrees with the role-to-permission table', () => {
    for (const { key, entry } of ENTRIES) {
      if (!entry.endpoint) continue;
      const { permissions } = ENDPOINTS[entry.endpoint] as EndpointDefinition;
      if (entry.forbiddenFor === null) {
        for (const role of DEMO_ROLES) expect(holds(role, permissions), `${key}: ${role} should hold it`).toBe(true);
      } else {
        expect(entry.forbiddenFor.length, key).toBeGreaterThan(0);
        for (const login of entry.forbiddenFor) {
          expect(holds(LOGINS[login].role, permissions), `${key}: ${login} should lack it`).toBe(false);
        }
        // Every demo role that lacks the permission is listed (one login per role suffices).
        const listedRoles = new Set(entry.forbiddenFor.map((login) => LOGINS[login].role));
        for (const role of DEMO_ROLES) {
          if (!holds(role, permissions)) expect(listedRoles.has(role), `${key}: list a ${role}`).toBe(true);
        }
      }
      const caller = entry.as ?? 'acme/admin';
      if (entry.access === 'session') expect(holds(LOGINS[caller].role, permissions), key).toBe(true);
    }
  });

  it('the OpenAPI document at /api/docs/json describes every contract call', async () => {
    const response = await server.agent().get('/api/docs/json');
    const document = response.json() as { paths: Record<string, Record<string, unknown>> };
    for (const endpoint of Object.values(ENDPOINTS) as EndpointDefinition[]) {
      expect(document.paths[endpoint.path]?.[endpoint.method.toLowerCase()], endpoint.path).toBeDefined();
    }
  });
});

describe.each(ENTRIES)('$key', (item) => {
  const { entry, method } = item;
  const writes = method !== 'GET';

  it('answers 200 to a valid call', async () => {
    const response = await call(await caller(item), item);
    expect(response.statusCode, response.body).toBe(200);
    entry.expectValid?.(response);
  });

  if (entry.access === 'session') {
    it('answers 401 Auth.Unauthorized without a session (valid XSRF pair sent)', async () => {
      const anonymous = await server.anonymous();
      expectError(await call(anonymous, item), 401, 'Auth.Unauthorized');
      const forged = server.agent({ cookies: { SESSION: 'forged-session', 'XSRF-TOKEN': 'token' } });
      expectError(await call(forged, item), 401, 'Auth.Unauthorized');
    });
  } else {
    it('is public: answers without a session', async () => {
      const response = await call(await server.anonymous(), item);
      expect(response.statusCode, response.body).toBe(200);
    });
  }

  if (writes) {
    it('answers 403 Csrf.Invalid without a matching X-XSRF-TOKEN header', async () => {
      const agent = await caller(item);
      expectError(await call(agent, item, { omitXsrfHeader: true }), 403, 'Csrf.Invalid');
      expectError(
        await call(agent, item, { omitXsrfHeader: true, headers: { 'x-xsrf-token': 'not-the-cookie' } }),
        403,
        'Csrf.Invalid',
      );
      expectError(
        await call(agent, item, { omitXsrfHeader: true, headers: { 'x-xsrf-token': '' } }),
        403,
        'Csrf.Invalid',
      );
      // Header without the cookie: the double submit needs both.
      const token = agent.xsrfToken ?? '';
      const cookies = Object.fromEntries([...agent.cookies].filter(([name]) => name !== 'XSRF-TOKEN'));
      const noCookie = server.agent({ host: agent.host, cookies });
      expectError(await call(noCookie, item, { headers: { 'x-xsrf-token': token } }), 403, 'Csrf.Invalid');
      // The XSRF check comes before the session check.
      expectError(await call(server.agent(), item), 403, 'Csrf.Invalid');
    });
  }

  if (entry.forbiddenFor) {
    it.each(entry.forbiddenFor)('answers 403 Auth.Forbidden to %s', async (login) => {
      expectError(await call(agents[login], item), 403, 'Auth.Forbidden');
    });
  }

  const flagOff = entry.featureFlagOffFor;
  if (flagOff) {
    it(`answers 403 Auth.FeatureDisabled to ${flagOff}`, async () => {
      expectError(await call(agents[flagOff], item), 403, 'Auth.FeatureDisabled');
    });
  }

  const scoped = entry.otherClientUuid;
  if (scoped) {
    it("answers another client's uuid exactly as a uuid that does not exist", async () => {
      const agent = await caller(item);
      const foreign = await call(agent, item, scoped.request(scoped.foreign(ids)));
      const missing = await call(agent, item, scoped.request(crypto.randomUUID()));
      expectError(foreign, scoped.status, scoped.code);
      expectError(missing, scoped.status, scoped.code);
      expect(foreign.body).toBe(missing.body);
    });
  }

  if (entry.validated) {
    it('answers 400 Schema.ValidationFailed to a malformed request', async () => {
      const agent = await caller(item);
      const sample = entry.sample(ids);
      const inputs: unknown[] =
        method === 'GET'
          ? [{ unexpected: '1' }, { ...sample, page: '1' }]
          : [{ ...sample, unexpected: true }, [], [sample], 42, 'text', false, ...(entry.malformed?.(ids) ?? [])];
      for (const input of inputs) {
        const response = await call(agent, item, { input });
        expect(`${JSON.stringify(input)} -> ${response.statusCode}`).toBe(`${JSON.stringify(input)} -> 400`);
        expectError(response, 400, 'Schema.ValidationFailed');
      }
    });
  }

  if (writes) {
    it('answers 400 Schema.ValidationFailed to invalid JSON', async () => {
      const agent = await caller(item);
      for (const payload of ['{"filter":', "{'single':'quotes'}", '{"a":1}}', '']) {
        const response = await call(agent, item, { payload, headers: { 'content-type': 'application/json' } });
        expectError(response, 400, 'Schema.ValidationFailed');
      }
    });

    it('answers 413 Request.TooLarge to a body over 64 KiB', async () => {
      const agent = await caller(item);
      const payload = JSON.stringify({ ...entry.sample(ids), filler: 'x'.repeat(BODY_LIMIT_BYTES) });
      expect(payload.length).toBeGreaterThan(64 * 1024);
      const response = await call(agent, item, { payload, headers: { 'content-type': 'application/json' } });
      expectError(response, 413, 'Request.TooLarge');
    });

    it('answers 415 Request.UnsupportedMediaType to a body that is not JSON', async () => {
      const agent = await caller(item);
      const response = await call(agent, item, { payload: '<x/>', headers: { 'content-type': 'application/xml' } });
      expectError(response, 415, 'Request.UnsupportedMediaType');
    });
  }

  const writing = entry.writes;
  if (writing) {
    it('changes nothing in the database when the request is rejected', async () => {
      const login = entry.as ?? 'acme/admin';
      const uuid = await memberUuid(server.db, LOGINS[login].clientIdentifier, LOGINS[login].username);
      const row = () => server.db.query('SELECT * FROM member WHERE uuid = $1', [uuid]);
      const agent = agents[login];
      const changing = writing.changing(ids);
      const before = await row();

      const rejected: InjectResponse[] = [
        await call(await server.anonymous(), item, { input: changing }),
        await call(server.agent({ cookies: { SESSION: agent.session ?? '' } }), item, { input: changing }),
        await call(agent, item, { input: changing, omitXsrfHeader: true }),
        await call(agent, item, { input: changing, omitXsrfHeader: true, headers: { 'x-xsrf-token': 'forged' } }),
        await call(agent, item, { input: { ...changing, unexpected: true } }),
        ...(await Promise.all((entry.malformed?.(ids) ?? []).map((input) => call(agent, item, { input })))),
        await call(agent, item, {
          payload: JSON.stringify({ ...changing, filler: 'x'.repeat(BODY_LIMIT_BYTES) }),
          headers: { 'content-type': 'application/json' },
        }),
        await call(agent, item, {
          payload: JSON.stringify(changing).slice(0, -1),
          headers: { 'content-type': 'application/json' },
        }),
      ];
      for (const rule of writing.rejected ?? []) {
        const response = await call(agent, item, { input: rule.body(ids) });
        expectError(response, rule.status, rule.code);
        rejected.push(response);
      }
      for (const response of rejected) expect(response.statusCode, response.body).toBeGreaterThanOrEqual(400);
      expect(await row()).toEqual(before);

      // The control: the same body, sent properly, does change the row (so the comparison above can fail).
      const accepted = await call(agent, item, { input: changing });
      expect(accepted.statusCode, accepted.body).toBe(200);
      expect(await row()).not.toEqual(before);
      // Back to the sample, for the other tests.
      expect((await call(agent, item, {})).statusCode).toBe(200);
    });
  }
});

describe('error answers', () => {
  it('an unknown /api/ route answers 404 Route.NotFound in the error format', async () => {
    const agent = agents['acme/admin'];
    expectError(await agent.get('/api/no/such/call'), 404, 'Route.NotFound');
    expectError(await agent.post('/api/memberlist/delete-everything', {}), 404, 'Route.NotFound');
    expectError(await agent.request({ method: 'DELETE', url: '/api/member/state' }), 404, 'Route.NotFound');
  });

  it('a malformed file URL answers 404 File.NotFound', async () => {
    const agent = server.agent();
    expectError(await agent.get('/api/file/licensee/logo/not-a-uuid/logo.svg'), 404, 'File.NotFound');
    expectError(await agent.get(`/api/file/client/logo/${ids.licenseeLogo}/logo.svg`), 404, 'File.NotFound');
    expectError(await agent.get(`/api/file/licensee/mood/${ids.licenseeLogo}/logo.svg`), 404, 'File.NotFound');
  });

  it('a failing database answers 500 Generic.InternalError without SQL or stack trace', async () => {
    const agent = agents['acme/admin'];
    await server.db.query('ALTER TABLE elearning RENAME TO elearning_away');
    try {
      const response = await agent.post('/api/elearning/read-catalog', {});
      expectError(response, 500, 'Generic.InternalError');
      expect(response.body).not.toContain('elearning');
    } finally {
      await server.db.query('ALTER TABLE elearning_away RENAME TO elearning');
    }
    expect((await agent.post('/api/elearning/read-catalog', {})).statusCode).toBe(200);
  });

  it('no error answer of this file held more than {"error":{"code"}} (no stack trace, no SQL)', () => {
    expect(errorResponses.length).toBeGreaterThan(50);
    for (const { label, response } of errorResponses) {
      try {
        expectCleanError(response);
      } catch (error) {
        throw new Error(`${label}: ${response.statusCode} ${response.body}`, { cause: error });
      }
    }
  });
});
