/**
 * The cache lease on PostgreSQL (src/cache/lease.ts): a leased instance answers cache hits without
 * asking the database, and a publish elsewhere resolves only once that instance has applied it
 * (or its lease has run out) — through a killed LISTEN connection, a crashed instance and a
 * graceful close. On SQLite the registry stays unused and nothing waits.
 */
import { busInstances, response, type BusInstance } from '../support/bus-instances';
import { testProvider } from '../support/database';
import { createServer, connect, type AddressInfo, type Socket } from 'node:net';
import type { InvalidationBus } from '../../src/cache/invalidation';

const open: BusInstance[] = [];
const started = busInstances();
/** An instance, remembered so `sql` can use the first one's connection. */
const instance = async (...args: Parameters<typeof started.instance>) => {
  const created = await started.instance(...args);
  open.push(created);
  return created;
};

/** A statement on the test database, outside any bus. */
function sql<T extends object>(text: string): Promise<T[]> {
  return open[0].db.prisma.$queryRawUnsafe<T[]>(text);
}

/** Whether a hit right now would be answered without a query (a number, not a promise). */
const trusts = (bus: InvalidationBus) => typeof bus.syncNow() === 'number';

/** What a cache hit on `at` would be served for `key` now (the read cache syncs, then looks), and whether it asked no query. */
async function hit(at: BusInstance, key: string): Promise<{ entry: unknown; trusted: boolean }> {
  const version = at.bus.syncNow();
  const trusted = typeof version === 'number';
  await version;
  return { entry: at.cache.get(key), trusted };
}

/** A TCP relay to PostgreSQL that can stop relaying without closing anything (a connection that hangs). */
async function frozenProxy(targetPort: string): Promise<{ port: number; freeze(): void; close(): void }> {
  let frozen = false;
  const sockets: Socket[] = [];
  const server = createServer((inbound) => {
    const outbound = connect(Number(targetPort), '127.0.0.1');
    sockets.push(inbound, outbound);
    inbound.on('data', (chunk) => frozen || outbound.write(chunk));
    outbound.on('data', (chunk) => frozen || inbound.write(chunk));
    inbound.on('error', () => undefined);
    outbound.on('error', () => undefined);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    freeze: () => {
      frozen = true;
    },
    close: () => {
      for (const socket of sockets) socket.destroy();
      server.close();
    },
  };
}

/** Waits (bounded) until `condition` holds. */
async function until(condition: () => boolean | Promise<boolean>, what: string): Promise<void> {
  for (let i = 0; i < 1000; i += 1) {
    if (await condition()) return;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error(`never: ${what}`);
}

afterEach(() => {
  open.splice(0);
});

if (testProvider === 'postgresql') {
  describe('cache lease (PostgreSQL)', () => {
    test('a leased instance trusts its version; a publish elsewhere resolves only once that instance has applied it', async () => {
      const a = await instance();
      const b = await instance();
      const reader = await instance({ leaseMs: 0 });
      expect(trusts(b.bus)).toBe(true);
      // Without a lease every hit still asks.
      expect(trusts(reader.bus)).toBe(false);
      expect(await sql('SELECT "id" FROM "CacheInstance"')).toHaveLength(2);

      let trusted = 0;
      for (let i = 0; i < 20; i += 1) {
        const version = await b.bus.syncNow();
        b.cache.set('k', response(String(i)), { tags: [`post:${i}`], version });
        await a.bus.publish([`post:${i}`]);
        // A hit that asks nothing is fresh: the publish waited for B's acknowledgement.
        const seen = await hit(b, 'k');
        expect(seen.entry).toBeUndefined();
        if (seen.trusted) trusted += 1;
      }
      expect(trusted).toBeGreaterThan(0);
    });

    test('a publisher without a cache waits for the acknowledgements too', async () => {
      const reader = await instance();
      const writer = await instance({}, false);
      const version = await reader.bus.syncNow();
      reader.cache.set('k', response('old'), { tags: ['post:1'], version });
      await writer.bus.publish(['post:1']);
      expect((await hit(reader, 'k')).entry).toBeUndefined();
      // It holds no lease itself: nobody waits for it.
      expect(await sql('SELECT "id" FROM "CacheInstance"')).toHaveLength(1);
    });

    test('a serving instance without a cache follows the log with a lease: its listeners hear every write, before the write resolves, with no query per request', async () => {
      const server = await instance({ follow: true }, false);
      const writer = await instance({}, false);
      expect(trusts(server.bus)).toBe(true);
      // It holds a lease; the publish-only writer does not.
      expect(await sql('SELECT "id" FROM "CacheInstance"')).toHaveLength(1);
      for (let i = 0; i < 5; i += 1) {
        await writer.bus.publish([`settings`, `post:${i}`]);
        // The publish waited for the server's acknowledgement: its listeners (the live security and
        // redirect rules) have already heard of it, so a request after the write sees the new rules.
        expect(server.seen.map((s) => s.tags)).toContainEqual(['settings', `post:${i}`]);
      }
      // Its own write counts as applied at once: the version it vouches for is never below it.
      await server.bus.publish(['post:own']);
      const own = server.seen[server.seen.length - 1];
      expect(own).toMatchObject({ tags: ['post:own'], origin: 'local' });
      expect(await server.bus.syncNow()).toBeGreaterThanOrEqual(own.version);
      expect(server.seen.filter((s) => s.version === own.version)).toHaveLength(1);
    });

    test('an instance whose LISTEN connection dies stops trusting, serves nothing stale, and trusts again once it re-registered', async () => {
      const a = await instance();
      const b = await instance({ listenName: 'cache-listen-b', leaseMs: 1000 });
      expect(trusts(b.bus)).toBe(true);
      const killed = await sql<{ ok: boolean }>(
        `SELECT pg_terminate_backend(pid) AS ok FROM pg_stat_activity WHERE application_name = 'cache-listen-b' AND datname = current_database()`,
      );
      expect(killed).toEqual([{ ok: true }]);
      await until(() => !trusts(b.bus), 'B stops trusting');

      // B's lease row is still valid and B cannot acknowledge now: the publish waits for B's
      // re-registration or the lease's end, and B's next check sees the invalidation either way.
      const version = await b.bus.sync();
      b.cache.set('k', response('old'), { tags: ['post:1'], version });
      await a.bus.publish(['post:1']);
      expect((await hit(b, 'k')).entry).toBeUndefined();

      await until(() => trusts(b.bus), 'B trusts again');
      const again = await b.bus.syncNow();
      b.cache.set('k', response('old'), { tags: ['post:2'], version: again });
      await a.bus.publish(['post:2']);
      expect((await hit(b, 'k')).entry).toBeUndefined();
    });

    test('an instance whose LISTEN connection hangs silently stops trusting when its lease runs out; a publish still resolves and nothing stale is served', async () => {
      const a = await instance();
      const proxy = await frozenProxy(new URL(a.db.url).port || '5432');
      try {
        const listenUrl = new URL(a.db.url);
        listenUrl.host = `127.0.0.1:${proxy.port}`;
        const b = await instance({ listenUrl: listenUrl.toString(), leaseMs: 600 });
        expect(trusts(b.bus)).toBe(true);
        const version = await b.bus.syncNow();
        b.cache.set('k', response('old'), { tags: ['post:1'], version });
        // No error, no end: renewals and notifications just stop arriving.
        proxy.freeze();
        await until(() => !trusts(b.bus), 'B stops trusting');
        await a.bus.publish(['post:1']);
        expect((await hit(b, 'k')).entry).toBeUndefined();
        // Nor does the hung connection hold B's shutdown.
        await b.bus.close();
      } finally {
        proxy.close();
      }
    });

    test('a crashed instance (a lease nobody renews) holds a publish until its lease ends, no longer', async () => {
      const a = await instance();
      await sql(`INSERT INTO "CacheInstance" ("id", "renewedAt", "leaseMs", "startedAt") VALUES ('crashed', now() AT TIME ZONE 'UTC', 400, now() AT TIME ZONE 'UTC')`);
      await a.bus.publish(['post:1']);
      // It resolved, and not before the lease had ended in the database's time.
      const [lease] = await sql<{ ended: boolean }>(
        `SELECT "renewedAt" + "leaseMs" * interval '1 millisecond' <= (now() AT TIME ZONE 'UTC') AS ended FROM "CacheInstance" WHERE "id" = 'crashed'`,
      );
      expect(lease.ended).toBe(true);
      // An expired lease is no longer waited for.
      await a.bus.publish(['post:2']);
      expect(await a.bus.sync()).toBe(2);
    });

    test('closing an instance deletes its lease and releases a writer waiting on it', async () => {
      const a = await instance();
      const b = await instance({ leaseMs: 60_000 });
      expect(await sql('SELECT "id" FROM "CacheInstance"')).toHaveLength(2);
      await b.bus.close();
      expect(await sql('SELECT "id" FROM "CacheInstance"')).toHaveLength(1);
      // Were B's row still there, this publish would wait a minute.
      await a.bus.publish(['post:1']);
      expect(await a.bus.sync()).toBe(1);
    });

    test('tags with quotes, backslashes and other scripts reach the other instance as published', async () => {
      const a = await instance();
      const b = await instance();
      const tags = ["it's", 'back\\slash', '"quoted"', 'ünïcødé', 'E\'x'];
      await a.bus.publish(tags);
      expect(b.seen).toEqual([{ tags, version: 1, origin: 'remote' }]);
    });

    test('a NOTIFY too long for its tags still invalidates (the receiver reads the row)', async () => {
      const a = await instance();
      const b = await instance();
      const tags = Array.from({ length: 900 }, (_, i) => `post:${i}`);
      const version = await b.bus.syncNow();
      b.cache.set('k', response('old'), { tags: ['post:899'], version });
      await a.bus.publish(tags);
      expect((await hit(b, 'k')).entry).toBeUndefined();
    });
  });
} else {
  describe('cache lease (SQLite)', () => {
    test('no registry and no waiting: every hit reads the log as before', async () => {
      const a = await instance();
      const b = await instance();
      expect(trusts(b.bus)).toBe(false);
      await a.bus.publish(['post:1']);
      expect(await b.bus.sync()).toBe(1);
      expect(await sql('SELECT "id" FROM "CacheInstance"')).toHaveLength(0);
    });
  });
}
