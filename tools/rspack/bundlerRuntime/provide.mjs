// The shell's side (imported by shell/src/federation/runtimePlugin.ts): hands the functions of its federation bundler
// runtime to the remotes, which take them instead of bundling their own copy (remote.mjs; otherwise a copy in every
// remoteEntry.js). The same module as the one the shell's federation start-up imports (createConfig.mjs), and the
// container entry the shell itself leaves out (it exposes nothing, a remote does).
import federation from '@module-federation/webpack-bundler-runtime';
import { initContainerEntry } from '@module-federation/webpack-bundler-runtime/dist/initContainerEntry.js';
import { FEDERATION_GLOBALS } from '../federationGlobals.mjs';

globalThis[FEDERATION_GLOBALS.bundlerRuntime] = {
  bundlerRuntime: { ...federation.bundlerRuntime, initContainerEntry },
  attachShareScopeMap: federation.attachShareScopeMap,
};
