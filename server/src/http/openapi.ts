import { ENDPOINTS, type EndpointDefinition } from '@dash/shared-core/contract';
import { z } from 'zod';

const errorSchema = {
  type: 'object',
  properties: { error: { type: 'object', properties: { code: { type: 'string' } }, required: ['code'] } },
  required: ['error'],
};

function toJsonSchema(schema: z.ZodType, io: 'input' | 'output') {
  return z.toJSONSchema(schema, { io, unrepresentable: 'any', target: 'openapi-3.0' });
}

/** The OpenAPI document, generated from the contract (never written by hand). Served at /api/docs. */
export function buildOpenApiDocument(): Record<string, unknown> {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const endpoint of Object.values(ENDPOINTS) as EndpointDefinition[]) {
    const access =
      endpoint.access === 'public'
        ? 'Public.'
        : `Signed-in member holding any of: ${endpoint.permissions.length ? endpoint.permissions.join(', ') : '(any signed-in member)'}${endpoint.featureFlag ? `; feature flag \`${endpoint.featureFlag}\` on` : ''}.`;
    const operation: Record<string, unknown> = {
      operationId: endpoint.id,
      summary: endpoint.summary,
      description: `${access}${endpoint.method === 'POST' ? ' Needs header X-XSRF-TOKEN equal to the XSRF-TOKEN cookie.' : ''}`,
      tags: [endpoint.tag],
      responses: {
        200: {
          description: 'OK',
          content: { 'application/json': { schema: toJsonSchema(endpoint.response, 'output') } },
        },
        400: {
          description: 'Schema.ValidationFailed or a rule of the call',
          content: { 'application/json': { schema: errorSchema } },
        },
        401: { description: 'Not signed in', content: { 'application/json': { schema: errorSchema } } },
        403: {
          description: 'Csrf.Invalid, Auth.Forbidden, Auth.FeatureDisabled',
          content: { 'application/json': { schema: errorSchema } },
        },
        503: {
          description:
            'Database.Unavailable: the database cannot be reached for the moment; the same call can be sent again',
          content: { 'application/json': { schema: errorSchema } },
        },
      },
    };
    if (endpoint.method === 'POST') {
      operation.requestBody = {
        required: true,
        content: { 'application/json': { schema: toJsonSchema(endpoint.request, 'input') } },
      };
    }
    paths[endpoint.path] = { ...(paths[endpoint.path] ?? {}), [endpoint.method.toLowerCase()]: operation };
  }
  return {
    openapi: '3.0.3',
    info: {
      title: 'Safety dashboard API',
      version: '0.1.0',
      description:
        'JSON over HTTPS with cookies. Errors answer `{"error":{"code":"Area.Reason"}}`. Every call is scoped to the signed-in member\'s client.',
    },
    paths,
  };
}
