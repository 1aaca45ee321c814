/**
 * Hostile input against every registered /api route: NUL characters, 100,000-character strings, deep nesting, huge
 * arrays, numbers out of range, prototype keys and wrong types, in place of every field of the route's valid matrix
 * sample and as whole bodies, queries and path segments; signed in (as the entry's caller) and signed out.
 * No answer may be a 5xx, and every 4xx must be the plain error format. Inputs no call can ever accept (NUL, prototype
 * keys, nesting over the limit, arrays over the limit, non-finite numbers) must be refused outright.
 * The routes come from the matrix files (`matrix/index.ts`), so a route another area adds is covered with its entry.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findHostileInput, INPUT_LIMITS } from '../src/http/hostileInput';
import { type Agent, createTestServer, expectCleanError, type InjectResponse, type TestServer } from './helpers';
import { loadMatrixIds, MATRIX, MATRIX_ITEMS, type MatrixItem } from './matrix/index';
import { type AnyLoginName, type Ids, isLicenseeLogin, LICENSEE_LOGINS, LOGINS } from './matrix/types';

let server: TestServer;
let ids: Ids;
const agents = new Map<AnyLoginName, Agent>();

beforeAll(async () => {
  server = await createTestServer();
  ids = await loadMatrixIds(server);
});

afterAll(async () => {
  await server?.close();
});

async function agentFor(login: AnyLoginName): Promise<Agent> {
  let agent = agents.get(login);
  if (!agent) {
    if (isLicenseeLogin(login)) {
      const { licenseeIdentifier, username, host } = LICENSEE_LOGINS[login];
      agent = await server.licenseeLogin(licenseeIdentifier, username, { host });
    } else {
      const { clientIdentifier, username, host } = LOGINS[login];
      agent = await server.login(clientIdentifier, username, { host });
    }
    agents.set(login, agent);
  }
  return agent;
}

/** The login of an entry's valid call. */
function callerOf(entry: MatrixItem['entry']): AnyLoginName {
  return entry.access === 'licensee' ? (entry.asLicensee ?? 'dashboard/lizenz.admin') : (entry.as ?? 'acme/admin');
}

/** A hostile value as raw JSON text (so that 1e400 and nesting past any limit survive), and whether it is never valid. */
interface Hostile {
  label: string;
  json: string;
  alwaysRefused: boolean;
}

const nested = (depth: number, open: string, close: string, inner = '1') =>
  `${open.repeat(depth)}${inner}${close.repeat(depth)}`;
const deep = INPUT_LIMITS.maxDepth + 5;

const HOSTILE: Hostile[] = [
  { label: 'NUL inside a string', json: '"a\\u0000b"', alwaysRefused: true },
  { label: 'a lone NUL', json: '"\\u0000"', alwaysRefused: true },
  { label: 'NUL at the end of a uuid', json: '"00000000-0000-4000-8000-00000000000\\u0000"', alwaysRefused: true },
  { label: 'NUL in a key', json: '{"a\\u0000b":1}', alwaysRefused: true },
  { label: '__proto__ key', json: '{"__proto__":{"polluted":true}}', alwaysRefused: true },
  { label: 'constructor.prototype keys', json: '{"constructor":{"prototype":{"polluted":true}}}', alwaysRefused: true },
  { label: 'prototype key', json: '{"prototype":1}', alwaysRefused: true },
  { label: `objects ${deep} deep`, json: nested(deep, '{"a":', '}'), alwaysRefused: true },
  { label: `arrays ${deep} deep`, json: nested(deep, '[', ']'), alwaysRefused: true },
  { label: 'arrays 30,000 deep (parser)', json: nested(30_000, '[', ']'), alwaysRefused: true },
  {
    label: `an array of ${INPUT_LIMITS.maxArrayLength + 1} numbers`,
    json: `[${'1,'.repeat(INPUT_LIMITS.maxArrayLength)}1]`,
    alwaysRefused: true,
  },
  { label: '1e400 (Infinity)', json: '1e400', alwaysRefused: true },
  { label: '-1e400 (-Infinity)', json: '-1e400', alwaysRefused: true },
  { label: '100,000 characters', json: JSON.stringify('x'.repeat(100_000)), alwaysRefused: false },
  { label: '1e308', json: '1e308', alwaysRefused: false },
  { label: '-1', json: '-1', alwaysRefused: false },
  { label: '2**53', json: String(2 ** 53), alwaysRefused: false },
  { label: '0.5', json: '0.5', alwaysRefused: false },
  { label: '-0', json: '-0', alwaysRefused: false },
  { label: '"NaN"', json: '"NaN"', alwaysRefused: false },
  { label: '"Infinity"', json: '"Infinity"', alwaysRefused: false },
  { label: '"1e999"', json: '"1e999"', alwaysRefused: false },
  { label: 'a lone surrogate', json: '"\\ud800"', alwaysRefused: true },
  { label: 'emoji and RTL marks', json: '"💥\\u202e\\u200b"', alwaysRefused: false },
  { label: 'SQL', json: `"'; DROP TABLE member; --"`, alwaysRefused: false },
  { label: 'true', json: 'true', alwaysRefused: false },
  { label: 'null', json: 'null', alwaysRefused: false },
  { label: 'empty string', json: '""', alwaysRefused: false },
  { label: 'empty object', json: '{}', alwaysRefused: false },
  { label: 'empty array', json: '[]', alwaysRefused: false },
  { label: 'a number', json: '42', alwaysRefused: false },
];

/** Query string values (a GET route's input is its query). */
const HOSTILE_QUERY: Array<{ label: string; query: string; alwaysRefused: boolean }> = [
  { label: 'NUL value', query: 'x=a%00b', alwaysRefused: true },
  { label: 'NUL key', query: 'a%00b=1', alwaysRefused: true },
  { label: '__proto__ key', query: '__proto__=1', alwaysRefused: true },
  { label: '__proto__[polluted] key', query: '__proto__%5Bpolluted%5D=1', alwaysRefused: false },
  { label: 'constructor key', query: 'constructor=1', alwaysRefused: true },
  { label: '100,000 characters', query: `x=${'y'.repeat(100_000)}`, alwaysRefused: false },
  { label: 'repeated key', query: 'page=1&page=2&page=3', alwaysRefused: false },
  { label: `${INPUT_LIMITS.maxArrayLength + 1} repeated keys`, query: 'a=1&'.repeat(10_001), alwaysRefused: true },
  { label: 'broken percent escape', query: 'x=%E0%A4%A&y=%', alwaysRefused: false },
  { label: 'numbers out of range', query: 'page=1e308&perPage=-1&id=9007199254740993', alwaysRefused: false },
  { label: 'NaN and Infinity', query: 'page=NaN&perPage=Infinity', alwaysRefused: false },
];

/** Path segments put in place of each segment of a route's URL. */
const HOSTILE_SEGMENTS = [
  '%00',
  'a%00b',
  'x'.repeat(10_000),
  '..%2f..%2f..%2fpackage.json',
  '%E0%A4%A',
  '%',
  '__proto__',
];

type Json = unknown;
const PLACEHOLDER = '"__HOSTILE_PLACEHOLDER__"';

/** Every place in a sample where a value sits: top-level fields, nested fields and the first element of arrays. */
function valuePaths(value: Json, prefix: Array<string | number> = []): Array<Array<string | number>> {
  if (Array.isArray(value)) {
    return value.length === 0 ? [] : [[...prefix, 0], ...valuePaths(value[0], [...prefix, 0])];
  }
  if (value && typeof value === 'object') {
    return Object.entries(value).flatMap(([key, inner]) => [[...prefix, key], ...valuePaths(inner, [...prefix, key])]);
  }
  return [];
}

/** The sample as JSON text with the value at `path` replaced by raw JSON text. */
function replaceAt(sample: Json, path: Array<string | number>, json: string): string {
  const copy = structuredClone(sample) as Record<string | number, unknown>;
  let parent = copy;
  for (const step of path.slice(0, -1)) parent = parent[step] as Record<string | number, unknown>;
  parent[path[path.length - 1] as string | number] = JSON.parse(PLACEHOLDER);
  return JSON.stringify(copy).replace(PLACEHOLDER, () => json);
}

interface Probe {
  label: string;
  response: InjectResponse;
  alwaysRefused: boolean;
}

function verdicts(probes: Probe[]): string[] {
  const problems: string[] = [];
  for (const { label, response, alwaysRefused } of probes) {
    if (response.statusCode >= 500) {
      problems.push(`${label}: ${response.statusCode} ${response.body.slice(0, 200)}`);
      continue;
    }
    if (alwaysRefused && response.statusCode < 400) {
      problems.push(`${label}: accepted (${response.statusCode}) what no call may accept`);
      continue;
    }
    if (response.statusCode >= 400) {
      try {
        expectCleanError(response);
      } catch {
        problems.push(`${label}: ${response.statusCode} is not the error format: ${response.body.slice(0, 200)}`);
      }
    }
  }
  return problems;
}

async function send(agent: Agent, item: MatrixItem, url: string, payload: string): Promise<InjectResponse> {
  return agent.request({ method: item.method, url, payload, headers: { 'content-type': 'application/json' } });
}

async function probeBodies(agent: Agent, item: MatrixItem, who: string): Promise<Probe[]> {
  const url = item.entry.url?.(ids) ?? item.path;
  const sample = item.entry.sample(ids);
  const probes: Probe[] = [];
  for (const hostile of HOSTILE) {
    probes.push({
      label: `${who} ${item.key}: whole body ${hostile.label}`,
      response: await send(agent, item, url, hostile.json),
      alwaysRefused: hostile.alwaysRefused,
    });
    for (const path of valuePaths(sample)) {
      probes.push({
        label: `${who} ${item.key}: ${path.join('.')} = ${hostile.label}`,
        response: await send(agent, item, url, replaceAt(sample, path, hostile.json)),
        alwaysRefused: hostile.alwaysRefused,
      });
    }
  }
  // Prototype keys beside the sample's own fields (the parser must not turn them into a prototype).
  const rest = JSON.stringify(sample).slice(1);
  for (const key of ['"__proto__":{"isAdmin":true}', '"constructor":{"prototype":{"isAdmin":true}}']) {
    probes.push({
      label: `${who} ${item.key}: ${key} beside the sample`,
      response: await send(agent, item, url, `{${key}${rest === '}' ? '}' : `,${rest}`}`),
      alwaysRefused: true,
    });
  }
  return probes;
}

function sampleQuery(sample: Json): URLSearchParams {
  return new URLSearchParams(Object.entries((sample ?? {}) as Record<string, unknown>).map(([k, v]) => [k, String(v)]));
}

async function probeQueries(agent: Agent, item: MatrixItem, who: string): Promise<Probe[]> {
  const url = item.entry.url?.(ids) ?? item.path;
  const sample = sampleQuery(item.entry.sample(ids));
  const probes: Probe[] = [];
  for (const hostile of HOSTILE_QUERY) {
    const query = sample.size > 0 ? `${sample.toString()}&${hostile.query}` : hostile.query;
    probes.push({
      label: `${who} ${item.key}: query ${hostile.label}`,
      response: await agent.request({ method: 'GET', url: `${url}?${query}` }),
      alwaysRefused: hostile.alwaysRefused,
    });
  }
  for (const key of sample.keys()) {
    for (const value of ['a%00b', 'y'.repeat(100_000), '1e308', '-1', '9007199254740993', 'NaN']) {
      const others = new URLSearchParams(sample);
      others.delete(key);
      probes.push({
        label: `${who} ${item.key}: query ${key} = ${value.slice(0, 20)}`,
        response: await agent.request({ method: 'GET', url: `${url}?${others.toString()}&${key}=${value}` }),
        alwaysRefused: value.includes('%00'),
      });
    }
  }
  return probes;
}

async function probePaths(agent: Agent, item: MatrixItem, who: string): Promise<Probe[]> {
  const url = item.entry.url?.(ids) ?? item.path;
  const segments = url.split('/');
  const probes: Probe[] = [];
  // Segment 0 is empty and segment 1 is "api": the rest belong to the route.
  for (let index = 2; index < segments.length; index++) {
    for (const segment of HOSTILE_SEGMENTS) {
      const hostileUrl = segments.map((part, at) => (at === index ? segment : part)).join('/');
      probes.push({
        label: `${who} ${item.key}: path ${hostileUrl.slice(0, 80)}`,
        response: await agent.request({ method: item.method, url: hostileUrl }),
        alwaysRefused: false,
      });
    }
  }
  return probes;
}

describe('the hostile-input walk covers every route', () => {
  it('every registered /api/ route has a matrix entry to take its sample from', () => {
    const registered = server.app.registeredRoutes
      .filter((route) => route.url.startsWith('/api/') && route.method !== 'HEAD')
      .map((route) => `${route.method} ${route.url}`);
    // Swagger UI's own files (and the CORS preflight routes, if any) are covered by the path probes of /api/docs.
    const walked = registered.filter((key) => !key.startsWith('GET /api/docs/') || key === 'GET /api/docs/json');
    expect(walked.filter((key) => !key.startsWith('OPTIONS ') && !(key in MATRIX))).toEqual([]);
  });

  it('the central check names every kind of hostile input', () => {
    const deepObject = JSON.parse(nested(deep, '{"a":', '}'));
    expect(findHostileInput({ a: 'x\u0000' })).toBe('nul');
    expect(findHostileInput({ 'a\u0000': 1 })).toBe('nul');
    expect(findHostileInput(JSON.parse('{"__proto__":1}'))).toBe('prototype-key');
    expect(findHostileInput({ constructor: 1 })).toBe('prototype-key');
    expect(findHostileInput(deepObject)).toBe('too-deep');
    expect(findHostileInput({ a: new Array(INPUT_LIMITS.maxArrayLength + 1).fill(1) })).toBe('too-long');
    expect(findHostileInput({ a: [Number.POSITIVE_INFINITY] })).toBe('not-finite');
    expect(findHostileInput({ a: Number.NaN })).toBe('not-finite');
    expect(findHostileInput({ name: 'Zoë 💥', list: [1, 2, { nested: null }], n: 1e308 })).toBeNull();
  });
});

describe.each(MATRIX_ITEMS)('$key', (item) => {
  const who = item.entry.access === 'public' ? 'signed out' : callerOf(item.entry);

  it(`never answers 5xx to hostile input (${who})`, async () => {
    const agent = item.entry.access === 'public' ? await server.anonymous() : await agentFor(callerOf(item.entry));
    const probes = item.method === 'GET' ? await probeQueries(agent, item, who) : await probeBodies(agent, item, who);
    probes.push(...(await probePaths(agent, item, who)));
    expect(verdicts(probes)).toEqual([]);
  });

  if (item.entry.access !== 'public') {
    it('never answers 5xx to hostile input (signed out)', async () => {
      const agent = await server.anonymous();
      const probes =
        item.method === 'GET'
          ? await probeQueries(agent, item, 'signed out')
          : await probeBodies(agent, item, 'signed out');
      expect(verdicts(probes)).toEqual([]);
    });
  }
});

describe('routes outside the contract', () => {
  it('Swagger UI files and unknown /api/ paths never answer 5xx to hostile paths, queries and bodies', async () => {
    const probes: Probe[] = [];
    const headProblems: string[] = [];
    for (const base of ['/api/docs/static', '/api/docs', '/api/no-such-call', '/api']) {
      for (const segment of [...HOSTILE_SEGMENTS, 'index.html', 'swagger-ui.css']) {
        for (const method of ['GET', 'POST', 'HEAD', 'OPTIONS', 'DELETE'] as const) {
          const url = `${base}/${segment}?q=%00&__proto__=1`;
          const response = await server.inject({
            method,
            url,
            ...(method === 'POST'
              ? { headers: { 'content-type': 'application/json' }, payload: '{"__proto__":{}}' }
              : {}),
          });
          // HEAD answers carry no body to check the format of.
          if (method === 'HEAD') {
            if (response.statusCode >= 500) headProblems.push(`HEAD ${url}: ${response.statusCode}`);
          } else probes.push({ label: `${method} ${url.slice(0, 80)}`, response, alwaysRefused: false });
        }
      }
    }
    expect([...headProblems, ...verdicts(probes)]).toEqual([]);
  });
});
