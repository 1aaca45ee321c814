import { ScimError } from './scimError';

/** RFC 7644 section 3.5.2: the PatchOp request. */
export const PATCH_SCHEMA = 'urn:ietf:params:scim:api:messages:2.0:PatchOp';

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
export type JsonObject = { [key: string]: Json };

interface ParsedPath {
  /** The attribute (with an extension schema's URN as its container, when given). */
  container: string | null;
  attribute: string;
  filter: { attribute: string; value: string } | null;
  sub: string | null;
}

const CORE_SCHEMA_PREFIXES = [
  'urn:ietf:params:scim:schemas:core:2.0:user:',
  'urn:ietf:params:scim:schemas:core:2.0:group:',
];

/** `emails[type eq "work"].value`, `name.givenName`, `urn:…:enterprise:2.0:User:department`, `members`. */
function parsePath(path: string): ParsedPath {
  let rest = path.trim();
  let container: string | null = null;
  const lower = rest.toLowerCase();
  const core = CORE_SCHEMA_PREFIXES.find((prefix) => lower.startsWith(prefix));
  if (core) rest = rest.slice(core.length);
  else if (lower.startsWith('urn:')) {
    const at = rest.lastIndexOf(':');
    container = rest.slice(0, at);
    rest = rest.slice(at + 1);
  }
  const match =
    /^([A-Za-z$][\w$-]*)(?:\[\s*([A-Za-z$][\w$-]*)\s+eq\s+"((?:[^"\\]|\\.)*)"\s*\])?(?:\.([A-Za-z$][\w$-]*))?$/i.exec(
      rest,
    );
  if (!match?.[1]) throw new ScimError(400, `The path ${path} is not supported`, 'invalidPath');
  return {
    container,
    attribute: match[1],
    filter: match[2] ? { attribute: match[2], value: (match[3] ?? '').replace(/\\(.)/g, '$1') } : null,
    sub: match[4] ?? null,
  };
}

/** The key of `name` in `object`, compared without case (SCIM attribute names are case-insensitive). */
function keyOf(object: JsonObject, name: string): string {
  return Object.keys(object).find((key) => key.toLowerCase() === name.toLowerCase()) ?? name;
}

function isObject(value: Json | undefined): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function matches(element: Json, filter: { attribute: string; value: string }): boolean {
  if (!isObject(element)) return false;
  const value = element[keyOf(element, filter.attribute)];
  return String(value).toLowerCase() === filter.value.toLowerCase();
}

function sameElement(a: Json, b: Json): boolean {
  if (isObject(a) && isObject(b) && 'value' in a && 'value' in b) return String(a.value) === String(b.value);
  return JSON.stringify(a) === JSON.stringify(b);
}

/** add: multi-valued attributes gain the values (once each); single-valued ones are set. */
function addTo(target: JsonObject, name: string, value: Json): void {
  const key = keyOf(target, name);
  const current = target[key];
  if (Array.isArray(current) || Array.isArray(value)) {
    const list = Array.isArray(current) ? [...current] : current === undefined || current === null ? [] : [current];
    for (const item of Array.isArray(value) ? value : [value]) {
      if (!list.some((existing) => sameElement(existing, item))) list.push(item);
    }
    target[key] = list;
  } else if (isObject(current) && isObject(value)) {
    target[key] = { ...current, ...value };
  } else {
    target[key] = value;
  }
}

function applyOne(resource: JsonObject, op: string, path: string | undefined, value: Json | undefined): void {
  if (!path) {
    // Okta and Entra send whole attributes without a path: `{"op":"replace","value":{"active":false}}`.
    if (op === 'remove') throw new ScimError(400, 'remove needs a path', 'noTarget');
    if (!isObject(value)) throw new ScimError(400, 'Without a path the value is an object', 'invalidValue');
    for (const [name, item] of Object.entries(value)) {
      if (
        name.toLowerCase().startsWith('urn:') &&
        isObject(item) &&
        !name.toLowerCase().startsWith('urn:ietf:params:scim:schemas:core')
      ) {
        const container = keyOf(resource, name);
        resource[container] = { ...(isObject(resource[container]) ? resource[container] : {}), ...item };
        continue;
      }
      if (name.includes('.') || name.toLowerCase().startsWith('urn:')) {
        applyOne(resource, op, name, item);
        continue;
      }
      if (op === 'add') addTo(resource, name, item);
      else resource[keyOf(resource, name)] = item;
    }
    return;
  }
  const parsed = parsePath(path);
  let target = resource;
  if (parsed.container) {
    const key = keyOf(resource, parsed.container);
    if (!isObject(resource[key])) resource[key] = {};
    target = resource[key] as JsonObject;
  }
  const key = keyOf(target, parsed.attribute);
  if (parsed.filter) {
    const list = Array.isArray(target[key]) ? [...(target[key] as Json[])] : [];
    const chosen = list.filter((element) => matches(element, parsed.filter as NonNullable<ParsedPath['filter']>));
    if (op === 'remove') {
      if (parsed.sub) {
        for (const element of chosen) if (isObject(element)) delete element[keyOf(element, parsed.sub)];
      } else {
        target[key] = list.filter((element) => !chosen.includes(element));
      }
      return;
    }
    if (chosen.length === 0) {
      // Entra adds `emails[type eq "work"].value`: the element is made with the filter's attribute.
      const element: JsonObject = { [parsed.filter.attribute]: parsed.filter.value };
      if (parsed.sub) element[parsed.sub] = value ?? null;
      else if (isObject(value)) Object.assign(element, value);
      target[key] = [...list, element];
      return;
    }
    for (const element of chosen) {
      if (!isObject(element)) continue;
      if (parsed.sub) element[keyOf(element, parsed.sub)] = value ?? null;
      else if (isObject(value)) Object.assign(element, value);
    }
    target[key] = list;
    return;
  }
  if (parsed.sub) {
    if (!isObject(target[key])) target[key] = {};
    const inner = target[key] as JsonObject;
    if (op === 'remove') delete inner[keyOf(inner, parsed.sub)];
    else inner[keyOf(inner, parsed.sub)] = value ?? null;
    return;
  }
  if (op === 'remove') {
    // Entra removes members by value: `{"op":"Remove","path":"members","value":[{"value":"<id>"}]}`.
    if (Array.isArray(target[key]) && Array.isArray(value)) {
      target[key] = (target[key] as Json[]).filter((element) => !value.some((item) => sameElement(element, item)));
    } else {
      delete target[key];
    }
    return;
  }
  if (value === undefined) throw new ScimError(400, `${op} needs a value`, 'invalidValue');
  if (op === 'add') addTo(target, parsed.attribute, value);
  else target[key] = value;
}

/**
 * Applies a PatchOp request to a resource's SCIM form, as RFC 7644 section 3.5.2 describes it and as Entra ID
 * (capitalised ops, string booleans, filtered paths) and Okta (ops without a path) send it. The caller maps the
 * result back and checks it exactly as a PUT.
 */
export function applyPatch(resource: JsonObject, body: unknown): JsonObject {
  if (!isObject(body as Json) || !Array.isArray((body as JsonObject).Operations)) {
    throw new ScimError(400, 'A PatchOp request with Operations', 'invalidSyntax');
  }
  const operations = (body as JsonObject).Operations as Json[];
  if (operations.length > 1000) throw new ScimError(400, 'At most 1000 operations', 'tooMany');
  const patched = structuredClone(resource);
  for (const operation of operations) {
    if (!isObject(operation) || typeof operation.op !== 'string') {
      throw new ScimError(400, 'Each operation has an op', 'invalidSyntax');
    }
    const op = operation.op.toLowerCase();
    if (op !== 'add' && op !== 'replace' && op !== 'remove') {
      throw new ScimError(400, `Unknown op ${operation.op}`, 'invalidSyntax');
    }
    const path = operation.path;
    if (path !== undefined && typeof path !== 'string') throw new ScimError(400, 'path is a string', 'invalidPath');
    applyOne(patched, op, path, operation.value);
  }
  return patched;
}
