/**
 * Read statements issued during one turn of the event loop — by one request (a page's terms, meta
 * and revision counts) or by several (under load, every request in flight asks for the options) —
 * go to PostgreSQL as one statement, one round trip:
 *
 *   SELECT (SELECT coalesce(json_agg(b), '[]')::text FROM (<statement 1>) b) AS "0",
 *          (SELECT coalesce(json_agg(b), '[]')::text FROM (<statement 2>) b) AS "1", …
 *
 * Each statement's rows come back as JSON and are decoded to what `pg` would have returned: a
 * statement is merged only once a run of its own has shown its columns' types, and only when every
 * one of them reads back the same from JSON (numbers, text, booleans, timestamps, JSON). Identical
 * statements with identical parameters run once; each caller parses its own copy of the rows. One
 * statement is also one snapshot: every merged read sees all writes committed before it started,
 * as it would alone. If the merged statement fails, each read runs again alone and fails or
 * succeeds on its own.
 */
import { createHash } from 'node:crypto';
import type { FieldDef, QueryResult } from 'pg';

type Row = Record<string, unknown>;

/** Runs one statement (`name`: a prepared statement's name, or undefined for an unnamed one). */
export type RunStatement = (name: string | undefined, text: string, values: unknown[]) => Promise<QueryResult>;

/** How a column's JSON value becomes the value `pg` gives for its type (null: nothing to do). */
type Decoder = ((value: unknown) => unknown) | null;

const TIMESTAMP_OID = 1114;
/** Column types whose JSON form is what `pg` (with the engine's parsers) returns, or converts to it. */
const DECODERS: ReadonlyMap<number, Decoder> = new Map<number, Decoder>([
  [16, null], // bool
  [18, null], // char
  [19, null], // name
  [25, null], // text
  [1043, null], // varchar
  [114, null], // json
  [3802, null], // jsonb
  [21, null], // int2
  [23, null], // int4
  // int8, numeric, float: JSON numbers, or quoted NaN / Infinity
  [20, (v) => (typeof v === 'string' ? Number(v) : v)],
  [1700, (v) => (typeof v === 'string' ? Number(v) : v)],
  [700, (v) => (typeof v === 'string' ? Number(v) : v)],
  [701, (v) => (typeof v === 'string' ? Number(v) : v)],
  // timestamp(3) holds UTC wall-clock time: `2026-11-27T02:24:37.123` in JSON
  [TIMESTAMP_OID, (v) => (typeof v === 'string' ? new Date(v + 'Z') : v)],
]);

/** At most this many distinct statements in one merged statement, and this many parameters (PostgreSQL allows 65,535). */
const MAX_MEMBERS = 24;
const MAX_PARAMS = 20_000;
/** Merged statements prepared by name (each connection keeps its plans); past this, merged statements are sent unnamed. */
const MAX_NAMED = 300;

export interface Shape {
  /** Column names and decoders, or null when a column's type does not survive JSON. */
  columns: Array<[string, Decoder]> | null;
  /** The columns whose JSON value needs decoding (made once with the shape). */
  decoded?: Array<[string, (value: unknown) => unknown]>;
}

/** The shape of a statement's rows, learnt from a run of its own. */
export function shapeOf(fields: readonly FieldDef[]): Shape {
  const columns: Array<[string, Decoder]> = [];
  for (const field of fields) {
    if (!DECODERS.has(field.dataTypeID)) return { columns: null };
    columns.push([field.name, DECODERS.get(field.dataTypeID) as Decoder]);
  }
  return { columns, decoded: columns.filter((column): column is [string, (value: unknown) => unknown] => column[1] !== null) };
}

/** Whether the statement's `$n` placeholders can be renumbered (none inside a quoted literal). */
export function renumberable(text: string): boolean {
  const placeholders = (s: string) => (s.match(/\$\d+/g) ?? []).length;
  return placeholders(text) === placeholders(text.replace(/'(?:[^']|'')*'/g, "''")) && !/\$\$|\$[A-Za-z_]/.test(text);
}

interface Member {
  text: string;
  values: unknown[];
  shape: Shape;
  /** Everyone waiting for these rows (same statement, same parameters). */
  waiting: Array<{ resolve: (rows: Row[]) => void; reject: (error: unknown) => void }>;
  /** Runs it alone (its own prepared statement), when the merged statement failed. */
  alone: () => Promise<QueryResult>;
}

function decodeRows(json: string, shape: Shape): Row[] {
  const rows = JSON.parse(json) as Row[];
  const decoded = (shape.decoded ??= (shape.columns ?? []).filter((column): column is [string, (value: unknown) => unknown] => column[1] !== null));
  if (decoded.length) for (const row of rows) for (const [name, decode] of decoded) if (row[name] !== null) row[name] = decode(row[name]);
  return rows;
}

export class StatementBatcher {
  private pending = new Map<string, Member>();
  private scheduled = false;
  /** Merged texts prepared by name, with their names (the same few texts come again and again). */
  private readonly named = new Map<string, string>();

  constructor(private readonly run: RunStatement) {}

  /** The rows of `text` with `values`, sent with the other statements of this turn. */
  submit(text: string, values: unknown[], shape: Shape, alone: () => Promise<QueryResult>): Promise<Row[]> {
    return new Promise((resolve, reject) => {
      const key = text + '\u0000' + JSON.stringify(values);
      let member = this.pending.get(key);
      if (!member) {
        member = { text, values, shape, waiting: [], alone };
        this.pending.set(key, member);
      }
      member.waiting.push({ resolve, reject });
      if (!this.scheduled) {
        this.scheduled = true;
        setImmediate(() => this.flush());
      }
    });
  }

  private flush(): void {
    this.scheduled = false;
    const members = [...this.pending.values()];
    this.pending = new Map();
    // Same statements in the same order make the same merged text: fewer distinct plans.
    members.sort((a, b) => (a.text < b.text ? -1 : a.text > b.text ? 1 : 0));
    let group: Member[] = [];
    let params = 0;
    for (const member of members) {
      if (group.length && (group.length >= MAX_MEMBERS || params + member.values.length > MAX_PARAMS)) {
        void this.send(group);
        group = [];
        params = 0;
      }
      group.push(member);
      params += member.values.length;
    }
    if (group.length) void this.send(group);
  }

  private async send(group: Member[]): Promise<void> {
    if (group.length === 1) return this.sendAlone(group[0]);
    const values: unknown[] = [];
    const parts = group.map((member, i) => {
      const offset = values.length;
      values.push(...member.values);
      const text = offset ? member.text.replace(/\$(\d+)/g, (_, n: string) => `$${Number(n) + offset}`) : member.text;
      return `(SELECT coalesce(json_agg(b), '[]')::text FROM (${text}) b) AS "${i}"`;
    });
    const text = `SELECT ${parts.join(', ')}`;
    let name = this.named.get(text);
    if (name === undefined && this.named.size < MAX_NAMED) this.named.set(text, (name = 'm' + createHash('sha1').update(text).digest('hex').slice(0, 20)));
    let result: QueryResult;
    try {
      result = await this.run(name, text, values);
    } catch {
      await Promise.all(group.map((member) => this.sendAlone(member)));
      return;
    }
    const row = result.rows[0] as Record<string, string>;
    group.forEach((member, i) => {
      for (const waiter of member.waiting) {
        try {
          waiter.resolve(decodeRows(row[String(i)], member.shape));
        } catch (error) {
          waiter.reject(error);
        }
      }
    });
  }

  private async sendAlone(member: Member): Promise<void> {
    try {
      const result = await member.alone();
      // Each caller gets rows of its own, as separate statements would give.
      member.waiting.forEach((waiter, i) => waiter.resolve(i === 0 ? (result.rows as Row[]) : structuredClone(result.rows as Row[])));
    } catch (error) {
      for (const waiter of member.waiting) waiter.reject(error);
    }
  }
}
