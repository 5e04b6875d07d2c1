/**
 * Compiles the subset of Prisma's read arguments the domain uses on hot paths (scalar filters,
 * AND/OR/NOT, relation filters, orderBy on columns, skip/take, scalar selects) into one SQL
 * statement with `?` placeholders. Anything outside the subset throws Unsupported, and the caller
 * runs the same arguments through Prisma instead: the fast path never guesses. The SQL is what
 * Prisma itself emits for these arguments, so results agree (tests run both on every engine).
 */
import { isRecord } from '../args';
import type { ModelCatalog, ModelInfo } from './models';

export class Unsupported extends Error {}

export type Dialect = 'sqlite' | 'postgresql';

export interface Compiled {
  sql: string;
  params: unknown[];
  /** Columns selected, for decoding (null for a count). */
  columns: string[] | null;
}

type Args = Record<string, unknown>;

const quote = (name: string): string => `"${name}"`;

/** A parameter as the database stores it (Prisma's adapters' formats). */
export function param(dialect: Dialect, value: unknown): unknown {
  if (value instanceof Date) {
    if (Number.isNaN(value.getTime())) throw new Unsupported('invalid date');
    // SQLite: ISO text with an explicit offset, as Prisma's adapter writes it; PostgreSQL: timestamp(3) in UTC.
    return dialect === 'sqlite' ? value.toISOString().replace('Z', '+00:00') : value.toISOString().slice(0, 23);
  }
  if (typeof value === 'boolean') return dialect === 'sqlite' ? (value ? 1 : 0) : value;
  if (typeof value === 'number' || typeof value === 'string') return value;
  throw new Unsupported(`parameter of type ${typeof value}`);
}

class Builder {
  readonly params: unknown[] = [];
  private aliases = 0;
  constructor(
    readonly catalog: ModelCatalog,
    readonly dialect: Dialect,
  ) {}

  alias(): string {
    return `t${this.aliases++}`;
  }

  value(v: unknown): string {
    this.params.push(param(this.dialect, v));
    return '?';
  }

  where(model: ModelInfo, alias: string, where: unknown): string {
    if (where === undefined) return '1=1';
    if (!isRecord(where)) throw new Unsupported('where');
    const parts: string[] = [];
    for (const [key, value] of Object.entries(where)) {
      if (value === undefined) continue;
      if (key === 'AND') {
        const list = Array.isArray(value) ? value : [value];
        parts.push(list.length ? `(${list.map((w) => this.where(model, alias, w)).join(' AND ')})` : '1=1');
      } else if (key === 'OR') {
        if (!Array.isArray(value)) throw new Unsupported('OR');
        parts.push(value.length ? `(${value.map((w) => this.where(model, alias, w)).join(' OR ')})` : '1=0');
      } else if (key === 'NOT') {
        const list = Array.isArray(value) ? value : [value];
        for (const w of list) parts.push(`NOT (${this.where(model, alias, w)})`);
      } else if (model.scalars.has(key)) {
        parts.push(this.scalar(`${alias}.${quote(key)}`, value));
      } else if (model.relations.has(key)) {
        parts.push(this.relation(model, alias, key, value));
      } else {
        throw new Unsupported(`where key ${key}`);
      }
    }
    return parts.length ? parts.join(' AND ') : '1=1';
  }

  private scalar(column: string, filter: unknown): string {
    if (filter === null) return `${column} IS NULL`;
    if (!isRecord(filter)) return `${column} = ${this.value(filter)}`;
    const like = this.likeOperator(filter);
    const parts: string[] = [];
    for (const [op, v] of Object.entries(filter)) {
      if (v === undefined) continue;
      switch (op) {
        case 'mode':
          break;
        case 'equals':
          if (like === 'ILIKE') {
            // Prisma's insensitive equality is ILIKE with the value as given (its % and _ match too).
            if (typeof v !== 'string') throw new Unsupported('filter mode');
            parts.push(`${column} ILIKE ${this.value(v)}`);
          } else parts.push(v === null ? `${column} IS NULL` : `${column} = ${this.value(v)}`);
          break;
        case 'in':
        case 'notIn': {
          if (!Array.isArray(v)) throw new Unsupported(op);
          if (v.length === 0) parts.push(op === 'in' ? '1=0' : '1=1');
          else parts.push(`${column} ${op === 'in' ? 'IN' : 'NOT IN'} (${v.map((x) => this.value(x)).join(', ')})`);
          break;
        }
        case 'lt':
          parts.push(`${column} < ${this.value(v)}`);
          break;
        case 'lte':
          parts.push(`${column} <= ${this.value(v)}`);
          break;
        case 'gt':
          parts.push(`${column} > ${this.value(v)}`);
          break;
        case 'gte':
          parts.push(`${column} >= ${this.value(v)}`);
          break;
        case 'not':
          if (v === null) parts.push(`${column} IS NOT NULL`);
          else if (isRecord(v)) parts.push(`NOT (${this.scalar(column, v)})`);
          else parts.push(`${column} <> ${this.value(v)}`);
          break;
        case 'contains':
        case 'startsWith':
        case 'endsWith': {
          // As Prisma emits them: LIKE with the value unescaped (its % and _ stay wildcards), so each
          // engine folds case as it does under Prisma (SQLite: ASCII letters; PostgreSQL: not at all).
          if (typeof v !== 'string') throw new Unsupported(`filter ${op}`);
          const pattern = op === 'contains' ? `%${v}%` : op === 'startsWith' ? `${v}%` : `%${v}`;
          parts.push(`${column} ${like} ${this.value(pattern)}`);
          break;
        }
        default:
          throw new Unsupported(`filter ${op}`);
      }
    }
    return parts.length ? parts.join(' AND ') : '1=1';
  }

  /**
   * LIKE, or ILIKE for PostgreSQL's `mode: 'insensitive'` (what Prisma emits for equals and its
   * pattern filters); the mode with any other filter, or on SQLite (where Prisma refuses it), is left to Prisma.
   */
  private likeOperator(filter: Args): string {
    if (filter.mode === undefined || filter.mode === 'default') return 'LIKE';
    const patternsOnly = Object.keys(filter).every((op) => ['mode', 'equals', 'contains', 'startsWith', 'endsWith'].includes(op));
    if (filter.mode !== 'insensitive' || this.dialect !== 'postgresql' || !patternsOnly) throw new Unsupported('filter mode');
    return 'ILIKE';
  }

  private relation(model: ModelInfo, alias: string, field: string, filter: unknown): string {
    const relation = model.relations.get(field);
    const related = relation && this.catalog.get(relation.model);
    if (!relation || !related) throw new Unsupported(`relation ${field}`);
    const sub = this.alias();
    const exists = (condition: string): string =>
      `EXISTS (SELECT 1 FROM ${quote(related.name)} ${sub} WHERE ${sub}.${quote(relation.foreign)} = ${alias}.${quote(relation.local)} AND ${condition})`;
    if (filter === null) return `NOT ${exists('1=1')}`;
    if (!isRecord(filter)) throw new Unsupported('relation filter');
    const keys = Object.keys(filter).filter((k) => filter[k] !== undefined);
    if (keys.length === 1 && ['some', 'none', 'every', 'is', 'isNot'].includes(keys[0])) {
      const inner = filter[keys[0]];
      switch (keys[0]) {
        case 'some':
          return exists(this.where(related, sub, inner ?? {}));
        case 'is':
          return inner === null ? `NOT ${exists('1=1')}` : exists(this.where(related, sub, inner));
        case 'none':
          return `NOT ${exists(this.where(related, sub, inner ?? {}))}`;
        case 'isNot':
          return inner === null ? exists('1=1') : `NOT ${exists(this.where(related, sub, inner))}`;
        case 'every':
          return `NOT ${exists(`NOT (${this.where(related, sub, inner ?? {})})`)}`;
      }
    }
    if (keys.some((k) => ['some', 'none', 'every', 'is', 'isNot'].includes(k))) throw new Unsupported('mixed relation filter');
    // A to-one relation filtered directly: { event: { startUtc: { gte } } }.
    return exists(this.where(related, sub, filter));
  }

  orderBy(model: ModelInfo, alias: string, orderBy: unknown): string {
    if (orderBy === undefined) return '';
    const list = Array.isArray(orderBy) ? orderBy : [orderBy];
    const parts: string[] = [];
    for (const item of list) {
      if (!isRecord(item)) throw new Unsupported('orderBy');
      for (const [field, direction] of Object.entries(item)) {
        if (direction === undefined) continue;
        if (!model.scalars.has(field) || (direction !== 'asc' && direction !== 'desc')) throw new Unsupported(`orderBy ${field}`);
        parts.push(`${alias}.${quote(field)} ${direction === 'asc' ? 'ASC' : 'DESC'}`);
      }
    }
    return parts.length ? ` ORDER BY ${parts.join(', ')}` : '';
  }
}

const FIND_KEYS = new Set(['where', 'orderBy', 'skip', 'take', 'select', 'distinct']);

/**
 * `distinct` compiles to SELECT DISTINCT when it names exactly the selected columns, every order
 * column is among them and no window is asked: then the rows are what Prisma's own de-duplication
 * keeps, in the same order.
 */
function distinctSelect(args: Args, columns: string[]): boolean {
  if (args.distinct === undefined) return false;
  const fields = Array.isArray(args.distinct) ? args.distinct : [args.distinct];
  const same = fields.length === columns.length && fields.every((field) => typeof field === 'string' && columns.includes(field));
  const orders = (Array.isArray(args.orderBy) ? args.orderBy : args.orderBy === undefined ? [] : [args.orderBy]).flatMap((item) => (isRecord(item) ? Object.keys(item) : ['?']));
  if (!same || !orders.every((field) => columns.includes(field)) || args.skip !== undefined || args.take !== undefined) throw new Unsupported('distinct');
  return true;
}

function columnsOf(model: ModelInfo, select: unknown): string[] {
  if (select === undefined) return [...model.scalars.keys()];
  if (!isRecord(select)) throw new Unsupported('select');
  const columns: string[] = [];
  for (const [field, on] of Object.entries(select)) {
    if (on === false || on === undefined) continue;
    if (on !== true || !model.scalars.has(field)) throw new Unsupported(`select ${field}`);
    columns.push(field);
  }
  if (columns.length === 0) throw new Unsupported('empty select');
  return columns;
}

function nonNegativeInteger(value: unknown): number | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 0) throw new Unsupported('skip/take');
  return value;
}

export function compileFindMany(catalog: ModelCatalog, dialect: Dialect, modelName: string, args: Args = {}): Compiled {
  const model = catalog.get(modelName);
  if (!model) throw new Unsupported(`model ${modelName}`);
  for (const key of Object.keys(args)) if (!FIND_KEYS.has(key) && args[key] !== undefined) throw new Unsupported(`argument ${key}`);
  const b = new Builder(catalog, dialect);
  const alias = b.alias();
  const columns = columnsOf(model, args.select);
  const where = b.where(model, alias, args.where);
  const order = b.orderBy(model, alias, args.orderBy);
  const take = nonNegativeInteger(args.take);
  const skip = nonNegativeInteger(args.skip);
  const distinct = distinctSelect(args, columns) ? 'DISTINCT ' : '';
  let sql = `SELECT ${distinct}${columns.map((c) => `${alias}.${quote(c)}`).join(', ')} FROM ${quote(model.name)} ${alias} WHERE ${where}${order}`;
  if (take !== undefined) sql += ` LIMIT ${take}`;
  else if (skip && dialect === 'sqlite') sql += ' LIMIT -1';
  if (skip) sql += ` OFFSET ${skip}`;
  return { sql, params: b.params, columns };
}

export function compileCount(catalog: ModelCatalog, dialect: Dialect, modelName: string, args: Args = {}): Compiled {
  const model = catalog.get(modelName);
  if (!model) throw new Unsupported(`model ${modelName}`);
  for (const key of Object.keys(args)) if (key !== 'where' && args[key] !== undefined) throw new Unsupported(`count argument ${key}`);
  const b = new Builder(catalog, dialect);
  const alias = b.alias();
  const sql = `SELECT count(*) AS "n" FROM ${quote(model.name)} ${alias} WHERE ${b.where(model, alias, args.where)}`;
  return { sql, params: b.params, columns: null };
}
