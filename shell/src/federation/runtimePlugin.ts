import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import * as federationErrorCodes from '@module-federation/error-codes';
import * as federationSdk from '@module-federation/sdk';
import { FEDERATION_GLOBALS } from '../../../tools/rspack/federationGlobals.mjs';

// The shell's copy of the federation SDK and error codes, for the remotes (tools/rspack/createConfig.mjs makes them
// external there): without this every remoteEntry.js carried its own (about 8 KB gzip each, issue 18). Set when
// this module is evaluated, which the shell's federation runtime does before it loads any remote.
Object.assign(globalThis, {
  [FEDERATION_GLOBALS.sdk]: federationSdk,
  [FEDERATION_GLOBALS.errorCodes]: federationErrorCodes,
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
