/**
 * The read cache of two instances on one database, over real HTTP, under load: a write
 * acknowledged by one instance is never followed by a stale read from the other, while background
 * readers keep both caches hot. On PostgreSQL, the database's own statement counter shows that
 * cached hits from 16 concurrent clients cost (almost) no statements.
 */
import autocannon from 'autocannon';
import { Client } from 'pg';
import type { AddressInfo } from 'node:net';
import { createTestDatabase, testProvider, type TestDatabase } from '../support/database';
import { startTestApp, type TestApp } from '../support/app';

jest.setTimeout(180_000);

const POSTS = '/wp-json/core/v2/posts';
const ITERATIONS = 200;
const READERS_PER_INSTANCE = 3;
const CACHED_HITS = 4000;

/** The app listening on a loopback port, for clients that keep their connections. */
async function serve(t: TestApp): Promise<string> {
  await t.app.fastify.listen({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${(t.app.fastify.server.address() as AddressInfo).port}`;
}

async function getJson(url: string): Promise<{ cache: string | null; body: unknown }> {
  const res = await fetch(url);
  if (res.status !== 200) throw new Error(`${url}: ${res.status}`);
  return { cache: res.headers.get('x-cache'), body: await res.json() };
}

/** A database started for a test that does not own it (its apps leave it alone on close). */
function shared(url: string): TestApp {
  return { db: { url } } as TestApp;
}

describe(`two instances under load (${testProvider})`, () => {
  let database: TestDatabase;
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    database = await createTestDatabase();
    a = await startTestApp({ CACHE_ENABLED: 'true' }, { seed: true, sharedWith: shared(database.url) });
    b = await startTestApp({ CACHE_ENABLED: 'true' }, { sharedWith: shared(database.url) });
  });
  afterAll(async () => {
    await b.close();
    await a.close();
    await database.drop();
  });

  it('never serves a stale read on B after a write acknowledged by A, while both caches serve hits', async () => {
    const [urlA, urlB] = [await serve(a), await serve(b)];
    const newest = (await getJson(`${urlA}${POSTS}?per_page=1&_fields=id`)).body as { id: number }[];
    const id = newest[0].id;
    const single = `${POSTS}/${id}?_fields=id,title`;
    const list = `${POSTS}?per_page=5&_fields=id,title`;

    let stop = false;
    const background = { hits: 0, reads: 0 };
    const reader = async (base: string) => {
      while (!stop) {
        for (const path of [single, list]) {
          const { cache } = await getJson(base + path);
          background.reads += 1;
          if (cache === 'HIT') background.hits += 1;
        }
      }
    };
    const readers = [urlA, urlB].flatMap((base) => Array.from({ length: READERS_PER_INSTANCE }, () => reader(base)));

    let stale = 0;
    let foregroundHits = 0;
    const titleOf = (body: unknown) => {
      const posts = Array.isArray(body) ? (body as { id: number; title: { rendered: string } }[]) : [body as { id: number; title: { rendered: string } }];
      return posts.find((post) => post.id === id)?.title.rendered;
    };
    try {
      for (let i = 0; i < ITERATIONS; i += 1) {
        const title = `Written on A ${i}`;
        const written = await fetch(`${urlA}${POSTS}/${id}`, {
          method: 'POST',
          headers: { authorization: a.adminAuth, 'content-type': 'application/json' },
          body: JSON.stringify({ title }),
        });
        expect(written.status).toBe(200);
        await written.arrayBuffer();
        // Straight after the acknowledgement, anonymously, through B (its cache's path): twice each.
        for (const path of [single, list, single, list]) {
          const { cache, body } = await getJson(urlB + path);
          if (titleOf(body) !== title) stale += 1;
          if (cache === 'HIT') foregroundHits += 1;
        }
      }
    } finally {
      stop = true;
      await Promise.all(readers);
    }

    expect(stale).toBe(0);
    // The reads really came from the caches (the test could not pass by never caching).
    expect(foregroundHits).toBeGreaterThan(ITERATIONS);
    expect(background.hits).toBeGreaterThan(background.reads / 4);
  });
});

if (testProvider === 'postgresql') {
  describe('statements per cached hit (PostgreSQL)', () => {
    let database: TestDatabase;
    let admin: Client;
    beforeAll(async () => {
      database = await createTestDatabase();
      admin = new Client({ connectionString: process.env.TEST_DATABASE_URL });
      await admin.connect();
    });
    afterAll(async () => {
      await admin.end();
      await database.drop();
    });

    /** Transactions the server counted on the test database: every statement outside an explicit transaction is one. */
    async function transactions(): Promise<number> {
      await admin.query('SELECT pg_stat_clear_snapshot()');
      const { rows } = await admin.query<{ n: string }>(
        'SELECT xact_commit + xact_rollback AS n FROM pg_stat_database WHERE datname = $1',
        [new URL(database.url).pathname.slice(1)],
      );
      return Number(rows[0].n);
    }

    /** Backends flush their counters when they exit: wait until none is left on the test database. */
    async function quiet(): Promise<void> {
      for (let i = 0; i < 500; i += 1) {
        const { rows } = await admin.query<{ n: number }>('SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1', [new URL(database.url).pathname.slice(1)]);
        if (rows[0].n === 0) return;
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      throw new Error('connections to the test database remain');
    }

    it('stays far below one statement per hit with 16 concurrent clients', async () => {
      const seeder = await startTestApp({ CACHE_ENABLED: 'false' }, { seed: true, sharedWith: shared(database.url) });
      await seeder.close();
      await quiet();
      const before = await transactions();

      // Everything this instance does from its start to its end is counted: bootstrap, warm-up, load, close.
      const t = await startTestApp({ CACHE_ENABLED: 'true' }, { sharedWith: shared(database.url) });
      let hits: number;
      try {
        const base = await serve(t);
        const url = `${base}${POSTS}?per_page=10`;
        expect((await getJson(url)).cache).toBe('MISS');
        expect((await getJson(url)).cache).toBe('HIT');
        const hitsBefore = await cacheHits(base);
        const result = await autocannon({ url, connections: 16, amount: CACHED_HITS });
        expect(result.errors).toBe(0);
        expect(result.non2xx).toBe(0);
        hits = (await cacheHits(base)) - hitsBefore;
      } finally {
        await t.close();
      }
      await quiet();
      const perHit = ((await transactions()) - before) / hits;

      expect(hits).toBe(CACHED_HITS);
      // Without the lease (or before it) a hit costs about one statement per concurrent batch: well above this.
      expect(perHit).toBeLessThan(0.05);
    });
  });
}

async function cacheHits(base: string): Promise<number> {
  const text = await (await fetch(`${base}/metrics`)).text();
  return Number(/^cache_hits_total\{face="rest"\} (\d+)$/m.exec(text)?.[1] ?? 0);
}
