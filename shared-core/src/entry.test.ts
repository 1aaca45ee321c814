import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Every page's first download holds shared-core's main entry (it is a shared singleton), so the heavy libraries stay
 * behind their own entries: zod behind `@dash/shared-core/contract` (server and tests), libphonenumber-js behind
 * `/phone`, the country and postal-code data behind `/postal`. One value import across that line put zod (about 23 KB
 * gzip) on the sign-in page, over its 200 KB budget.
 */
const HEAVY_PACKAGES = ['zod', 'libphonenumber-js', 'postal-codes-js'];
const IMPORT = /(?:^|\n)\s*(?:import|export)\s+(type\s+)?(?:[^;'"]*?\s+from\s+)?'([^']+)'/g;

function resolveRelative(from: string, specifier: string): string {
  const base = path.resolve(path.dirname(from), specifier);
  // A data file (areas.json) is taken as it is named; it imports nothing.
  for (const candidate of [
    `${base}.ts`,
    `${base}.tsx`,
    path.join(base, 'index.ts'),
    ...(base.endsWith('.json') ? [base] : []),
  ])
    if (existsSync(candidate)) return candidate;
  throw new Error(`cannot resolve ${specifier} from ${from}`);
}

/** The packages the entry's files import at run time (type-only imports are erased by the build). */
function runtimePackages(entry: string): Map<string, string> {
  const packages = new Map<string, string>();
  const seen = new Set<string>();
  const pending = [entry];
  while (pending.length > 0) {
    const file = pending.pop() as string;
    if (seen.has(file) || file.endsWith('.json')) continue;
    seen.add(file);
    for (const [, typeOnly, specifier] of readFileSync(file, 'utf8').matchAll(IMPORT)) {
      if (typeOnly || !specifier) continue;
      if (specifier.startsWith('.')) pending.push(resolveRelative(file, specifier));
      else if (!packages.has(specifier)) packages.set(specifier, path.relative(import.meta.dirname, file));
    }
  }
  return packages;
}

describe("shared-core's main entry", () => {
  it('pulls in neither zod, libphonenumber-js nor postal-codes-js at run time', () => {
    const packages = runtimePackages(path.join(import.meta.dirname, 'index.ts'));
    expect(packages.size).toBeGreaterThan(0);
    const heavy = [...packages].filter(([name]) => HEAVY_PACKAGES.some((heavyName) => name.startsWith(heavyName)));
    expect(heavy.map(([name, file]) => `${name} (imported by ${file})`)).toEqual([]);
  });

  it('the check sees the postal entry import its data', () => {
    const packages = runtimePackages(path.join(import.meta.dirname, 'postal', 'index.ts'));
    expect([...packages.keys()].filter((name) => name.startsWith('postal-codes-js'))).toHaveLength(2);
  });

  it('the check sees a value import of the contract', () => {
    // The contract entry itself imports zod: proves the walk follows files and reads the imports.
    const packages = runtimePackages(path.join(import.meta.dirname, 'contract', 'index.ts'));
    expect(packages.has('zod')).toBe(true);
  });
});
