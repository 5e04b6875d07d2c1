/**
 * GraphQL answers in the read cache: an error is never stored as the answer of its key (a
 * hash-only persisted query answered PersistedQueryNotFound is served once the document is
 * registered), and anonymous queries POSTed as JSON are served from the cache as GETs are —
 * mutations, authenticated requests, batches and unparseable bodies bypass it, and a write drops
 * what it changed.
 */
import { createHash } from 'node:crypto';
import { startTestApp, type TestApp } from '../support/app';

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
const persisted = (query: string) => ({ persistedQuery: { version: 1, sha256Hash: sha256(query) } });
const hashOnlyUrl = (query: string) => `/graphql?extensions=${encodeURIComponent(JSON.stringify(persisted(query)))}`;

describe('GraphQL answers in the read cache', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ CACHE_ENABLED: 'true', CACHE_MAX_AGE: '60' }, { seed: true });
  });
  afterAll(() => t.close());

  const post = (body: unknown, headers: Record<string, string> = {}) => t.request.post('/graphql').set('content-type', 'application/json').set(headers).send(JSON.stringify(body));

  describe('persisted queries', () => {
    it.each(['POST', 'GET'])('serves a hash-only GET answered PersistedQueryNotFound once the document is registered by %s', async (method) => {
      const query = `query Registered${method} { posts(first: 2) { nodes { databaseId title } } }`;
      const url = hashOnlyUrl(query);
      const unknown = await t.request.get(url);
      expect(unknown.status).toBe(200);
      expect(unknown.body.errors[0].extensions.code).toBe('PERSISTED_QUERY_NOT_FOUND');
      expect(unknown.headers['cache-control']).toBe('no-store');
      // The error is not stored: asked again, it is computed again.
      expect((await t.request.get(url)).headers['x-cache']).toBe('MISS');

      const registration = method === 'POST' ? await post({ query, extensions: persisted(query) }) : await t.request.get(`${url}&query=${encodeURIComponent(query)}`);
      expect(registration.body.data.posts.nodes).toHaveLength(2);

      const miss = await t.request.get(url);
      expect(miss.body.errors).toBeUndefined();
      expect(miss.body.data).toEqual(registration.body.data);
      expect(miss.headers['x-cache']).toBe('MISS');
      expect(miss.headers['cache-control']).toBe('public, max-age=60');
      const hit = await t.request.get(url);
      expect(hit.headers['x-cache']).toBe('HIT');
      expect(hit.body.data).toEqual(registration.body.data);
    });

    it('does not store an answer whose fields failed', async () => {
      const url = `/graphql?query=${encodeURIComponent('{ posts(first: 1) { nodes { title } } post(id: "not-a-global-id") { title } }')}`;
      const first = await t.request.get(url);
      expect(first.body.errors).toBeDefined();
      expect(first.headers['cache-control']).toBe('no-store');
      expect((await t.request.get(url)).headers['x-cache']).toBe('MISS');
    });
  });

  describe('anonymous POST', () => {
    const QUERY = 'query Recent($first: Int) { posts(first: $first) { nodes { databaseId title } } }';

    it('serves the second identical POST from the cache, whatever the order of its variables', async () => {
      const body = { query: QUERY, operationName: 'Recent', variables: { first: 3 } };
      const miss = await post(body);
      expect(miss.status).toBe(200);
      expect(miss.headers['x-cache']).toBe('MISS');
      expect(miss.body.data.posts.nodes).toHaveLength(3);
      const hit = await post(body);
      expect(hit.headers['x-cache']).toBe('HIT');
      expect(hit.body).toEqual(miss.body);
      expect(hit.headers.etag).toBe(miss.headers.etag);
      // Not for shared HTTP caches: the URL does not name a POSTed answer.
      expect(hit.headers['cache-control']).toBe('no-store');
      expect(hit.headers.vary).toBe('Authorization, Accept');
      // Another variable value is another entry; the same one spelt with a different key order is not.
      expect((await post({ ...body, variables: { first: 4 } })).headers['x-cache']).toBe('MISS');
      expect((await post({ variables: { first: 3 }, operationName: 'Recent', query: QUERY })).headers['x-cache']).toBe('HIT');
      // A POST and a GET of the same operation have their own entries (their headers differ).
      expect((await t.request.get(`/graphql?query=${encodeURIComponent(QUERY)}&variables=${encodeURIComponent('{"first":3}')}`)).headers['x-cache']).toBe('MISS');
    });

    it('keys by Accept, as GETs are', async () => {
      const body = { query: '{ posts(first: 1) { nodes { slug } } }' };
      for (const round of ['MISS', 'HIT']) {
        const json = await post(body, { accept: 'application/json' });
        expect(json.headers['x-cache']).toBe(round);
        expect(json.headers['content-type']).toMatch(/^application\/json/);
        const graphqlResponse = await post(body, { accept: 'application/graphql-response+json' });
        expect(graphqlResponse.headers['x-cache']).toBe(round);
        expect(graphqlResponse.headers['content-type']).toContain('application/graphql-response+json');
      }
    });

    it('never caches a mutation, even one sent by hash alone', async () => {
      const mutation = 'mutation Refused { createPost(input: { title: "Anonymous" }) { post { databaseId } } }';
      for (let i = 0; i < 2; i++) {
        const res = await post({ query: mutation });
        expect(res.headers['x-cache']).toBe('BYPASS');
        expect(res.body.errors).toBeDefined();
      }
      // Registered, then sent by hash: the key is looked up, but a mutation's answer is never stored.
      const write = `mutation Write { createPost(input: { title: "By hash", status: PUBLISH }) { post { databaseId } } }`;
      const first = await post({ query: write, extensions: persisted(write) }, { authorization: t.adminAuth });
      expect(first.body.data.createPost.post.databaseId).toBeGreaterThan(0);
      for (let i = 0; i < 2; i++) {
        const byHash = await post({ extensions: persisted(write) });
        expect(byHash.headers['x-cache']).not.toBe('HIT');
        expect(byHash.body.errors).toBeDefined();
      }
    });

    it('lets authenticated requests, batches, other content types and unparseable bodies bypass it', async () => {
      const body = { query: '{ generalSettings { title } }' };
      await post(body);
      expect((await post(body)).headers['x-cache']).toBe('HIT');
      const admin = await post(body, { authorization: t.adminAuth });
      expect(admin.headers['x-cache']).toBe('BYPASS');
      expect(admin.headers['cache-control']).toBe('private, no-store');
      for (let i = 0; i < 2; i++) expect((await post([body, body])).headers['x-cache']).toBe('BYPASS');
      // Another content type is refused before the cache is asked (WPGraphQL's 415), the same body as JSON is a hit.
      const text = await t.request.post('/graphql').set('content-type', 'text/plain').send(JSON.stringify(body));
      expect(text.status).toBe(415);
      expect(text.headers['x-cache']).toBeUndefined();
      const broken = await t.request.post('/graphql').set('content-type', 'application/json').send('{"query": "{ generalSettings');
      expect(broken.status).toBe(400);
      expect(broken.body.errors[0].extensions.code).toBe('BAD_REQUEST');
    });

    it('drops a POSTed answer after a write that changes it', async () => {
      const body = { query: '{ posts(first: 1, where: { search: "Freshly POSTed" }) { nodes { title } } }' };
      expect((await post(body)).body.data.posts.nodes).toEqual([]);
      expect((await post(body)).headers['x-cache']).toBe('HIT');
      const created = await post({ query: 'mutation { createPost(input: { title: "Freshly POSTed", status: PUBLISH }) { post { databaseId } } }' }, { authorization: t.adminAuth });
      expect(created.body.data.createPost.post.databaseId).toBeGreaterThan(0);
      const after = await post(body);
      expect(after.headers['x-cache']).toBe('MISS');
      expect(after.body.data.posts.nodes).toEqual([{ title: 'Freshly POSTed' }]);
    });
  });
});
