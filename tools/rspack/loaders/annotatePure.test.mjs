import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { transformSync } from 'esbuild';
import { describe, expect, it } from 'vitest';
import { annotatePure } from './annotatePure.mjs';

const routerDist = path.join(
  path.dirname(createRequire(import.meta.url).resolve('react-router/package.json')),
  'dist/production',
);

describe('annotatePure', () => {
  it('marks top-level initialiser calls as pure and drops displayName statements', () => {
    const source = [
      'var A = React.createContext(null);',
      'A.displayName = "A";',
      'var B = Symbol("b");',
      'var C = new Map();',
      'var D = 1 + f();',
      'function g() {',
      '  var E = h();',
      '  E.displayName = "E";',
      '}',
      'X.contextType = A;',
    ].join('\n');
    expect(annotatePure(source)).toBe(
      [
        'var A = /* @__PURE__ */ React.createContext(null);',
        '',
        'var B = /* @__PURE__ */ Symbol("b");',
        'var C = /* @__PURE__ */ new Map();',
        'var D = 1 + f();',
        'function g() {',
        '  var E = h();',
        '  E.displayName = "E";',
        '}',
        'X.contextType = A;',
      ].join('\n'),
    );
  });

  it("lets an unused context of react-router's dist be dropped, and keeps the file valid", () => {
    const chunk = routerChunkWith('var DataRouterContext = ');
    const annotated = annotatePure(chunk);
    expect(annotated).toContain('var DataRouterContext = /* @__PURE__ */ React.createContext(null);');
    expect(annotated).not.toMatch(/^ScrollRestoration\.displayName/m);
    // Still parses as the same module.
    expect(() => transformSync(annotated, { format: 'esm', loader: 'js' })).not.toThrow();
    // A minifier drops an annotated, unused declaration, and keeps it without the annotation.
    const unused = 'import * as React from "react";\nvar Unused = React.createContext(null);\nexport {};';
    const minify = (code) => transformSync(code, { format: 'esm', minify: true, treeShaking: true }).code;
    expect(minify(annotatePure(unused))).not.toContain('createContext');
    expect(minify(unused)).toContain('createContext');
  });
});

/** The file of react-router's production build that holds `text`. */
function routerChunkWith(text) {
  for (const file of readdirSync(routerDist).filter((name) => /^chunk-.*\.mjs$/.test(name))) {
    const source = readFileSync(path.join(routerDist, file), 'utf8');
    if (source.includes(text)) return source;
  }
  throw new Error(`no react-router chunk holds ${text}`);
}
