import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parseFileSync } from '@swc/core';
import { describe, expect, it } from 'vitest';
import { HANDED_TO_REMOTES } from './runtimePlugin';

const ROOT = path.resolve(import.meta.dirname, '../../..');

/** Files below `dir` whose names match, leaving out folders named node_modules or dist below it. */
function filesUnder(dir: string, pattern: RegExp, skip = ['node_modules', 'dist']): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && pattern.test(entry.name))
    .map((entry) => path.join(entry.parentPath, entry.name))
    .filter(
      (file) =>
        !path
          .relative(dir, file)
          .split(path.sep)
          .some((part) => skip.includes(part)),
    );
}

/**
 * Names imported as values from `module` in a source file (`import { a, b as c, type T } from '…'` gives a and b),
 * read with swc's parser (the one dependency-cruiser uses here), so that formatting and comments cannot hide one.
 */
function namedImports(file: string, module: string): string[] {
  const program = /\.tsx?$/.test(file)
    ? parseFileSync(file, { syntax: 'typescript', tsx: file.endsWith('.tsx'), target: 'es2022' })
    : parseFileSync(file, { syntax: 'ecmascript', target: 'es2022' });
  return program.body.flatMap((item) =>
    item.type === 'ImportDeclaration' && item.source.value === module && !item.typeOnly
      ? item.specifiers.flatMap((specifier) =>
          specifier.type === 'ImportSpecifier' && !specifier.isTypeOnly
            ? [specifier.imported?.type === 'Identifier' ? specifier.imported.value : specifier.local.value]
            : [],
        )
      : [],
  );
}

/** Names a module file exports (`export { a, b }` and `export const/function`). */
function exportedNames(file: string): Set<string> {
  const program = parseFileSync(file, { syntax: 'ecmascript', target: 'es2022' });
  const names = new Set<string>();
  for (const item of program.body) {
    if (item.type === 'ExportNamedDeclaration') {
      for (const specifier of item.specifiers) {
        if (specifier.type === 'ExportSpecifier') {
          const exported = specifier.exported ?? specifier.orig;
          names.add(exported.type === 'Identifier' ? exported.value : exported.value);
        }
      }
    } else if (item.type === 'ExportDeclaration') {
      const declaration = item.declaration;
      if (declaration.type === 'FunctionDeclaration' || declaration.type === 'ClassDeclaration') {
        names.add(declaration.identifier.value);
      } else if (declaration.type === 'VariableDeclaration') {
        for (const each of declaration.declarations) if (each.id.type === 'Identifier') names.add(each.id.value);
      }
    }
  }
  return names;
}

describe('react-i18next as the dashboard shares it (tools/rspack/shared/react-i18next.mjs)', () => {
  it('exports every name the front ends import from react-i18next', () => {
    const exported = exportedNames(path.join(ROOT, 'tools/rspack/shared/react-i18next.mjs'));
    const sources = ['shell', 'shared-ui', 'shared-core', ...readdirSync(ROOT).filter((name) => name.startsWith('mf-'))]
      .flatMap((part) => filesUnder(path.join(ROOT, part, 'src'), /\.tsx?$/))
      .filter((file) => !/\.test\.tsx?$/.test(file));
    const missing = sources.flatMap((file) =>
      namedImports(file, 'react-i18next')
        .filter((name) => !exported.has(name))
        .map((name) => `${name} (${path.relative(ROOT, file)})`),
    );
    expect(sources.length).toBeGreaterThan(50);
    expect(missing).toEqual([]);
  });
});

describe('the federation SDK and error codes the shell hands to the remotes (runtimePlugin.ts)', () => {
  /** The federation code every remoteEntry.js bundles: the runtime's entry and the bundler runtime. */
  const REMOTE_FEDERATION_CODE = ['runtime/dist', 'webpack-bundler-runtime/dist'].map((dir) =>
    path.join(ROOT, 'node_modules/@module-federation', dir),
  );

  function usedNames(module: string): Set<string> {
    const names = new Set<string>();
    const binding = `_module_federation_${module.replace(/-/g, '_')}`;
    for (const file of REMOTE_FEDERATION_CODE.flatMap((dir) => filesUnder(dir, /\.(c?js|mjs)$/, []))) {
      const source = readFileSync(file, 'utf8');
      for (const [, name] of source.matchAll(new RegExp(`${binding}\\.([A-Za-z_$][\\w$]*)`, 'g')))
        names.add(name ?? '');
      for (const name of namedImports(file, `@module-federation/${module}`)) names.add(name);
    }
    return names;
  }

  it('covers every name the remotes take from the SDK', () => {
    const used = usedNames('sdk');
    expect(used.size).toBeGreaterThan(0);
    expect([...used].filter((name) => !(name in HANDED_TO_REMOTES.sdk))).toEqual([]);
  });

  it('covers every name the remotes take from the error codes', () => {
    const used = usedNames('error-codes');
    expect(used.size).toBeGreaterThan(0);
    expect([...used].filter((name) => !(name in HANDED_TO_REMOTES.errorCodes))).toEqual([]);
  });
});

describe('the bundler runtime a remote takes from the shell (tools/rspack/bundlerRuntime/)', () => {
  it("has the package's shape, the shell's functions and state of its own", async () => {
    const { default: federation } = await import('@module-federation/webpack-bundler-runtime');
    const original = { ...federation, bundlerRuntime: federation.bundlerRuntime as Record<string, unknown> };
    await import('../../../tools/rspack/bundlerRuntime/provide.mjs');
    const { default: remote } = await import('../../../tools/rspack/bundlerRuntime/remote.mjs');
    expect(Object.keys(remote).sort()).toEqual(Object.keys(original).sort());
    expect(Object.keys(remote.bundlerRuntime).sort()).toEqual(Object.keys(original.bundlerRuntime).sort());
    for (const [key, value] of Object.entries(original.bundlerRuntime)) {
      expect(typeof remote.bundlerRuntime[key], key).toBe(typeof value);
    }
    // A remote's container entry, which the shell (exposing nothing) leaves out of its own federation object.
    expect(remote.bundlerRuntime.initContainerEntry).toBe(original.bundlerRuntime.initContainerEntry);
    expect(remote.bundlerRuntime.S).not.toBe(original.bundlerRuntime.S);
    expect(remote.bundlerRuntimeOptions).not.toBe(original.bundlerRuntimeOptions);
  });

  it('hands the bundler runtime every function of the federation runtime it calls, and only those', async () => {
    const dir = path.join(ROOT, 'node_modules/@module-federation/webpack-bundler-runtime/dist');
    const called = new Set<string>();
    for (const file of filesUnder(dir, /\.(c?js|mjs)$/, [])) {
      for (const [, name] of readFileSync(file, 'utf8').matchAll(/\bruntime\.([A-Za-z_$][\w$]*)\(/g))
        called.add(name ?? '');
    }
    await import('../../../tools/rspack/bundlerRuntime/provide.mjs');
    const { default: remote } = await import('../../../tools/rspack/bundlerRuntime/remote.mjs');
    const runtime = remote.runtime as Record<string, unknown>;
    expect(Object.keys(runtime).sort()).toEqual([...called].sort());
    for (const name of called) expect(typeof runtime[name], name).toBe('function');
  });
});
