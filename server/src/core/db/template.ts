/** File name of the migrated PGlite data folder beside the compiled server (template-cli.ts writes it). */
export const PGLITE_TEMPLATE_FILE = 'pgdata-template.tar';
