/**
 * Runs read statements without Prisma: a Prisma call costs a fixed ~0.2–0.3 ms here (its query
 * compiler runs on every call), a prepared statement tens of microseconds.
 *
 * SQLite: a read-only better-sqlite3 connection of its own (WAL readers never wait for the writer;
 * they see every committed write). PostgreSQL: a small `pg` pool with named prepared statements;
 * the reads of one event-loop turn (one request's batch, or several requests') go as one statement
 * (src/db/fast/pg-batch.ts), so a page with its terms, meta and counts costs one round trip.
 * Reads through here never see a transaction's uncommitted writes, so code inside a transaction
 * reads through its transaction client, never through this.
 */
import { createHash } from 'node:crypto';
import Sqlite from 'better-sqlite3';
import { Pool, types } from 'pg';
import type { Dialect } from './compile';
import { renumberable, shapeOf, StatementBatcher, type RunStatement, type Shape } from './pg-batch';

export type Row = Record<string, unknown>;

export interface ReadEngine {
  readonly dialect: Dialect;
  /** Runs one statement written with `?` placeholders (or PostgreSQL's own `$n` text, when given). SQLite answers synchronously. */
  all(sql: string, params: readonly unknown[], postgresText?: string): Row[] | Promise<Row[]>;
  close(): Promise<void>;
}

const MAX_STATEMENTS = 1000;

/** A prepared statement and how to turn its raw value arrays into rows. */
interface SqliteStatement {
  statement: Sqlite.Statement;
  row: RowBuilder | null;
}

type RowBuilder = (values: unknown[]) => Row;

/**
 * better-sqlite3 builds each row object property by property from C++, which leaves it in V8's
 * slow dictionary mode; a generated object literal over the raw value array is ~40% cheaper to make
 * and gives every row of a statement one fast hidden class for the code that reads it.
 */
function rowBuilder(columns: readonly string[]): RowBuilder | null {
  if (columns.includes('__proto__') || new Set(columns).size !== columns.length) return null;
  const fields = columns.map((name, i) => `${JSON.stringify(name)}: values[${i}]`).join(', ');
  return new Function('values', `return { ${fields} };`) as RowBuilder;
}

function prepareSqlite(connection: Sqlite.Database, sql: string): SqliteStatement {
  const statement = connection.prepare(sql);
  if (!statement.reader) return { statement, row: null };
  const row = rowBuilder(statement.columns().map((column) => column.name));
  if (row) statement.raw(true);
  return { statement, row };
}

export function sqliteEngine(file: string): ReadEngine {
  let connection: Sqlite.Database | undefined;
  const statements = new Map<string, SqliteStatement>();
  const open = (): Sqlite.Database => {
    if (connection) return connection;
    connection = new Sqlite(file, { readonly: true, fileMustExist: true, timeout: 15000 });
    // Temporary b-trees (an IN list probed against an index, a sort) in memory: with the default
    // file store, a statement such as `contentId IN (…) AND key IN (…)` opens a temporary file on
    // every run, ~0.5 ms even when the table is empty.
    connection.pragma('temp_store = MEMORY');
    return connection;
  };
  return {
    dialect: 'sqlite',
    all(sql, params) {
      let prepared = statements.get(sql);
      if (!prepared) {
        if (statements.size >= MAX_STATEMENTS) statements.clear();
        prepared = prepareSqlite(open(), sql);
        statements.set(sql, prepared);
      }
      const { statement, row } = prepared;
      if (!row) return statement.all(...params) as Row[];
      const values = statement.all(...params) as unknown[][];
      const rows = new Array<Row>(values.length);
      for (let i = 0; i < values.length; i++) rows[i] = row(values[i] as unknown[]);
      return rows;
    },
    async close() {
      statements.clear();
      connection?.close();
      connection = undefined;
    },
  };
}

/** timestamp(3) columns hold UTC wall-clock values (Prisma writes them so): read them as UTC. */
const TIMESTAMP_OID = 1114;
const INT8_OID = 20;
const NUMERIC_OID = 1700;
const pgTypes = {
  getTypeParser(oid: number, format?: string) {
    if (oid === TIMESTAMP_OID) return (text: string) => new Date(text.replace(' ', 'T') + 'Z');
    if (oid === INT8_OID || oid === NUMERIC_OID) return (text: string) => Number(text);
    return types.getTypeParser(oid, format as 'text');
  },
};

/** `?` placeholders to `$1…$n` (the statements we write never hold a `?` inside a literal). */
function numbered(sql: string): string {
  let n = 0;
  return sql.replace(/\?/g, () => `$${++n}`);
}

export function postgresEngine(url: string, poolSize = 4): ReadEngine {
  const pool = new Pool({ connectionString: url, max: poolSize, types: pgTypes });
  // An idle pooled connection that fails is dropped by the pool; without a listener it would crash the process.
  pool.on('error', () => undefined);
  const run: RunStatement = (name, text, values) => pool.query(name ? { name, text, values } : { text, values });
  const batcher = new StatementBatcher(run);
  /** A statement's prepared name and text; its shape once a run of its own has shown it (src/db/fast/pg-batch.ts). */
  const prepared = new Map<string, { name: string; text: string; shape?: Shape }>();
  return {
    dialect: 'postgresql',
    async all(sql, params, postgresText) {
      let statement = prepared.get(sql);
      if (!statement) {
        if (prepared.size >= MAX_STATEMENTS) prepared.clear();
        const text = postgresText ?? numbered(sql);
        statement = { name: 'r' + createHash('sha1').update(sql).digest('hex').slice(0, 20), text, shape: renumberable(text) ? undefined : { columns: null } };
        prepared.set(sql, statement);
      }
      const { name, text, shape } = statement;
      const values = params as unknown[];
      if (shape?.columns) return batcher.submit(text, values, shape, () => run(name, text, values));
      const result = await run(name, text, values);
      if (!shape) statement.shape = shapeOf(result.fields);
      return result.rows as Row[];
    },
    close: () => pool.end(),
  };
}
