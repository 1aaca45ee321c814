/**
 * Globals through which the shell hands parts of its federation runtime to the remotes (createConfig.mjs): the SDK
 * and error codes (shell/src/federation/runtimePlugin.ts) and the bundler runtime's functions
 * (bundlerRuntime/provide.mjs, taken by bundlerRuntime/remote.mjs).
 */
export const FEDERATION_GLOBALS = {
  sdk: '__DASH_FEDERATION_SDK__',
  errorCodes: '__DASH_FEDERATION_ERROR_CODES__',
  bundlerRuntime: '__DASH_FEDERATION_BUNDLER_RUNTIME__',
};
