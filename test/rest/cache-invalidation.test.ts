/**
 * The invalidation bus on the real database of the run (SQLite or PostgreSQL): several "instances"
 * (each its own Database, ResponseCache and bus) on one database stay coherent.
 */
import type { Database } from '../../src/db/client';
import { busInstances, response } from '../support/bus-instances';
import { testProvider } from '../support/database';

const { instance } = busInstances();

async function countRows(db: Database): Promise<number> {
  const rows = await db.prisma.$queryRawUnsafe<{ n: number | bigint }[]>('SELECT count(*) AS n FROM "CacheInvalidation"');
  return Number(rows[0].n);
}

describe(`invalidation bus (${testProvider})`, () => {
  test('a publish on one instance is applied on another by its next sync', async () => {
    const a = await instance();
    const b = await instance({ listen: false });
    const start = await b.bus.sync();
    b.cache.set('/core/v2/posts/1', response('old'), { tags: ['post:1'], version: start });
    b.cache.set('/core/v2/posts/2', response('two'), { tags: ['post:2'], version: start });

    await a.bus.publish(['post:1', 'posts']);
    const version = await b.bus.sync();

    expect(version).toBeGreaterThan(start);
    expect(b.cache.get('/core/v2/posts/1')).toBeUndefined();
    expect(b.cache.get('/core/v2/posts/2')).toBeDefined();
    expect(b.seen).toEqual([{ tags: ['post:1', 'posts'], version, origin: 'remote' }]);
    expect(a.seen).toEqual([{ tags: ['post:1', 'posts'], version, origin: 'local' }]);
    // Applied once: syncing again changes nothing.
    expect(await b.bus.sync()).toBe(version);
    expect(await a.bus.sync()).toBe(version);
    expect(a.seen).toHaveLength(1);
    expect(b.seen).toHaveLength(1);
  });

  test('an instance without a cache of its own still publishes, and tells its listeners once', async () => {
    const reader = await instance({ listen: false });
    const writer = await instance({}, false);
    const start = await reader.bus.sync();
    reader.cache.set('/core/v2/posts/1', response('old'), { tags: ['post:1'], version: start });

    await writer.bus.publish(['post:1']);
    const version = await reader.bus.sync();

    expect(version).toBeGreaterThan(start);
    expect(reader.cache.get('/core/v2/posts/1')).toBeUndefined();
    expect(writer.seen).toEqual([{ tags: ['post:1'], version, origin: 'local' }]);
    // Its sync applies nothing (there is nothing to drop), so the listener is not told again.
    await writer.bus.sync();
    expect(writer.seen).toHaveLength(1);
  });

  test('publish applies locally before it resolves', async () => {
    const a = await instance();
    const v = await a.bus.sync();
    a.cache.set('k', response('x'), { tags: ['term:3'], version: v });
    await a.bus.publish(['term:3']);
    expect(a.cache.get('k')).toBeUndefined();
    expect(a.cache.stats().invalidated).toBe(1);
  });

  test('a read that started before the invalidation is never kept', async () => {
    const a = await instance();
    const b = await instance({ listen: false });
    // Stored before B learns of the invalidation: dropped when it does.
    const started = await b.bus.sync();
    await a.bus.publish(['post:1']);
    expect(b.cache.set('early', response('old'), { tags: ['post:1'], version: started })).toBe(true);
    await b.bus.sync();
    expect(b.cache.get('early')).toBeUndefined();
    // Stored after B learnt of it, but computed before: refused.
    const started2 = await b.bus.sync();
    await a.bus.publish(['post:1']);
    await b.bus.sync();
    expect(b.cache.set('late', response('old'), { tags: ['post:1'], version: started2 })).toBe(false);
    const current = await b.bus.sync();
    expect(b.cache.set('late', response('new'), { tags: ['post:1'], version: current })).toBe(true);
  });

  test('with no notifications at all, sync alone keeps instances coherent', async () => {
    const a = await instance({ listen: false });
    const b = await instance({ listen: false });
    for (let i = 1; i <= 5; i += 1) {
      const v = await b.bus.sync();
      b.cache.set(`post/${i}`, response(String(i)), { tags: [`post:${i}`], version: v });
      await a.bus.publish([`post:${i}`]);
      expect(b.cache.get(`post/${i}`)).toBeDefined(); // nothing told B yet
      await b.bus.sync();
      expect(b.cache.get(`post/${i}`)).toBeUndefined();
    }
    expect(b.seen.map((s) => s.tags[0])).toEqual(['post:1', 'post:2', 'post:3', 'post:4', 'post:5']);
  });

  test('concurrent publishes from several instances keep every version', async () => {
    const a = await instance();
    const b = await instance();
    const c = await instance({ listen: false });
    await Promise.all(Array.from({ length: 30 }, (_, i) => (i % 2 ? a : b).bus.publish([`post:${i}`])));
    const version = await c.bus.sync();

    const seen = c.seen.map((s) => s.version);
    expect(seen).toHaveLength(30);
    expect(new Set(seen).size).toBe(30);
    expect([...seen].sort((x, y) => x - y)).toEqual(seen); // applied in order
    expect(seen.at(-1)).toBe(version);
    expect(c.seen.flatMap((s) => s.tags).sort()).toEqual(Array.from({ length: 30 }, (_, i) => `post:${i}`).sort());
    // The publishers learn each other's invalidations too, each exactly once.
    await a.bus.sync();
    await b.bus.sync();
    for (const publisher of [a, b]) {
      expect(publisher.seen.map((s) => s.version).sort((x, y) => x - y)).toEqual(seen);
      expect(publisher.seen.filter((s) => s.origin === 'local')).toHaveLength(15);
    }
  });

  test('concurrent syncs apply each invalidation once', async () => {
    const a = await instance();
    const b = await instance({ listen: false });
    for (let i = 0; i < 5; i += 1) await a.bus.publish([`t:${i}`]);
    const versions = await Promise.all(Array.from({ length: 10 }, () => b.bus.sync()));
    expect(new Set(versions).size).toBe(1);
    expect(b.seen).toHaveLength(5);
  });

  test('a sync that starts after a publish elsewhere sees it, however concurrent syncs share their reads', async () => {
    const a = await instance();
    const b = await instance({ listen: false });
    for (let i = 0; i < 3; i += 1) {
      // Calls of one turn share a read, which starts after the last of them.
      const early = [b.bus.syncNow(), b.bus.syncNow(), b.bus.syncNow()];
      const published = a.bus.publish([`post:${i}`]);
      await published;
      const version = await a.bus.sync();
      // Whatever the early calls got, a call made after the publish resolved gets its version.
      expect(await b.bus.syncNow()).toBe(version);
      const seen = await Promise.all(early);
      // SQLite: one read for the turn. (PostgreSQL: the first call's query, then one shared by the others.)
      if (testProvider === 'sqlite') expect(new Set(seen).size).toBe(1);
    }
    expect(b.seen.map((s) => s.tags)).toEqual([['post:0'], ['post:1'], ['post:2']]);
  });

  test('a request trusts a read of the log that started after its mark, and only such a read', async () => {
    const a = await instance();
    const b = await instance({ listen: false });
    // A read made before the request arrived does not count for it: a publish may lie between.
    await b.bus.sync();
    const mark = b.bus.mark();
    await a.bus.publish(['post:1']);
    const version = await a.bus.sync();
    expect(await b.bus.syncNow(mark)).toBe(version);
    expect(b.seen.map((s) => s.tags)).toEqual([['post:1']]);

    // Once a read started after the mark has been applied, the same request asks no more: the
    // answer is at hand without a promise, and it holds everything committed before the mark.
    const next = b.bus.mark();
    await a.bus.publish(['post:2']);
    const after = await a.bus.sync();
    expect(await b.bus.syncNow()).toBe(after);
    expect(b.bus.syncNow(next)).toBe(after);
    // A request that arrives later gets a read of its own.
    const later = b.bus.mark();
    await a.bus.publish(['post:3']);
    expect(await b.bus.syncNow(later)).toBe(after + 1);
    expect(b.seen.map((s) => s.tags)).toEqual([['post:1'], ['post:2'], ['post:3']]);
  });

  test('pruning keeps the newest rows; an instance that fell behind the pruned log clears its cache', async () => {
    const a = await instance({ keepRows: 3, keepMs: 3_600_000 });
    const behind = await instance({ listen: false });
    const start = await behind.bus.sync();
    behind.cache.set('k', response('x'), { tags: ['unrelated'], version: start });
    for (let i = 0; i < 10; i += 1) await a.bus.publish([`post:${i}`]);
    await a.bus.prune();
    expect(await countRows(a.db)).toBe(3);

    // Rows it never saw are gone: it cannot tell what changed, so nothing cached survives.
    const version = await behind.bus.sync();
    expect(behind.cache.get('k')).toBeUndefined();
    expect(behind.cache.set('k', response('x'), { tags: ['unrelated'], version: start })).toBe(false);
    expect(behind.cache.set('k', response('x'), { tags: ['unrelated'], version })).toBe(true);
  });

  test('pruning by age never deletes the newest row, so versions never go back', async () => {
    const a = await instance({ keepRows: 0, keepMs: 0 });
    await a.bus.publish(['x']);
    await a.bus.publish(['y']);
    const version = await a.bus.sync();
    await a.bus.prune();
    expect(await countRows(a.db)).toBe(1);
    const fresh = await instance();
    expect(await fresh.bus.sync()).toBe(version);
    await fresh.bus.publish(['z']);
    expect(await a.bus.sync()).toBe(version + 1);
  });

  test('publishing nothing writes nothing; a closed bus refuses work', async () => {
    const a = await instance();
    await a.bus.publish([]);
    expect(await countRows(a.db)).toBe(0);
    expect(await a.bus.sync()).toBe(0);
    await a.bus.close();
    await expect(a.bus.sync()).rejects.toThrow('closed');
    await expect(a.bus.publish(['x'])).rejects.toThrow('closed');
  });
});

if (testProvider === 'postgresql') {
  describe('invalidation bus LISTEN/NOTIFY (PostgreSQL)', () => {
    test('an idle instance applies a published invalidation without being asked', async () => {
      const a = await instance();
      const b = await instance();
      const v = await b.bus.sync();
      b.cache.set('k', response('x'), { tags: ['post:1'], version: v });
      const applied = new Promise<number>((resolve) => b.bus.onInvalidate((_tags, version) => resolve(version)));
      await a.bus.publish(['post:1']);
      const version = await applied; // delivered through NOTIFY: B never called sync()
      expect(version).toBe(v + 1);
      expect(b.cache.get('k')).toBeUndefined();
    });
  });
}
