/**
 * `db.read`: the read half of the Prisma client (findMany, findFirst, findUnique, count per model,
 * plus tagged raw queries) answered by prepared statements when the arguments are in the compiled
 * subset, by Prisma otherwise — same arguments, same result shapes, so domain code switches by
 * writing `db.read.content.findMany(...)` instead of `db.prisma.content.findMany(...)`.
 *
 * An observer sees every read (model, arguments, rows): the per-request view uses it to collect
 * the cache tags of what the request read (src/cache/read-tags.ts).
 */
import type { Prisma, PrismaClient } from '../client';
import { compileCount, compileFindMany, Unsupported, type Compiled, type Dialect } from './compile';
import type { ReadEngine, Row } from './engine';
import type { ModelCatalog, ModelInfo } from './models';

type ReadOps = 'findMany' | 'findFirst' | 'findUnique' | 'count';
type ModelProperty = {
  [K in keyof PrismaClient]: K extends `$${string}` ? never : PrismaClient[K] extends { findMany: unknown } ? K : never;
}[keyof PrismaClient];

export type ReadOperation = ReadOps;

export type ReadClient = { [K in ModelProperty]: Pick<PrismaClient[K], ReadOps> } & {
  /**
   * A raw read (Prisma.sql). `tags`: the cache tags of everything it can return (src/cache/tags.ts);
   * without them the answer counts as untracked.
   */
  query<T>(sql: Prisma.Sql, tags?: RawTags<T>): Promise<T[]>;
};

/** The tags of a raw read: given, or computed from its rows. */
export type RawTags<T> = Iterable<string> | ((rows: T[]) => Iterable<string>);

export interface ReadObserver {
  model(model: string, operation: ReadOperation, args: Record<string, unknown> | undefined, rows: readonly Row[] | null): void;
  raw(tags: Iterable<string> | undefined): void;
}

/** Where a client keeps its observer for the delegates it makes. */
const OBSERVER = Symbol('observer');

interface Counter {
  record(sql: string): void;
}

/** Turns rows of the database into the values Prisma returns for the model's columns. */
function decode(model: ModelInfo, columns: readonly string[], rows: Row[], dialect: Dialect): Row[] {
  const booleans: string[] = [];
  const dates: string[] = [];
  for (const column of columns) {
    const type = model.scalars.get(column);
    if (type === 'Boolean' && dialect === 'sqlite') booleans.push(column);
    else if (type === 'DateTime' && dialect === 'sqlite') dates.push(column);
  }
  if (booleans.length === 0 && dates.length === 0) return rows;
  for (const row of rows) {
    for (const column of booleans) if (row[column] !== null) row[column] = row[column] === 1 || row[column] === true || row[column] === 1n;
    for (const column of dates) {
      const value = row[column];
      if (value !== null && !(value instanceof Date)) row[column] = new Date(value as string | number);
    }
  }
  return rows;
}

function sqlParam(dialect: Dialect, value: unknown): unknown {
  if (value instanceof Date) return dialect === 'sqlite' ? value.toISOString().replace('Z', '+00:00') : value.toISOString().slice(0, 23);
  if (typeof value === 'boolean' && dialect === 'sqlite') return value ? 1 : 0;
  return value;
}

export class FastReads {
  constructor(
    readonly prisma: PrismaClient,
    private readonly engine: ReadEngine,
    private readonly catalog: ModelCatalog,
    private readonly counter: Counter,
  ) {}

  private async run(compiled: Compiled): Promise<Row[]> {
    this.counter.record(compiled.sql);
    return this.engine.all(compiled.sql, compiled.params);
  }

  private delegate(model: string): Record<ReadOps, (args?: unknown) => Promise<unknown>> {
    const property = model.charAt(0).toLowerCase() + model.slice(1);
    return (this.prisma as unknown as Record<string, Record<ReadOps, (args?: unknown) => Promise<unknown>>>)[property];
  }

  async findMany(model: string, args: Record<string, unknown> = {}): Promise<Row[]> {
    let compiled: Compiled;
    try {
      compiled = compileFindMany(this.catalog, this.engine.dialect, model, args);
    } catch (error) {
      if (error instanceof Unsupported) return (await this.delegate(model).findMany(args)) as Row[];
      throw error;
    }
    return decode(this.catalog.get(model) as ModelInfo, compiled.columns as string[], await this.run(compiled), this.engine.dialect);
  }

  async findFirst(model: string, args: Record<string, unknown> = {}): Promise<Row | null> {
    if (args.take !== undefined) return (await this.delegate(model).findFirst(args)) as Row | null;
    return (await this.findMany(model, { ...args, take: 1 }))[0] ?? null;
  }

  async findUnique(model: string, args: Record<string, unknown>): Promise<Row | null> {
    // Unique keys on plain columns compile; compound keys (contentId_termId...) go to Prisma.
    let compiled: Compiled;
    try {
      compiled = compileFindMany(this.catalog, this.engine.dialect, model, { ...args, take: 1 });
    } catch (error) {
      if (error instanceof Unsupported) return (await this.delegate(model).findUnique(args)) as Row | null;
      throw error;
    }
    return decode(this.catalog.get(model) as ModelInfo, compiled.columns as string[], await this.run(compiled), this.engine.dialect)[0] ?? null;
  }

  async count(model: string, args: Record<string, unknown> = {}): Promise<number> {
    let compiled: Compiled;
    try {
      compiled = compileCount(this.catalog, this.engine.dialect, model, args);
    } catch (error) {
      if (error instanceof Unsupported) return (await this.delegate(model).count(args)) as number;
      throw error;
    }
    const rows = await this.run(compiled);
    return Number(rows[0]?.n ?? 0);
  }

  async query<T>(sql: Prisma.Sql): Promise<T[]> {
    const params = sql.values.map((v) => sqlParam(this.engine.dialect, v));
    this.counter.record(sql.sql);
    return (await this.engine.all(sql.sql, params, this.engine.dialect === 'postgresql' ? sql.text : undefined)) as T[];
  }

  /** A Prisma-shaped client over these reads, telling `observer` what each read returned. */
  client(observer?: ReadObserver): ReadClient {
    // One client per request: its model delegates are made on first use (a request reads a few models).
    const client = Object.create(this.clientPrototype()) as Record<string | symbol, unknown>;
    client[OBSERVER] = observer;
    client.query = async <T>(sql: Prisma.Sql, tags?: RawTags<T>): Promise<T[]> => {
      const rows = await this.query<T>(sql);
      observer?.raw(typeof tags === 'function' ? tags(rows) : tags);
      return rows;
    };
    return client as unknown as ReadClient;
  }

  private prototype: object | undefined;

  /** Getters that make a client's model delegate on first use and keep it on the client. */
  private clientPrototype(): object {
    if (this.prototype) return this.prototype;
    const prototype = {};
    const delegateOf = (model: string, observer: ReadObserver | undefined) => this.modelClient(model, observer);
    for (const [property, model] of this.catalog.byProperty) {
      Object.defineProperty(prototype, property, {
        get(this: Record<string | symbol, unknown>) {
          const delegate = delegateOf(model, this[OBSERVER] as ReadObserver | undefined);
          Object.defineProperty(this, property, { value: delegate, enumerable: true });
          return delegate;
        },
      });
    }
    return (this.prototype = prototype);
  }

  private modelClient(model: string, observer: ReadObserver | undefined): Record<ReadOps, (args?: Record<string, unknown>) => Promise<unknown>> {
    return {
      findMany: async (args?: Record<string, unknown>) => {
        const rows = await this.findMany(model, args);
        observer?.model(model, 'findMany', args, rows);
        return rows;
      },
      findFirst: async (args?: Record<string, unknown>) => {
        const row = await this.findFirst(model, args);
        observer?.model(model, 'findFirst', args, row ? [row] : []);
        return row;
      },
      findUnique: async (args?: Record<string, unknown>) => {
        const row = await this.findUnique(model, args as Record<string, unknown>);
        observer?.model(model, 'findUnique', args, row ? [row] : []);
        return row;
      },
      count: async (args?: Record<string, unknown>) => {
        const n = await this.count(model, args);
        observer?.model(model, 'count', args, null);
        return n;
      },
    };
  }

  /** The model a relation field of `model` leads to. */
  relatedModel(model: string, field: string): string | undefined {
    return this.catalog.get(model)?.relations.get(field)?.model;
  }

  close(): Promise<void> {
    return this.engine.close();
  }
}
