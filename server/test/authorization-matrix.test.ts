/**
 * The authorisation matrix: every route the app registers under /api/ has an entry here, and every entry is
 * proven against the same list of rules (session, XSRF, permission, feature flag, client scope, request shape,
 * body limit, error format). A new route without an entry fails the first test.
 */

import { API_ROUTES } from '@dash/shared-core/calls';
import { ENDPOINTS, type EndpointDefinition } from '@dash/shared-core/contract';
import {
  LICENSEE_ROLE_PERMISSIONS,
  LICENSEE_ROLES,
  type LicenseeRole,
  type Permission,
  ROLE_PERMISSIONS,
  type Role,
} from '@dash/shared-core/permissions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BODY_LIMIT_BYTES } from '../src/app';
import { issuePasswordToken } from '../src/modules/auth/passwordReset';
import { createSupportToken, resolveSupportLinkSecret } from '../src/modules/auth/supportLink';
import {
  type Agent,
  createTestServer,
  expectCleanError,
  expectError,
  type InjectResponse,
  memberUuid,
  type RequestOptions,
  type TestServer,
} from './helpers';
import { AREA_MATRICES, loadMatrixIds, MATRIX, MATRIX_ITEMS } from './matrix/index';
import { resetTokens, supportTokens, writesResetTokens } from './matrix/platform';
import {
  type AnyLoginName,
  type Ids,
  isLicenseeLogin,
  LICENSEE_LOGINS,
  type LicenseeLoginName,
  LOGINS,
  type LoginName,
} from './matrix/types';

const ENTRIES = MATRIX_ITEMS;

let server: TestServer;
let ids: Ids;
const agents = {} as Record<AnyLoginName, Agent>;
const MEMBER_LOGIN_NAMES = Object.keys(LOGINS) as LoginName[];
const LICENSEE_LOGIN_NAMES = Object.keys(LICENSEE_LOGINS) as LicenseeLoginName[];

beforeAll(async () => {
  server = await createTestServer();
  await server.db.query("UPDATE client SET feature_elearnings = false WHERE identifier = 'initech'");
  for (const [name, login] of Object.entries(LOGINS) as Array<[LoginName, (typeof LOGINS)[LoginName]]>) {
    agents[name] = await server.login(login.clientIdentifier, login.username, { host: login.host });
  }
  for (const name of LICENSEE_LOGIN_NAMES) {
    const login = LICENSEE_LOGINS[name];
    agents[name] = await server.licenseeLogin(login.licenseeIdentifier, login.username, { host: login.host });
  }
  ids = await loadMatrixIds(server);
});

afterAll(async () => {
  await server?.close();
});

beforeAll(async () => {
  // One member per token: a reset ends the member's other tokens.
  const spare = await server.db.query<{ uuid: string }>(
    `SELECT m.uuid FROM member m JOIN client c ON c.uuid = m.client_uuid
      WHERE c.identifier = 'acme' AND m.role = 'member' AND m.status = 'active' AND m.archived_at IS NULL
        AND m.username <> 'member' ORDER BY m.username DESC LIMIT 7`,
  );
  const secret = await resolveSupportLinkSecret(server.db, undefined);
  for (const member of spare.splice(5)) {
    writesResetTokens.push(await issuePasswordToken(server.db, member.uuid, 'reset', 2));
  }
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
  const file = item.entry.multipartFile;
  const raw = item.entry.rawBody;
  if (item.method === 'GET') request.query = input as Record<string, string>;
  else if (options.payload !== undefined) request.payload = options.payload;
  else if (file && input !== null && typeof input === 'object' && !Array.isArray(input)) {
    const form = multipart(input as Record<string, unknown>, file);
    request.payload = form.payload;
    request.headers = { ...options.headers, 'content-type': form.contentType };
  } else if (raw && input !== null && typeof input === 'object' && !Array.isArray(input)) {
    // A file upload: the fields in the query, the file as the body.
    const query = new URLSearchParams(Object.entries(input).map(([key, value]) => [key, String(value)]));
    request.url = `${url}?${query.toString()}`;
    request.payload = raw.payload();
    request.headers = { ...options.headers, 'content-type': raw.contentType };
  } else request.body = input;
  const response = await agent.request(request);
  if (response.statusCode >= 400) errorResponses.push({ label: `${item.key} ${url}`, response });
  return response;
}

/** A multipart body: the fields of `input` as form fields, then the file under `file` (as a browser's FormData). */
function multipart(input: Record<string, unknown>, file: { filename: string; content: string }) {
  const boundary = '----matrix-boundary-7d1f';
  const fields = Object.entries(input).map(
    ([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${String(value)}\r\n`,
  );
  const payload = `${fields.join('')}--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.filename}"\r\nContent-Type: text/csv\r\n\r\n${file.content}\r\n--${boundary}--\r\n`;
  return { payload, contentType: `multipart/form-data; boundary=${boundary}` };
}

/** The signed-in client that makes the valid call (public routes: a fresh signed-out one holding XSRF-TOKEN). */
async function caller(item: (typeof ENTRIES)[number]): Promise<Agent> {
  if (item.entry.access === 'public') return server.anonymous();
  return agents[callerName(item.entry)];
}

/** The login of an entry's valid call (session and licensee routes). */
function callerName(entry: (typeof ENTRIES)[number]['entry']): AnyLoginName {
  return entry.access === 'licensee' ? (entry.asLicensee ?? 'dashboard/lizenz.admin') : (entry.as ?? 'acme/admin');
}

/**
 * Every /api/ route (Swagger UI's own files and any OPTIONS route included) but one kind: the HEAD twin Fastify adds
 * to each GET route (exposeHeadRoutes). It runs the GET route's handler and hooks and drops the body; every entry's
 * test "answers HEAD as it answers GET" below proves that for each GET route.
 */
function registeredApiRoutes(): string[] {
  const routes = server.app.registeredRoutes.filter((route) => route.url.startsWith('/api/'));
  const getUrls = new Set(routes.filter((route) => route.method === 'GET').map((route) => route.url));
  const keys = routes
    .filter((route) => !(route.method === 'HEAD' && getUrls.has(route.url)))
    .map((route) => `${route.method} ${route.url}`);
  return [...new Set(keys)].sort();
}

/**
 * Calls that write but need no `writes` block, each for a reason: they only create a session (a new row in
 * `session`, which a refused sign-in never writes, as the auth tests prove) and change no data of a member.
 */
const WRITES_EXEMPT: Record<string, string> = {
  'POST /api/login': 'sign-in: creates a session only',
  'POST /api/support-login': "a customer adviser's sign-in: creates a session only",
  'POST /api/licensee/login': 'licensee staff sign-in: creates a licensee session only',
  'POST /api/support/end':
    "ends the caller's own support session only (as the sign-out does); signed out it changes nothing, and a refused call leaves the session running (licensee-staff.test.ts)",
};

/** Writing calls: every route that is not a GET and that API_ROUTES does not mark `reads: true`. */
function writingCalls(): string[] {
  return ENTRIES.filter(({ method, entry }) => {
    if (method === 'GET') return false;
    return !(entry.endpoint && (API_ROUTES[entry.endpoint] as { reads?: boolean }).reads);
  }).map(({ key }) => key);
}

function missingWrites(): string[] {
  return writingCalls().filter((key) => {
    const entry = MATRIX[key];
    if (key in WRITES_EXEMPT || !entry) return false;
    // A public or licensee call has no caller's member row to read by default: it must say what it changes.
    return !entry.writes || (entry.access !== 'session' && !entry.writes.snapshot);
  });
}

const DEMO_ROLES: Role[] = ['member', 'loc-admin', 'ou-admin', 'admin', 'super-admin'];

function holds(role: Role | LicenseeRole, permissions: readonly Permission[]): boolean {
  const held: readonly Permission[] =
    role in LICENSEE_ROLE_PERMISSIONS
      ? LICENSEE_ROLE_PERMISSIONS[role as LicenseeRole]
      : ROLE_PERMISSIONS[role as Role];
  return permissions.length === 0 || permissions.some((permission) => held.includes(permission));
}

function roleOf(login: AnyLoginName): Role | LicenseeRole {
  return isLicenseeLogin(login) ? LICENSEE_LOGINS[login].role : LOGINS[login].role;
}

describe('the matrix covers every route', () => {
  it('no route has entries in two area files', () => {
    const keys = AREA_MATRICES.flatMap((matrix) => Object.keys(matrix));
    expect(keys.filter((key, index) => keys.indexOf(key) !== index)).toEqual([]);
  });

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

  it('every writing call proves that a refused request changes nothing (a writes block)', () => {
    expect(writingCalls().length).toBeGreaterThan(3);
    expect(missingWrites(), 'writing calls without a writes block').toEqual([]);
    for (const key of Object.keys(WRITES_EXEMPT)) expect(writingCalls(), `exempt ${key}`).toContain(key);
  });

  it('the writes check finds a writing call without a writes block', () => {
    const entry = MATRIX['POST /api/profile/changepassword'];
    expect(entry?.writes).toBeDefined();
    const saved = entry?.writes;
    try {
      if (entry) entry.writes = undefined;
      expect(missingWrites()).toEqual(['POST /api/profile/changepassword']);
    } finally {
      if (entry) entry.writes = saved;
    }
  });

  it('forbiddenFor agrees with the role-to-permission table', () => {
    for (const { key, entry } of ENTRIES) {
      if (!entry.endpoint) continue;
      const { permissions } = ENDPOINTS[entry.endpoint] as EndpointDefinition;
      // A licensee call is weighed against the licensee roles, every other one against the members' roles.
      const roles: ReadonlyArray<Role | LicenseeRole> = entry.access === 'licensee' ? LICENSEE_ROLES : DEMO_ROLES;
      if (entry.forbiddenFor === null) {
        for (const role of roles) expect(holds(role, permissions), `${key}: ${role} should hold it`).toBe(true);
      } else {
        expect(entry.forbiddenFor.length, key).toBeGreaterThan(0);
        for (const login of entry.forbiddenFor) {
          expect(isLicenseeLogin(login), `${key}: ${login} is of the call's kind`).toBe(entry.access === 'licensee');
          expect(holds(roleOf(login), permissions), `${key}: ${login} should lack it`).toBe(false);
        }
        // Every demo role that lacks the permission is listed (one login per role suffices).
        const listedRoles = new Set(entry.forbiddenFor.map(roleOf));
        for (const role of roles) {
          if (!holds(role, permissions)) expect(listedRoles.has(role), `${key}: list a ${role}`).toBe(true);
        }
      }
      if (entry.access !== 'public') expect(holds(roleOf(callerName(entry)), permissions), key).toBe(true);
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

  it(`answers ${entry.validStatus ?? 200} to a valid call`, async () => {
    const response = await call(await caller(item), item);
    expect(response.statusCode, response.body).toBe(entry.validStatus ?? 200);
    entry.expectValid?.(response);
  });

  if (method === 'GET') {
    it('answers HEAD as it answers GET, without a body', async () => {
      const agent = await caller(item);
      const url = item.entry.url?.(ids) ?? item.path;
      const query = item.entry.sample(ids) as Record<string, string>;
      const get = await agent.request({ method: 'GET', url, query });
      const head = await agent.request({ method: 'HEAD', url, query });
      expect(head.statusCode).toBe(get.statusCode);
      expect(head.body).toBe('');
    });
  }

  if (entry.access !== 'public') {
    it('answers 401 Auth.Unauthorized without a session (valid XSRF pair sent)', async () => {
      const anonymous = await server.anonymous();
      expectError(await call(anonymous, item), 401, 'Auth.Unauthorized');
      const forged = server.agent({ cookies: { SESSION: 'forged-session', 'XSRF-TOKEN': 'token' } });
      expectError(await call(forged, item), 401, 'Auth.Unauthorized');
      const forgedLicensee = server.agent({ cookies: { SESSION: 'lic.forged-session', 'XSRF-TOKEN': 'token' } });
      expectError(await call(forgedLicensee, item), 401, 'Auth.Unauthorized');
    });

    // A member's session is no licensee session and a licensee session no member's: each kind of call answers the
    // other kind's every login as it answers nobody signed in.
    const otherKind = entry.access === 'licensee' ? MEMBER_LOGIN_NAMES : LICENSEE_LOGIN_NAMES;
    it(`answers 401 Auth.Unauthorized to every ${entry.access === 'licensee' ? 'member' : 'licensee staff'} session`, async () => {
      for (const login of otherKind) {
        const response = await call(agents[login], item);
        expect(`${login} -> ${response.statusCode}`).toBe(`${login} -> 401`);
        expectError(response, 401, 'Auth.Unauthorized');
      }
    });
  } else {
    it('is public: answers without a session', async () => {
      const response = await call(await server.anonymous(), item);
      expect(response.statusCode, response.body).toBe(entry.validStatus ?? 200);
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

    // 64 KiB, or the call's own limit where its contract sets one (the SCORM commit).
    const bodyLimit =
      (entry.endpoint && (ENDPOINTS[entry.endpoint] as EndpointDefinition).bodyLimitBytes) || BODY_LIMIT_BYTES;
    it(`answers 413 Request.TooLarge to a body over its limit (${bodyLimit / 1024} KiB)`, async () => {
      const agent = await caller(item);
      const payload = JSON.stringify({ ...entry.sample(ids), filler: 'x'.repeat(bodyLimit) });
      expect(payload.length).toBeGreaterThan(bodyLimit);
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
      const login = callerName(entry);
      const member = isLicenseeLogin(login) ? null : LOGINS[login];
      const uuid = member ? await memberUuid(server.db, member.clientIdentifier, member.username) : null;
      const row = () =>
        writing.snapshot
          ? writing.snapshot(server.db, ids)
          : server.db.query('SELECT * FROM member WHERE uuid = $1', [uuid]);
      const agent = entry.access === 'public' ? await server.anonymous() : agents[login];
      const changing = writing.changing(ids);
      const before = await row();

      const rejected: InjectResponse[] = [
        // Without a session (public calls take none).
        ...(entry.access === 'public'
          ? []
          : [
              await call(await server.anonymous(), item, { input: changing }),
              await call(server.agent({ cookies: { SESSION: agent.session ?? '' } }), item, { input: changing }),
              // The other kind of session, with its XSRF pair: a member cannot make a licensee's change, nor back.
              await call(agents[entry.access === 'licensee' ? 'acme/super.admin' : 'dashboard/lizenz.admin'], item, {
                input: changing,
              }),
            ]),
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
      // Back to usable data, for the other tests.
      const restored = await call(agent, item, writing.restore ? { input: writing.restore(ids) } : {});
      expect(restored.statusCode, restored.body).toBe(200);
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
