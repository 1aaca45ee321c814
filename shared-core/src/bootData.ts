/** The id of index.html's boot data element (contract/bootstrap.ts BootData): written by the server, read by the shell. */
export const BOOT_DATA_ELEMENT_ID = 'dash-boot';

/**
 * The start of a licensee staff member's session token (the rest is random): the server writes the session's kind
 * into the boot data without a database read, and a member session is never looked for under such a token.
 */
export const LICENSEE_TOKEN_PREFIX = 'lic.';
