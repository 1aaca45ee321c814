/**
 * PostgreSQL's error codes (SQLSTATE) the server acts on, in one place. PGlite reports the same codes as a server.
 * The list of all: PostgreSQL's documentation, appendix A "PostgreSQL Error Codes".
 */

/** unique_violation: a row a unique index refuses (two admins taking the same name at once). */
export const PG_UNIQUE_VIOLATION = '23505';
/** duplicate_schema: CREATE SCHEMA of a schema that exists. */
export const PG_DUPLICATE_SCHEMA = '42P06';
/** admin_shutdown: the server stops (smart or fast shutdown) or an administrator ended the connection. */
export const PG_ADMIN_SHUTDOWN = '57P01';
/** crash_shutdown: the server restarts after another process crashed. */
export const PG_CRASH_SHUTDOWN = '57P02';
/** cannot_connect_now: the server is starting up or shutting down. */
export const PG_CANNOT_CONNECT_NOW = '57P03';
/** too_many_connections. */
export const PG_TOO_MANY_CONNECTIONS = '53300';
/** feature_not_supported; among others "cached plan must not change result type" of a statement prepared earlier. */
export const PG_FEATURE_NOT_SUPPORTED = '0A000';
/** invalid_sql_statement_name: a named statement the connection does not (or no longer) know. */
export const PG_INVALID_SQL_STATEMENT_NAME = '26000';
/** Class 08, connection exception: every code that starts with it (08000, 08003, 08006 …). */
export const PG_CONNECTION_EXCEPTION_CLASS = '08';

/** The SQLSTATE (or Node's network code) of an error, if it carries one. */
export function errorCodeOf(error: unknown): string | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const code = (error as { code?: unknown }).code;
  return typeof code === 'string' ? code : undefined;
}

/** True when PostgreSQL refused a row for a unique index. */
export function isUniqueViolation(error: unknown): boolean {
  return errorCodeOf(error) === PG_UNIQUE_VIOLATION;
}

/** The constraint or index a refused row broke (unique, check, foreign key), if the error names one. */
export function constraintOf(error: unknown): string | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const constraint = (error as { constraint?: unknown }).constraint;
  return typeof constraint === 'string' ? constraint : undefined;
}
