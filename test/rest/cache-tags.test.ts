/**
 * Cache tags seen from HTTP: anonymous cacheable answers name their tags for CDNs (Surrogate-Key,
 * Cache-Tag), authenticated ones do not; and precision — a write drops the answers that read what
 * it changed, and keeps the others. (Answers of read paths that record no tags carry `*`, and
 * every write drops them: less precise, never stale.)
 */
import { startTestApp, type TestApp } from '../support/app';

const POSTS = '/wp-json/core/v2/posts';
const EVENTS = '/wp-json/events/v1/events';
const GQL_HEADERS = { 'apollo-require-preflight': 'true' };
const gqlGet = (query: string) => `/graphql?query=${encodeURIComponent(query)}`;

describe('cache tag headers', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ CACHE_ENABLED: 'true' }, { seed: true });
  });
  afterAll(() => t.close());

  it('names the tags of anonymous answers, hit or miss, in both header forms', async () => {
    const miss = await t.request.get(`${POSTS}?per_page=2`);
    const hit = await t.request.get(`${POSTS}?per_page=2`);
    expect([miss.headers['x-cache'], hit.headers['x-cache']]).toEqual(['MISS', 'HIT']);
    for (const res of [miss, hit]) {
      const keys = String(res.headers['surrogate-key']).split(' ');
      expect(keys).toContain('settings');
      expect(String(res.headers['cache-tag']).split(',')).toEqual(keys);
    }
    expect(hit.headers['surrogate-key']).toBe(miss.headers['surrogate-key']);

    const gql = await t.request.get(gqlGet('{ generalSettings { title } }')).set(GQL_HEADERS);
    expect(gql.status).toBe(200);
    expect(String(gql.headers['surrogate-key']).split(' ')).toContain('settings');
    expect(gql.headers['cache-tag']).toBeDefined();
  });

  it('sends none on authenticated answers and on writes', async () => {
    const admin = await t.request.get(`${POSTS}?per_page=2`).set('Authorization', t.adminAuth);
    expect(admin.headers['x-cache']).toBe('BYPASS');
    expect(admin.headers['surrogate-key']).toBeUndefined();
    expect(admin.headers['cache-tag']).toBeUndefined();
    const edit = await t.request.get(`${POSTS}?per_page=2&context=edit`);
    expect(edit.headers['surrogate-key']).toBeUndefined();
    const gql = await t.request.get(gqlGet('{ generalSettings { title } }')).set(GQL_HEADERS).set('Authorization', t.adminAuth);
    expect(gql.headers['surrogate-key']).toBeUndefined();
    const write = await t.request.post(POSTS).set('Authorization', t.adminAuth).send({ title: 'No tags', status: 'publish' });
    expect(write.status).toBe(201);
    expect(write.headers['surrogate-key']).toBeUndefined();
  });
});

describe('cache precision (needs the read side to record its tags)', () => {
  let t: TestApp;
  let postA: number;
  let postB: number;
  beforeAll(async () => {
    t = await startTestApp({ CACHE_ENABLED: 'true' }, { seed: true });
    const make = async (title: string) => (await t.request.post(POSTS).set('Authorization', t.adminAuth).send({ title, status: 'publish' }).expect(201)).body.id as number;
    postA = await make('Post A');
    postB = await make('Post B');
  });
  afterAll(() => t.close());

  const warm = async (path: string) => {
    await t.request.get(path);
    expect((await t.request.get(path)).headers['x-cache']).toBe('HIT');
  };

  it('keeps the answers a write did not change', async () => {
    await warm(`${POSTS}/${postA}`);
    await warm(EVENTS);
    await t.request.post(`${POSTS}/${postB}`).set('Authorization', t.adminAuth).send({ title: 'Post B, renamed' }).expect(200);
    expect((await t.request.get(`${POSTS}/${postA}`)).headers['x-cache']).toBe('HIT');
    expect((await t.request.get(EVENTS)).headers['x-cache']).toBe('HIT');
  });

  it('keeps the answers that read the options only (index, namespace roots, types, settings over GraphQL) until the settings change', async () => {
    const settingsOnly = ['/wp-json/', '/wp-json/core/v2', '/wp-json/core/v2/types', '/wp-json/core/v2/statuses'];
    const gql = gqlGet('{ generalSettings { title } }');
    for (const path of settingsOnly) {
      await warm(path);
      expect((await t.request.get(path)).headers['surrogate-key']).toBe('settings');
    }
    await t.request.get(gql).set(GQL_HEADERS);
    expect((await t.request.get(gql).set(GQL_HEADERS)).headers['surrogate-key']).toBe('settings');

    await t.request.post(`${POSTS}/${postB}`).set('Authorization', t.adminAuth).send({ title: 'Post B, again' }).expect(200);
    for (const path of settingsOnly) expect((await t.request.get(path)).headers['x-cache']).toBe('HIT');
    expect((await t.request.get(gql).set(GQL_HEADERS)).headers['x-cache']).toBe('HIT');

    await t.request.post('/wp-json/core/v2/settings').set('Authorization', t.adminAuth).send({ title: 'Renamed site' }).expect(200);
    const index = await t.request.get('/wp-json/');
    expect(index.headers['x-cache']).toBe('MISS');
    expect(index.body.name).toBe('Renamed site');
    const renamed = await t.request.get(gql).set(GQL_HEADERS);
    expect(renamed.headers['x-cache']).toBe('MISS');
    expect(renamed.body.data.generalSettings.title).toBe('Renamed site');
  });

  it('keeps search and user lists through a write to what they do not show, and drops them when it is', async () => {
    const search = '/wp-json/core/v2/search?search=Post';
    const users = '/wp-json/core/v2/users';
    await warm(search);
    await warm(users);
    for (const path of [search, users]) expect(String((await t.request.get(path)).headers['surrogate-key']).split(' ')).not.toContain('*');
    const category = (await t.request.post('/wp-json/core/v2/categories').set('Authorization', t.adminAuth).send({ name: 'Unrelated' }).expect(201)).body.id;
    await t.request.post(`/wp-json/core/v2/categories/${category}`).set('Authorization', t.adminAuth).send({ name: 'Still unrelated' }).expect(200);
    expect((await t.request.get(search)).headers['x-cache']).toBe('HIT');
    expect((await t.request.get(users)).headers['x-cache']).toBe('HIT');

    await t.request.post(`${POSTS}/${postA}`).set('Authorization', t.adminAuth).send({ title: 'Post A, found again' }).expect(200);
    const found = await t.request.get(search);
    expect(found.headers['x-cache']).toBe('MISS');
    expect(found.body.map((hit: { title: string }) => hit.title)).toContain('Post A, found again');
    await t.request.post('/wp-json/core/v2/users/1').set('Authorization', t.adminAuth).send({ name: 'Renamed author' }).expect(200);
    const listed = await t.request.get(users);
    expect(listed.headers['x-cache']).toBe('MISS');
    expect(listed.body.map((user: { name: string }) => user.name)).toContain('Renamed author');
  });

  it('tags GraphQL nodeByUri answers with what they looked up, so they outlive unrelated writes', async () => {
    const slug = (await t.request.get(`${POSTS}/${postA}`)).body.slug as string;
    const byUri = gqlGet(`{ nodeByUri(uri: "/${slug}/") { ... on Post { databaseId } } }`);
    await t.request.get(byUri).set(GQL_HEADERS);
    const hit = await t.request.get(byUri).set(GQL_HEADERS);
    expect(hit.headers['x-cache']).toBe('HIT');
    expect(hit.body.data.nodeByUri.databaseId).toBe(postA);
    expect(String(hit.headers['surrogate-key']).split(' ')).not.toContain('*');
    await t.request.post('/wp-json/core/v2/categories').set('Authorization', t.adminAuth).send({ name: 'Elsewhere' }).expect(201);
    expect((await t.request.get(byUri).set(GQL_HEADERS)).headers['x-cache']).toBe('HIT');
  });

  it('deleting a category drops the posts it moves to the default category, not the others', async () => {
    const category = (await t.request.post('/wp-json/core/v2/categories').set('Authorization', t.adminAuth).send({ name: 'Short-lived' }).expect(201)).body.id;
    const moved = (await t.request.post(POSTS).set('Authorization', t.adminAuth).send({ title: 'Moved', status: 'publish', categories: [category] }).expect(201)).body.id;
    // Not in the default category either, whose count the delete changes.
    const keeper = (await t.request.post('/wp-json/core/v2/categories').set('Authorization', t.adminAuth).send({ name: 'Keeper' }).expect(201)).body.id;
    const kept = (await t.request.post(POSTS).set('Authorization', t.adminAuth).send({ title: 'Kept', status: 'publish', categories: [keeper] }).expect(201)).body.id;
    await warm(`${POSTS}/${moved}`);
    await warm(`${POSTS}/${kept}`);
    await t.request.delete(`/wp-json/core/v2/categories/${category}?force=true`).set('Authorization', t.adminAuth).expect(200);
    expect((await t.request.get(`${POSTS}/${kept}`)).headers['x-cache']).toBe('HIT');
    const after = await t.request.get(`${POSTS}/${moved}`);
    expect(after.headers['x-cache']).toBe('MISS');
    expect(after.body.categories).toEqual([1]);
  });

  it('drops the answers that read what a write changed', async () => {
    await warm(`${POSTS}/${postA}`);
    await t.request.post(`${POSTS}/${postA}`).set('Authorization', t.adminAuth).send({ title: 'Post A, renamed' }).expect(200);
    const after = await t.request.get(`${POSTS}/${postA}`);
    expect(after.headers['x-cache']).toBe('MISS');
    expect(after.body.title.rendered).toBe('Post A, renamed');
  });
});
