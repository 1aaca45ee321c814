import { type PGlite, types } from '@electric-sql/pglite';
import { serialize } from 'pg-protocol';

interface Statement {
  name: string;
  paramTypes: number[];
  fields: Array<{ name: string; dataTypeID: number }>;
}

/** The parts of PGlite's backend messages read here (its message classes are not exported). */
type Message =
  | { name: 'parameterDescription'; dataTypeIDs: number[] }
  | { name: 'rowDescription'; fields: Array<{ name: string; dataTypeID: number }> }
  | { name: 'dataRow'; fields: Array<string | null> }
  | { name: string };

function concat(parts: Uint8Array[]): Uint8Array {
  const message = new Uint8Array(parts.reduce((length, part) => length + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    message.set(part, offset);
    offset += part.length;
  }
  return message;
}

/**
 * Named prepared statements on embedded PGlite. Its `query()` parses and plans every statement again on each
 * call, which is most of a small query's time (the session lookup, for one);
 * PostgreSQL's pool client (`pg`) has no such cost worth this. Each SQL text is parsed once and described
 * (parameter and column types); later calls only bind, execute and sync, in one message to the WASM backend.
 * Parameters and columns go through PGlite's own serializers and parsers, so rows look exactly as `query()`
 * would answer them. The caller must hold PGlite's locks (see `openPglite`).
 */
export class PgliteStatements {
  private readonly statements = new Map<string, Statement>();
  private counter = 0;

  constructor(
    private readonly pg: PGlite,
    private readonly maxStatements = 1000,
  ) {}

  async query<Row>(sql: string, params: readonly unknown[]): Promise<Row[]> {
    let statement = this.statements.get(sql);
    if (statement) {
      // Map order is insertion order: the least recently used statement is the first to go.
      this.statements.delete(sql);
      this.statements.set(sql, statement);
    } else {
      statement = await this.prepare(sql);
    }
    const values = params.map((value, index) => {
      if (value === null || value === undefined) return null;
      const serializer = this.pg.serializers[statement.paramTypes[index] ?? 0];
      return serializer ? serializer(value) : String(value);
    });
    const { messages } = await this.pg.execProtocol(
      concat([serialize.bind({ statement: statement.name, values }), serialize.execute({}), serialize.sync()]),
    );
    const rows: Row[] = [];
    for (const message of messages as Message[]) {
      if (message.name !== 'dataRow' || !('fields' in message)) continue;
      const row: Record<string, unknown> = {};
      (message.fields as Array<string | null>).forEach((value, index) => {
        const field = statement.fields[index];
        if (field) row[field.name] = types.parseType(value, field.dataTypeID, this.pg.parsers);
      });
      rows.push(row as Row);
    }
    return rows;
  }

  get size(): number {
    return this.statements.size;
  }

  private async prepare(sql: string): Promise<Statement> {
    if (this.statements.size >= this.maxStatements) {
      // SQL texts come from the code (values are parameters), so only many filter and sort variants get here.
      const [unusedSql, unused] = this.statements.entries().next().value as [string, Statement];
      this.statements.delete(unusedSql);
      await this.pg.execProtocol(concat([serialize.close({ type: 'S', name: unused.name }), serialize.sync()]));
    }
    const name = `dash_${++this.counter}`;
    const { messages } = await this.pg.execProtocol(
      concat([
        serialize.parse({ name, text: sql, types: [] }),
        serialize.describe({ type: 'S', name }),
        serialize.sync(),
      ]),
    );
    const statement: Statement = { name, paramTypes: [], fields: [] };
    for (const message of messages as Message[]) {
      if (message.name === 'parameterDescription' && 'dataTypeIDs' in message) {
        statement.paramTypes = message.dataTypeIDs;
      }
      if (message.name === 'rowDescription' && 'fields' in message) {
        statement.fields = (message.fields as Statement['fields']).map((field) => ({
          name: field.name,
          dataTypeID: field.dataTypeID,
        }));
      }
    }
    this.statements.set(sql, statement);
    return statement;
  }
}
