import { ENDPOINTS, type EndpointDefinition } from '@dash/shared-core/contract';
import { z } from 'zod';

const errorSchema = {
  type: 'object',
  properties: { error: { type: 'object', properties: { code: { type: 'string' } }, required: ['code'] } },
  required: ['error'],
};

type JsonSchema = Record<string, unknown>;

/** Rewrites every `$ref` in a JSON value with `rename` (objects and arrays are copied, never changed in place). */
function rewriteRefs(value: unknown, rename: (ref: string) => string): unknown {
  if (Array.isArray(value)) return value.map((item) => rewriteRefs(item, rename));
  if (value === null || typeof value !== 'object') return value;
  const copy: JsonSchema = {};
  for (const [key, item] of Object.entries(value)) {
    copy[key] = key === '$ref' && typeof item === 'string' ? rename(item) : rewriteRefs(item, rename);
  }
  return copy;
}

/**
 * OpenAPI 3.0 has no `contentEncoding` (zod writes it for `z.base64()`): a base64 string is `format: byte` there.
 */
function withoutContentEncoding(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutContentEncoding);
  if (typeof value !== 'object' || value === null) return value;
  const copy: Record<string, unknown> = {};
  for (const [key, entry] of Object.entries(value)) {
    // The keyword (a string), not a property of that name (a schema).
    if (key === 'contentEncoding' && typeof entry === 'string') continue;
    copy[key] = withoutContentEncoding(entry);
  }
  const encoding = (value as Record<string, unknown>).contentEncoding;
  if (encoding === 'base64' && copy.format === undefined) copy.format = 'byte';
  return copy;
}

/**
 * A contract schema as OpenAPI 3.0 JSON Schema. zod puts the parts of a recursive schema into a local `definitions`
 * block referenced as `#/definitions/…`, which means nothing inside an OpenAPI document: those parts move to
 * `components.schemas` under a name that starts with `name`, and their references follow.
 */
function toJsonSchema(schema: z.ZodType, io: 'input' | 'output', name: string, components: JsonSchema): JsonSchema {
  const { definitions, ...body } = withoutContentEncoding(
    z.toJSONSchema(schema, {
      io,
      unrepresentable: 'any',
      target: 'openapi-3.0',
    }),
  ) as JsonSchema;
  const localNames = Object.keys((definitions as JsonSchema | undefined) ?? {});
  if (localNames.length === 0 && !JSON.stringify(body).includes('"$ref":"#"')) return body;
  const componentName = (local: string) => `${name}${localNames.length > 1 ? localNames.indexOf(local) + 1 : ''}`;
  const rename = (ref: string) => {
    // "#" is the schema itself, recursive at its root: it becomes a component of its own.
    if (ref === '#') return `#/components/schemas/${name}Root`;
    const local = ref.replace(/^#\/definitions\//, '');
    return localNames.includes(local) ? `#/components/schemas/${componentName(local)}` : ref;
  };
  for (const local of localNames) {
    components[componentName(local)] = rewriteRefs((definitions as JsonSchema)[local], rename);
  }
  const rewritten = rewriteRefs(body, rename) as JsonSchema;
  if (JSON.stringify(body).includes('"$ref":"#"')) {
    components[`${name}Root`] = rewritten;
    return { $ref: `#/components/schemas/${name}Root` };
  }
  return rewritten;
}

const stringParameter = (name: string, description: string, format?: string, place: 'path' | 'query' = 'path') => ({
  name,
  in: place,
  required: true,
  description,
  schema: format ? { type: 'string', format } : { type: 'string' },
});

const fileResponses = {
  200: {
    description: 'The file; Content-Type is the stored one',
    content: { 'application/octet-stream': { schema: { type: 'string', format: 'binary' } } },
  },
  404: { description: 'File.NotFound', content: { 'application/json': { schema: errorSchema } } },
};

/** The routes served outside the JSON contract (files and the multipart upload), described here by hand. */
const RAW_PATHS: Record<string, Record<string, unknown>> = {
  '/api/file/{context}/{type}/{uuid}/{filename}': {
    get: {
      operationId: 'licenseeFile',
      summary: "A licensee's image (logo, mood image), as the sign-in page and the mails show it",
      description: 'Public. Only the context `licensee` is served here.',
      tags: ['files'],
      parameters: [
        { ...stringParameter('context', 'Always `licensee`'), schema: { type: 'string', enum: ['licensee'] } },
        stringParameter('type', 'The kind of image, e.g. `logo` or `mood`'),
        stringParameter('uuid', 'The file', 'uuid'),
        stringParameter('filename', 'The file name (informative)'),
      ],
      responses: fileResponses,
    },
  },
  '/api/file/template/document/{uuid}/{filename}': {
    get: {
      operationId: 'templateDownload',
      summary: "Download a template (the client's own or its licensee's) as an attachment",
      description: 'Signed-in member holding any of: templates.read-list; feature flag `templates` on.',
      tags: ['templates'],
      parameters: [
        stringParameter('uuid', 'The template file', 'uuid'),
        stringParameter('filename', 'The file name (informative)'),
      ],
      responses: {
        ...fileResponses,
        401: { description: 'Not signed in', content: { 'application/json': { schema: errorSchema } } },
        403: {
          description: 'Auth.Forbidden, Auth.FeatureDisabled',
          content: { 'application/json': { schema: errorSchema } },
        },
      },
    },
  },
  '/api/auth/sso/start': {
    get: {
      operationId: 'ssoStart',
      summary: "Single sign-on: the browser goes to the company's OpenID provider (code flow with PKCE, state, nonce)",
      description:
        'Public; a navigation, not a call. Redirects to the provider, or back to `/auth/login/<company>?sso=<code>` when the company has no provider, is deactivated or the provider does not answer (docs/single-sign-on.md).',
      tags: ['auth'],
      parameters: [
        stringParameter('clientIdentifier', 'The company ID', undefined, 'query'),
        {
          ...stringParameter('returnUrl', 'A dashboard page to open after sign-in', undefined, 'query'),
          required: false,
        },
      ],
      responses: {
        302: { description: 'To the provider, or back to the sign-in page with the reason' },
        400: { description: 'Schema.ValidationFailed', content: { 'application/json': { schema: errorSchema } } },
        429: { description: 'Request.TooManyRequests', content: { 'application/json': { schema: errorSchema } } },
      },
    },
  },
  '/api/auth/sso/callback': {
    get: {
      operationId: 'ssoCallback',
      summary: "Single sign-on: the provider's answer (code and state); checks the ID token and starts the session",
      description:
        'Public; the redirect URI to register at the provider. Redirects to the dashboard with the session cookie, or to `/auth/login/<company>?sso=<code>` (Sso.StateInvalid, Sso.ProviderError, Sso.ProviderUnavailable, Sso.TokenInvalid, Sso.UnknownMember, Login.Deactivated, Login.ClientDeactivated).',
      tags: ['auth'],
      parameters: [stringParameter('state', 'The state of the sign-in', undefined, 'query')],
      responses: {
        302: { description: 'To the dashboard (signed in), or back to the sign-in page with the reason' },
        429: { description: 'Request.TooManyRequests', content: { 'application/json': { schema: errorSchema } } },
      },
    },
  },
  '/api/templates/upload': {
    post: {
      operationId: 'templateUpload',
      summary: 'Upload a template of the client (multipart, at most 5 MB)',
      description:
        'Signed-in member holding any of: templates.upload; feature flag `templates` on. Needs header X-XSRF-TOKEN equal to the XSRF-TOKEN cookie.',
      tags: ['templates'],
      requestBody: {
        required: true,
        content: {
          'multipart/form-data': {
            schema: {
              type: 'object',
              properties: {
                file: { type: 'string', format: 'binary' },
                category: { type: 'string' },
                title: { type: 'string' },
              },
              required: ['file', 'category'],
            },
          },
        },
      },
      responses: {
        200: { description: 'The stored template, as in templates/read-list' },
        400: {
          description: 'File.InvalidType, Schema.ValidationFailed',
          content: { 'application/json': { schema: errorSchema } },
        },
        401: { description: 'Not signed in', content: { 'application/json': { schema: errorSchema } } },
        403: {
          description: 'Csrf.Invalid, Auth.Forbidden, Auth.FeatureDisabled',
          content: { 'application/json': { schema: errorSchema } },
        },
        413: { description: 'Request.TooLarge', content: { 'application/json': { schema: errorSchema } } },
      },
    },
  },
};

/** The OpenAPI document, generated from the contract (never written by hand). Served at /api/docs. */
export function buildOpenApiDocument(): Record<string, unknown> {
  const paths: Record<string, Record<string, unknown>> = {};
  const schemas: JsonSchema = {};
  for (const endpoint of Object.values(ENDPOINTS) as EndpointDefinition[]) {
    const holder = endpoint.access === 'licensee' ? 'licensee staff member' : 'member';
    const access =
      endpoint.access === 'public'
        ? 'Public.'
        : `Signed-in ${holder} holding any of: ${endpoint.permissions.length ? endpoint.permissions.join(', ') : `(any signed-in ${holder})`}${endpoint.featureFlag ? `; feature flag \`${endpoint.featureFlag}\` on` : ''}.`;
    const operation: Record<string, unknown> = {
      operationId: endpoint.id,
      summary: endpoint.summary,
      description: `${access}${endpoint.method === 'POST' ? ' Needs header X-XSRF-TOKEN equal to the XSRF-TOKEN cookie.' : ''}`,
      tags: [endpoint.tag],
      responses: {
        200: {
          description: 'OK',
          content: {
            'application/json': {
              schema: toJsonSchema(endpoint.response, 'output', `${endpoint.id}Response`, schemas),
            },
          },
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
        content: {
          'application/json': { schema: toJsonSchema(endpoint.request, 'input', `${endpoint.id}Request`, schemas) },
        },
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
    paths: { ...paths, ...RAW_PATHS },
    components: { schemas },
  };
}
