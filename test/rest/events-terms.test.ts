/**
 * Event categories and tags under events/v1: archives (hide_empty on by default, `event`),
 * single reads, writes with the plugin's permission rule, forced deletes.
 */
import { basicAuth, startTestApp, SITE_URL, type TestApp } from '../support/app';

const C = '/wp-json/events/v1/categories';
const T = '/wp-json/events/v1/tags';

describe('event categories and tags', () => {
  let t: TestApp;
  let contributor = '';
  let author = '';
  const id: Record<string, number> = {};

  beforeAll(async () => {
    t = await startTestApp();
    for (const role of ['contributor', 'author']) {
      const user = await t.request.post('/wp-json/core/v2/users').set('Authorization', t.adminAuth).send({ username: role, email: `${role}@example.com`, password: 'secret-1', roles: [role] });
      const pw = await t.request.post(`/wp-json/core/v2/users/${user.body.id}/application-passwords`).set('Authorization', t.adminAuth).send({ name: 't' });
      if (role === 'contributor') contributor = basicAuth(role, pw.body.password);
      else author = basicAuth(role, pw.body.password);
    }
    id.arts = (await t.request.post(C).set('Authorization', t.adminAuth).send({ name: 'Arts', description: 'All arts' }).expect(201)).body.id;
    id.film = (await t.request.post(C).set('Authorization', t.adminAuth).send({ name: 'Film', parent: id.arts }).expect(201)).body.id;
    id.empty = (await t.request.post(C).set('Authorization', t.adminAuth).send({ name: 'Empty' }).expect(201)).body.id;
    id.tag = (await t.request.post(T).set('Authorization', t.adminAuth).send({ name: 'Outdoors' }).expect(201)).body.id;
    id.event = (await t.request.post('/wp-json/events/v1/events').set('Authorization', t.adminAuth)
      .send({ title: 'Screening', start_date: '2030-01-01 20:00', end_date: '2030-01-01 22:00', categories: [id.film, id.arts], tags: [id.tag], status: 'publish' }).expect(201)).body.id;
  });
  afterAll(() => t.close());

  it('lists used categories by default, all with hide_empty=false, and an event\'s own', async () => {
    const res = await t.request.get(C).expect(200);
    expect(Object.keys(res.body)).toEqual(['rest_url', 'total', 'total_pages', 'categories']);
    expect(res.body.rest_url).toBe(`${SITE_URL}/wp-json/events/v1/categories/`);
    expect(res.body.categories.map((c: { name: string }) => c.name)).toEqual(['Arts', 'Film']);
    expect(Object.keys(res.body.categories[0])).toEqual(['id', 'count', 'description', 'name', 'slug', 'taxonomy', 'parent', 'meta', 'url', 'urls']);
    expect(res.body.categories[1].url).toBe(`${SITE_URL}/events/category/arts/film/`);
    expect(res.body.categories[1].urls.up).toBe(`${SITE_URL}/wp-json/events/v1/categories/${id.arts}`);
    expect(res.headers['x-tec-total']).toBe('2');
    const all = await t.request.get(`${C}?hide_empty=false&per_page=1`).expect(200);
    expect(all.body).toMatchObject({ total: 3, total_pages: 3 });
    expect(all.body.next_rest_url).toBe(`${SITE_URL}/wp-json/events/v1/categories/?page=2`);
    const second = await t.request.get(`${C}?hide_empty=false&per_page=1&page=2`).expect(200);
    expect(second.body.previous_rest_url).toBe(`${SITE_URL}/wp-json/events/v1/categories/`);
    expect((await t.request.get(`${C}?event=${id.event}`)).body.categories.map((c: { id: number }) => c.id).sort()).toEqual([id.arts, id.film].sort());
    expect((await t.request.get(`${C}?parent=${id.arts}`)).body.categories.map((c: { name: string }) => c.name)).toEqual(['Film']);
    expect((await t.request.get(`${C}?search=fil`)).body.categories.map((c: { name: string }) => c.name)).toEqual(['Film']);
    expect((await t.request.get(`${C}?slug=arts`)).body.categories.map((c: { name: string }) => c.name)).toEqual(['Arts']);
    await t.request.get(`${C}?event=${id.tag}`).expect(400);
    await t.request.get(`${C}?include=999999`).expect(400);
    const tags = await t.request.get(T).expect(200);
    expect(tags.body.tags.map((c: { name: string }) => c.name)).toEqual(['Outdoors']);
    expect(Object.keys(tags.body.tags[0])).toEqual(['id', 'count', 'description', 'name', 'slug', 'taxonomy', 'meta', 'url', 'urls']);
  });

  it('reads one term with its links, and refuses unknown ones', async () => {
    const res = await t.request.get(`${C}/${id.film}`).expect(200);
    expect(res.body).toMatchObject({ id: id.film, name: 'Film', parent: id.arts, count: 1, taxonomy: 'tribe_events_cat' });
    expect(res.body._links.self[0].href).toBe(`${SITE_URL}/wp-json/events/v1/categories/${id.film}`);
    expect(res.body._links['wp:post_type'][0].href).toBe(`${SITE_URL}/wp-json/events/v1/events?categories=${id.film}`);
    expect(res.headers.allow).toBe('GET');
    const tag = await t.request.get(`${T}/${id.tag}`).set('Authorization', t.adminAuth).expect(200);
    expect(tag.body._links.self[0]).toEqual({ href: `${SITE_URL}/wp-json/core/v2/tags/${id.tag}`, targetHints: { allow: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] } });
    expect(tag.body.url).toBe(`${SITE_URL}/tag/outdoors/`);
    const unknown = await t.request.get(`${C}/999999`).expect(400);
    expect(unknown.body.data).toEqual({ status: 400, params: { id: 'Invalid parameter.' }, details: [] });
    await t.request.get(`${T}/${id.arts}`).expect(400);
  });

  it('writes with the events type\'s edit rights and the taxonomy\'s manage rights, deleting for good', async () => {
    const anon = await t.request.post(C).send({ name: 'X' }).expect(401);
    expect(anon.body.code).toBe('rest_forbidden');
    await t.request.post(C).set('Authorization', contributor).send({ name: 'X' }).expect(403);
    await t.request.post(T).set('Authorization', contributor).send({ name: 'X' }).expect(403);
    const byAuthor = await t.request.post(C).set('Authorization', author).send({ name: 'By author' }).expect(201);
    expect(byAuthor.body.name).toBe('By author');
    await t.request.post(T).set('Authorization', author).send({ name: 'Y' }).expect(403);
    const dup = await t.request.post(C).set('Authorization', t.adminAuth).send({ name: 'Arts' }).expect(400);
    expect(dup.body.code).toBe('term_exists');
    await t.request.post(C).set('Authorization', t.adminAuth).send({ description: 'no name' }).expect(400);
    const updated = await t.request.put(`${C}/${id.empty}`).set('Authorization', t.adminAuth).send({ name: 'Not empty', slug: 'not-empty', parent: id.arts }).expect(200);
    expect(updated.body).toMatchObject({ name: 'Not empty', slug: 'not-empty', parent: id.arts, url: `${SITE_URL}/events/category/arts/not-empty/` });
    const removed = await t.request.delete(`${C}/${id.empty}`).set('Authorization', t.adminAuth).expect(200);
    expect(removed.body).toMatchObject({ id: id.empty, name: 'Not empty' });
    expect(removed.body._links).toBeUndefined();
    await t.request.get(`${C}/${id.empty}`).expect(400);
    const tagRemoved = await t.request.delete(`${T}/${id.tag}`).set('Authorization', t.adminAuth).expect(200);
    expect(tagRemoved.body.name).toBe('Outdoors');
    const event = await t.request.get(`/wp-json/events/v1/events/${id.event}`).expect(200);
    expect(event.body.tags).toEqual([]);
  });
});
