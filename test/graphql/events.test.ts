/**
 * The calendar over GraphQL: the same events, venues, organizers and categories as events/v1 (order,
 * totals, filters, nested records), lookups by id, slug and address, mutations through the domain,
 * and nested lists of many events at a constant number of SQL statements.
 */
import { insertManyEvents } from '../../src/domain/events';
import { startTestApp, type TestApp } from '../support/app';
import { execute, listen, run, type GraphQLTestServer } from './client';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const NESTED = `query Nested($first: Int!, $where: EventsWhereArgs) {
  events(first: $first, where: $where) {
    totalCount
    nodes {
      databaseId title startDate endDate startDateUtc timezone allDay cost url uri
      venue { databaseId title city }
      venues { databaseId }
      organizers { databaseId title email }
      categories { databaseId name slug uri }
      tags { databaseId name }
    }
  }
}`;

describe('GraphQL: calendar', () => {
  let t: TestApp;
  let server: GraphQLTestServer;
  beforeAll(async () => {
    t = await startTestApp({}, { seed: true });
    server = await listen(t);
  });
  afterAll(() => t.close());

  const rest = async (path: string) => (await t.request.get(`/wp-json/events/v1${path}`)).body as Json;

  it('lists the same events as events/v1, with the same nested venues, organizers and categories', async () => {
    const fromRest = await rest('/events');
    const data = await run<Json>(server.client(), NESTED, { first: 10 });
    expect(data.events.totalCount).toBe(fromRest.total);
    expect(data.events.nodes.map((e: Json) => e.databaseId)).toEqual(fromRest.events.map((e: Json) => e.id));
    expect(fromRest.events.length).toBeGreaterThanOrEqual(3);
    for (const [i, event] of fromRest.events.entries()) {
      const node = data.events.nodes[i];
      expect(node.title).toBe(event.title);
      expect(node.startDate).toBe(event.start_date);
      expect(node.endDate).toBe(event.end_date);
      expect(node.startDateUtc).toBe(event.utc_start_date);
      expect(node.timezone).toBe(event.timezone);
      expect(node.allDay).toBe(event.all_day);
      expect(node.cost ?? '').toBe(event.cost);
      expect(node.venue?.databaseId).toBe(event.venue.id);
      expect(node.venue?.city).toBe(event.venue.city);
      expect(node.organizers.map((o: Json) => o.databaseId)).toEqual(event.organizer.map((o: Json) => o.id));
      expect(node.categories.map((c: Json) => c.slug)).toEqual(event.categories.map((c: Json) => c.slug));
      expect(`http://example.test${node.uri}`).toBe(event.url);
    }
  });

  it('keeps each face its WordPress default for unused categories: events/v1 hides them, GraphQL shows them', async () => {
    const created = await t.request.post('/wp-json/events/v1/categories').set('Authorization', t.adminAuth).send({ name: 'Nobody here yet' });
    expect(created.status).toBe(201);
    const id = created.body.id as number;
    const restIds = (await rest('/categories?per_page=50')).categories.map((c: Json) => c.id);
    expect(restIds).not.toContain(id);
    expect((await rest('/categories?per_page=50&hide_empty=false')).categories.map((c: Json) => c.id)).toContain(id);
    const ids = async (where: string) => (await run<Json>(server.client(), `{ eventsCategories(first: 100${where}) { nodes { databaseId } } }`)).eventsCategories.nodes.map((n: Json) => n.databaseId);
    expect(await ids('')).toContain(id);
    expect(await ids(', where: { hideEmpty: true }')).not.toContain(id);
  });

  it('filters as events/v1 does', async () => {
    const hall = (await rest('/venues')).venues.find((v: Json) => v.venue === 'Community Hall');
    const byVenue = await run<Json>(server.client(), NESTED, { first: 10, where: { venue: [hall.id] } });
    expect(byVenue.events.nodes.map((e: Json) => e.databaseId)).toEqual((await rest(`/events?venue=${hall.id}`)).events.map((e: Json) => e.id));
    const byCategory = await run<Json>(server.client(), NESTED, { first: 10, where: { categories: ['workshops'] } });
    expect(byCategory.events.nodes.map((e: Json) => e.title)).toEqual(['GraphQL workshop']);
    const late = await run<Json>(server.client(), NESTED, { first: 10, where: { startsAfter: '+12 days' } });
    expect(late.events.nodes.map((e: Json) => e.databaseId)).toEqual((await rest('/events?starts_after=%2B12%20days')).events.map((e: Json) => e.id));
    const bad = await execute(server.client(), '{ events(where: { startDate: "not a date at all" }) { nodes { id } } }');
    expect(bad.error?.graphQLErrors[0].extensions).toMatchObject({ code: 'rest_invalid_param', status: 400 });
  });

  it('looks records up by id, slug and address, and lists a venue’s events', async () => {
    const first = (await rest('/events')).events[0];
    const gid = Buffer.from(`post:${first.id}`).toString('base64');
    const data = await run<Json>(
      server.client(),
      `query($gid: ID!, $slug: ID!, $uri: String!) {
        a: event(id: $gid) { databaseId }
        b: event(id: $slug, idType: SLUG) { databaseId }
        c: nodeByUri(uri: $uri) { __typename ... on Event { databaseId venue { events { totalCount nodes { databaseId } } } } }
        node(id: $gid) { __typename }
      }`,
      { gid, slug: first.slug, uri: new URL(first.url).pathname },
    );
    expect(data.a.databaseId).toBe(first.id);
    expect(data.b.databaseId).toBe(first.id);
    expect(data.c.__typename).toBe('Event');
    expect(data.c.venue.events.nodes.map((e: Json) => e.databaseId)).toContain(first.id);
    expect(data.node.__typename).toBe('Event');
  });

  it('creates, updates and trashes events through the domain, with inline venues and organizers', async () => {
    const admin = server.client(t.adminAuth);
    const created = await run<Json>(
      admin,
      `mutation { createEvent(input: { fields: {
        title: "Launch party", startDate: "2030-05-01 18:00:00", endDate: "2030-05-01 21:00:00", timezone: "Europe/Paris",
        cost: "15", categories: ["Parties"], venues: [{ name: "Rooftop", city: "Paris", country: "France" }], organizers: [{ name: "Crew", email: "crew@example.com" }]
      } }) { event { databaseId startDateUtc timezone venue { title city } organizers { title email } categories { name } } } }`,
    );
    const event = created.createEvent.event;
    expect(event).toMatchObject({ startDateUtc: '2030-05-01 16:00:00', timezone: 'Europe/Paris', venue: { title: 'Rooftop', city: 'Paris' }, organizers: [{ title: 'Crew', email: 'crew@example.com' }], categories: [{ name: 'Parties' }] });
    const fromRest = await rest(`/events/${event.databaseId}`);
    expect(fromRest.venue.venue).toBe('Rooftop');
    expect(fromRest.utc_start_date).toBe('2030-05-01 16:00:00');

    const updated = await run<Json>(admin, 'mutation($id: ID!) { updateEvent(input: { id: $id, fields: { title: "Launch night", featured: true } }) { event { title featured venue { title } } } }', { id: String(event.databaseId) });
    expect(updated.updateEvent.event).toEqual({ title: 'Launch night', featured: true, venue: { title: 'Rooftop' } });

    const invalid = await execute(admin, 'mutation { createEvent(input: { fields: { title: "No dates" } }) { event { id } } }');
    expect(invalid.error?.graphQLErrors[0].extensions).toMatchObject({ status: 400 });

    const trashed = await run<Json>(admin, 'mutation($id: ID!) { deleteEvent(input: { id: $id }) { event { status } } }', { id: String(event.databaseId) });
    expect(trashed.deleteEvent.event.status).toBe('TRASH');
    expect((await t.request.get(`/wp-json/events/v1/events/${event.databaseId}`)).status).toBe(403);
  });

  it('manages venues, organizers and categories, and refuses anonymous writes', async () => {
    const admin = server.client(t.adminAuth);
    const venue = await run<Json>(admin, 'mutation { createVenue(input: { fields: { name: "Pier 9", city: "Oslo", showMap: false } }) { venue { databaseId title city showMap } } }');
    expect(venue.createVenue.venue).toMatchObject({ title: 'Pier 9', city: 'Oslo', showMap: false });
    const organizer = await run<Json>(admin, 'mutation { createOrganizer(input: { fields: { name: "Org", email: "org@example.com" } }) { organizer { databaseId email } } }');
    expect(organizer.createOrganizer.organizer.email).toBe('org@example.com');
    const category = await run<Json>(admin, 'mutation { createEventsCategory(input: { name: "Talks" }) { eventsCategory { databaseId slug uri } } }');
    expect(category.createEventsCategory.eventsCategory).toMatchObject({ slug: 'talks', uri: '/events/category/talks/' });
    const anonymous = await execute(server.client(), 'mutation { createVenue(input: { fields: { name: "Nope" } }) { venue { id } } }');
    expect(anonymous.error?.graphQLErrors[0].extensions?.status).toBe(401);
    expect((await rest('/venues?search=Nope')).venues ?? []).toHaveLength(0);
  });
});

describe('GraphQL: SQL statements of nested event lists', () => {
  let t: TestApp;
  let server: GraphQLTestServer;
  beforeAll(async () => {
    t = await startTestApp({}, { seed: false });
    server = await listen(t);
    const prisma = t.db.prisma;
    const venueIds: number[] = [];
    const organizerIds: number[] = [];
    for (let i = 0; i < 12; i++) {
      const venue = await prisma.content.create({ data: { type: 'tribe_venue', status: 'publish', title: `Venue ${i}`, slug: `venue-${i}`, date: new Date(), modified: new Date(), venue: { create: { city: `City ${i}` } } } });
      venueIds.push(venue.id);
      const organizer = await prisma.content.create({ data: { type: 'tribe_organizer', status: 'publish', title: `Organizer ${i}`, slug: `organizer-${i}`, date: new Date(), modified: new Date(), organizer: { create: { email: `o${i}@example.com` } } } });
      organizerIds.push(organizer.id);
    }
    const categoryIds = await Promise.all(Array.from({ length: 5 }, (_, i) => prisma.term.create({ data: { taxonomy: 'tribe_events_cat', name: `Cat ${i}`, slug: `cat-${i}` } }).then((c) => c.id)));
    const ids = await insertManyEvents(t.db, { count: 120, venueIds, organizerIds, categoryIds });
    const tags = await Promise.all(Array.from({ length: 7 }, (_, i) => prisma.term.create({ data: { taxonomy: 'post_tag', name: `Tag ${i}`, slug: `tag-${i}` } })));
    await prisma.termRelationship.createMany({ data: ids.map((id, i) => ({ contentId: id, termId: tags[i % 7].id })) });
  }, 120_000);
  afterAll(() => t.close());

  async function statementsOf(first: number): Promise<{ count: number; events: Json[] }> {
    const client = server.client();
    await run(client, NESTED, { first });
    const before = t.db.queries.count;
    const prismaBefore = t.db.queries.prismaCount;
    const data = await run<Json>(client, NESTED, { first });
    // Every statement ran as a prepared statement on the fast read path, none through Prisma.
    expect(t.db.queries.prismaCount - prismaBefore).toBe(0);
    return { count: t.db.queries.count - before, events: data.events.nodes };
  }

  it('costs the same number of statements for 10 or 100 events with venues, organizers, categories and tags', async () => {
    const ten = await statementsOf(10);
    const hundred = await statementsOf(100);
    console.log(`nested events query: ${ten.count} statements for ${ten.events.length} events, ${hundred.count} for ${hundred.events.length}`);
    expect(hundred.events).toHaveLength(100);
    expect(hundred.events.every((e) => e.venue && e.organizers.length === 1 && e.categories.length === 1 && e.tags.length === 1)).toBe(true);
    expect(new Set(hundred.events.map((e) => e.venue.databaseId)).size).toBe(12);
    expect(ten.count).toBeGreaterThan(0);
    expect(hundred.count).toBe(ten.count);
  });

  it('keeps each face its WordPress page cap: events/v1 at most 50 a page, GraphQL connections up to 100', async () => {
    const page = (await t.request.get('/wp-json/events/v1/events?per_page=100').expect(200)).body as Json;
    expect(page.total).toBeGreaterThanOrEqual(100);
    expect(page.events).toHaveLength(50);
    const data = await run<Json>(server.client(), '{ events(first: 100) { nodes { databaseId } } }');
    expect(data.events.nodes).toHaveLength(100);
  });
});
