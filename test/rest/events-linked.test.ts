/**
 * Venues and organizers: archives with their filters, single reads by id and slug, writes,
 * trashing and permissions.
 */
import { basicAuth, startTestApp, type TestApp } from '../support/app';

const V = '/wp-json/events/v1/venues';
const O = '/wp-json/events/v1/organizers';

describe('venues and organizers', () => {
  let t: TestApp;
  let contributor = '';
  const id: Record<string, number> = {};
  const soon = new Date(Date.now() + 3 * 86400000).toISOString().slice(0, 10);

  beforeAll(async () => {
    t = await startTestApp();
    const user = await t.request.post('/wp-json/core/v2/users').set('Authorization', t.adminAuth).send({ username: 'c', email: 'c@example.com', password: 'secret-1', roles: ['contributor'] });
    const pw = await t.request.post(`/wp-json/core/v2/users/${user.body.id}/application-passwords`).set('Authorization', t.adminAuth).send({ name: 't' });
    contributor = basicAuth('c', pw.body.password);
    const venue = (body: Record<string, unknown>) => t.request.post(V).set('Authorization', t.adminAuth).send(body).expect(201).then((r) => r.body.id);
    id.alpha = await venue({ venue: 'Alpha Arena', city: 'Bergen', phone: '123', website: 'https://alpha.example', description: 'Big place', province: 'Vestland' });
    id.beta = await venue({ venue: 'Beta Barn', city: 'Oslo' });
    id.gamma = await venue({ venue: 'Gamma Garden', status: 'draft' });
    id.org1 = (await t.request.post(O).set('Authorization', t.adminAuth).send({ organizer: 'First Org', email: 'first@example.org', website: 'https://first.example' }).expect(201)).body.id;
    id.org2 = (await t.request.post(O).set('Authorization', t.adminAuth).send({ organizer: 'Second Org' }).expect(201)).body.id;
    id.event = (await t.request.post('/wp-json/events/v1/events').set('Authorization', t.adminAuth)
      .send({ title: 'Show', start_date: `${soon} 10:00`, end_date: `${soon} 12:00`, venue: id.alpha, organizer: [id.org2] }).expect(201)).body.id;
    await t.request.post('/wp-json/events/v1/events').set('Authorization', t.adminAuth)
      .send({ title: 'Old show', start_date: '2001-01-01 10:00', end_date: '2001-01-01 12:00', venue: id.beta }).expect(201);
  });
  afterAll(() => t.close());

  const names = (body: { venues?: Array<{ venue: string }>; organizers?: Array<{ organizer: string }> }) => (body.venues ?? body.organizers ?? []).map((r) => ('venue' in r ? r.venue : (r as { organizer: string }).organizer));

  it('lists venues in title order with the envelope and filters', async () => {
    const anon = await t.request.get(V).expect(200);
    expect(names(anon.body)).toEqual(['Alpha Arena', 'Beta Barn']);
    expect(Object.keys(anon.body)).toEqual(['venues', 'rest_url', 'total', 'total_pages']);
    expect(anon.body.rest_url).toBe('http://example.test/wp-json/events/v1/venues/?page=1&per_page=10&status=publish');
    expect(anon.headers['x-tec-total']).toBe('2');
    expect(names((await t.request.get(V).set('Authorization', t.adminAuth)).body)).toEqual(['Alpha Arena', 'Beta Barn', 'Gamma Garden']);
    expect(names((await t.request.get(`${V}?search=bergen`)).body)).toEqual(['Alpha Arena']);
    expect(names((await t.request.get(`${V}?search=nothing-like-it`)).body)).toEqual([]);
    expect(names((await t.request.get(`${V}?event=${id.event}`)).body)).toEqual(['Alpha Arena']);
    expect(names((await t.request.get(`${V}?has_events=true`)).body)).toEqual(['Alpha Arena', 'Beta Barn']);
    expect(names((await t.request.get(`${V}?has_events=false&status=draft`).set('Authorization', t.adminAuth)).body)).toEqual(['Gamma Garden']);
    expect(names((await t.request.get(`${V}?only_with_upcoming=true`)).body)).toEqual(['Alpha Arena']);
    const paged = await t.request.get(`${V}?per_page=1`).expect(200);
    expect(paged.body.next_rest_url).toBe('http://example.test/wp-json/events/v1/venues/?per_page=1&status=publish&page=2');
    const last = await t.request.get(`${V}?per_page=1&page=2`).expect(200);
    expect(last.body.previous_rest_url).toBe('http://example.test/wp-json/events/v1/venues/?per_page=1&status=publish');
    const past = await t.request.get(`${V}?per_page=1&page=3`).expect(404);
    expect(past.body.code).toBe('venue-archive-page-not-found');
    await t.request.get(`${V}?event=${id.alpha}`).expect(400);
    await t.request.get(`${V}?status=draft`).expect(400);
    expect((await t.request.get(`${O}?per_page=1&page=5`)).body.code).toBe('organizer-archive-page-not-found');
  });

  it('lists organizers with the same filters', async () => {
    expect(names((await t.request.get(O)).body)).toEqual(['First Org', 'Second Org']);
    expect(names((await t.request.get(`${O}?event=${id.event}`)).body)).toEqual(['Second Org']);
    expect(names((await t.request.get(`${O}?has_events=1`)).body)).toEqual(['Second Org']);
    expect(names((await t.request.get(`${O}?search=first.example`)).body)).toEqual(['First Org']);
  });

  it('reads one record by id or slug, with json_ld, and refuses unpublished ones without rights', async () => {
    const res = await t.request.get(`${V}/${id.alpha}`).expect(200);
    expect(res.body).toMatchObject({ venue: 'Alpha Arena', city: 'Bergen', province: 'Vestland', stateprovince: 'Vestland', website: 'https://alpha.example', description: '<p>Big place</p>' });
    expect(res.body.json_ld).toMatchObject({ '@type': 'Place', url: 'https://alpha.example', telephone: '123', address: { addressLocality: 'Bergen', addressRegion: 'Vestland' } });
    expect((await t.request.get(`${V}/by-slug/beta-barn`).expect(200)).body.id).toBe(id.beta);
    const draft = await t.request.get(`${V}/${id.gamma}`).expect(403);
    expect(draft.body).toEqual({ code: 'venue-not-accessible', message: 'The requested venue is not accessible', data: { status: 403 } });
    await t.request.get(`${V}/${id.gamma}`).set('Authorization', t.adminAuth).expect(200);
    const wrong = await t.request.get(`${V}/${id.org1}`).expect(400);
    expect(wrong.body.data.params).toEqual({ id: 'Invalid parameter.' });
    await t.request.get(`${V}/by-slug/nope`).expect(400);
    const org = await t.request.get(`${O}/by-slug/first-org`).expect(200);
    expect(org.body).toMatchObject({ organizer: 'First Org', website: 'https://first.example', email: 'first@example.org' });
    expect(org.body.json_ld).toMatchObject({ '@type': 'Person', url: 'https://first.example' });
  });

  it('updates, trashes and refuses what roles may not do', async () => {
    const updated = await t.request.post(`${V}/${id.beta}`).set('Authorization', t.adminAuth).send({ city: 'Trondheim', show_map: 'false', state: 'TR' }).expect(200);
    expect(updated.body).toMatchObject({ venue: 'Beta Barn', city: 'Trondheim', show_map: false, show_map_link: true, stateprovince: 'TR' });
    const renamed = await t.request.patch(`${O}/by-slug/second-org`).set('Authorization', t.adminAuth).send({ organizer: 'Second Org Renamed', phone: '999' }).expect(200);
    expect(renamed.body).toMatchObject({ organizer: 'Second Org Renamed', phone: '999' });
    const emptyName = await t.request.patch(`${O}/${id.org2}`).set('Authorization', t.adminAuth).send({ organizer: '' }).expect(400);
    expect(emptyName.body.code).toBe('rest_invalid_param');
    await t.request.post(V).send({ venue: 'Anon' }).expect(401);
    const byContributor = await t.request.post(V).set('Authorization', contributor).send({ venue: 'Contributed', status: 'publish' }).expect(201);
    expect(byContributor.body.status).toBe('pending');
    await t.request.patch(`${V}/${id.alpha}`).set('Authorization', contributor).send({ city: 'x' }).expect(403);
    const missing = await t.request.post(V).set('Authorization', t.adminAuth).send({ city: 'No name' }).expect(400);
    expect(missing.body.code).toBe('rest_missing_callback_param');
    const trashed = await t.request.delete(`${O}/${id.org1}`).set('Authorization', t.adminAuth).expect(200);
    expect(trashed.body.status).toBe('trash');
    const again = await t.request.delete(`${O}/${id.org1}`).set('Authorization', t.adminAuth).expect(410);
    expect(again.body).toEqual({ code: 'organizer-is-in-trash', message: 'The organizer is already trashed', data: { status: 410 } });
    await t.request.delete(`${V}/${id.gamma}`).set('Authorization', t.adminAuth).expect(200);
    expect((await t.request.delete(`${V}/${id.gamma}`).set('Authorization', t.adminAuth).expect(410)).body.code).toBe('venue-is-in-trash');
  });
});
