/**
 * Migration 022: the org unit ID of units that existed before it, and the SQL twin of generateIdentifier that gives
 * one to rows inserted without it (seeds, scripts). Both must follow the one rule of shared-core.
 */
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { generateIdentifier, ORG_UNIT_ID_RULES, validate } from '@dash/shared-core';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '../src/core/db/database';
import { errorCodeOf, PG_UNIQUE_VIOLATION } from '../src/core/db/errorCodes';
import { MIGRATIONS_DIR, migrationFiles, splitStatements } from '../src/core/db/migrate';
import { withUniqueUnit } from '../src/modules/orgUnits/lookups';

let db: Database;
// On PostgreSQL too when DATABASE_URL is set (a schema of its own): its regular expressions and lower() are the server's.
const databaseUrl = process.env.DATABASE_URL || undefined;
const schema = databaseUrl ? `test_${randomBytes(6).toString('hex')}` : undefined;
let clients: { acme: string; globex: string };

async function run(file: string): Promise<void> {
  const sql = readFileSync(path.join(MIGRATIONS_DIR, file), 'utf8');
  await db.transaction(async (tx) => {
    for (const statement of splitStatements(sql)) await tx.query(statement);
  });
}

async function insertUnit(client: string, name: string, parent: string | null): Promise<string> {
  const [row] = await db.query<{ uuid: string }>(
    'INSERT INTO org_unit (client_uuid, name, parent_uuid, is_root) VALUES ($1, $2, $3::uuid, $3::uuid IS NULL) RETURNING uuid',
    [client, name, parent],
  );
  if (!row) throw new Error('no row');
  return row.uuid;
}

/** The identifier's part before the suffix, and the suffix. */
function split(identifier: string): { base: string; suffix: number } {
  const match = /^(.*)-(\d{4})$/.exec(identifier);
  if (!match) throw new Error(`no suffix: ${identifier}`);
  return { base: match[1] as string, suffix: Number(match[2]) };
}

const tsBase = (name: string) => split(generateIdentifier(name, () => 0)).base;

/** Names that test every step of the rule. */
const NAMES = [
  'ACME Sicherheit GmbH',
  'Ärztlicher Dienst',
  'ÖKO-Büro Übersee',
  'Größe & Maß',
  'GROẞHANDEL',
  'Mu\u0308ller',
  'École Señor Øre',
  '\tLager\u00a0Nord \n',
  'Lager - - Nord',
  'IT_Support (2.OG)!',
  "O'Brien's Team 🚒",
  '3. Schicht',
  '2024',
  '',
  `${'abcde '.repeat(5)}xyz`,
  'x'.repeat(80),
  'İstanbul Şube',
];

beforeAll(async () => {
  db = await openDatabase({ databaseUrl, schema });
  const files = migrationFiles();
  for (const file of files.filter((name) => name < '022')) await run(file);
  const [ids] = await db.query<{ acme: string; globex: string }>(
    `WITH l AS (INSERT INTO licensee (identifier, name, theme, footer) VALUES ('l', 'L', '{}', '{}') RETURNING uuid),
          c AS (INSERT INTO client (licensee_uuid, identifier, name)
                SELECT uuid, x, x FROM l, unnest(ARRAY['acme', 'globex']) x RETURNING uuid, identifier)
     SELECT (SELECT uuid FROM c WHERE identifier = 'acme') AS acme, (SELECT uuid FROM c WHERE identifier = 'globex') AS globex`,
  );
  if (!ids) throw new Error('no clients');
  clients = ids;
  // Units from before migration 022: the same name under two parents and in two clients.
  const root = await insertUnit(clients.acme, 'ACME Sicherheit GmbH', null);
  const north = await insertUnit(clients.acme, 'Werk Nord', root);
  const south = await insertUnit(clients.acme, 'Werk Süd', root);
  for (const parent of [north, south]) await insertUnit(clients.acme, 'Lager', parent);
  for (const name of NAMES.slice(1)) await insertUnit(clients.acme, name || 'leer', north);
  const globexRoot = await insertUnit(clients.globex, 'Globex Logistik AG', null);
  await insertUnit(clients.globex, 'Lager', globexRoot);
  for (const file of files.filter((name) => name >= '022')) await run(file);
});

afterAll(async () => {
  await db?.close();
  if (databaseUrl && schema) {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    await client.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`).finally(() => client.end());
  }
});

describe('migration 022: org unit IDs', () => {
  it('gives every existing unit an ID from its name by the rule, unique within its client', async () => {
    const rows = await db.query<{ client_uuid: string; name: string; identifier: string }>(
      'SELECT client_uuid, name, identifier FROM org_unit',
    );
    expect(rows.length).toBe(NAMES.length + 6);
    for (const row of rows) {
      expect(validate(row.identifier, ORG_UNIT_ID_RULES), row.identifier).toBeNull();
      const { base, suffix } = split(row.identifier);
      expect(base, row.name).toBe(tsBase(row.name));
      expect(suffix).toBeGreaterThanOrEqual(1000);
      expect(suffix).toBeLessThanOrEqual(9999);
    }
    const acme = rows.filter((row) => row.client_uuid === clients.acme).map((row) => row.identifier);
    expect(new Set(acme).size).toBe(acme.length);
    expect(rows.filter((row) => row.name === 'Lager').map((row) => split(row.identifier).base)).toEqual([
      'lager',
      'lager',
      'lager',
    ]);
  });

  it('generates in SQL exactly what generateIdentifier generates, for every step of the rule', async () => {
    for (const name of NAMES) {
      const [row] = await db.query<{ base: string }>('SELECT org_unit_identifier_base($1) AS base', [name]);
      expect(row?.base, JSON.stringify(name)).toBe(tsBase(name));
    }
  });

  it('gives a unit inserted without an ID a generated one, and keeps one that is given', async () => {
    const [root] = await db.query<{ uuid: string }>('SELECT uuid FROM org_unit WHERE client_uuid = $1 AND is_root', [
      clients.globex,
    ]);
    const generated = await insertUnit(clients.globex, 'Qualitätssicherung Süd', root?.uuid ?? null);
    const [row] = await db.query<{ identifier: string }>('SELECT identifier FROM org_unit WHERE uuid = $1', [
      generated,
    ]);
    expect(row?.identifier).toMatch(/^qualitaetssicherung-sued-\d{4}$/);
    const [given] = await db.query<{ identifier: string }>(
      `INSERT INTO org_unit (client_uuid, name, identifier, parent_uuid) VALUES ($1, 'Fuhrpark', 'fp', $2)
       RETURNING identifier`,
      [clients.globex, root?.uuid],
    );
    expect(given?.identifier).toBe('fp');
  });

  it('refuses an ID twice in one client and one that breaks the rule, in the database itself', async () => {
    const [unit] = await db.query<{ uuid: string; identifier: string }>(
      "SELECT uuid, identifier FROM org_unit WHERE client_uuid = $1 AND name = 'Werk Nord'",
      [clients.acme],
    );
    const refused = async (sql: string, params: unknown[]) => {
      try {
        await db.query(sql, params);
      } catch (error) {
        return errorCodeOf(error);
      }
      return 'accepted';
    };
    const taken = unit?.identifier;
    expect(await refused('UPDATE org_unit SET identifier = $1 WHERE name = $2', [taken, 'Werk Süd'])).toBe(
      PG_UNIQUE_VIOLATION,
    );
    // check_violation
    expect(await refused('UPDATE org_unit SET identifier = $1 WHERE uuid = $2', ['Werk Nord', unit?.uuid])).toBe(
      '23514',
    );
    expect(
      await refused("UPDATE org_unit SET identifier = $1 WHERE client_uuid = $2 AND name = 'Globex Logistik AG'", [
        taken,
        clients.globex,
      ]),
    ).toBe('accepted');
  });

  it("answers a refused row with the rule it broke, by the database's own constraint name", async () => {
    const [north] = await db.query<{ identifier: string }>(
      "SELECT identifier FROM org_unit WHERE client_uuid = $1 AND name = 'Werk Nord'",
      [clients.acme],
    );
    const refusal = (work: () => Promise<unknown>) =>
      withUniqueUnit(work).then(
        () => 'accepted',
        (error: { statusCode?: number; code?: string }) => `${error.statusCode} ${error.code}`,
      );
    expect(
      await refusal(() =>
        db.query("UPDATE org_unit SET identifier = $1 WHERE client_uuid = $2 AND name = 'Werk Süd'", [
          north?.identifier,
          clients.acme,
        ]),
      ),
    ).toBe('409 OrgUnit.IdentifierExists');
    expect(
      await refusal(() =>
        db.query("UPDATE org_unit SET name = 'werk nord' WHERE client_uuid = $1 AND name = 'Werk Süd'", [clients.acme]),
      ),
    ).toBe('409 OrgUnit.IdExists');
  });
});
