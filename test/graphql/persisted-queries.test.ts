/**
 * Automatic persisted queries live in the database: a document registered through one instance is
 * found by a hash-only GET through another (cluster workers, instances behind a load balancer),
 * registrations change no cached answer, and the table keeps only the newest documents.
 */
import { createHash } from 'node:crypto';
import { startTestApp, type TestApp } from '../support/app';

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
const PREFLIGHT = { 'apollo-require-preflight': 'true' };

function hashOnly(query: string): string {
  const extensions = JSON.stringify({ persistedQuery: { version: 1, sha256Hash: sha256(query) } });
  return `/graphql?extensions=${encodeURIComponent(extensions)}`;
}

function registration(query: string, hash = sha256(query)) {
  return { query, extensions: { persistedQuery: { version: 1, sha256Hash: hash } } };
}

describe('persisted queries shared through the database', () => {
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    a = await startTestApp({ CACHE_ENABLED: 'true', GRAPHQL_PERSISTED_QUERIES_MAX: '3' }, { seed: true });
    b = await startTestApp({ CACHE_ENABLED: 'true', GRAPHQL_PERSISTED_QUERIES_MAX: '3' }, { sharedWith: a });
  });
  afterAll(async () => {
    await b.close();
    await a.close();
  });

  it('finds a document registered through one instance by its hash alone through another', async () => {
    const query = '{ posts(first: 2) { nodes { databaseId title } } }';
    const registered = await a.request.post('/graphql').send(registration(query));
    expect(registered.status).toBe(200);
    expect(registered.body.data.posts.nodes).toHaveLength(2);
    const elsewhere = await b.request.get(hashOnly(query)).set(PREFLIGHT);
    expect(elsewhere.status).toBe(200);
    expect(elsewhere.body.errors).toBeUndefined();
    expect(elsewhere.body.data).toEqual(registered.body.data);
    expect(await a.db.prisma.persistedQuery.count({ where: { hash: sha256(query) } })).toBe(1);
  });

  it('still answers PersistedQueryNotFound for an unknown hash, and refuses a hash that is not the document’s', async () => {
    const unknown = await b.request.get(hashOnly('{ never { registered } }')).set(PREFLIGHT);
    expect(unknown.body.errors[0].extensions.code).toBe('PERSISTED_QUERY_NOT_FOUND');
    const query = '{ posts(first: 1) { nodes { slug } } }';
    const forged = await a.request.post('/graphql').send(registration(query, sha256('something else')));
    expect(forged.status).toBe(400);
    expect(await a.db.prisma.persistedQuery.count({ where: { hash: sha256('something else') } })).toBe(0);
  });

  it('changes no cached answer when a document is registered', async () => {
    const url = '/wp-json/core/v2/posts?per_page=2';
    await a.request.get(url);
    expect((await a.request.get(url)).headers['x-cache']).toBe('HIT');
    const version = await a.db.prisma.cacheInvalidation.count();
    await b.request.post('/graphql').send(registration('{ posts(first: 3) { nodes { id } } }'));
    expect(await a.db.prisma.cacheInvalidation.count()).toBe(version);
    expect((await a.request.get(url)).headers['x-cache']).toBe('HIT');
    expect((await b.request.get(url)).headers['x-cache']).toBe('MISS');
    expect((await b.request.get(url)).headers['x-cache']).toBe('HIT');
  });

  it('keeps only the newest documents beyond GRAPHQL_PERSISTED_QUERIES_MAX', async () => {
    const queries = Array.from({ length: 6 }, (_, i) => `{ posts(first: ${i + 4}) { nodes { id } } }`);
    for (const query of queries) {
      expect((await a.request.post('/graphql').send(registration(query))).status).toBe(200);
      await new Promise((resolve) => setTimeout(resolve, 5)); // distinct registration times
    }
    const kept = new Set((await a.db.prisma.persistedQuery.findMany({ select: { hash: true } })).map((r) => r.hash));
    expect(kept.size).toBeLessThanOrEqual(3);
    expect(kept.has(sha256(queries[5]))).toBe(true);
    expect(kept.has(sha256(queries[0]))).toBe(false);
  });
});
