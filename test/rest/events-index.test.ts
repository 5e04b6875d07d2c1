/**
 * The namespace as a whole: its root and OpenAPI document (generated from the route table), the
 * date-range list served by the EventDetail index (EXPLAIN on the statement the domain issues),
 * a constant number of statements per page of events, the bulk loader and the demo seed.
 */
import { Prisma } from '../../src/generated/prisma-sqlite/client';
import { LoaderCache } from '../../src/domain/loaders';
import { viewerFor } from '../../src/domain/viewer';
import { eventCountSql, eventListSql, insertManyEvents, resolveEventArchive } from '../../src/domain/events';
import { readOptions } from '../../src/domain/settings/options';
import { startTestApp, SITE_URL, type TestApp } from '../support/app';

describe('events/v1 namespace', () => {
  let t: TestApp;
  let seeded: TestApp;

  beforeAll(async () => {
    t = await startTestApp();
    seeded = await startTestApp({}, { seed: true });
  });
  afterAll(async () => {
    await t.close();
    await seeded.close();
  });

  it('serves its root with every route', async () => {
    const res = await t.request.get('/wp-json/events/v1').expect(200);
    expect(res.body.namespace).toBe('events/v1');
    expect(Object.keys(res.body.routes)).toContain('/events/v1/events/by-slug/(?P<slug>[^/]+)');
    expect(res.body.routes['/events/v1/events/(?P<id>\\d+)'].methods).toEqual(['GET', 'DELETE', 'POST', 'PUT', 'PATCH']);
  });

  it('generates its OpenAPI document from the route table', async () => {
    const res = await t.request.get('/wp-json/events/v1/doc').expect(200);
    expect(Object.keys(res.body)).toEqual(['openapi', 'info', 'components', 'servers', 'paths']);
    expect(res.body.openapi).toBe('3.0.0');
    expect(res.body.info).toMatchObject({ version: '1.0.0', title: 'The Events Calendar REST API' });
    expect(res.body.servers).toEqual([{ url: `${SITE_URL}/wp-json/events/v1/` }]);
    expect(Object.keys(res.body.components.schemas)).toEqual(['ImageSize', 'CostDetails', 'Term', 'Image', 'DateDetails', 'Event', 'Venue', 'Organizer']);
    expect(Object.keys(res.body.paths)).toEqual([
      '/doc', '/events', '/events/{id}', '/events/by-slug/{slug}', '/venues', '/venues/{id}', '/venues/by-slug/{slug}',
      '/organizers', '/organizers/{id}', '/organizers/by-slug/{slug}', '/categories', '/categories/{id}', '/tags', '/tags/{id}',
    ]);
    const events = res.body.paths['/events'];
    expect(Object.keys(events)).toEqual(['get', 'post']);
    expect(events.get.parameters.find((p: { name: string }) => p.name === 'categories')).toEqual({
      name: 'categories', in: 'query', description: 'Events should be assigned one of the specified categories slugs or IDs', schema: { type: 'array', items: { type: 'integer' } }, required: false, style: 'form', explode: false,
    });
    expect(events.get.responses['200'].content['application/json'].schema).toEqual({ title: 'events', type: 'array', items: { $ref: '#/components/schemas/Event' } });
    expect(Object.keys(events.post.requestBody.content['application/x-www-form-urlencoded'].schema.properties)).toContain('start_date');
    const single = res.body.paths['/events/{id}'];
    expect(Object.keys(single)).toEqual(['get', 'delete', 'post']);
    expect(single.get.parameters[0]).toMatchObject({ name: 'id', in: 'path', required: true, schema: { type: 'integer' } });
    expect(single.delete.responses['410']).toBeDefined();
    // Every argument of every route is documented: the document follows the table.
    const index = await t.request.get('/wp-json/events/v1').expect(200);
    const venueArgs = Object.keys(index.body.routes['/events/v1/venues'].endpoints[0].args);
    expect(res.body.paths['/venues'].get.parameters.map((p: { name: string }) => p.name)).toEqual(venueArgs);
  });

  it('serves the date-range list from the EventDetail index', async () => {
    await insertManyEvents(t.db, { count: 300, start: new Date(Date.UTC(2029, 0, 1, 9)), perDay: 3 });
    // Planner statistics as a live site has them (both engines pick plans by them).
    await t.db.prisma.$executeRawUnsafe('ANALYZE');
    const ctx = { db: t.db, viewer: viewerFor(null), config: t.config, loaders: new LoaderCache(t.db) };
    const { query } = await resolveEventArchive(ctx, { start_date: '2029-03-01', end_date: '2029-03-31' });
    const options = await readOptions(t.db);
    // The list and its count: the window closes the index range on both sides of startUtc (the
    // end bound implies a start bound), and the index covers the WHERE on EventDetail.
    for (const sql of [eventListSql(t.db.provider, query, options), eventCountSql(t.db.provider, query, options)]) {
      if (t.db.provider === 'sqlite') {
        const plan = await t.db.prisma.$queryRaw<Array<{ detail: string }>>(Prisma.sql`EXPLAIN QUERY PLAN ${sql}`);
        const details = plan.map((row) => row.detail).join('\n');
        expect(details).toMatch(/SEARCH e USING COVERING INDEX EventDetail_startUtc_endUtc_hideFromListings_contentId_idx \(startUtc>\? AND startUtc<\?\)/);
        expect(details).not.toMatch(/SCAN e\b/);
      } else {
        const plan = await t.db.prisma.$transaction(async (tx) => {
          await tx.$executeRawUnsafe('SET LOCAL enable_seqscan = off');
          return tx.$queryRaw<Array<{ 'QUERY PLAN': string }>>(Prisma.sql`EXPLAIN ${sql}`);
        });
        const text = plan.map((row) => row['QUERY PLAN']).join('\n');
        expect(text).toMatch(/Index (Only )?Scan using "?EventDetail_startUtc_endUtc_hideFromListings_contentId_idx"?|Bitmap Index Scan on "?EventDetail_startUtc_endUtc_hideFromListings_contentId_idx"?/);
        expect(text).toMatch(/"?startUtc"? >= .*"?startUtc"? <= /s);
      }
    }
  });

  it('costs a constant number of statements per page of events, nested records included', async () => {
    const venues: number[] = [];
    const organizers: number[] = [];
    for (let i = 0; i < 4; i++) {
      venues.push((await t.request.post('/wp-json/events/v1/venues').set('Authorization', t.adminAuth).send({ venue: `Venue ${i}` })).body.id);
      organizers.push((await t.request.post('/wp-json/events/v1/organizers').set('Authorization', t.adminAuth).send({ organizer: `Organizer ${i}` })).body.id);
    }
    const categories = [];
    for (const name of ['A', 'B', 'C']) categories.push((await t.request.post('/wp-json/events/v1/categories').set('Authorization', t.adminAuth).send({ name })).body.id);
    const ids = await insertManyEvents(t.db, { count: 60, start: new Date(Date.UTC(2031, 0, 1, 9)), perDay: 5, venueIds: venues, organizerIds: organizers, categoryIds: categories });
    expect(ids).toHaveLength(60);
    const count = async (perPage: number) => {
      const path = `/wp-json/events/v1/events?start_date=2031-01-01&end_date=2031-12-31&per_page=${perPage}`;
      await t.request.get(path).expect(200);
      const before = t.db.queries.count;
      const prismaBefore = t.db.queries.prismaCount;
      const res = await t.request.get(path).expect(200);
      // Every statement ran as a prepared statement on the fast read path, none through Prisma.
      expect(t.db.queries.prismaCount - prismaBefore).toBe(0);
      expect(res.body.events).toHaveLength(perPage);
      expect(res.body.events[0].venue.venue).toMatch(/^Venue/);
      expect(res.body.events[0].organizer[0].organizer).toMatch(/^Organizer/);
      expect(res.body.events[0].categories).toHaveLength(1);
      return t.db.queries.count - before;
    };
    const small = await count(5);
    const large = await count(40);
    expect(large).toBe(small);
    // 15 for the records themselves; each event's SEO head (seo_head, seo_head_json) adds the site's
    // SEO options and the events' SEO meta, read once for the whole page.
    expect(small).toBeLessThanOrEqual(17);
    const total = (await t.request.get('/wp-json/events/v1/events?start_date=2031-01-01&end_date=2031-12-31&per_page=7')).body.total;
    expect(total).toBe(60);
  });

  it('seeds demo events with their venues, organizers and categories', async () => {
    const res = await seeded.request.get('/wp-json/events/v1/events').expect(200);
    expect(res.body.events.map((e: { title: string }) => e.title)).toEqual(['Monthly community meetup', 'GraphQL workshop', 'Book club evening']);
    expect(res.body.events[1]).toMatchObject({ cost: '$25', venue: { venue: 'City Library', geo_lat: 39.8017 }, organizer: [{ organizer: 'Demo Team' }], categories: [{ name: 'Workshops' }] });
    expect(res.body.events[0].cost).toBe('Free');
    expect((await seeded.request.get('/wp-json/events/v1/venues')).body.total).toBe(2);
    expect((await seeded.request.get('/wp-json/events/v1/categories')).body.categories.map((c: { name: string }) => c.name)).toEqual(['Meetups', 'Workshops']);
    // core/v2 keeps its own view of the site.
    expect((await seeded.request.get('/wp-json/core/v2/types')).body).not.toHaveProperty('tribe_events');
  });
});
