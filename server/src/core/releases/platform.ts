import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { AREA_CONTRACTS } from '@dash/shared-core/area-contracts';
import { type PlatformFacts, releaseProblems, sharedOfManifest } from '../../../../tools/release/compatibility.mjs';
import type { ReleaseRecord } from './store';

/** The contract versions this server serves, per area (shared-core/src/areaContracts.json). */
export function servedContracts(): Record<string, { current: number; oldest: number }> {
  return Object.fromEntries(Object.entries(AREA_CONTRACTS).map(([area, served]) => [area, { ...served }]));
}

let shellShared: { file: string; mtimeMs: number; shared: Record<string, string> } | null = null;

/**
 * What the shell this server serves shares (package -> version), from its build's mf-manifest.json; null while the
 * shell is not built (then only the contract is checked). Read again when a new build replaces the file.
 */
function sharedOfShell(staticRoot: string): Record<string, string> | null {
  const file = path.join(staticRoot, 'shell', 'dist', 'mf-manifest.json');
  if (!existsSync(file)) return null;
  const { mtimeMs } = statSync(file);
  if (shellShared?.file !== file || shellShared.mtimeMs !== mtimeMs) {
    try {
      shellShared = { file, mtimeMs, shared: sharedOfManifest(JSON.parse(readFileSync(file, 'utf8'))) };
    } catch {
      return null;
    }
  }
  return shellShared.shared;
}

/** The shell's shared packages and the server's contracts: what a release must fit. */
export function platformFacts(staticRoot: string): PlatformFacts {
  return { shared: sharedOfShell(staticRoot) ?? undefined, contracts: servedContracts() };
}

/** Why the release does not fit this server and its shell (docs/releases.md); empty when it does. */
export function problemsOfRelease(release: ReleaseRecord, staticRoot: string): string[] {
  return releaseProblems(release, platformFacts(staticRoot));
}
