import type { RemoteConfig } from '@dash/shared-core';
import type { RegisterArea } from '@dash/shared-ui';
import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';

// How an area's register entry arrives: through Module Federation here. The bench's non-federated build
// (DASH_NO_FEDERATION=1, scripts/bench/withoutFederation.mjs) swaps this file for static imports.
//
// Where remotes live is run-time configuration from the server (GET /api/bootstrap/remotes, or the boot data in
// index.html): the URL of each remote's mf-manifest.json, never part of the shell's build. The shell reads the
// manifest itself and hands the federation runtime the remote's entry script, so that the runtime is built without
// its own manifest ("snapshot") code (tools/rspack/createConfig.mjs, experiments.optimization).

/** The parts of a remote's mf-manifest.json read here (written by the federation plugin of every part's build). */
export interface RemoteManifest {
  metaData: {
    globalName: string;
    publicPath: string;
    remoteEntry: { name: string; path: string; type: string };
  };
  exposes: { path: string; assets: { js: { sync: string[] } } }[];
  shared?: { name: string; version: string }[];
}

const REGISTER = './register';

/** Where the remote's entry script and the register entry's own scripts are, from its manifest. */
export function remoteFromManifest(
  manifest: RemoteManifest,
  manifestUrl: string,
): { entry: string; globalName: string; type: string; registerScripts: string[] } {
  const { globalName, publicPath, remoteEntry } = manifest.metaData;
  // `auto`: the remote's files lie beside its manifest (the remote's own code finds them from its entry's address).
  const base = new URL(publicPath === 'auto' ? '.' : publicPath, new URL(manifestUrl, document.baseURI));
  const entry = new URL([remoteEntry.path, remoteEntry.name].filter(Boolean).join('/'), base).href;
  const expose = manifest.exposes.find((item) => item.path === REGISTER);
  const registerScripts = (expose?.assets.js.sync ?? []).map((file) => new URL(file, base).href);
  return { entry, globalName, type: remoteEntry.type, registerScripts };
}

const preloaded = new Set<string>();

/** Fetched together with the remote's entry script, as the federation runtime's manifest code did. */
function preloadScript(href: string): void {
  if (preloaded.has(href)) return;
  preloaded.add(href);
  const link = document.createElement('link');
  link.rel = 'preload';
  link.as = 'script';
  link.href = href;
  document.head.append(link);
}

async function registerRemote(config: RemoteConfig, force: boolean): Promise<void> {
  const response = await fetch(config.manifestUrl, force ? { cache: 'no-cache' } : undefined);
  if (!response.ok) throw new Error(`${config.manifestUrl} answered ${response.status}`);
  const manifest = (await response.json()) as RemoteManifest;
  // A published release (docs/releases.md) is checked before any of its code runs; the check is a chunk of its own,
  // as the deployment's own builds are built with this shell.
  if (config.release) (await import('./releaseCheck')).assertReleaseFits(config, manifest);
  const remote = remoteFromManifest(manifest, config.manifestUrl);
  for (const script of remote.registerScripts) preloadScript(script);
  registerRemotes(
    [{ name: config.scope, entry: remote.entry, entryGlobalName: remote.globalName, type: remote.type as 'global' }],
    { force },
  );
}

/** Each remote's manifest is read once; a retry reads it again. */
const registered = new Map<string, Promise<void>>();

export async function loadRegister(config: RemoteConfig, force: boolean): Promise<{ default: RegisterArea } | null> {
  let registration = registered.get(config.scope);
  if (!registration || force) {
    registration = registerRemote(config, force);
    registered.set(config.scope, registration);
    // A failed read is tried again by the next load (the area's retry button).
    registration.catch(() => registered.delete(config.scope));
  }
  await registration;
  return loadRemote<{ default: RegisterArea }>(`${config.scope}/register`);
}
