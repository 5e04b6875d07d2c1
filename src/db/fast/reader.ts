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
import { compileCount, compileFindMany, param, Unsupported, type Compiled, type Dialect } from './compile';
import type { ReadEngine, Row } from './engine';
import type { ModelCatalog, ModelInfo } from './models';
import { announcedReason, ReadAudit, viaPrisma } from '../read-audit';

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

export class FastReads {
  constructor(
    readonly prisma: PrismaClient,
    private readonly engine: ReadEngine,
    private readonly catalog: ModelCatalog,
    private readonly counter: Counter,
    /** Where reads that fall back to Prisma are reported (src/db/read-audit.ts). */
    readonly audit: ReadAudit = new ReadAudit(false),
  ) {}

  /** Runs a read the compiler refused through Prisma, reporting it unless the call site asked for Prisma. */
  private viaPrisma<T>(model: string, operation: ReadOps, args: Record<string, unknown>, refused: string): Promise<T> {
    if (announcedReason(args) === undefined) this.audit.report({ kind: 'prisma-fallback', detail: `${model}.${operation} (${refused})` });
    return this.delegate(model)[operation](args) as Promise<T>;
  }

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
      if (error instanceof Unsupported) return this.viaPrisma<Row[]>(model, 'findMany', args, error.message);
      throw error;
    }
    return decode(this.catalog.get(model) as ModelInfo, compiled.columns as string[], await this.run(compiled), this.engine.dialect);
  }

  async findFirst(model: string, args: Record<string, unknown> = {}): Promise<Row | null> {
    if (args.take !== undefined) return this.viaPrisma<Row | null>(model, 'findFirst', args, 'take');
    const reason = announcedReason(args);
    const first = { ...args, take: 1 };
    return (await this.findMany(model, reason === undefined ? first : viaPrisma(first, reason)))[0] ?? null;
  }

  async findUnique(model: string, args: Record<string, unknown>): Promise<Row | null> {
    // Unique keys on plain columns compile; compound keys (contentId_termId...) go to Prisma.
    let compiled: Compiled;
    try {
      compiled = compileFindMany(this.catalog, this.engine.dialect, model, { ...args, take: 1 });
    } catch (error) {
      if (error instanceof Unsupported) return this.viaPrisma<Row | null>(model, 'findUnique', args, error.message);
      throw error;
    }
    return decode(this.catalog.get(model) as ModelInfo, compiled.columns as string[], await this.run(compiled), this.engine.dialect)[0] ?? null;
  }

  async count(model: string, args: Record<string, unknown> = {}): Promise<number> {
    let compiled: Compiled;
    try {
      compiled = compileCount(this.catalog, this.engine.dialect, model, args);
    } catch (error) {
      if (error instanceof Unsupported) return this.viaPrisma<number>(model, 'count', args, error.message);
      throw error;
    }
    const rows = await this.run(compiled);
    return Number(rows[0]?.n ?? 0);
  }

  async query<T>(sql: Prisma.Sql): Promise<T[]> {
    const params = sql.values.map((v) => param(this.engine.dialect, v));
    this.counter.record(sql.sql);
    return (await this.engine.all(sql.sql, params, this.engine.dialect === 'postgresql' ? sql.text : undefined)) as T[];
  }

  /** A Prisma-shaped client over these reads, telling `observer` what each read returned. */
  client(observer?: ReadObserver): ReadClient {
    // One client is made per request: an object with the observer, over a prototype made once
    // whose model properties make each model's methods when first used.
    const client = Object.create((this.clientPrototype ??= clientPrototype(this, this.catalog.byProperty))) as ClientState;
    client[OBSERVER] = observer;
    return client as unknown as ReadClient;
  }

  private clientPrototype?: object;

  /** The model a relation field of `model` leads to. */
  relatedModel(model: string, field: string): string | undefined {
    return this.catalog.get(model)?.relations.get(field)?.model;
  }

  close(): Promise<void> {
    return this.engine.close();
  }
}

/** Where a request's read client keeps its observer. */
const OBSERVER = Symbol('observer');

interface ClientState {
  [OBSERVER]: ReadObserver | undefined;
}

/** The prototype of the read clients of `reads`: `query`, and a property per model. */
function clientPrototype(reads: FastReads, models: ReadonlyMap<string, string>): object {
  const prototype: Record<string, unknown> = {
    async query<T>(this: ClientState, sql: Prisma.Sql, tags?: RawTags<T>): Promise<T[]> {
      const rows = await reads.query<T>(sql);
      this[OBSERVER]?.raw(typeof tags === 'function' ? tags(rows) : tags);
      return rows;
    },
  };
  for (const [property, model] of models) {
    Object.defineProperty(prototype, property, {
      configurable: true,
      enumerable: true,
      get(this: ClientState) {
        const delegate = new ModelReads(reads, model, this[OBSERVER]);
        Object.defineProperty(this, property, { value: delegate, enumerable: true });
        return delegate;
      },
    });
  }
  return prototype;
}

/** One model's read methods, reporting to the observer. */
class ModelReads {
  constructor(
    private readonly reads: FastReads,
    private readonly model: string,
    private readonly observer: ReadObserver | undefined,
  ) {}

  async findMany(args?: Record<string, unknown>): Promise<Row[]> {
    const rows = await this.reads.findMany(this.model, args);
    this.observer?.model(this.model, 'findMany', args, rows);
    return rows;
  }

  async findFirst(args?: Record<string, unknown>): Promise<Row | null> {
    const row = await this.reads.findFirst(this.model, args);
    this.observer?.model(this.model, 'findFirst', args, row ? [row] : []);
    return row;
  }

  async findUnique(args: Record<string, unknown>): Promise<Row | null> {
    const row = await this.reads.findUnique(this.model, args);
    this.observer?.model(this.model, 'findUnique', args, row ? [row] : []);
    return row;
  }

  async count(args?: Record<string, unknown>): Promise<number> {
    const n = await this.reads.count(this.model, args);
    this.observer?.model(this.model, 'count', args, null);
    return n;
  }
}
