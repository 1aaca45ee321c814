import { describe, expect, it } from 'vitest';
import { splitStatements } from './migrate';

describe('splitStatements', () => {
  it('splits at semicolons that end a line and drops comment lines', () => {
    expect(splitStatements('-- a table\nCREATE TABLE a (x int);\nINSERT INTO a VALUES (1);   \n')).toEqual([
      'CREATE TABLE a (x int)',
      'INSERT INTO a VALUES (1)',
    ]);
  });

  it('keeps a dollar-quoted function body, with its own semicolons, in one statement', () => {
    const sql = [
      'CREATE FUNCTION f() RETURNS trigger LANGUAGE plpgsql AS $$',
      'BEGIN',
      '  -- inside the body',
      '  UPDATE a SET x = 1;',
      '  RETURN NULL;',
      'END $$;',
      'CREATE TRIGGER t AFTER INSERT ON a FOR EACH STATEMENT EXECUTE FUNCTION f();',
    ].join('\n');
    const statements = splitStatements(sql);
    expect(statements).toHaveLength(2);
    expect(statements[0]).toContain('UPDATE a SET x = 1;');
    expect(statements[0]).toContain('-- inside the body');
    expect(statements[0]?.endsWith('END $$')).toBe(true);
  });

  it('keeps one-line function bodies (migration 005) whole', () => {
    expect(splitStatements('CREATE FUNCTION g() RETURNS int LANGUAGE sql AS $$ SELECT 1; $$;\nSELECT g();')).toEqual([
      'CREATE FUNCTION g() RETURNS int LANGUAGE sql AS $$ SELECT 1; $$',
      'SELECT g()',
    ]);
  });
});
