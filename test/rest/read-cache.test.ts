/**
 * The read cache of both faces, seen from HTTP: anonymous GETs are served from the cache after the
 * first, both REST URL forms share an entry, viewers who need their own answer bypass it, every
 * write (REST, batch, GraphQL mutation) is followed by fresh reads — on the same instance and on a
 * second one sharing the database — ETag/If-None-Match answers 304, and a scheduled post appears
 * when its time comes.
 */
import { createServer, type Server } from 'node:http';
import { startTestApp, type TestApp } from '../support/app';

const POSTS = '/wp-json/core/v2/posts';
const GQL_HEADERS = { 'apollo-require-preflight': 'true' };
const gqlGet = (query: string) => `/graphql?query=${encodeURIComponent(query)}`;

describe('read cache', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ CACHE_ENABLED: 'true', CACHE_MAX_AGE: '60', CACHE_STALE_WHILE_REVALIDATE: '30' }, { seed: true });
  });
  afterAll(() => t.close());

  it('serves repeated anonymous reads from the cache, with public caching headers', async () => {
    const first = await t.request.get(`${POSTS}?per_page=2`);
    const again = await t.request.get(`${POSTS}?per_page=2`);
    expect(first.headers['x-cache']).toBe('MISS');
    expect(again.headers['x-cache']).toBe('HIT');
    expect(again.body).toEqual(first.body);
    expect(again.headers['x-wp-total']).toBe(first.headers['x-wp-total']);
    expect(again.headers['cache-control']).toBe('public, max-age=60, stale-while-revalidate=30');
    expect(again.headers.etag).toBe(first.headers.etag);
  });

  it('shares one entry between both URL forms and any parameter order', async () => {
    await t.request.get(`${POSTS}?per_page=3&order=asc`);
    const plain = await t.request.get('/index.php?rest_route=/core/v2/posts&order=asc&per_page=3');
    expect(plain.headers['x-cache']).toBe('HIT');
  });

  it('lets authenticated readers, edit context and password reads bypass it', async () => {
    const admin = await t.request.get(`${POSTS}?per_page=2`).set('Authorization', t.adminAuth);
    expect(admin.headers['x-cache']).toBe('BYPASS');
    expect(admin.headers['cache-control']).toContain('private');
    const password = await t.request.get(`${POSTS}/1?password=x`);
    expect(password.headers['x-cache']).toBe('BYPASS');
  });

  it('answers If-None-Match with 304 and no body', async () => {
    const first = await t.request.get(`${POSTS}?per_page=1`);
    const conditional = await t.request.get(`${POSTS}?per_page=1`).set('If-None-Match', first.headers.etag);
    expect(conditional.status).toBe(304);
    expect(conditional.text).toBe('');
    const other = await t.request.get(`${POSTS}?per_page=1`).set('If-None-Match', 'W/"something-else"');
    expect(other.status).toBe(200);
  });

  it('answers a repeated URL from the cache in either form, never for a request with credentials or a method override', async () => {
    const url = `${POSTS}?per_page=5&orderby=title`;
    const miss = await t.request.get(url);
    expect(miss.headers['x-cache']).toBe('MISS');
    const hit = await t.request.get(url);
    expect(hit.headers['x-cache']).toBe('HIT');
    expect(hit.headers['cache-control']).toBe('public, max-age=60, stale-while-revalidate=30');
    expect(hit.headers['content-type']).toBe('application/json; charset=UTF-8');
    expect(hit.headers.link).toBe(miss.headers.link);
    expect(hit.headers['content-length']).toBe(miss.headers['content-length']);
    expect(hit.body).toEqual(miss.body);
    expect((await t.request.get('/?rest_route=/core/v2/posts&orderby=title&per_page=5')).headers['x-cache']).toBe('HIT');
    expect((await t.request.get('/?rest_route=/core/v2/posts&orderby=title&per_page=5')).headers['x-cache']).toBe('HIT');

    const admin = await t.request.get(url).set('Authorization', t.adminAuth);
    expect(admin.headers['x-cache']).toBe('BYPASS');
    expect(admin.headers['cache-control']).toContain('private');
    // Credentials the server ignores or refuses keep the request out of the shared cache too.
    expect((await t.request.get(url).set('Authorization', 'Bearer something')).headers['x-cache']).toBe('BYPASS');
    const wrong = await t.request.get(url).set('Authorization', 'Basic ' + Buffer.from('admin:wrong password').toString('base64'));
    expect(wrong.status).toBe(401);
    expect(wrong.headers['x-cache']).toBeUndefined();
    const override = await t.request.get(url).set('X-HTTP-Method-Override', 'POST');
    expect(override.status).toBe(401);
    const overrideInUrl = await t.request.get(`${url}&_method=POST`);
    expect(overrideInUrl.status).toBe(401);
    expect((await t.request.get(`${url}&_method=POST`)).status).toBe(401);
  });

  it('keys answers by Origin, whose CORS headers they carry', async () => {
    const url = `${POSTS}?per_page=6`;
    await t.request.get(url);
    const cors = await t.request.get(url).set('Origin', 'https://front.example');
    expect(cors.headers['x-cache']).toBe('MISS');
    const corsHit = await t.request.get(url).set('Origin', 'https://front.example');
    expect(corsHit.headers['x-cache']).toBe('HIT');
    expect(corsHit.headers['access-control-allow-origin']).toBe('https://front.example');
    const plain = await t.request.get(url);
    expect(plain.headers['x-cache']).toBe('HIT');
    expect(plain.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('tells shared caches that public answers vary by Origin and Authorization; private ones stay private', async () => {
    const url = `${POSTS}?per_page=3`;
    for (const outcome of ['MISS', 'HIT']) {
      const res = await t.request.get(url);
      expect(res.headers['x-cache']).toBe(outcome);
      expect(res.headers['cache-control']).toMatch(/^public/);
      expect(res.headers.vary).toBe('Origin, Authorization');
    }
    const signedIn = await t.request.get(url).set('Authorization', t.adminAuth);
    expect(signedIn.headers['cache-control']).toContain('no-store');
    expect(signedIn.headers.vary).toBe('Origin');
  });

  it('answers HEAD and If-None-Match from a cached entry', async () => {
    const url = `${POSTS}?per_page=7`;
    const first = await t.request.get(url);
    const head = await t.request.head(url);
    expect(head.status).toBe(200);
    expect(head.headers['x-cache']).toBe('HIT');
    expect(head.headers.etag).toBe(first.headers.etag);
    expect(head.headers['x-wp-total']).toBe(first.headers['x-wp-total']);
    expect(head.headers['content-length']).toBe(String(Buffer.byteLength(first.text)));
    expect(head.text ?? '').toBe('');
    const conditional = await t.request.get(url).set('If-None-Match', first.headers.etag);
    expect(conditional.status).toBe(304);
    expect(conditional.headers['x-cache']).toBe('HIT');
    expect(conditional.text).toBe('');
    const headConditional = await t.request.head(url).set('If-None-Match', first.headers.etag);
    expect(headConditional.status).toBe(304);
    // A HEAD first is a miss like a GET, and fills the entry the GET then hits.
    const other = `${POSTS}?per_page=3&order=asc&orderby=id`;
    const headFirst = await t.request.head(other);
    expect(headFirst.headers['x-cache']).toBe('MISS');
    const got = await t.request.get(other);
    expect(headFirst.headers['content-length']).toBe(String(Buffer.byteLength(got.text)));
    expect(got.headers['x-cache']).toBe('HIT');
    expect(got.body).toHaveLength(3);
  });

  it('answers a repeated GraphQL GET from the cache when the reader sends no credentials, whatever its content type', async () => {
    const url = gqlGet('{ posts(first: 2) { nodes { title } } }');
    expect((await t.request.get(url).set(GQL_HEADERS)).headers['x-cache']).toBe('MISS');
    const hit = await t.request.get(url).set(GQL_HEADERS);
    expect(hit.headers['x-cache']).toBe('HIT');
    expect(hit.headers['cache-control']).toBe('public, max-age=60, stale-while-revalidate=30');
    expect(hit.headers.vary).toBe('Authorization, Accept');
    expect(hit.headers['content-type']).toContain('application/json');
    expect(hit.body.data.posts.nodes).toHaveLength(2);
    expect((await t.request.get(url).set('content-type', 'application/json')).headers['x-cache']).toBe('HIT');
    // No CSRF prevention (no cookie authority): a simple GET, as urql sends it, is served too.
    const simple = await t.request.get(url);
    expect(simple.status).toBe(200);
    expect(simple.headers['x-cache']).toBe('HIT');
    const admin = await t.request.get(url).set(GQL_HEADERS).set('Authorization', t.adminAuth);
    expect(admin.headers['x-cache']).toBe('BYPASS');
    expect(admin.headers['cache-control']).toBe('private, no-store');
    const conditional = await t.request.get(url).set(GQL_HEADERS).set('If-None-Match', hit.headers.etag);
    expect(conditional.status).toBe(304);
  });

  it('keeps one GraphQL entry per media type Accept asks for', async () => {
    const url = gqlGet('{ posts(first: 1) { nodes { slug } } }');
    const GRAPHQL_RESPONSE = 'application/graphql-response+json';
    for (const round of ['MISS', 'HIT']) {
      const json = await t.request.get(url).set(GQL_HEADERS).set('Accept', 'application/json');
      expect(json.headers['x-cache']).toBe(round);
      expect(json.headers['content-type']).toMatch(/^application\/json/);
      const graphqlResponse = await t.request.get(url).set(GQL_HEADERS).set('Accept', GRAPHQL_RESPONSE);
      expect(graphqlResponse.headers['x-cache']).toBe(round);
      expect(graphqlResponse.headers['content-type']).toContain(GRAPHQL_RESPONSE);
    }
  });

  it('never serves a read older than a write made through REST, batch or GraphQL', async () => {
    const list = () => t.request.get(`${POSTS}?per_page=1`);
    await list();
    const created = await t.request.post(POSTS).set('Authorization', t.adminAuth).send({ title: 'Fresh from REST', status: 'publish' });
    const afterRest = await list();
    expect(afterRest.headers['x-cache']).toBe('MISS');
    expect(afterRest.body[0].id).toBe(created.body.id);

    await t.request.post('/wp-json/batch/v1').set('Authorization', t.adminAuth).send({ requests: [{ method: 'POST', path: `/core/v2/posts/${created.body.id}`, body: { title: 'Renamed by batch' } }] });
    expect((await list()).body[0].title.rendered).toBe('Renamed by batch');

    const gql = () => t.request.get(gqlGet('{ posts(first: 1) { nodes { title } } }')).set(GQL_HEADERS);
    await gql();
    expect((await gql()).headers['x-cache']).toBe('HIT');
    const mutation = await t.request
      .post('/graphql')
      .set('Authorization', t.adminAuth)
      .set('content-type', 'application/json')
      .send({ query: `mutation { updatePost(input: { id: "${created.body.id}", title: "Renamed by GraphQL" }) { post { title } } }` });
    expect(mutation.body.errors).toBeUndefined();
    const afterMutation = await gql();
    expect(afterMutation.headers['x-cache']).toBe('MISS');
    expect(afterMutation.body.data.posts.nodes[0].title).toBe('Renamed by GraphQL');
    expect((await list()).body[0].title.rendered).toBe('Renamed by GraphQL');
  });

  it('publishes a scheduled post when its time comes, even over a cached list', async () => {
    // WordPress schedules only dates a minute or more ahead; the fixture then moves the date to a few seconds away.
    const scheduled = await t.request.post(POSTS).set('Authorization', t.adminAuth).send({ title: 'Scheduled', status: 'publish', date_gmt: new Date(Date.now() + 120_000).toISOString().slice(0, 19) });
    expect(scheduled.body.status).toBe('future');
    const due = new Date(Date.now() + 2500);
    await t.db.prisma.content.update({ where: { id: scheduled.body.id }, data: { date: due } });
    // An unrelated write makes every instance read the schedule again (the fixture bypassed the domain).
    await t.request.post('/wp-json/core/v2/settings').set('Authorization', t.adminAuth).send({ description: 'tick' });
    const before = await t.request.get(`${POSTS}?per_page=1`);
    expect(before.body[0].id).not.toBe(scheduled.body.id);
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, due.getTime() - Date.now()) + 1200));
    const after = await t.request.get(`${POSTS}?per_page=1`);
    expect(after.body[0].id).toBe(scheduled.body.id);
    expect(after.body[0].status).toBe('publish');
  });
});

describe('read cache across instances', () => {
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    a = await startTestApp({ CACHE_ENABLED: 'true' }, { seed: true });
    b = await startTestApp({ CACHE_ENABLED: 'true' }, { sharedWith: a });
  });
  afterAll(async () => {
    await b.close();
    await a.close();
  });

  it('reads through the second instance right after each write through the first', async () => {
    const list = () => b.request.get(`${POSTS}?per_page=1&_fields=id,title`);
    for (let i = 0; i < 5; i++) {
      await list();
      expect((await list()).headers['x-cache']).toBe('HIT');
      const created = await a.request.post(POSTS).set('Authorization', a.adminAuth).send({ title: `Written on A ${i}`, status: 'publish' });
      const seen = await list();
      expect(seen.body[0]).toEqual({ id: created.body.id, title: { rendered: `Written on A ${i}` } });
    }
    const gql = () => b.request.get(gqlGet('{ generalSettings { title } }')).set(GQL_HEADERS);
    await gql();
    await a.request.post('/wp-json/core/v2/settings').set('Authorization', a.adminAuth).send({ title: 'Renamed on A' });
    expect((await gql()).body.data.generalSettings.title).toBe('Renamed on A');
  });
});

describe('metrics and the purge webhook', () => {
  let t: TestApp;
  let hook: Server;
  const purged: unknown[] = [];
  beforeAll(async () => {
    hook = createServer((req, res) => {
      let body = '';
      req.on('data', (chunk) => (body += chunk));
      req.on('end', () => {
        purged.push(JSON.parse(body));
        res.end('ok');
      });
    });
    await new Promise<void>((resolve) => hook.listen(0, '127.0.0.1', resolve));
    const { port } = hook.address() as { port: number };
    t = await startTestApp({ CACHE_ENABLED: 'true', CACHE_PURGE_WEBHOOK: `http://127.0.0.1:${port}/purge` }, { seed: true });
  });
  afterAll(async () => {
    await t.close();
    await new Promise((resolve) => hook.close(resolve));
  });

  it('tells the purge webhook about every write, with the precise tags it changed', async () => {
    // Startup (bootstrap, seeding) published its own writes once.
    for (let i = 0; i < 50 && purged.length === 0; i++) await new Promise((resolve) => setTimeout(resolve, 20));
    purged.length = 0;
    const created = await t.request.post(POSTS).set('Authorization', t.adminAuth).send({ title: 'Purge me', status: 'publish' });
    for (let i = 0; i < 50 && purged.length === 0; i++) await new Promise((resolve) => setTimeout(resolve, 20));
    expect(purged).toHaveLength(1);
    const tags = (purged[0] as { tags: string[] }).tags;
    expect(tags).toEqual(expect.arrayContaining([`c:${created.body.id}`, 'list:Content:post', '*']));
    // Nothing about the records that existed before (the seeded posts), and not the tag every answer carries.
    const older = (list: string[]) => list.filter((tag) => tag.startsWith('c:') && Number(tag.slice(2)) < created.body.id);
    expect(older(tags)).toEqual([]);
    expect(tags).not.toContain('settings');

    purged.length = 0;
    await t.request.post(`${POSTS}/${created.body.id}`).set('Authorization', t.adminAuth).send({ title: 'Purge me again' });
    for (let i = 0; i < 50 && purged.length === 0; i++) await new Promise((resolve) => setTimeout(resolve, 20));
    // The post and its new revision.
    const updated = (purged[0] as { tags: string[] }).tags;
    expect(updated).toContain(`c:${created.body.id}`);
    expect(older(updated)).toEqual([]);
  });

  it('is called by an instance that caches nothing too (a CDN may hold what it changed), and only by the writer', async () => {
    const { port } = hook.address() as { port: number };
    const uncached = await startTestApp({ CACHE_ENABLED: 'false', CACHE_PURGE_WEBHOOK: `http://127.0.0.1:${port}/purge` }, { sharedWith: t });
    try {
      const cached = await t.request.get(POSTS);
      expect((await t.request.get(POSTS)).headers['x-cache']).toBe('HIT');
      purged.length = 0;
      const created = await uncached.request.post(POSTS).set('Authorization', uncached.adminAuth).send({ title: 'Written elsewhere', status: 'publish' });
      expect(created.status).toBe(201);
      for (let i = 0; i < 50 && purged.length === 0; i++) await new Promise((resolve) => setTimeout(resolve, 20));
      // Give a second (wrong) call from the caching instance the time to arrive.
      await t.request.get(POSTS);
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(purged).toHaveLength(1);
      expect((purged[0] as { tags: string[] }).tags).toEqual(expect.arrayContaining([`c:${created.body.id}`, 'list:Content:post']));
      // And the caching instance dropped its list at once.
      const after = await t.request.get(POSTS);
      expect(after.headers['x-cache']).toBe('HIT');
      expect(after.body[0].id).toBe(created.body.id);
      expect(after.text).not.toBe(cached.text);
    } finally {
      await uncached.close();
    }
  });

  it('reports cache hits, misses, latency and statements per request in Prometheus format', async () => {
    await t.request.get(`${POSTS}?per_page=4`);
    await t.request.get(`${POSTS}?per_page=4`);
    await t.request.get(gqlGet('{ generalSettings { title } }')).set(GQL_HEADERS);
    const res = await t.request.get('/metrics');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toContain('text/plain; version=0.0.4');
    const value = (pattern: RegExp) => Number(pattern.exec(res.text)?.[1]);
    expect(value(/^cache_hits_total\{face="rest"\} (\d+)$/m)).toBeGreaterThanOrEqual(1);
    expect(value(/^cache_misses_total\{face="rest"\} (\d+)$/m)).toBeGreaterThanOrEqual(1);
    expect(value(/^cache_misses_total\{face="graphql"\} (\d+)$/m)).toBe(1);
    expect(value(/^cache_invalidations_total\{tag_kind="\*"\} (\d+)$/m)).toBeGreaterThanOrEqual(1);
    // By kind, never by record: c:12 counts as c, list:Content:post as list.
    expect(value(/^cache_invalidations_total\{tag_kind="c"\} (\d+)$/m)).toBeGreaterThanOrEqual(1);
    expect(value(/^cache_invalidations_total\{tag_kind="list"\} (\d+)$/m)).toBeGreaterThanOrEqual(1);
    expect(res.text).not.toMatch(/tag_kind="(c|t|u|list|events):/);
    expect(value(/^http_request_duration_seconds_count\{family="rest:core\/v2",method="GET",status="200"\} (\d+)$/m)).toBeGreaterThanOrEqual(2);
    expect(value(/^db_statements_per_request_count\{family="rest:core\/v2"\} (\d+)$/m)).toBeGreaterThanOrEqual(2);
    expect(value(/^cache_entries (\d+)$/m)).toBeGreaterThanOrEqual(2);
  });
});
