/**
 * Read replicas against a real streaming replica (test/support/pg-replica.ts): anonymous reads go
 * to the replica when it has replayed what this instance has seen, to the primary when it lags,
 * is down, or the request is signed in; a client always reads its own writes.
 */
import { createHash } from 'node:crypto';
import { createServer, type AddressInfo, type Socket } from 'node:net';
import { Client } from 'pg';
import { loadConfig } from '../../src/config';
import { postgresEngine, type ReadEngine } from '../../src/db/fast/engine';
import { migrate } from '../../src/db/migrate';
import { ReplicaVersion } from '../../src/db/replica-version';
import type { ReplicaChange, ReplicaStats } from '../../src/db/replica-router';
import { primaryReads, withReplicaReads, type ReplicaScope } from '../../src/db/replica-scope';
import { startTestApp, type TestApp } from '../support/app';
import { startReplicatedPostgres, type ReplicatedPostgres } from '../support/pg-replica';

const DATABASE = 'site';

let pg: ReplicatedPostgres | undefined;
let t: TestApp;
let postId: number;

function stats(app: TestApp): ReplicaStats {
  return { ...(app.db.replicas as ReplicaStats) };
}

/** The difference of the routing counters of `app` (the first instance unless named) across `action`. */
async function routed(action: () => Promise<unknown>, app: TestApp = t): Promise<ReplicaStats> {
  const before = stats(app);
  await action();
  const after = stats(app);
  return {
    replicaStatements: after.replicaStatements - before.replicaStatements,
    primaryStatements: after.primaryStatements - before.primaryStatements,
    replicaFailures: after.replicaFailures - before.replicaFailures,
  };
}

/** Runs `action` with another instance on the same database (a load balancer's second server). */
async function withInstance<T>(env: Record<string, string>, action: (app: TestApp) => Promise<T>): Promise<T> {
  const app = await startTestApp(env, { sharedWith: t });
  try {
    return await action(app);
  } finally {
    await app.close();
  }
}

/** Every anonymous statement ran on the replica. */
function expectReplica(counts: ReplicaStats): void {
  expect(counts.replicaStatements).toBeGreaterThan(0);
  expect(counts.primaryStatements).toBe(0);
}

/** Every anonymous statement ran on the primary, none on the replica. */
function expectPrimary(counts: ReplicaStats): void {
  expect(counts.replicaStatements).toBe(0);
  expect(counts.primaryStatements).toBeGreaterThan(0);
}

async function retitle(title: string): Promise<void> {
  await t.request.post(`/wp-json/core/v2/posts/${postId}`).set('Authorization', t.adminAuth).send({ title }).expect(200);
}

async function anonymousTitle(app: TestApp = t): Promise<string> {
  const response = await app.request.get(`/wp-json/core/v2/posts/${postId}`).expect(200);
  return response.body.title.rendered as string;
}

beforeAll(async () => {
  pg = await startReplicatedPostgres();
  const admin = new Client({ connectionString: pg.primaryUrl('postgres') });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${DATABASE}"`);
  await admin.end();
  await migrate(pg.primaryUrl(DATABASE));
  t = await startTestApp({ DATABASE_URL: pg.primaryUrl(DATABASE), DATABASE_REPLICA_URLS: pg.replicaUrl(DATABASE) });
  const post = await t.request.post('/wp-json/core/v2/posts').set('Authorization', t.adminAuth).send({ title: 'First title', status: 'publish' }).expect(201);
  postId = post.body.id as number;
  await pg.caughtUp();
}, 120_000);

afterAll(async () => {
  await t?.close();
  await pg?.close();
});

describe('read replicas', () => {
  it('serves an anonymous read from the replica', async () => {
    let title = '';
    const counts = await routed(async () => (title = await anonymousTitle()));
    expect(title).toBe('First title');
    expectReplica(counts);
    // The replica itself holds the app's connections to the database.
    const [{ connections }] = await pg!.onReplica<{ connections: number }>(`SELECT count(*)::int AS connections FROM pg_stat_activity WHERE datname = '${DATABASE}'`);
    expect(connections).toBeGreaterThan(0);
  });

  it('serves anonymous GraphQL queries from the replica, by GET and by POST', async () => {
    const query = `{ post(id: ${postId}, idType: DATABASE_ID) { title } }`;
    const byGet = await routed(() => t.request.get('/graphql').query({ query }).expect(200));
    const byPost = await routed(async () => {
      const response = await t.request.post('/graphql').set('Content-Type', 'application/json').send({ query }).expect(200);
      expect(response.body.data.post.title).toBe('First title');
    });
    expect(byGet.replicaStatements).toBeGreaterThan(0);
    expectReplica(byPost);
  });

  it('reads from the primary while the replica lags, then from the replica again once it has replayed', async () => {
    let title = '';
    const lagging = await pg!.whileReplayPaused(async () => {
      await retitle('Written while the replica is paused');
      return routed(async () => (title = await anonymousTitle()));
    });
    expect(title).toBe('Written while the replica is paused');
    expectPrimary(lagging);

    const replayed = await routed(async () => (title = await anonymousTitle()));
    expect(title).toBe('Written while the replica is paused');
    expectReplica(replayed);
  });

  it("serves a signed-in client's read after its own write from the primary", async () => {
    let title = '';
    const counts = await pg!.whileReplayPaused(async () => {
      await retitle('Signed-in write');
      return routed(async () => {
        const response = await t.request.get(`/wp-json/core/v2/posts/${postId}`).query({ context: 'edit' }).set('Authorization', t.adminAuth).expect(200);
        title = response.body.title.raw as string;
      });
    });
    expect(title).toBe('Signed-in write');
    expect(counts.replicaStatements).toBe(0);
    expect(counts.primaryStatements).toBe(0);
  });

  it("sends Prisma's reads in an anonymous request to the replica, and the request's reads after a write to the primary", async () => {
    // Any replayed version will do here: the write below publishes no invalidation.
    const anyVersion: ReplicaScope = { requiredVersion: () => 0 };
    const prismaRead = await routed(() => withReplicaReads(anyVersion, async () => await t.db.untracked('test: a Prisma read').content.count()));
    expect(prismaRead.replicaStatements).toBe(1);

    const option = async () => await t.db.read.option.findMany({ where: { name: 'replica_test_option' } });
    await pg!.whileReplayPaused(async () => {
      let found: unknown[] = [];
      const afterWrite = await routed(() =>
        withReplicaReads({ requiredVersion: () => 0 }, async () => {
          await t.db.untracked('test: a write in a read request').option.create({ data: { name: 'replica_test_option', value: 'written' } });
          found = await option();
        }),
      );
      expect(found).toHaveLength(1);
      expect(afterWrite.replicaStatements).toBe(0);
      // The paused replica has not got it: another request would have read it there, unless it asks the primary.
      expect(await withReplicaReads(anyVersion, option)).toHaveLength(0);
      expect(await withReplicaReads(anyVersion, () => primaryReads(option))).toHaveLength(1);
    });
  });

  it('finds a persisted query another instance registered while the replica lags', async () => {
    await withInstance({ DATABASE_REPLICA_URLS: pg!.replicaUrl(DATABASE) }, async (second) => {
      await pg!.caughtUp();
      const query = '{ generalSettings { title } }';
      const sha256Hash = createHash('sha256').update(query).digest('hex');
      const extensions = JSON.stringify({ persistedQuery: { version: 1, sha256Hash } });
      const byHash = await pg!.whileReplayPaused(async () => {
        await t.request.get('/graphql').query({ query, extensions }).expect(200);
        return second.request.get('/graphql').query({ extensions }).expect(200);
      });
      expect(byHash.body.errors).toBeUndefined();
      expect(byHash.body.data.generalSettings).toBeDefined();
    });
  });

  it("never serves another instance's cached or replica answer from before a write while the replica lags", async () => {
    await withInstance({ CACHE_ENABLED: 'true', DATABASE_REPLICA_URLS: pg!.replicaUrl(DATABASE) }, async (second) => {
      await pg!.caughtUp();
      let title = '';
      const computed = await routed(async () => (title = await anonymousTitle(second)), second);
      expect(title).toBe('Signed-in write');
      expect(computed.replicaStatements).toBeGreaterThan(0);
      const hit = await second.request.get(`/wp-json/core/v2/posts/${postId}`).expect(200);
      expect(hit.headers['x-cache']).toBe('HIT');

      const after = await pg!.whileReplayPaused(async () => {
        await retitle('Written through the first instance');
        return routed(async () => (title = await anonymousTitle(second)), second);
      });
      expect(title).toBe('Written through the first instance');
      expectPrimary(after);
    });
  });

  it("coalesces version checks: callers arriving while one is in flight share the next, and a version seen is not asked again", async () => {
    const engine = postgresEngine(pg!.replicaUrl(DATABASE), 2);
    let statements = 0;
    const counting: ReadEngine = { dialect: engine.dialect, all: (sql, params) => (statements++, engine.all(sql, params)), close: () => engine.close() };
    try {
      const version = new ReplicaVersion(counting, 5_000);
      // Ahead of anything the replica has: every caller must ask, and 50 callers cost at most two reads.
      const answers = await Promise.all(Array.from({ length: 50 }, () => version.reaches(Number.MAX_SAFE_INTEGER)));
      expect(answers.every((reached) => !reached)).toBe(true);
      expect(statements).toBeLessThanOrEqual(2);
      const asked = statements;
      expect(await version.reaches(1)).toBe(true);
      expect(version.covers(1)).toBe(true);
      expect(statements).toBe(asked);
    } finally {
      await engine.close();
    }
  });

  it('answers anonymous reads from the primary when a replica accepts connections but never answers', async () => {
    // A server that takes the connection and says nothing (a hung host), where a replica should be.
    const sockets = new Set<Socket>();
    const silent = createServer((socket) => void sockets.add(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const { port } = silent.address() as AddressInfo;
    try {
      await withInstance({ DATABASE_REPLICA_URLS: `postgresql://postgres@127.0.0.1:${port}/${DATABASE}`, DATABASE_REPLICA_TIMEOUT_MS: '300' }, async (hung) => {
        let title = '';
        let counts: ReplicaStats;
        try {
          counts = await routed(async () => (title = await anonymousTitle(hung)), hung);
        } finally {
          // Its connections never finish: end them, so that the instance can close its pools.
          for (const socket of sockets) socket.destroy();
        }
        expect(title).toBe('Written through the first instance');
        expect(counts.replicaFailures).toBeGreaterThan(0);
        expect(counts.replicaStatements).toBe(0);
      });
    } finally {
      silent.close();
    }
  });

  it('keeps answering anonymous reads from the primary when the replica is down, and says so once', async () => {
    const changes: ReplicaChange[] = [];
    t.db.watchReplicas((change) => changes.push(change));
    await pg!.stopReplica();
    let title = '';
    const first = await routed(async () => (title = await anonymousTitle()));
    expect(title).toBe('Written through the first instance');
    expect(first.replicaFailures).toBeGreaterThan(0);
    expect(first.primaryStatements).toBeGreaterThan(0);
    // Left alone for a while: the next reads do not knock on it again.
    const next = await routed(async () => {
      const list = await t.request.get('/wp-json/core/v2/posts').expect(200);
      expect(list.body.map((post: { id: number }) => post.id)).toContain(postId);
    });
    expect(next.replicaFailures).toBe(0);
    expect(next.replicaStatements).toBe(0);
    expect(changes).toEqual([{ replica: 0, state: 'down', reason: expect.any(String) }]);
  });
});

describe('DATABASE_REPLICA_URLS', () => {
  it('is refused with SQLite, which has no replicas', () => {
    expect(() => loadConfig({ DATABASE_URL: 'file:./x.db', DATABASE_REPLICA_URLS: 'postgresql://replica/site' })).toThrow(/SQLite has no replicas/);
  });

  it('lists PostgreSQL addresses only', () => {
    expect(() => loadConfig({ DATABASE_URL: 'postgresql://primary/site', DATABASE_REPLICA_URLS: 'mysql://replica/site' })).toThrow(/postgresql:\/\//);
    expect(loadConfig({ DATABASE_URL: 'postgresql://primary/site', DATABASE_REPLICA_URLS: ' postgresql://a/site , postgresql://b/site ' }).databaseReplicaUrls).toEqual(['postgresql://a/site', 'postgresql://b/site']);
  });
});
