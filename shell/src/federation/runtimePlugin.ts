import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';

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
