/**
 * `events/v1` records and envelopes against the captured samples of The Events Calendar 6.17.1
 * (shared/reference/samples/events-*.http.json beside the checkout): the same requests, compared key by key
 * (order included) and value by value where values do not depend on ids and clocks.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { startTestApp, SITE_URL, type TestApp } from '../support/app';

interface Sample {
  request: { method: string; path: string; query: Record<string, string>; body?: Record<string, unknown> };
  status: number;
  headers: Record<string, string>;
  body: Record<string, unknown>;
}

/** The reference samples: in shared/ beside the checkout (as CI lays it out), else the workplace's copy. */
const SAMPLES = [path.join(__dirname, '..', '..', '..', 'shared', 'reference', 'samples'), '/work/shared/reference/samples'].find((dir) => existsSync(dir)) ?? '/work/shared/reference/samples';
const sample = (name: string): Sample => JSON.parse(readFileSync(path.join(SAMPLES, `${name}.http.json`), 'utf8'));

/** The shape of a JSON value: objects by their keys (in order), arrays by their first item, scalars by type. */
function shape(value: unknown): unknown {
  if (Array.isArray(value)) return value.length ? [shape(value[0])] : [];
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, shape(v)]));
  return value === null ? 'null' : typeof value;
}

/** Fields whose values depend on ids, clocks or random encodings. */
const VOLATILE = /^(id|date|date_utc|modified|modified_utc|global_id|global_id_lineage|rest_url|term_taxonomy_id|count|url|urls|self|collection|_links|email|start_date|end_date|utc_start_date|utc_end_date|start_date_details|end_date_details|utc_start_date_details|utc_end_date_details)$/;

function stable(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(stable);
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).filter(([k]) => !VOLATILE.test(k)).map(([k, v]) => [k, stable(v)]));
  return value;
}

/** Our additive head fields on event, venue and organizer records: present after the plugin's keys, then set aside for the comparison. */
function theirs(record: Record<string, unknown>): Record<string, unknown> {
  expect(Object.keys(record).slice(-2)).toEqual(['seo_head', 'seo_head_json']);
  return Object.fromEntries(Object.entries(record).filter(([key]) => key !== 'seo_head' && key !== 'seo_head_json'));
}

describe('events/v1 against the samples', () => {
  let t: TestApp;
  const ids: Record<string, number> = {};
  const bodies: Record<string, Record<string, unknown>> = {};

  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  async function replay(name: string, body?: Record<string, unknown>, anonymous = false) {
    const s = sample(name);
    const path = name.includes('unknown') ? s.request.path : s.request.path.replace(/\/(\d+)$/, (_, id) => `/${ids[name.includes('categories') ? 'category' : name.includes('venues') ? 'venue' : name.includes('organizers') ? 'organizer' : 'event'] ?? id}`);
    let req = t.request[s.request.method.toLowerCase() as 'get' | 'post'](path).query(s.request.query);
    if (!anonymous) req = req.set('Authorization', t.adminAuth);
    const res = await (body ? req.send(body) : req);
    return { s, res };
  }

  it('creates a category as the sample does', async () => {
    const { s, res } = await replay('events-categories-create', sample('events-categories-create').request.body);
    expect(res.status).toBe(s.status);
    expect(shape(res.body)).toEqual({ ...(shape(s.body) as object), _links: expect.anything() });
    expect(Object.keys(res.body)).toEqual(Object.keys(s.body));
    expect(stable(res.body)).toEqual(stable(s.body));
    expect(res.body.url).toBe(`${SITE_URL}/events/category/sample-event-category-1795317603/`);
    expect(res.headers.allow).toBe(s.headers.allow);
    expect(res.headers.location).toBe(`${SITE_URL}/wp-json/events/v1/categories/${res.body.id}`);
    expect(res.body._links.self[0].targetHints.allow).toEqual(['GET', 'POST', 'PUT', 'PATCH', 'DELETE']);
    ids.category = res.body.id;
  });

  it('creates a venue and an organizer as the samples do', async () => {
    for (const [name, key] of [['events-venues-create', 'venue'], ['events-organizers-create', 'organizer']] as const) {
      const { s, res } = await replay(name, sample(name).request.body);
      expect(res.status).toBe(201);
      const record = theirs(res.body);
      expect(Object.keys(record)).toEqual(Object.keys(s.body));
      expect(shape(record)).toEqual(shape(s.body));
      expect(stable(record)).toEqual(stable(s.body));
      expect(res.headers.allow).toBe(s.headers.allow);
      ids[key] = res.body.id;
      bodies[key] = res.body;
    }
    expect(bodies.venue.url).toBe(`${SITE_URL}/venue/sample-hall/`);
    expect(bodies.organizer.global_id).toBe(`example.test?id=${ids.organizer}`);
  });

  it('creates an event with its venue, organizer and category as the sample does', async () => {
    const body = { ...sample('events-events-create').request.body, venue: ids.venue, organizer: [ids.organizer], categories: [ids.category] };
    const { s, res } = await replay('events-events-create', body);
    expect(res.status).toBe(201);
    const record = theirs(res.body);
    expect(Object.keys(record)).toEqual(Object.keys(s.body));
    expect(shape(record)).toEqual(shape(s.body));
    expect(stable(record)).toEqual(stable(s.body));
    for (const key of ['start_date', 'end_date', 'utc_start_date', 'utc_end_date', 'start_date_details', 'end_date_details', 'utc_start_date_details', 'utc_end_date_details']) {
      expect(res.body[key]).toEqual(s.body[key]);
    }
    expect(res.body.url).toBe(`${SITE_URL}/event/sample-quoted-event/`);
    expect(res.body.website).toBe(res.body.url);
    expect(res.body.rest_url).toBe(`${SITE_URL}/wp-json/events/v1/events/${res.body.id}`);
    expect(res.body.venue.id).toBe(ids.venue);
    expect(res.body.organizer.map((o: { id: number }) => o.id)).toEqual([ids.organizer]);
    expect(res.body.categories[0]).toMatchObject({ id: ids.category, term_taxonomy_id: ids.category, count: 1, urls: { self: `${SITE_URL}/wp-json/events/v1/categories/${ids.category}` } });
    expect(res.headers.allow).toBe(s.headers.allow);
    ids.event = res.body.id;
  });

  it('reads the event with json_ld as the sample does', async () => {
    const { s, res } = await replay('events-events-item-view');
    expect(res.status).toBe(200);
    const record = theirs(res.body);
    expect(Object.keys(record)).toEqual(Object.keys(s.body));
    expect(shape(record)).toEqual(shape(s.body));
    expect(stable(record)).toEqual(stable(s.body));
    expect(res.body.json_ld.startDate).toBe(s.body.json_ld && (s.body.json_ld as Record<string, unknown>).startDate);
    // antispambot encodes at random; decoded it is the address.
    const decoded = String(res.body.json_ld.organizer.email).replace(/&#(\d+);/g, (_, n) => String.fromCharCode(Number(n)));
    expect(decoded).toBe('org@example.org');
    expect(res.headers.allow).toBe(s.headers.allow);
  });

  it('lists events anonymously as the sample does', async () => {
    const { s, res } = await replay('events-events-list', undefined, true);
    expect(res.status).toBe(200);
    const body = { ...res.body, events: (res.body.events as Array<Record<string, unknown>>).map(theirs) };
    expect(Object.keys(body)).toEqual(Object.keys(s.body));
    expect(shape(body)).toEqual(shape(s.body));
    expect(stable(body.events)).toEqual(stable(s.body.events));
    expect(res.body.total).toBe(1);
    expect(res.body.total_pages).toBe(1);
    expect(res.body.rest_url).toMatch(/^http:\/\/example\.test\/wp-json\/events\/v1\/events\/\?page=1&per_page=2&start_date=\d{4}-\d\d-\d\d 00:00:00&end_date=\d{4}-\d\d-\d\d 23:59:59&status=publish$/);
    expect(res.headers['x-tec-total']).toBe('1');
    expect(res.headers['x-tec-totalpages']).toBe('1');
    expect(res.headers.allow).toBe(s.headers.allow);
  });

  it('reads the venue, organizer and category as the samples do', async () => {
    for (const name of ['events-venues-item-view', 'events-organizers-item-view', 'events-categories-item-view']) {
      const { s, res } = await replay(name);
      expect(res.status).toBe(200);
      const record = name.includes('categories') ? res.body : theirs(res.body);
      expect(Object.keys(record)).toEqual(Object.keys(s.body));
      expect(stable(record)).toEqual(stable(s.body));
      expect(res.headers.allow).toBe(s.headers.allow);
    }
  });

  it('refuses an unknown event id as the sample does', async () => {
    const { s, res } = await replay('events-events-unknown-id-400');
    expect(res.status).toBe(400);
    expect(res.body).toEqual(s.body);
    expect(res.headers.allow).toBe(s.headers.allow);
  });

  it('prints the routes in the index with the plugin arguments', async () => {
    const index = await t.request.get('/wp-json/').expect(200);
    const expected = (JSON.parse(readFileSync(path.join(SAMPLES, 'core-index.http.json'), 'utf8')).body.routes as Record<string, { endpoints: Array<{ args: Record<string, unknown> }> }>)['/events/v1/events'];
    const route = index.body.routes['/events/v1/events'];
    expect(route.methods).toEqual(['GET', 'POST']);
    // start_date, end_date and per_page defaults depend on the day and the site options: read at request time here.
    const withoutDefaults = (args: Record<string, Record<string, unknown>>) =>
      Object.fromEntries(Object.entries(args).map(([k, v]) => [k, ['start_date', 'end_date', 'per_page'].includes(k) ? Object.fromEntries(Object.entries(v).filter(([key]) => key !== 'default')) : v]));
    expect(withoutDefaults(route.endpoints[0].args)).toEqual(withoutDefaults(expected.endpoints[0].args as Record<string, Record<string, unknown>>));
    expect(route.endpoints[1].args).toEqual(expected.endpoints[1].args);
    expect(Object.keys(index.body.routes).filter((r) => r.startsWith('/events/v1'))).toEqual([
      '/events/v1', '/events/v1/doc', '/events/v1/events', '/events/v1/events/(?P<id>\\d+)', '/events/v1/events/by-slug/(?P<slug>[^/]+)',
      '/events/v1/venues', '/events/v1/venues/(?P<id>\\d+)', '/events/v1/venues/by-slug/(?P<slug>[^/]+)',
      '/events/v1/organizers', '/events/v1/organizers/(?P<id>\\d+)', '/events/v1/organizers/by-slug/(?P<slug>[^/]+)',
      '/events/v1/categories', '/events/v1/categories/(?P<id>\\d+)', '/events/v1/tags', '/events/v1/tags/(?P<id>\\d+)',
    ]);
  });
});
