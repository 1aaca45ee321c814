import type { RemoteConfig } from '@dash/shared-core';
import { releaseProblems, sharedOfManifest } from '../../../tools/release/compatibility.mjs';

/**
 * What this shell shares (package -> version), written into its build (tools/rspack/createConfig.mjs); a release
 * built against other versions is not started (React or the shared blocks would break in ways hard to see).
 */
function sharedOfShell(): Record<string, string> | undefined {
  const written = process.env.DASH_SHARED_VERSIONS;
  return written ? (JSON.parse(written) as Record<string, string>) : undefined;
}

/** A release of an area that does not fit this shell or its server: its code is not loaded (docs/releases.md). */
export class IncompatibleReleaseError extends Error {
  constructor(readonly problems: string[]) {
    super(`The release does not fit: ${problems.join('; ')}`);
  }
}

/**
 * Why a published release (docs/releases.md) does not fit this very shell, from its manifest; empty when it does. A
 * chunk of its own, loaded only for a release: the deployment's own builds are built with this shell.
 */
export function problemsOfManifest(config: RemoteConfig, manifest: { shared?: { name: string; version: string }[] }) {
  return releaseProblems(
    { area: config.name, contract: 0, shared: sharedOfManifest(manifest) },
    { shared: sharedOfShell() },
  );
}

/**
 * Throws IncompatibleReleaseError with what the server found (the API contract, the shell's shared packages as it
 * knows them) and what this shell finds (it may be newer than the server's copy of it, or served from elsewhere).
 */
export function assertReleaseFits(config: RemoteConfig, manifest: { shared?: { name: string; version: string }[] }) {
  const problems = [...new Set([...(config.release?.problems ?? []), ...problemsOfManifest(config, manifest)])];
  if (problems.length > 0) throw new IncompatibleReleaseError(problems);
}
