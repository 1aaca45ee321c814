import type { RemoteConfig } from '@dash/shared-core';
import type { RegisterArea } from '@dash/shared-ui';
import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';

// How an area's register entry arrives: through Module Federation here. The bench's non-federated build
// (DASH_NO_FEDERATION=1, shell/rspack.config.mjs) swaps this file for loadArea.static.ts.

export function configureRemotes(remotes: RemoteConfig[]): void {
  // Where remotes live is run-time configuration from the server, never part of the shell's build.
  registerRemotes(remotes.map((remote) => ({ name: remote.scope, entry: remote.manifestUrl })));
}

export async function loadRegister(config: RemoteConfig, force: boolean): Promise<{ default: RegisterArea } | null> {
  if (force) registerRemotes([{ name: config.scope, entry: config.manifestUrl }], { force: true });
  return loadRemote<{ default: RegisterArea }>(`${config.scope}/register`);
}
