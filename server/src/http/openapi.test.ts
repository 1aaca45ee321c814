import SwaggerParser from '@apidevtools/swagger-parser';
import { describe, expect, it } from 'vitest';
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

  it('documents the file routes that are served outside the JSON contract', () => {
    const paths = buildOpenApiDocument().paths as Record<string, Record<string, unknown>>;
    expect(paths['/api/file/{context}/{type}/{uuid}/{filename}']?.get).toBeDefined();
    expect(paths['/api/file/template/document/{uuid}/{filename}']?.get).toBeDefined();
  });
});
