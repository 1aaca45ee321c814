// A remote's side (createConfig.mjs puts this module in place of the bundler runtime's entry in every remote's
// build): the federation object its remoteEntry.js starts with, like the package's own index (see provide.mjs), but
// with the shell's functions. They hold no state (each call gets the remote's own __webpack_require__); the state
// stays the remote's own: share scope, options, and the runtime entry, which keeps the remote's federation instance.
// Only the two functions the bundler runtime calls (init, and getRemoteEntry for shared fallbacks), from the
// package's ES module build (createConfig.mjs), so that the rest of its index is left out. The remote keeps its own
// copy of these: `init` keeps the remote's federation instance in a variable of its module.
import { getRemoteEntry, init } from '@module-federation/runtime';
import { FEDERATION_GLOBALS } from '../federationGlobals.mjs';

const shell = globalThis[FEDERATION_GLOBALS.bundlerRuntime];
if (!shell) throw new Error('This remote is loaded by the dashboard shell, which provides its federation runtime.');

export default {
  runtime: { init, getRemoteEntry },
  instance: undefined,
  initOptions: undefined,
  bundlerRuntime: { ...shell.bundlerRuntime, S: {} },
  attachShareScopeMap: shell.attachShareScopeMap,
  bundlerRuntimeOptions: {},
};
