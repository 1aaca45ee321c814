import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Database } from '../../../core/db/database';
import { CreateBatcher } from '../createBatcher';
import { pageOf, parseFilter } from '../filter';
import {
  createGroup,
  deleteGroup,
  GROUP_FILTER_ATTRIBUTES,
  groupInputOf,
  listGroups,
  readGroup,
  replaceGroup,
} from '../groups';
import { applyPatch, type JsonObject } from '../patch';
import { baseUrlOf, callerOf, SCIM_BASE_PATH, sendScim } from '../protocol';
import { ScimError } from '../scimError';
import { archiveUser, inputOf, listUsers, readUser, replaceUser, USER_FILTER_ATTRIBUTES } from '../users';

/** Most resources per list page (ServiceProviderConfig's filter.maxResults). */
export const MAX_RESULTS = 1000;

function bodyOf(request: FastifyRequest): JsonObject {
  const body = request.body;
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw new ScimError(400, 'The body is a JSON object', 'invalidSyntax');
  }
  return body as JsonObject;
}

function idOf(request: FastifyRequest): string {
  return (request.params as { id: string }).id;
}

/** If-Match (RFC 7644 section 3.14): a change of a resource that changed meanwhile is refused with 412. */
function checkIfMatch(request: FastifyRequest, current: JsonObject): void {
  const wanted = request.headers['if-match'];
  if (typeof wanted !== 'string' || wanted.trim() === '*') return;
  const version = (current.meta as JsonObject | undefined)?.version;
  const tags = wanted.split(',').map((tag) => tag.trim());
  if (!tags.includes(String(version))) throw new ScimError(412, 'The resource changed: read it again (If-Match)');
}

/** GET of one resource: 304 when If-None-Match names its version. */
function sendResource(request: FastifyRequest, reply: FastifyReply, status: number, resource: JsonObject) {
  const version = String((resource.meta as JsonObject).version);
  if (status === 200 && request.method === 'GET' && request.headers['if-none-match'] === version) {
    return reply.status(304).header('etag', version).send();
  }
  if (status === 201) reply.header('location', String((resource.meta as JsonObject).location));
  return sendScim(reply, status, resource, version);
}

function excludesMembers(request: FastifyRequest): boolean {
  const excluded = (request.query as Record<string, unknown>).excludedAttributes;
  return typeof excluded === 'string' && excluded.split(',').some((name) => name.trim().toLowerCase() === 'members');
}

/**
 * Users and Groups (RFC 7644 section 3): create, read, list with a filter and pages, replace, patch and delete, each
 * with its ETag. Every query is scoped by the token's client.
 */
export function registerScimResourceRoutes(app: FastifyInstance, db: Database): void {
  const users = `${SCIM_BASE_PATH}/Users`;
  const creates = new CreateBatcher(db);
  const groups = `${SCIM_BASE_PATH}/Groups`;

  app.get(users, async (request, reply) => {
    const query = request.query as Record<string, unknown>;
    const filter = parseFilter(typeof query.filter === 'string' ? query.filter : undefined, USER_FILTER_ATTRIBUTES);
    const list = await listUsers(db, callerOf(request), filter, pageOf(query, MAX_RESULTS), baseUrlOf(request));
    return sendScim(reply, 200, list);
  });

  app.post(users, async (request, reply) => {
    const created = await creates.create(callerOf(request), inputOf(bodyOf(request)), baseUrlOf(request));
    return sendResource(request, reply, 201, created);
  });

  app.get(`${users}/:id`, async (request, reply) =>
    sendResource(request, reply, 200, await readUser(db, callerOf(request), idOf(request), baseUrlOf(request))),
  );

  app.put(`${users}/:id`, async (request, reply) => {
    const caller = callerOf(request);
    const base = baseUrlOf(request);
    checkIfMatch(request, await readUser(db, caller, idOf(request), base));
    await replaceUser(db, caller, idOf(request), inputOf(bodyOf(request)));
    return sendResource(request, reply, 200, await readUser(db, caller, idOf(request), base));
  });

  app.patch(`${users}/:id`, async (request, reply) => {
    const caller = callerOf(request);
    const base = baseUrlOf(request);
    const current = await readUser(db, caller, idOf(request), base);
    checkIfMatch(request, current);
    await replaceUser(db, caller, idOf(request), inputOf(applyPatch(current, bodyOf(request))));
    return sendResource(request, reply, 200, await readUser(db, caller, idOf(request), base));
  });

  app.delete(`${users}/:id`, async (request, reply) => {
    const caller = callerOf(request);
    checkIfMatch(request, await readUser(db, caller, idOf(request), baseUrlOf(request)));
    await archiveUser(db, caller, idOf(request));
    return reply.status(204).send();
  });

  app.get(groups, async (request, reply) => {
    const query = request.query as Record<string, unknown>;
    const filter = parseFilter(typeof query.filter === 'string' ? query.filter : undefined, GROUP_FILTER_ATTRIBUTES);
    const list = await listGroups(
      db,
      callerOf(request),
      filter,
      pageOf(query, MAX_RESULTS),
      baseUrlOf(request),
      !excludesMembers(request),
    );
    return sendScim(reply, 200, list);
  });

  app.post(groups, async (request, reply) => {
    const caller = callerOf(request);
    const uuid = await createGroup(db, caller, groupInputOf(bodyOf(request)));
    return sendResource(request, reply, 201, await readGroup(db, caller, uuid, baseUrlOf(request)));
  });

  app.get(`${groups}/:id`, async (request, reply) =>
    sendResource(
      request,
      reply,
      200,
      await readGroup(db, callerOf(request), idOf(request), baseUrlOf(request), !excludesMembers(request)),
    ),
  );

  app.put(`${groups}/:id`, async (request, reply) => {
    const caller = callerOf(request);
    const base = baseUrlOf(request);
    checkIfMatch(request, await readGroup(db, caller, idOf(request), base));
    await replaceGroup(db, caller, idOf(request), groupInputOf(bodyOf(request)));
    return sendResource(request, reply, 200, await readGroup(db, caller, idOf(request), base));
  });

  app.patch(`${groups}/:id`, async (request, reply) => {
    const caller = callerOf(request);
    const base = baseUrlOf(request);
    const current = await readGroup(db, caller, idOf(request), base);
    checkIfMatch(request, current);
    const patched = applyPatch(current, bodyOf(request));
    await replaceGroup(db, caller, idOf(request), {
      ...groupInputOf(patched),
      members: groupInputOf(patched).members ?? [],
    });
    // Entra and Okta ignore the body of a group PATCH; 204 spares reading a large group again.
    return reply.status(204).send();
  });

  app.delete(`${groups}/:id`, async (request, reply) => {
    const caller = callerOf(request);
    checkIfMatch(request, await readGroup(db, caller, idOf(request), baseUrlOf(request)));
    await deleteGroup(db, caller, idOf(request));
    return reply.status(204).send();
  });
}
