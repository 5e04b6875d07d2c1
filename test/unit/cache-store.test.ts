import { ResponseCache, type CachedResponse } from '../../src/cache/store';

function response(body: string | number, tags: readonly string[] = []): CachedResponse {
  const buffer = typeof body === 'number' ? Buffer.alloc(body, 'x') : Buffer.from(body);
  return { status: 200, headers: { 'Content-Type': 'application/json' }, body: buffer, etag: '"e"', tags };
}

describe('ResponseCache', () => {
  test('returns what was stored, counts hits and misses', () => {
    const cache = new ResponseCache({ maxBytes: 1 << 20 });
    expect(cache.get('a')).toBeUndefined();
    expect(cache.set('a', response('[1]'), { tags: ['post:1'], version: 0 })).toBe(true);
    const hit = cache.get('a');
    expect(hit?.body.toString()).toBe('[1]');
    expect(hit?.status).toBe(200);
    expect(cache.stats()).toMatchObject({ entries: 1, hits: 1, misses: 1, evictions: 0, invalidated: 0, maxBytes: 1 << 20 });
    expect(cache.stats().bytes).toBeGreaterThan(3);
  });

  test('replacing a key keeps one entry and the byte count of the new one', () => {
    const cache = new ResponseCache({ maxBytes: 1 << 20 });
    cache.set('a', response(1000, ['t:1']), { tags: [], version: 0 });
    const withBig = cache.stats().bytes;
    cache.set('a', response(10, ['t:2']), { tags: [], version: 0 });
    expect(cache.stats().entries).toBe(1);
    expect(cache.stats().bytes).toBe(withBig - 990);
    // The old tag no longer reaches the key.
    expect(cache.invalidate(['t:1'], 1)).toBe(0);
    expect(cache.invalidate(['t:2'], 1)).toBe(1);
    expect(cache.stats()).toMatchObject({ entries: 0, bytes: 0 });
  });

  test('evicts the least recently used entries to stay within maxBytes', () => {
    const cache = new ResponseCache({ maxBytes: 80_000 });
    for (const key of ['a', 'b', 'c', 'd']) expect(cache.set(key, response(9_000), { tags: [], version: 0 })).toBe(true);
    cache.get('a'); // a is now the most recently used
    for (const key of ['e', 'f', 'g', 'h', 'i']) cache.set(key, response(9_000), { tags: [], version: 0 });
    const stats = cache.stats();
    expect(stats.bytes).toBeLessThanOrEqual(80_000);
    expect(stats.evictions).toBeGreaterThan(0);
    expect(cache.get('a')).toBeDefined();
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('i')).toBeDefined();
    expect(stats.entries + stats.evictions).toBe(9);
  });

  test('evicts to stay within maxEntries', () => {
    const cache = new ResponseCache({ maxBytes: 1 << 20, maxEntries: 2 });
    cache.set('a', response('1'), { tags: [], version: 0 });
    cache.set('b', response('2'), { tags: [], version: 0 });
    cache.get('a');
    cache.set('c', response('3'), { tags: [], version: 0 });
    expect(cache.stats()).toMatchObject({ entries: 2, evictions: 1 });
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')).toBeDefined();
  });

  test('refuses responses larger than an eighth of maxBytes', () => {
    const cache = new ResponseCache({ maxBytes: 80_000 });
    expect(cache.set('big', response(10_001), { tags: [], version: 0 })).toBe(false);
    expect(cache.set('small', response(9_000), { tags: [], version: 0 })).toBe(true);
    expect(cache.stats().entries).toBe(1);
  });

  test('invalidate drops the entries of any given tag stored before the version', () => {
    const cache = new ResponseCache({ maxBytes: 1 << 20 });
    cache.set('list', response('[]'), { tags: ['posts', 'post:1', 'post:2'], version: 3 });
    cache.set('one', response('{}'), { tags: ['post:1'], version: 3 });
    cache.set('other', response('{}'), { tags: ['post:3'], version: 3 });
    cache.set('fresh', response('{}'), { tags: ['post:1'], version: 5 });
    expect(cache.invalidate(['post:1', 'post:9'], 5)).toBe(2);
    expect(cache.get('list')).toBeUndefined();
    expect(cache.get('one')).toBeUndefined();
    expect(cache.get('other')).toBeDefined();
    // Computed once invalidation 5 had been applied: still good.
    expect(cache.get('fresh')).toBeDefined();
    expect(cache.stats().invalidated).toBe(2);
  });

  test('tags of the response itself index the entry too', () => {
    const cache = new ResponseCache({ maxBytes: 1 << 20 });
    cache.set('k', response('{}', ['settings']), { tags: ['post:1'], version: 0 });
    expect(cache.invalidate(['settings'], 1)).toBe(1);
  });

  test('refuses an entry whose computation started before an applied invalidation of one of its tags', () => {
    const cache = new ResponseCache({ maxBytes: 1 << 20 });
    cache.invalidate(['post:1'], 7);
    // Started at version 6, before invalidation 7 of post:1: may hold the old post.
    expect(cache.set('a', response('old'), { tags: ['post:1'], version: 6 })).toBe(false);
    // Other tags are unaffected by invalidation 7.
    expect(cache.set('b', response('x'), { tags: ['post:2'], version: 6 })).toBe(true);
    // Started once 7 was applied.
    expect(cache.set('c', response('new'), { tags: ['post:1'], version: 7 })).toBe(true);
    expect(cache.get('a')).toBeUndefined();
  });

  test('refuses when the log of applied invalidations no longer reaches back to the version', () => {
    const cache = new ResponseCache({ maxBytes: 1 << 20, maxLogTags: 4 });
    for (let version = 1; version <= 10; version += 1) cache.invalidate([`post:${version}`], version);
    // Only the last four invalidations are remembered; whether post:99 was invalidated at 5 is unknown.
    expect(cache.set('old', response('x'), { tags: ['post:99'], version: 5 })).toBe(false);
    expect(cache.set('known', response('x'), { tags: ['post:99'], version: 6 })).toBe(true);
    expect(cache.set('stale', response('x'), { tags: ['post:9'], version: 8 })).toBe(false);
    expect(cache.set('ok', response('x'), { tags: ['post:9'], version: 9 })).toBe(true);
  });

  test('invalidations applied out of order are all honoured', () => {
    const cache = new ResponseCache({ maxBytes: 1 << 20 });
    cache.invalidate(['a'], 9);
    cache.invalidate(['a'], 8);
    expect(cache.set('k', response('x'), { tags: ['a'], version: 8 })).toBe(false);
    expect(cache.set('k', response('x'), { tags: ['a'], version: 9 })).toBe(true);
  });

  test('entries expire', () => {
    let now = 1_000;
    const cache = new ResponseCache({ maxBytes: 1 << 20, now: () => now });
    cache.set('a', response('x'), { tags: [], version: 0, expiresAt: 2_000 });
    expect(cache.set('past', response('x'), { tags: [], version: 0, expiresAt: 1_000 })).toBe(false);
    expect(cache.get('a')).toBeDefined();
    now = 2_000;
    expect(cache.get('a')).toBeUndefined();
    expect(cache.stats()).toMatchObject({ entries: 0, bytes: 0, hits: 1, misses: 1 });
  });

  test('clear drops everything; with a version it refuses entries computed before it', () => {
    const cache = new ResponseCache({ maxBytes: 1 << 20 });
    cache.set('a', response('x'), { tags: ['t'], version: 1 });
    cache.clear();
    expect(cache.stats()).toMatchObject({ entries: 0, bytes: 0 });
    expect(cache.set('a', response('x'), { tags: ['t'], version: 1 })).toBe(true);
    cache.clear(20);
    expect(cache.set('a', response('x'), { tags: ['t'], version: 19 })).toBe(false);
    expect(cache.set('a', response('x'), { tags: ['t'], version: 20 })).toBe(true);
  });

  test('stays within its bound under many keys and tags', () => {
    const cache = new ResponseCache({ maxBytes: 200_000 });
    for (let i = 0; i < 5_000; i += 1) {
      cache.set(`k${i}`, response(500 + (i % 700)), { tags: [`post:${i % 50}`, 'posts'], version: 0 });
      expect(cache.stats().bytes).toBeLessThanOrEqual(200_000);
    }
    const { entries } = cache.stats();
    expect(cache.invalidate(['posts'], 1)).toBe(entries);
    expect(cache.stats()).toMatchObject({ entries: 0, bytes: 0 });
  });
});
