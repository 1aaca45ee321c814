/** Globals through which the shell hands its federation SDK and error codes to the remotes (createConfig.mjs). */
export const FEDERATION_GLOBALS = {
  sdk: '__DASH_FEDERATION_SDK__',
  errorCodes: '__DASH_FEDERATION_ERROR_CODES__',
};
