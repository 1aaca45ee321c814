import SwaggerParser from '@apidevtools/swagger-parser';
import { describe, expect, it } from 'vitest';
import { createTestServer } from '../../test/helpers';
import { buildOpenApiDocument } from './openapi';

describe('the OpenAPI document', () => {
  it('is a valid OpenAPI document whose every $ref resolves', async () => {
    // validate() dereferences (a $ref that points nowhere fails) and checks the document against the OpenAPI schema.
    const document = structuredClone(buildOpenApiDocument());
    await expect(SwaggerParser.validate(document as never)).resolves.toBeTruthy();
  });

  it('keeps recursive schemas as shared components, not as a definitions block inside an operation', () => {
    const text = JSON.stringify(buildOpenApiDocument());
    expect(text.includes('"definitions"'), 'a local definitions block').toBe(false);
    const refs = [...text.matchAll(/"\$ref":"([^"]+)"/g)].map((match) => match[1]);
    expect(refs.length).toBeGreaterThan(0);
    for (const ref of refs) expect(ref).toMatch(/^#\/components\/schemas\//);
  });

  it('documents every /api route the server serves', async () => {
    const server = await createTestServer();
    try {
      const documented = new Set(
        Object.entries(buildOpenApiDocument().paths as Record<string, Record<string, unknown>>).flatMap(
          ([path, operations]) => Object.keys(operations).map((method) => `${method.toUpperCase()} ${path}`),
        ),
      );
      const served = server.app.registeredRoutes
        .filter((route) => route.url.startsWith('/api/') && !route.url.startsWith('/api/docs'))
        .filter((route) => route.method !== 'HEAD' && route.method !== 'OPTIONS')
        // Fastify's :name and * are OpenAPI's {name}; the wildcard is the rest of the path.
        .map((route) => `${route.method} ${route.url.replace(/:(\w+)/g, '{$1}').replace(/\*$/, '{path}')}`);
      expect([...new Set(served)].filter((route) => !documented.has(route))).toEqual([]);
    } finally {
      await server.close();
    }
  });

  it('documents the file routes that are served outside the JSON contract', () => {
    const paths = buildOpenApiDocument().paths as Record<string, Record<string, unknown>>;
    expect(paths['/api/file/{context}/{type}/{uuid}/{filename}']?.get).toBeDefined();
    expect(paths['/api/file/template/document/{uuid}/{filename}']?.get).toBeDefined();
  });
});
