import path from 'node:path';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';

/**
 * Every page's first download holds shared-core's main entry (it is a shared singleton), so the heavy libraries stay
 * behind their own entries: zod behind `@dash/shared-core/contract` (server and tests), libphonenumber-js behind
 * `/phone`, the country and postal-code data behind `/postal`. One value import across that line put zod (about 23 KB
 * gzip) on the sign-in page, over its 200 KB budget.
 */
const HEAVY_PACKAGES = ['zod', 'libphonenumber-js', 'postal-codes-js'];

/**
 * The packages the entry's files import at run time, each with the first file found importing it: esbuild reads
 * the files as the build does (type-only imports erased) and the walk follows static imports only, since a dynamic
 * import is a chunk of its own, not part of the first download.
 */
async function runtimePackages(entry: string): Promise<Map<string, string>> {
  const { metafile } = await build({
    entryPoints: [entry],
    bundle: true,
    packages: 'external',
    format: 'esm',
    write: false,
    metafile: true,
    logLevel: 'silent',
    absWorkingDir: import.meta.dirname,
  });
  const packages = new Map<string, string>();
  const seen = new Set<string>();
  // The metafile names files relative to absWorkingDir.
  const pending = [path.relative(import.meta.dirname, entry)];
  while (pending.length > 0) {
    const file = pending.pop() as string;
    if (seen.has(file)) continue;
    seen.add(file);
    for (const imported of metafile.inputs[file]?.imports ?? []) {
      if (imported.kind !== 'import-statement') continue;
      if (!imported.external) pending.push(imported.path);
      else if (!packages.has(imported.path)) packages.set(imported.path, file);
    }
  }
  return packages;
}

describe("shared-core's main entry", () => {
  it('pulls in neither zod, libphonenumber-js nor postal-codes-js at run time', async () => {
    const packages = await runtimePackages(path.join(import.meta.dirname, 'index.ts'));
    expect(packages.size).toBeGreaterThan(0);
    const heavy = [...packages].filter(([name]) => HEAVY_PACKAGES.some((heavyName) => name.startsWith(heavyName)));
    expect(heavy.map(([name, file]) => `${name} (imported by ${file})`)).toEqual([]);
  });

  it('the check sees the postal entry import its data', async () => {
    const packages = await runtimePackages(path.join(import.meta.dirname, 'postal', 'index.ts'));
    expect([...packages.keys()].filter((name) => name.startsWith('postal-codes-js'))).toHaveLength(2);
  });

  it('the check sees a value import of the contract', async () => {
    // The contract entry itself imports zod: proves the walk follows files and reads the imports.
    const packages = await runtimePackages(path.join(import.meta.dirname, 'contract', 'index.ts'));
    expect(packages.has('zod')).toBe(true);
  });
});
