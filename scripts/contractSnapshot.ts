/**
 * The API contract of each area, per contract version it is served in (docs/releases.md "Compatibility"): which calls
 * the area's code makes (`api.call('<id>'` in `<area>/src`) and the shape of their request and answer, recorded in
 * `shared-core/src/areaContracts.snapshot.json` for every version from `oldest` to `current`
 * (`shared-core/src/areaContracts.json`). A release built against version N makes the calls of version N's record
 * with those shapes; the server still fits it while every call exists and
 *   - accepts every field the release may send (request schemas are strict: a removed field answers 400), requires
 *     no field the release did not have to send, and accepts every value it could send;
 *   - answers every field (with its type) the release may read.
 * Additions keep a version (new calls, new optional request fields, new answer fields); anything else needs a new
 * contract version. `npm run docs` records the shapes and refuses a breaking change at an unchanged version; a unit
 * test (contractSnapshot.test.ts) fails when the record is stale or a change breaks a version still served.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { AREAS } from '@dash/shared-core';
import { AREA_CONTRACTS } from '@dash/shared-core/area-contracts';
import { ENDPOINTS } from '@dash/shared-core/contract';
import { z } from 'zod';

export const SNAPSHOT_FILE = 'shared-core/src/areaContracts.snapshot.json';

/** One call's shape: property paths with their JSON types, required request paths, accepted request values. */
export interface CallShape {
  request: string[];
  requestRequired: string[];
  requestValues: string[];
  response: string[];
}

/** Area -> contract version -> call -> shape. */
export type ContractSnapshot = Record<string, Record<string, Record<string, CallShape>>>;

const CALL = /api\.call(?:<[^>]*>)?\(\s*'([A-Za-z]+)'/g;

function sourceFiles(folder: string): string[] {
  return readdirSync(folder).flatMap((name) => {
    const file = path.join(folder, name);
    if (statSync(file).isDirectory()) return sourceFiles(file);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [file] : [];
  });
}

/** The contract calls an area's code makes. */
export function callsOfArea(root: string, area: string): string[] {
  const calls = new Set<string>();
  for (const file of sourceFiles(path.join(root, area, 'src'))) {
    for (const match of readFileSync(file, 'utf8').matchAll(CALL)) {
      if (match[1] && match[1] in ENDPOINTS) calls.add(match[1]);
    }
  }
  return [...calls].sort();
}

interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  additionalProperties?: JsonSchema | boolean;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
}

/** Every property path of a JSON schema with its type (`.items[].uuid:string`), the required ones, enum values. */
function walk(
  node: JsonSchema | boolean | undefined,
  at: string,
  out: { paths: Set<string>; required: Set<string>; values: Set<string> },
): void {
  if (!node || typeof node !== 'object') return;
  const types = node.type === undefined ? [] : [node.type].flat();
  if (types.length > 0) for (const type of types) out.paths.add(`${at}:${type}`);
  for (const value of node.enum ?? []) out.values.add(`${at}=${JSON.stringify(value)}`);
  if (node.const !== undefined) out.values.add(`${at}=${JSON.stringify(node.const)}`);
  for (const [key, child] of Object.entries(node.properties ?? {})) {
    const childAt = `${at}.${key}`;
    if (node.required?.includes(key)) out.required.add(childAt);
    walk(child, childAt, out);
  }
  walk(node.items, `${at}[]`, out);
  if (typeof node.additionalProperties === 'object') walk(node.additionalProperties, `${at}{}`, out);
  for (const branch of [...(node.anyOf ?? []), ...(node.oneOf ?? []), ...(node.allOf ?? [])]) walk(branch, at, out);
}

function pathsOf(schema: z.ZodType, io: 'input' | 'output') {
  const out = { paths: new Set<string>(), required: new Set<string>(), values: new Set<string>() };
  walk(z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as JsonSchema, '', out);
  return { paths: [...out.paths].sort(), required: [...out.required].sort(), values: [...out.values].sort() };
}

/** The shape of one call of the contract as it is now. */
export function shapeOfCall(call: string): CallShape {
  const endpoint = ENDPOINTS[call as keyof typeof ENDPOINTS];
  const request = pathsOf(endpoint.request as z.ZodType, 'input');
  return {
    request: request.paths,
    requestRequired: request.required,
    requestValues: request.values,
    response: pathsOf(endpoint.response as z.ZodType, 'output').paths,
  };
}

const missing = (before: string[], now: string[]) => before.filter((item) => !now.includes(item));

/** What a release of this recorded version would meet that breaks it, one sentence each; empty when nothing. */
export function breakingChanges(area: string, version: string, recorded: Record<string, CallShape>): string[] {
  const problems: string[] = [];
  for (const [call, before] of Object.entries(recorded)) {
    if (!(call in ENDPOINTS)) {
      problems.push(`${area} contract ${version}: the call ${call} is gone`);
      continue;
    }
    const now = shapeOfCall(call);
    const report = (what: string, items: string[]) => {
      if (items.length > 0) problems.push(`${area} contract ${version}: ${call} ${what}: ${items.join(', ')}`);
    };
    report('no longer accepts', missing(before.request, now.request));
    report('requires what it did not', missing(now.requestRequired, before.requestRequired));
    report('no longer accepts the values', missing(before.requestValues, now.requestValues));
    report('no longer answers', missing(before.response, now.response));
  }
  return problems;
}

/**
 * The record as it should be now, from the committed one: every version from `oldest` to `current` of each area,
 * a version already recorded kept as it was (the current one grown by additions and new calls), a new one recorded
 * from the contract as it is. Answers the breaking changes found on the way.
 */
export function nextSnapshot(
  root: string,
  committed: ContractSnapshot,
): { snapshot: ContractSnapshot; breaking: string[] } {
  const snapshot: ContractSnapshot = {};
  const breaking: string[] = [];
  for (const area of AREAS.map((item) => item.name).sort()) {
    const served = AREA_CONTRACTS[area] ?? { current: 1, oldest: 1 };
    snapshot[area] = {};
    for (let version = served.oldest; version <= served.current; version += 1) {
      const key = String(version);
      const recorded = committed[area]?.[key];
      if (recorded) breaking.push(...breakingChanges(area, key, recorded));
      if (recorded && version < served.current) {
        snapshot[area][key] = recorded;
        continue;
      }
      const calls = new Set(
        [...Object.keys(recorded ?? {}), ...callsOfArea(root, area)].filter((call) => call in ENDPOINTS),
      );
      snapshot[area][key] = Object.fromEntries([...calls].sort().map((call) => [call, shapeOfCall(call)]));
    }
  }
  return { snapshot, breaking };
}

export function readSnapshot(root: string): ContractSnapshot {
  try {
    return JSON.parse(readFileSync(path.join(root, SNAPSHOT_FILE), 'utf8')) as ContractSnapshot;
  } catch {
    return {};
  }
}

export function renderSnapshot(snapshot: ContractSnapshot): string {
  return `${JSON.stringify(snapshot, null, 1)}\n`;
}
