/** The id of index.html's boot data element (contract/bootstrap.ts BootData): written by the server, read by the shell. */
export const BOOT_DATA_ELEMENT_ID = 'dash-boot';
