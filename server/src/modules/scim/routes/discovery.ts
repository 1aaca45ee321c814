import type { FastifyInstance } from 'fastify';
import { GROUP_SCHEMA } from '../groups';
import { baseUrlOf, SCIM_BASE_PATH, sendScim } from '../protocol';
import { ScimError } from '../scimError';
import { LIST_SCHEMA, USER_SCHEMA } from '../users';
import { MAX_RESULTS } from './resources';

const attribute = (name: string, type: string, extra: Record<string, unknown> = {}) => ({
  name,
  type,
  multiValued: false,
  required: false,
  caseExact: false,
  mutability: 'readWrite',
  returned: 'default',
  uniqueness: 'none',
  ...extra,
});

/** What this service provider's Users and Groups hold (RFC 7643 section 7), as far as the dashboard keeps it. */
const SCHEMAS = [
  {
    id: USER_SCHEMA,
    name: 'User',
    description: 'A member of the company',
    attributes: [
      attribute('userName', 'string', { required: true, uniqueness: 'server' }),
      attribute('externalId', 'string', { caseExact: true }),
      attribute('name', 'complex', {
        subAttributes: [
          attribute('givenName', 'string', { required: true }),
          attribute('familyName', 'string', { required: true }),
          attribute('formatted', 'string', { mutability: 'readOnly' }),
        ],
      }),
      attribute('displayName', 'string'),
      attribute('emails', 'complex', {
        multiValued: true,
        subAttributes: [attribute('value', 'string'), attribute('type', 'string'), attribute('primary', 'boolean')],
      }),
      attribute('active', 'boolean'),
      attribute('preferredLanguage', 'string'),
      attribute('groups', 'complex', { multiValued: true, mutability: 'readOnly' }),
    ],
    meta: { resourceType: 'Schema' },
  },
  {
    id: GROUP_SCHEMA,
    name: 'Group',
    description: 'An org unit or a member group of the company (docs/scim.md)',
    attributes: [
      attribute('displayName', 'string', { required: true }),
      attribute('members', 'complex', {
        multiValued: true,
        subAttributes: [attribute('value', 'string'), attribute('display', 'string', { mutability: 'readOnly' })],
      }),
    ],
    meta: { resourceType: 'Schema' },
  },
];

/** The discovery endpoints a directory reads first (RFC 7644 section 4). */
export function registerScimDiscoveryRoutes(app: FastifyInstance): void {
  app.get(`${SCIM_BASE_PATH}/ServiceProviderConfig`, async (request, reply) =>
    sendScim(reply, 200, {
      schemas: ['urn:ietf:params:scim:schemas:core:2.0:ServiceProviderConfig'],
      documentationUri: `${baseUrlOf(request).replace(SCIM_BASE_PATH, '')}/api/docs`,
      patch: { supported: true },
      bulk: { supported: false, maxOperations: 0, maxPayloadSize: 0 },
      filter: { supported: true, maxResults: MAX_RESULTS },
      changePassword: { supported: false },
      sort: { supported: false },
      etag: { supported: true },
      authenticationSchemes: [
        {
          type: 'oauthbearertoken',
          name: 'Bearer token',
          description: 'A token the super-admin creates in the company configuration',
          primary: true,
        },
      ],
      meta: { resourceType: 'ServiceProviderConfig', location: `${baseUrlOf(request)}/ServiceProviderConfig` },
    }),
  );

  const resourceTypes = (base: string) => [
    {
      schemas: ['urn:ietf:params:scim:schemas:core:2.0:ResourceType'],
      id: 'User',
      name: 'User',
      endpoint: '/Users',
      schema: USER_SCHEMA,
      meta: { resourceType: 'ResourceType', location: `${base}/ResourceTypes/User` },
    },
    {
      schemas: ['urn:ietf:params:scim:schemas:core:2.0:ResourceType'],
      id: 'Group',
      name: 'Group',
      endpoint: '/Groups',
      schema: GROUP_SCHEMA,
      meta: { resourceType: 'ResourceType', location: `${base}/ResourceTypes/Group` },
    },
  ];
  const list = (items: unknown[]) => ({
    schemas: [LIST_SCHEMA],
    totalResults: items.length,
    startIndex: 1,
    itemsPerPage: items.length,
    Resources: items,
  });

  app.get(`${SCIM_BASE_PATH}/ResourceTypes`, async (request, reply) =>
    sendScim(reply, 200, list(resourceTypes(baseUrlOf(request)))),
  );
  app.get(`${SCIM_BASE_PATH}/ResourceTypes/:id`, async (request, reply) => {
    const found = resourceTypes(baseUrlOf(request)).find((type) => type.id === (request.params as { id: string }).id);
    if (!found) throw new ScimError(404, 'No such resource type');
    return sendScim(reply, 200, found);
  });
  app.get(`${SCIM_BASE_PATH}/Schemas`, async (_request, reply) => sendScim(reply, 200, list(SCHEMAS)));
  app.get(`${SCIM_BASE_PATH}/Schemas/:id`, async (request, reply) => {
    const found = SCHEMAS.find((schema) => schema.id === (request.params as { id: string }).id);
    if (!found) throw new ScimError(404, 'No such schema');
    return sendScim(reply, 200, found);
  });
}
