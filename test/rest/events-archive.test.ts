/**
 * GET /events/v1/events: the plugin's default window, whole-day and strict dates, relative bounds,
 * every filter, statuses and visibility, include, pagination links, geolocation and its errors.
 */
import { basicAuth, startTestApp, SITE_URL, type TestApp } from '../support/app';

const EVENTS = '/wp-json/events/v1/events';
const DAY = 86400000;

/** `Y-m-d H:i:s` of now + some days, at a given UTC hour. */
function at(days: number, hour = 12): string {
  const d = new Date(Date.now() + days * DAY);
  d.setUTCHours(hour, 0, 0, 0);
  return d.toISOString().slice(0, 19).replace('T', ' ');
}

describe('events archive', () => {
  let t: TestApp;
  let geo: TestApp;
  let subscriber = '';
  const id: Record<string, number> = {};
  const term: Record<string, number> = {};

  const create = async (body: Record<string, unknown>, app: TestApp = t) => {
    const res = await app.request.post(EVENTS).set('Authorization', app.adminAuth).send({ status: 'publish', ...body });
    expect(res.status).toBe(201);
    return res.body;
  };
  const list = (query: string, auth?: string, app: TestApp = t) => {
    const req = app.request.get(`${EVENTS}${query}`);
    return auth ? req.set('Authorization', auth) : req;
  };
  const titles = (body: { events: Array<{ title: string }> }) => body.events.map((e) => e.title);

  beforeAll(async () => {
    t = await startTestApp();
    geo = await startTestApp({ GEOLOCATION: 'true', GEOLOCATION_RADIUS_KM: '50' });
    const user = await t.request.post('/wp-json/core/v2/users').set('Authorization', t.adminAuth).send({ username: 'sub', email: 'sub@example.com', password: 'secret-1', roles: ['subscriber'] });
    const pw = await t.request.post(`/wp-json/core/v2/users/${user.body.id}/application-passwords`).set('Authorization', t.adminAuth).send({ name: 't' });
    subscriber = basicAuth('sub', pw.body.password);

    term.music = (await t.request.post('/wp-json/events/v1/categories').set('Authorization', t.adminAuth).send({ name: 'Music' })).body.id;
    term.jazz = (await t.request.post('/wp-json/events/v1/categories').set('Authorization', t.adminAuth).send({ name: 'Jazz', parent: term.music })).body.id;
    term.outdoor = (await t.request.post('/wp-json/events/v1/tags').set('Authorization', t.adminAuth).send({ name: 'outdoor' })).body.id;
    const hall = (await t.request.post('/wp-json/events/v1/venues').set('Authorization', t.adminAuth).send({ venue: 'Hall' })).body.id;
    const org = (await t.request.post('/wp-json/events/v1/organizers').set('Authorization', t.adminAuth).send({ organizer: 'Org' })).body.id;
    id.hall = hall;
    id.org = org;

    id.past = (await create({ title: 'Past', start_date: at(-5), end_date: at(-5, 14) })).id;
    id.yesterday = (await create({ title: 'Yesterday', start_date: at(-1, 9), end_date: at(-1, 10) })).id;
    id.soon = (await create({ title: 'Soon concert', start_date: at(2), end_date: at(2, 14), categories: [term.jazz], venue: hall, featured: true })).id;
    id.later = (await create({ title: 'Later picnic', start_date: at(12), end_date: at(12, 15), tags: [term.outdoor], organizer: [org], description: 'Bring a basket' })).id;
    id.hidden = (await create({ title: 'Hidden one', start_date: at(5), end_date: at(5, 13), hide_from_listings: true })).id;
    id.draft = (await create({ title: 'Draft one', start_date: at(6), end_date: at(6, 13), status: 'draft' })).id;
    id.far = (await create({ title: 'Far future', start_date: at(800), end_date: at(800, 13) })).id;
    id.child = (await create({ title: 'Child', start_date: at(20), end_date: at(20, 13) })).id;
    await t.db.prisma.content.update({ where: { id: id.child }, data: { parentId: id.soon } });
  });
  afterAll(async () => {
    await t.close();
    await geo.close();
  });

  it('lists upcoming published, listed events from the beginning of yesterday to two years ahead', async () => {
    const res = await list('').expect(200);
    expect(titles(res.body)).toEqual(['Yesterday', 'Soon concert', 'Later picnic', 'Child']);
    expect(res.body.total).toBe(4);
    const admin = await list('', t.adminAuth).expect(200);
    expect(titles(admin.body)).toEqual(['Yesterday', 'Soon concert', 'Hidden one', 'Draft one', 'Later picnic', 'Child']);
    expect(admin.body.rest_url).toContain('&status=any');
  });

  it('reads start_date and end_date as whole days unless strict_dates', async () => {
    const day = at(2).slice(0, 10);
    const res = await list(`?start_date=${day}&end_date=${day}`).expect(200);
    expect(titles(res.body)).toEqual(['Soon concert']);
    expect(res.body.rest_url).toBe(`${SITE_URL}/wp-json/events/v1/events/?page=1&per_page=10&start_date=${day} 00:00:00&end_date=${day} 23:59:59&status=publish`);
    const strict = await list(`?start_date=${encodeURIComponent(`${day} 13:00:00`)}&end_date=${encodeURIComponent(at(30))}&strict_dates=true`).expect(200);
    expect(titles(strict.body)).toEqual(['Later picnic', 'Child']);
    const relative = await list('?start_date=%2B10%20days&end_date=%2B30%20days').expect(200);
    expect(titles(relative.body)).toEqual(['Later picnic', 'Child']);
    const past = await list(`?start_date=${at(-10).slice(0, 10)}`).expect(200);
    expect(titles(past.body)[0]).toBe('Past');
  });

  it('drops the default window when relative bounds are given', async () => {
    const before = await list(`?starts_before=${at(0).slice(0, 10)}`).expect(200);
    expect(titles(before.body)).toEqual(['Past', 'Yesterday']);
    expect(before.body.rest_url).not.toContain('start_date=');
    const after = await list(`?starts_after=${at(11).slice(0, 10)}`).expect(200);
    expect(titles(after.body)).toEqual(['Later picnic', 'Child', 'Far future']);
    const ends = await list(`?ends_after=${at(1).slice(0, 10)}&ends_before=${at(13).slice(0, 10)}`).expect(200);
    expect(titles(ends.body)).toEqual(['Soon concert', 'Later picnic']);
  });

  it('filters by search, categories (with children), tags, venue, organizer and featured', async () => {
    expect(titles((await list('?search=basket')).body)).toEqual(['Later picnic']);
    expect(titles((await list('?search=CONCERT')).body)).toEqual(['Soon concert']);
    expect(titles((await list(`?categories=${term.music}`)).body)).toEqual(['Soon concert']);
    expect(titles((await list('?categories=jazz')).body)).toEqual(['Soon concert']);
    expect(titles((await list('?tags=outdoor')).body)).toEqual(['Later picnic']);
    expect(titles((await list(`?tags[]=${term.outdoor}`)).body)).toEqual(['Later picnic']);
    const venue = await list(`?venue=${id.hall}`).expect(200);
    expect(titles(venue.body)).toEqual(['Soon concert']);
    expect(venue.body.rest_url).toMatch(new RegExp(`&status=publish&venue=${id.hall}$`));
    expect(titles((await list(`?organizer=${id.org}`)).body)).toEqual(['Later picnic']);
    expect(titles((await list('?featured=true')).body)).toEqual(['Soon concert']);
    expect(titles((await list('?featured=false')).body)).toEqual(['Yesterday', 'Later picnic', 'Child']);
    expect(titles((await list(`?post_parent=${id.soon}`)).body)).toEqual(['Child']);
  });

  it('ignores the client dates with include, keeping the default window', async () => {
    const res = await list(`?include=${id.later},${id.soon},${id.far},${id.past}&start_date=${at(100).slice(0, 10)}`).expect(200);
    expect(titles(res.body).sort()).toEqual(['Later picnic', 'Soon concert']);
    expect(res.body.rest_url).toContain(`&include=${id.later},${id.soon},${id.far},${id.past}`);
  });

  it('lets only editors ask for other statuses', async () => {
    const anon = await list('?status=draft').expect(400);
    expect(anon.body).toEqual({ code: 'rest_invalid_param', message: 'Invalid parameter(s): status', data: { status: 400, params: { status: 'Invalid parameter.' }, details: [] } });
    await list('?status=draft', subscriber).expect(400);
    expect(titles((await list('?status=publish', subscriber).expect(200)).body)).toContain('Soon concert');
    expect(titles((await list('?status=draft', t.adminAuth).expect(200)).body)).toEqual(['Draft one']);
    await list('?status=bogus', t.adminAuth).expect(400);
  });

  it('paginates with next and previous links, and refuses pages past the end', async () => {
    const first = await list('?per_page=2').expect(200);
    expect(first.body.total_pages).toBe(2);
    expect(first.body.next_rest_url).toMatch(/&status=publish&page=2$/);
    expect(first.body.previous_rest_url).toBeUndefined();
    const second = await list('?per_page=2&page=2').expect(200);
    expect(titles(second.body)).toEqual(['Later picnic', 'Child']);
    expect(second.body.next_rest_url).toBeUndefined();
    expect(second.body.previous_rest_url).toMatch(/per_page=2&start_date=.*&status=publish$/);
    expect(Object.keys(second.body)).toEqual(['events', 'rest_url', 'previous_rest_url', 'total', 'total_pages']);
    const past = await list('?per_page=2&page=3').expect(404);
    expect(past.body).toEqual({ code: 'event-archive-page-not-found', message: 'The requested event archive page does not exist', data: { status: 404 } });
    const capped = await list('?per_page=500').expect(200);
    expect(capped.body.rest_url).toContain('per_page=50&');
    const empty = await list(`?start_date=${at(-400).slice(0, 10)}&end_date=${at(-399).slice(0, 10)}`).expect(200);
    expect(empty.body).toEqual({ events: [], rest_url: expect.any(String), total: 0, total_pages: 0 });
  });

  it('validates its arguments as the plugin does', async () => {
    for (const bad of ['page=0', 'page=abc', 'per_page=-1', 'start_date=not-a-date', 'categories=nope', 'tags=999999', 'venue=999999', `organizer=${id.hall}`, 'include=a,b', `post_parent=${id.hall}`, 'search=']) {
      const res = await list(`?${bad}`).expect(400);
      expect(res.body.code).toBe('rest_invalid_param');
      expect(res.body.data.details).toEqual([]);
    }
    const featured = await list('?featured=maybe').expect(400);
    expect(featured.body.data.details.featured.code).toBe('rest_invalid_type');
    const ticketed = await list('?ticketed=true').expect(400);
    expect(ticketed.body).toMatchObject({ code: 'rest_invalid_param', data: { params: { ticketed: 'Event Tickets plugin is not activated.' }, details: { ticketed: { code: 'event-tickets-not-active' } } } });
    await list('?ticketed=false').expect(200);
  });

  it('answers a clear error for geolocation while the component is off', async () => {
    const res = await list('?geoloc=true').expect(400);
    expect(res.body.code).toBe('events-calendar-pro-not-active');
    await list('?geoloc_lat=40&geoloc_lng=-3').expect(400);
    await list('?geoloc=false').expect(200);
  });

  it('finds events near a point when geolocation is on, each coordinate needing the other', async () => {
    const madrid = (await geo.request.post('/wp-json/events/v1/venues').set('Authorization', geo.adminAuth).send({ venue: 'Madrid hall' })).body.id;
    const paris = (await geo.request.post('/wp-json/events/v1/venues').set('Authorization', geo.adminAuth).send({ venue: 'Paris hall' })).body.id;
    const nowhere = (await geo.request.post('/wp-json/events/v1/venues').set('Authorization', geo.adminAuth).send({ venue: 'Unmapped hall' })).body.id;
    await geo.db.prisma.venueDetail.update({ where: { contentId: madrid }, data: { lat: 40.4168, lng: -3.7038 } });
    await geo.db.prisma.venueDetail.update({ where: { contentId: paris }, data: { lat: 48.8566, lng: 2.3522 } });
    await create({ title: 'In Madrid', start_date: at(3), end_date: at(3, 13), venue: madrid }, geo);
    await create({ title: 'In Paris', start_date: at(4), end_date: at(4, 13), venue: paris }, geo);
    await create({ title: 'Nowhere', start_date: at(4), end_date: at(4, 14), venue: nowhere }, geo);
    expect(titles((await list('?geoloc=true', undefined, geo).expect(200)).body)).toEqual(['In Madrid', 'In Paris']);
    expect(titles((await list('?geoloc=1&geoloc_lat=40.45&geoloc_lng=-3.69', undefined, geo).expect(200)).body)).toEqual(['In Madrid']);
    expect(titles((await list('?geoloc=1&geoloc_lat=48.80&geoloc_lng=2.30', undefined, geo).expect(200)).body)).toEqual(['In Paris']);
    const missing = await list('?geoloc=1&geoloc_lat=40.45', undefined, geo).expect(400);
    expect(missing.body).toEqual({ code: 'rest_missing_callback_param', message: 'Missing parameter(s): geoloc_lng', data: { status: 400, params: ['geoloc_lng'] } });
    await list('?geoloc=1&geoloc_lng=2', undefined, geo).expect(400);
  });
});
