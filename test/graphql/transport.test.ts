/**
 * The GraphQL endpoint over HTTP: GET and POST, automatic persisted queries, batching, no CSRF
 * prevention (GETs are queries; no cookie carries authority), the limits (depth, aliases, cost,
 * batch size), introspection switch, cache headers that follow the viewer, and authentication with
 * application passwords.
 */
import { createHash } from 'node:crypto';
import { basicAuth, startTestApp, type TestApp } from '../support/app';

const PREFLIGHT = { 'apollo-require-preflight': 'true' };
const POSTS_QUERY = 'query Titles($first: Int) { posts(first: $first) { nodes { title } } }';
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

function getUrl(params: Record<string, unknown>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) search.set(key, typeof value === 'string' ? value : JSON.stringify(value));
  return `/graphql?${search.toString()}`;
}

describe('GraphQL over HTTP', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ GRAPHQL_MAX_DEPTH: '6', GRAPHQL_MAX_ALIASES: '3', GRAPHQL_MAX_COMPLEXITY: '500', GRAPHQL_BATCH_LIMIT: '3', CACHE_MAX_AGE: '30' }, { seed: true });
  });
  afterAll(() => t.close());

  const post = (body: unknown, auth?: string) => {
    const req = t.request.post('/graphql').set('content-type', 'application/json');
    if (auth) req.set('Authorization', auth);
    return req.send(JSON.stringify(body));
  };

  describe('GET', () => {
    it('answers queries with a public Cache-Control for anonymous readers', async () => {
      const res = await t.request.get(getUrl({ query: POSTS_QUERY, variables: { first: 2 } })).set(PREFLIGHT);
      expect(res.status).toBe(200);
      expect(res.body.data.posts.nodes).toHaveLength(2);
      expect(res.headers['cache-control']).toBe('public, max-age=30');
      expect(res.headers.vary).toContain('Authorization');
    });

    it('marks answers to authenticated readers private', async () => {
      const res = await t.request.get(getUrl({ query: '{ viewer { name } }' })).set(PREFLIGHT).set('Authorization', t.adminAuth);
      expect(res.body.data.viewer.name).toBe('admin');
      expect(res.headers['cache-control']).toBe('private, no-store');
    });

    it('refuses mutations', async () => {
      const res = await t.request.get(getUrl({ query: 'mutation { deletePost(input: { id: "1" }) { deletedId } }' })).set(PREFLIGHT).set('Authorization', t.adminAuth);
      expect(res.status).toBe(405);
      expect(res.body.errors[0].message).toMatch(/GET/);
      expect((await t.db.prisma.content.findUnique({ where: { id: 1 } }))?.status).not.toBe('trash');
    });

    it('answers simple GET requests (no CSRF prevention: no cookie carries authority) but still refuses mutations over them', async () => {
      const res = await t.request.get(getUrl({ query: POSTS_QUERY, variables: { first: 1 } }));
      expect(res.status).toBe(200);
      expect(res.body.data.posts.nodes).toHaveLength(1);
      const mutation = await t.request.get(getUrl({ query: 'mutation { deletePost(input: { id: "1" }) { deletedId } }' })).set('Authorization', t.adminAuth);
      expect(mutation.status).toBe(405);
      expect((await t.db.prisma.content.findUnique({ where: { id: 1 } }))?.status).not.toBe('trash');
    });

    it('sends browsers to the playground', async () => {
      const res = await t.request.get('/graphql').set('Accept', 'text/html');
      expect(res.status).toBe(302);
      expect(res.headers.location).toBe('/graphql/playground');
      const page = await t.request.get('/graphql/playground');
      expect(page.status).toBe(200);
      expect(page.text).toContain('/graphql/playground/assets/graphiql.js');
      expect(page.text).not.toMatch(/https?:\/\/(?!example)/);
      const asset = await t.request.get('/graphql/playground/assets/graphiql.js');
      expect(asset.status).toBe(200);
      expect(asset.headers['content-type']).toContain('javascript');
    });
  });

  describe('POST', () => {
    it('answers POST requests with no-store for anonymous readers too', async () => {
      const res = await post({ query: POSTS_QUERY, variables: { first: 1 } });
      expect(res.status).toBe(200);
      expect(res.body.data.posts.nodes).toHaveLength(1);
      expect(res.headers['cache-control']).toBe('no-store');
    });

    it('reports malformed JSON as a 400', async () => {
      const res = await t.request.post('/graphql').set('content-type', 'application/json').send('{"query":');
      expect(res.status).toBe(400);
      expect(res.body.errors[0].message).toMatch(/not valid JSON/);
    });

    it('executes batches up to the limit and refuses larger ones', async () => {
      const ok = await post([{ query: '{ generalSettings { title } }' }, { query: POSTS_QUERY, variables: { first: 1 } }]);
      expect(ok.status).toBe(200);
      expect(ok.body).toHaveLength(2);
      expect(ok.body[0].data.generalSettings.title).toBe('Demo Site');
      const tooMany = await post(Array.from({ length: 4 }, () => ({ query: '{ generalSettings { title } }' })));
      expect(tooMany.status).toBe(400);
      expect(tooMany.body.errors[0].extensions.code).toBe('BATCH_LIMIT_EXCEEDED');
      expect(tooMany.body.errors[0].message).toMatch(/limited to 3 operations/);
    });
  });

  describe('automatic persisted queries', () => {
    it('registers a query by hash and then answers hash-only GET requests', async () => {
      const hash = sha256(POSTS_QUERY);
      const extensions = { persistedQuery: { version: 1, sha256Hash: hash } };
      const miss = await t.request.get(getUrl({ extensions, variables: { first: 1 } })).set(PREFLIGHT);
      expect(miss.body.errors[0].message).toBe('PersistedQueryNotFound');
      expect(miss.body.errors[0].extensions.code).toBe('PERSISTED_QUERY_NOT_FOUND');

      const register = await post({ query: POSTS_QUERY, variables: { first: 1 }, extensions });
      expect(register.body.data.posts.nodes).toHaveLength(1);

      const hit = await t.request.get(getUrl({ extensions, variables: { first: 2 } })).set(PREFLIGHT);
      expect(hit.status).toBe(200);
      expect(hit.body.data.posts.nodes).toHaveLength(2);
      expect(hit.headers['cache-control']).toBe('public, max-age=30');
    });

    it('refuses a query whose hash does not match', async () => {
      const res = await post({ query: POSTS_QUERY, extensions: { persistedQuery: { version: 1, sha256Hash: sha256('something else') } } });
      expect(res.status).toBe(400);
      expect(res.body.errors[0].message).toBe("provided sha does not match query");
    });
  });

  describe('limits', () => {
    it('refuses queries deeper than the maximum', async () => {
      const deep = '{ posts { nodes { author { node { posts { nodes { author { node { posts { nodes { title } } } } } } } } } } }';
      const res = await post({ query: deep });
      expect(res.status).toBe(400);
      expect(res.body.errors[0].message).toMatch(/levels deep; the maximum is 6/);
      expect(res.body.data).toBeUndefined();
    });

    it('counts depth through fragments', async () => {
      const res = await post({ query: 'query { posts { ...P } } fragment P on PostConnection { nodes { author { node { posts { nodes { author { node { name } } } } } } } }' });
      expect(res.body.errors[0].message).toMatch(/8 levels deep/);
    });

    it('refuses more aliases than allowed', async () => {
      const res = await post({ query: '{ a: generalSettings { title } b: generalSettings { title } c: generalSettings { title } d: generalSettings { title } }' });
      expect(res.status).toBe(400);
      expect(res.body.errors[0].message).toMatch(/4 aliases; the maximum is 3/);
    });

    it('prices connections by the number of items asked for, variables included', async () => {
      const query = 'query Q($n: Int) { posts(first: $n) { nodes { title categories(first: 10) { nodes { name } } } } }';
      const cheap = await post({ query, variables: { n: 5 } });
      expect(cheap.status).toBe(200);
      expect(cheap.body.errors).toBeUndefined();
      const costly = await post({ query, variables: { n: 100 } });
      expect(costly.status).toBe(400);
      expect(costly.body.errors[0].extensions.code).toBe('QUERY_TOO_COMPLEX');
      expect(costly.body.errors[0].extensions.maxComplexity).toBe(500);
    });
  });

  describe('authentication', () => {
    it('answers a wrong application password with 401 and the WordPress code', async () => {
      const res = await post({ query: '{ viewer { name } }' }, basicAuth('admin', 'wrong password here'));
      expect(res.status).toBe(401);
      expect(res.body.errors[0].extensions.code).toBe('incorrect_password');
    });

    it('turns domain errors into GraphQL errors with the REST code and status', async () => {
      const res = await post({ query: 'mutation { createPost(input: { title: "x" }) { post { id } } }' });
      expect(res.status).toBe(200);
      expect(res.body.data.createPost).toBeNull();
      expect(res.body.errors[0].extensions).toMatchObject({ code: 'rest_cannot_create', status: 401 });
    });
  });
});

describe('GraphQL with introspection switched off', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ GRAPHQL_INTROSPECTION: 'false', GRAPHQL_PLAYGROUND: 'false' });
  });
  afterAll(() => t.close());

  it('refuses introspection but answers queries', async () => {
    const res = await t.request.post('/graphql').set('content-type', 'application/json').send({ query: '{ __schema { types { name } } }' });
    expect(res.status).toBe(400);
    expect(res.body.errors[0].message).toMatch(/introspection/i);
    const ok = await t.request.post('/graphql').set('content-type', 'application/json').send({ query: '{ generalSettings { title } }' });
    expect(ok.body.data.generalSettings.title).toBeDefined();
  });

  it('serves no playground', async () => {
    expect((await t.request.get('/graphql/playground')).status).toBe(404);
  });
});
