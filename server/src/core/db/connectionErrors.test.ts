import { describe, expect, it } from 'vitest';
import { DatabaseUnavailableError, isConnectionError } from './database';
import { PG_ADMIN_SHUTDOWN, PG_CANNOT_CONNECT_NOW, PG_UNIQUE_VIOLATION } from './errorCodes';

const withCode = (message: string, code: string) => Object.assign(new Error(message), { code });

describe('which database errors mean "unavailable" (503) rather than a bug (500)', () => {
  it('counts a refused, reset or lost connection, a connect timeout and the server shutting down', () => {
    for (const error of [
      withCode('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED'),
      withCode('read ECONNRESET', 'ECONNRESET'),
      new Error('Connection terminated unexpectedly'),
      new Error('timeout exceeded when trying to connect'),
      new Error('Query read timeout'),
      withCode('terminating connection due to administrator command', PG_ADMIN_SHUTDOWN),
      withCode('the database system is starting up', PG_CANNOT_CONNECT_NOW),
      withCode('connection failure', '08006'),
      new DatabaseUnavailableError(new Error('x')),
    ]) {
      expect(isConnectionError(error), error.message).toBe(true);
    }
  });

  it('does not count errors of the statement itself', () => {
    for (const error of [
      withCode('syntax error at or near "SELEKT"', '42601'),
      withCode('duplicate key value violates unique constraint', PG_UNIQUE_VIOLATION),
      withCode('canceling statement due to statement timeout', '57014'),
      new Error('something else'),
      'not an error',
    ]) {
      expect(isConnectionError(error), String(error)).toBe(false);
    }
  });
});
