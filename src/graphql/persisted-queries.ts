/**
 * Automatic persisted queries kept in the database, so that a query registered through one process
 * is found by a hash-only GET that reaches another (cluster workers, instances behind a load
 * balancer); Apollo's default store is one process's memory.
 *
 * A hash names its document for good (it is the document's SHA-256), so each process also keeps
 * what it has seen in a bounded memo that never needs invalidating. The table is bounded too: past
 * `maxRows`, the oldest registrations go (a client whose hash went gets PersistedQueryNotFound and
 * sends the document again, as the protocol provides).
 */
import { createHash } from 'node:crypto';
import type { PersistedQueryOptions } from '@apollo/server';
import type { Database } from '../db/client';
import { primaryReads } from '../db/replica-scope';

type KeyValueCache = NonNullable<PersistedQueryOptions['cache']>;

/** Apollo prefixes the keys it gives its store. */
const APQ_PREFIX = 'apq:';
const MEMO_SIZE = 2000;
/** Registrations between two checks of the table's size, at most (and a tenth of the bound): the table may overshoot the bound by that much. */
const PRUNE_EVERY = 100;
const SHA256_HEX = /^[0-9a-f]{64}$/;

export class PersistedQueryStore implements KeyValueCache {
  private readonly memo = new Map<string, string>();
  private registrations = 0;

  private readonly pruneEvery: number;

  constructor(
    private readonly db: Database,
    private readonly maxRows: number,
  ) {
    this.pruneEvery = Math.max(1, Math.min(PRUNE_EVERY, Math.floor(maxRows / 10)));
  }

  /** The document registered under `hash` (undefined: none). */
  async get(key: string): Promise<string | undefined> {
    const hash = hashOf(key);
    const known = this.memo.get(hash);
    if (known !== undefined) return known;
    if (!SHA256_HEX.test(hash)) return undefined;
    const find = async () => await this.db.read.persistedQuery.findUnique({ where: { hash }, select: { query: true } });
    let row = await find();
    // A registration publishes no invalidation for the replicas' lag guard to wait for: a replica's miss is confirmed on the primary.
    if (!row && this.db.replicas) row = await primaryReads(find);
    if (row) this.remember(hash, row.query);
    return row?.query;
  }

  /** Apollo's own registration (after it checked the hash); `register` has usually stored it already. */
  async set(key: string, query: string): Promise<void> {
    await this.store(hashOf(key), query);
  }

  async delete(key: string): Promise<boolean> {
    const hash = hashOf(key);
    this.memo.delete(hash);
    return (await this.db.prisma.persistedQuery.deleteMany({ where: { hash } })).count > 0;
  }

  /**
   * Stores `query` under `hash` when the hash is the query's (what Apollo checks too), before the
   * request runs: once a registration is answered, every process finds it. A mismatch stores nothing
   * and is left for Apollo to refuse.
   */
  async register(hash: unknown, query: unknown): Promise<void> {
    if (typeof hash !== 'string' || typeof query !== 'string' || !SHA256_HEX.test(hash)) return;
    if (this.memo.has(hash) || createHash('sha256').update(query).digest('hex') !== hash) return;
    await this.store(hash, query);
  }

  private async store(hash: string, query: string): Promise<void> {
    if (this.memo.get(hash) === query) return;
    // Another process may register the same hash at the same moment: the row is the same either way.
    await this.db.prisma.persistedQuery.upsert({ where: { hash }, create: { hash, query }, update: {} });
    this.remember(hash, query);
    if (++this.registrations % this.pruneEvery === 0) await this.prune();
  }

  /** Keeps the newest `maxRows` registrations. */
  private async prune(): Promise<void> {
    const cutoff = await this.db.prisma.persistedQuery.findFirst({ orderBy: [{ createdAt: 'desc' }, { hash: 'asc' }], skip: this.maxRows, select: { createdAt: true } });
    if (cutoff) await this.db.prisma.persistedQuery.deleteMany({ where: { createdAt: { lte: cutoff.createdAt } } });
  }

  private remember(hash: string, query: string): void {
    if (this.memo.size >= MEMO_SIZE) this.memo.delete(this.memo.keys().next().value as string);
    this.memo.set(hash, query);
  }
}

/** The (hash, document) pairs a request offers to register: GET parameters or each operation of a POST body. */
export function registrationsOf(method: string, search: string, body: unknown): Array<[unknown, unknown]> {
  const operations: unknown[] = method === 'GET' ? [getOperation(search)] : Array.isArray(body) ? body : [body];
  return operations.flatMap((op) => {
    const { query, extensions } = (op ?? {}) as { query?: unknown; extensions?: { persistedQuery?: { sha256Hash?: unknown } } };
    const hash = extensions?.persistedQuery?.sha256Hash;
    return query !== undefined && hash !== undefined ? [[hash, query] as [unknown, unknown]] : [];
  });
}

function getOperation(search: string): { query?: unknown; extensions?: unknown } | null {
  const params = new URLSearchParams(search);
  const query = params.get('query');
  const extensions = params.get('extensions');
  if (query === null || extensions === null) return null;
  try {
    return { query, extensions: JSON.parse(extensions) as unknown };
  } catch {
    return null;
  }
}

function hashOf(key: string): string {
  return key.startsWith(APQ_PREFIX) ? key.slice(APQ_PREFIX.length) : key;
}
