/**
 * Per-request batch loaders (DataLoader). Each resource module declares the loaders it needs with
 * defineLoader() next to its own queries; a request (and every `_embed` sub-request or GraphQL
 * field resolved for it) shares one LoaderCache, so reading the authors or terms of a page of
 * posts costs one query however many posts there are. Caches never outlive a request.
 */
import type DataLoader from 'dataloader';
import { tagObserver } from '../cache/read-tags';
import { ReadTags } from '../cache/tags';
import type { PendingChanges } from '../cache/write-tags';
import type { Provider } from '../config';
import type { Database, PrismaClient, QueryCounter } from '../db/client';
import type { FastReads, ReadClient } from '../db/fast/reader';
import type { ReplicaStats } from '../db/replica-router';

/**
 * The database as one request sees it: `read` reports what it returns to the request's ReadTags;
 * using `prisma` directly marks the request's reads untracked (its answer is then dropped by any
 * write), so a read path that bypasses `read` costs precision, never correctness. In a read request
 * that is also a leak (src/db/read-audit.ts) unless the call site says why with `untracked(why)`.
 * A class with every member declared, not an object patched per request: property reads on the hot
 * path stay fast (patching a prototype-linked object with defineProperty cost a fifth of an
 * uncached events list).
 */
class RequestDatabase implements Database {
  readonly read: ReadClient;

  constructor(
    private readonly base: Database,
    private readonly tags: ReadTags,
    private readonly access: { readOnly: boolean },
  ) {
    this.read = base.fast.client(tagObserver(tags, (model, field) => base.fast.relatedModel(model, field)));
  }

  get prisma(): PrismaClient {
    this.tags.untracked();
    if (this.access.readOnly) this.base.fast.audit.report({ kind: 'prisma-direct', detail: 'db.prisma in a read request' });
    return this.base.prisma;
  }

  untracked(): PrismaClient {
    this.tags.untracked();
    return this.base.prisma;
  }

  get fast(): FastReads {
    return this.base.fast;
  }
  get provider(): Provider {
    return this.base.provider;
  }
  get url(): string {
    return this.base.url;
  }
  get queries(): QueryCounter {
    return this.base.queries;
  }
  get changes(): PendingChanges {
    return this.base.changes;
  }
  get replicas(): ReplicaStats | null {
    return this.base.replicas;
  }
  watchReplicas(watcher: Parameters<Database['watchReplicas']>[0]): void {
    this.base.watchReplicas(watcher);
  }
  close(): Promise<void> {
    return this.base.close();
  }
}

export class LoaderCache {
  private readonly loaders = new Map<symbol, DataLoader<unknown, unknown>>();
  /** What this request has read, as cache tags (see src/cache/tags.ts). */
  readonly tags = new ReadTags();
  /** The database for this request's reads (tags collected). */
  readonly db: Database;
  /**
   * A read request (REST GET, GraphQL query): reaching for `db.prisma` is then a leak. Set by the
   * face once it knows (a GraphQL operation's kind is known only after parsing).
   */
  readOnly: boolean;
  constructor(db: Database, options: { readOnly?: boolean } = {}) {
    this.readOnly = options.readOnly ?? false;
    this.db = new RequestDatabase(db, this.tags, this);
  }

  get<K, V>(key: symbol, create: (db: Database) => DataLoader<K, V>): DataLoader<K, V> {
    let loader = this.loaders.get(key) as DataLoader<K, V> | undefined;
    if (!loader) {
      loader = create(this.db);
      this.loaders.set(key, loader as DataLoader<unknown, unknown>);
    }
    return loader;
  }

  /** Forget everything loaded so far (after a write in the same request). */
  clear(): void {
    for (const loader of this.loaders.values()) loader.clearAll();
  }
}

/**
 * Declares a loader; returns an accessor taking anything that carries a LoaderCache.
 *   const userById = defineLoader('userById', (db) => new DataLoader(async (ids) => ...));
 *   const user = await userById(ctx).load(5);
 */
export function defineLoader<K, V>(name: string, create: (db: Database) => DataLoader<K, V>): (holder: { loaders: LoaderCache }) => DataLoader<K, V> {
  const key = Symbol(name);
  return (holder) => holder.loaders.get(key, create);
}

/** Orders batched rows by the requested keys, as DataLoader requires. */
export function byKeys<K, R>(keys: readonly K[], rows: readonly R[], keyOf: (row: R) => K): Array<R | null> {
  const map = new Map<K, R>();
  for (const row of rows) map.set(keyOf(row), row);
  return keys.map((k) => map.get(k) ?? null);
}

/** Groups batched rows by key (one-to-many relations), in the requested key order. */
export function groupByKeys<K, R>(keys: readonly K[], rows: readonly R[], keyOf: (row: R) => K): R[][] {
  const map = new Map<K, R[]>();
  for (const row of rows) {
    const list = map.get(keyOf(row));
    if (list) list.push(row);
    else map.set(keyOf(row), [row]);
  }
  return keys.map((k) => map.get(k) ?? []);
}

/** One key's value in a batch: what `run` returns, or the error it threw (DataLoader rejects that key alone). */
export async function settled<T>(run: () => Promise<T>): Promise<T | Error> {
  try {
    return await run();
  } catch (error) {
    return error instanceof Error ? error : new Error(String(error));
  }
}

/**
 * Answers the requests one batch holds, family by family: requests with the same family key (one
 * list, pinned to a different parent each) are answered by one `together` call, which returns
 * their answers in the order given; the others, and families of one, by `alone`. Failures stay
 * with the requests they belong to.
 */
export async function answerByFamily<R, A>(
  requests: readonly R[],
  familyOf: (request: R) => string | null,
  alone: (request: R) => Promise<A>,
  together: (members: R[]) => Promise<Array<A | Error>>,
): Promise<Array<A | Error>> {
  const out: Array<A | Error> = new Array(requests.length);
  const families = new Map<string, number[]>();
  requests.forEach((request, index) => {
    const key = familyOf(request) ?? `alone:${index}`;
    const members = families.get(key);
    if (members) members.push(index);
    else families.set(key, [index]);
  });
  await Promise.all(
    [...families.values()].map(async (members) => {
      if (members.length === 1) {
        out[members[0]] = await settled(() => alone(requests[members[0]]));
        return;
      }
      const answers = await settled(() => together(members.map((index) => requests[index])));
      members.forEach((index, i) => (out[index] = answers instanceof Error ? answers : answers[i]));
    }),
  );
  return out;
}
