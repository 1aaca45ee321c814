import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import { RUNTIME_009, runtimeDescMap } from '@module-federation/error-codes';
import { decodeName, ENCODE_NAME_PREFIX } from '@module-federation/sdk';
import '../../../tools/rspack/bundlerRuntime/provide.mjs';
import { FEDERATION_GLOBALS } from '../../../tools/rspack/federationGlobals.mjs';

/**
 * What a remote's own federation code (the bundler runtime and the runtime's entry in each remoteEntry.js) takes from
 * the federation SDK and error codes; tools/rspack/createConfig.mjs makes both packages external there. Only these
 * names, not the whole packages: a namespace import kept all of the SDK in the shell's first script.
 * sharedModules.test.ts checks the list against what those packages import.
 */
export const HANDED_TO_REMOTES = {
  sdk: { decodeName, ENCODE_NAME_PREFIX },
  errorCodes: { RUNTIME_009, runtimeDescMap },
};

// The shell's copy, for the remotes: without this every remoteEntry.js carried its own. Set when this module is evaluated, which the shell's federation runtime does before it loads a remote.
Object.assign(globalThis, {
  [FEDERATION_GLOBALS.sdk]: HANDED_TO_REMOTES.sdk,
  [FEDERATION_GLOBALS.errorCodes]: HANDED_TO_REMOTES.errorCodes,
});

/**
 * A remote that cannot be loaded (offline, broken) must not take the page down: the failure is logged
 * and reported to the caller, which shows an in-place error with a retry (see areaStore.ts).
 */
export default function remoteFailureReporter(): ModuleFederationRuntimePlugin {
  return {
    name: 'remote-failure-reporter',
    errorLoadRemote(args) {
      console.warn(`Remote ${args.id} could not be loaded (${args.lifecycle})`, args.error);
      return undefined;
    },
  };
}
