/**
 * The calendar in ql-events' shape over HTTP: lists in event-start order (latest first), date
 * filters, nested venue and organizers, cursors both ways that keep their place under inserts,
 * lookups by every idType, mutations, and anonymous readers seeing published events only.
 */
import { insertManyEvents } from '../../src/domain/events';
import { startTestApp, type TestApp } from '../support/app';
import { execute, listen, run, type GraphQLTestServer } from './client';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const LIST = `query($first: Int, $last: Int, $after: String, $before: String, $where: RootQueryToEventConnectionWhereArgs) {
  events(first: $first, last: $last, after: $after, before: $before, where: $where) {
    pageInfo { hasNextPage hasPreviousPage startCursor endCursor }
    edges { cursor node { databaseId title startDate endDate status venue { databaseId title city linkedData { type address { type addressLocality } } } organizers { nodes { databaseId title email } } linkedData { context type startDate location { type } performer } } }
  }
}`;

describe('GraphQL (ql-events): calendar', () => {
  let t: TestApp;
  let server: GraphQLTestServer;
  beforeAll(async () => {
    t = await startTestApp({}, { seed: true });
    server = await listen(t);
  });
  afterAll(() => t.close());

  const admin = () => server.client(t.adminAuth);

  it('lists published events, latest start first, with their venue and organizers', async () => {
    const data = await run<Json>(server.client(), LIST, { first: 100 });
    const nodes = data.events.edges.map((e: Json) => e.node);
    expect(nodes.length).toBeGreaterThanOrEqual(3);
    const starts = nodes.map((n: Json) => n.startDate);
    expect(starts).toEqual([...starts].sort().reverse());
    expect(nodes.every((n: Json) => n.status === 'publish')).toBe(true);
    const withVenue = nodes.find((n: Json) => n.venue);
    expect(withVenue.venue.linkedData.type).toBe('Place');
    expect(withVenue.linkedData).toMatchObject({ context: 'http://schema.org', type: 'Event', performer: 'Organization' });
    expect(withVenue.linkedData.startDate).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d[+-]\d\d:\d\d$/);
  });

  it('filters by start and end dates', async () => {
    const all = (await run<Json>(server.client(), LIST, { first: 100 })).events.edges.map((e: Json) => e.node);
    const pivot = [...all].sort((a: Json, b: Json) => (a.startDate < b.startDate ? -1 : 1))[1].startDate as string;
    const after = (await run<Json>(server.client(), LIST, { first: 100, where: { startsAfter: pivot } })).events.edges.map((e: Json) => e.node);
    expect(after.map((n: Json) => n.databaseId).sort()).toEqual(all.filter((n: Json) => n.startDate > pivot).map((n: Json) => n.databaseId).sort());
    const before = (await run<Json>(server.client(), LIST, { first: 100, where: { startsBefore: pivot } })).events.edges.map((e: Json) => e.node);
    expect(before.map((n: Json) => n.databaseId).sort()).toEqual(all.filter((n: Json) => n.startDate < pivot).map((n: Json) => n.databaseId).sort());
    const bad = await execute(server.client(), '{ events(where: { startsAfter: "not a date at all" }) { nodes { id } } }');
    expect(bad.error?.graphQLErrors[0].extensions.code).toBe('rest_invalid_param');
  });

  it('pages both ways with cursors that keep their place when events are inserted', async () => {
    const all = (await run<Json>(server.client(), LIST, { first: 100 })).events.edges;
    const first = (await run<Json>(server.client(), LIST, { first: 2 })).events;
    expect(first.edges.map((e: Json) => e.node.databaseId)).toEqual(all.slice(0, 2).map((e: Json) => e.node.databaseId));
    expect(first.pageInfo.hasNextPage).toBe(true);
    // An event starting later than every other lands at the head of the list.
    await run(admin(), `mutation { createEvent(input: { title: "Latest of all", status: PUBLISH, startDate: "2099-01-01 10:00:00", endDate: "2099-01-01 12:00:00" }) { event { databaseId } } }`);
    const next = (await run<Json>(server.client(), LIST, { first: 2, after: first.pageInfo.endCursor })).events;
    expect(next.edges.map((e: Json) => e.node.databaseId)).toEqual(all.slice(2, 4).map((e: Json) => e.node.databaseId));
    const back = (await run<Json>(server.client(), LIST, { last: 2, before: next.edges[0].cursor })).events;
    expect(back.edges.map((e: Json) => e.node.databaseId)).toEqual(all.slice(0, 2).map((e: Json) => e.node.databaseId));
  });

  it('orders by the given fields and filters on the calendar flags', async () => {
    const byTitle = (await run<Json>(server.client(), '{ events(first: 100, where: { orderby: [{ field: TITLE, order: ASC }] }) { nodes { title } } }')).events.nodes.map((n: Json) => n.title);
    expect(byTitle.length).toBeGreaterThan(1);
    expect(byTitle).toEqual([...byTitle].sort((a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0)));
    const all = (await run<Json>(server.client(), '{ events(first: 100) { nodes { databaseId allDay featured uri } } }')).events.nodes;
    const allDay = (await run<Json>(server.client(), '{ events(first: 100, where: { allDay: true }) { nodes { databaseId } } }')).events.nodes.map((n: Json) => n.databaseId);
    expect(allDay).toEqual(all.filter((n: Json) => n.allDay).map((n: Json) => n.databaseId));
    const notFeatured = (await run<Json>(server.client(), '{ events(first: 100, where: { featured: false }) { nodes { databaseId } } }')).events.nodes.map((n: Json) => n.databaseId);
    expect(notFeatured).toEqual(all.filter((n: Json) => !n.featured).map((n: Json) => n.databaseId));
    const picked = [all[2].databaseId, all[0].databaseId];
    const inOrder = (await run<Json>(server.client(), `{ events(where: { in: [${picked.join(',')}], orderby: [{ field: IN, order: ASC }] }) { nodes { databaseId } } }`)).events.nodes.map((n: Json) => n.databaseId);
    expect(inOrder).toEqual(picked);
    const byUri = (await run<Json>(server.client(), `{ event(id: "${all[0].uri}", idType: URI) { databaseId } }`)).event;
    expect(byUri.databaseId).toBe(all[0].databaseId);
  });

  it('creates, updates and deletes events, venues, organizers and categories as an administrator only', async () => {
    const denied = await execute(server.client(), 'mutation { createVenue(input: { title: "Nope" }) { venue { databaseId } } }');
    expect(denied.error?.graphQLErrors[0].extensions.status).toBe(401);
    const venue = (await run<Json>(admin(), 'mutation { createVenue(input: { title: "Dock 5", city: "Ghent", status: PUBLISH }) { venue { databaseId city } } }')).createVenue.venue;
    expect(venue.city).toBe('Ghent');
    const organizer = (await run<Json>(admin(), 'mutation { createOrganizer(input: { title: "Ana", email: "ana@example.test", status: PUBLISH }) { organizer { id databaseId email } } }')).createOrganizer.organizer;
    const category = (await run<Json>(admin(), 'mutation { createEventsCategory(input: { name: "Concerts" }) { eventsCategory { databaseId slug } } }')).createEventsCategory.eventsCategory;
    expect(category.slug).toBe('concerts');
    const created = (await run<Json>(admin(), `mutation($v: ID, $o: [ID]) { createEvent(input: { title: "Night at the dock", status: DRAFT, startDate: "2030-05-01 20:00:00", endDate: "2030-05-01 23:00:00", venueId: $v, organizerIds: $o, eventsCategories: { nodes: [{ slug: "concerts" }] } }) {
      event { databaseId status venue { databaseId } organizers { nodes { databaseId } } eventsCategories { nodes { databaseId } } } } }`, { v: String(venue.databaseId), o: [organizer.id] })).createEvent.event;
    expect(created.status).toBe('draft');
    expect(created.venue.databaseId).toBe(venue.databaseId);
    expect(created.organizers.nodes.map((n: Json) => n.databaseId)).toEqual([organizer.databaseId]);
    expect(created.eventsCategories.nodes.map((n: Json) => n.databaseId)).toEqual([category.databaseId]);
    // Anonymous readers see published events only.
    const q = `{ event(id: "${created.databaseId}", idType: DATABASE_ID) { databaseId } }`;
    expect((await run<Json>(server.client(), q)).event).toBeNull();
    expect((await run<Json>(admin(), q)).event.databaseId).toBe(created.databaseId);
    const updated = (await run<Json>(admin(), `mutation { updateEvent(input: { id: "${created.databaseId}", status: PUBLISH, title: "Night at dock 5" }) { event { status title slug } } }`)).updateEvent.event;
    expect(updated).toMatchObject({ status: 'publish', title: 'Night at dock 5' });
    expect((await run<Json>(server.client(), `{ event(id: "${updated.slug}", idType: SLUG) { databaseId } }`)).event.databaseId).toBe(created.databaseId);
    const trashed = (await run<Json>(admin(), `mutation { deleteEvent(input: { id: "${created.databaseId}" }) { deletedId event { status } } }`)).deleteEvent;
    expect(trashed.event.status).toBe('trash');
    await run(admin(), `mutation { deleteEvent(input: { id: "${created.databaseId}", forceDelete: true }) { deletedId } }`);
    expect((await run<Json>(admin(), q)).event).toBeNull();
  });

  const rest = async (path: string) => (await t.request.get(`/wp-json/events/v1${path}`)).body as Json;

  it('agrees with events/v1 on venue and relative-date filters', async () => {
    const hall = (await rest('/venues')).venues.find((v: Json) => v.venue === 'Community Hall');
    const ids = async (where: Json) => (await run<Json>(server.client(), LIST, { first: 100, where })).events.edges.map((e: Json) => e.node.databaseId).sort();
    const restIds = async (query: string) => ((await rest(`/events?per_page=50&${query}`)).events ?? []).map((e: Json) => e.id).sort();
    expect(await ids({ venuesIn: [hall.id] })).toEqual(await restIds(`venue=${hall.id}`));
    expect((await restIds(`venue=${hall.id}`)).length).toBeGreaterThan(0);
    // TEC reads date filters with strtotime, so relative phrases work on both faces.
    expect(await ids({ startsAfter: '+12 days' })).toEqual(await restIds('starts_after=%2B12%20days'));
  });

  it('finds an event by global id, node(id) and nodeByUri', async () => {
    const first = (await rest('/events')).events[0] as Json;
    const gid = Buffer.from(`post:${first.id}`).toString('base64');
    const data = await run<Json>(
      server.client(),
      `query($gid: ID!, $uri: String!) {
        byId: event(id: $gid) { databaseId }
        node(id: $gid) { __typename ... on Event { databaseId } }
        byUri: nodeByUri(uri: $uri) { __typename ... on Event { databaseId } }
      }`,
      { gid, uri: new URL(first.url).pathname },
    );
    expect(data).toEqual({ byId: { databaseId: first.id }, node: { __typename: 'Event', databaseId: first.id }, byUri: { __typename: 'Event', databaseId: first.id } });
  });

  it('keeps each face its WordPress default for unused categories: events/v1 hides them, GraphQL shows them', async () => {
    const created = await t.request.post('/wp-json/events/v1/categories').set('Authorization', t.adminAuth).send({ name: 'Nobody here yet' });
    expect(created.status).toBe(201);
    const id = created.body.id as number;
    expect((await rest('/categories?per_page=50')).categories.map((c: Json) => c.id)).not.toContain(id);
    const ids = async (where: string) => (await run<Json>(server.client(), `{ eventsCategories(first: 100${where}) { nodes { databaseId } } }`)).eventsCategories.nodes.map((n: Json) => n.databaseId);
    expect(await ids('')).toContain(id);
    expect(await ids(', where: { hideEmpty: true }')).not.toContain(id);
  });

  it('writes the calendar fields through the domain events/v1 reads: timezone, featured, map flags, category URIs', async () => {
    const created = (await run<Json>(admin(), `mutation { createEvent(input: { title: "Launch party", status: PUBLISH, startDate: "2030-05-01 18:00:00", endDate: "2030-05-01 21:00:00", timezone: "Europe/Paris", cost: "15" }) {
      event { databaseId timezone startDate cost } } }`)).createEvent.event;
    expect(created).toMatchObject({ timezone: 'Europe/Paris', startDate: '2030-05-01 18:00:00', cost: '15' });
    const fromRest = await rest(`/events/${created.databaseId}`);
    expect(fromRest.utc_start_date).toBe('2030-05-01 16:00:00');
    const updated = (await run<Json>(admin(), `mutation { updateEvent(input: { id: "${created.databaseId}", title: "Launch night", featured: true }) { event { title featured timezone } } }`)).updateEvent.event;
    expect(updated).toEqual({ title: 'Launch night', featured: true, timezone: 'Europe/Paris' });
    expect((await rest(`/events/${created.databaseId}`)).featured).toBe(true);
    await run(admin(), `mutation { deleteEvent(input: { id: "${created.databaseId}" }) { deletedId } }`);
    expect((await t.request.get(`/wp-json/events/v1/events/${created.databaseId}`)).status).toBe(403);

    const venue = (await run<Json>(admin(), 'mutation { createVenue(input: { title: "Pier 9", city: "Oslo", showMap: false, status: PUBLISH }) { venue { title city showMap } } }')).createVenue.venue;
    expect(venue).toEqual({ title: 'Pier 9', city: 'Oslo', showMap: false });
    const category = (await run<Json>(admin(), 'mutation { createEventsCategory(input: { name: "Talks" }) { eventsCategory { slug uri } } }')).createEventsCategory.eventsCategory;
    expect(category).toEqual({ slug: 'talks', uri: '/events/category/talks/' });
    const anonymous = await execute(server.client(), 'mutation { createVenue(input: { title: "Nope" }) { venue { id } } }');
    expect(anonymous.error?.graphQLErrors[0].extensions?.status).toBe(401);
    expect((await rest('/venues?search=Nope')).venues ?? []).toHaveLength(0);
  });
});

describe('GraphQL (ql-events): nested venue, organizers and categories are batched', () => {
  let t: TestApp;
  let server: GraphQLTestServer;
  const ROWS = 100;
  beforeAll(async () => {
    t = await startTestApp({ GRAPHQL_MAX_COMPLEXITY: '10000000' }, { seed: false });
    server = await listen(t);
    const prisma = t.db.prisma;
    const date = new Date('2024-01-01T00:00:00Z');
    const venues: number[] = [];
    const organizers: number[] = [];
    for (let i = 0; i < 20; i++) {
      venues.push((await prisma.content.create({ data: { type: 'tribe_venue', status: 'publish', title: `Venue ${i}`, slug: `venue-${i}`, date, modified: date, venue: { create: { city: `City ${i}` } } } })).id);
      organizers.push((await prisma.content.create({ data: { type: 'tribe_organizer', status: 'publish', title: `Organizer ${i}`, slug: `organizer-${i}`, date, modified: date, organizer: { create: { email: `o${i}@example.com` } } } })).id);
    }
    const categories = await Promise.all(Array.from({ length: 5 }, (_, i) => prisma.term.create({ data: { taxonomy: 'tribe_events_cat', name: `Cat ${i}`, slug: `cat-${i}` } }).then((c) => c.id)));
    const ids = await insertManyEvents(t.db, { count: ROWS, venueIds: venues, organizerIds: organizers, categoryIds: categories });
    const tags = await Promise.all(Array.from({ length: 7 }, (_, i) => prisma.term.create({ data: { taxonomy: 'post_tag', name: `Tag ${i}`, slug: `tag-${i}` } })));
    await prisma.termRelationship.createMany({ data: ids.map((id, i) => ({ contentId: id, termId: tags[i % 7].id })) });
  }, 120_000);
  afterAll(() => t.close());

  const NESTED = `query($first: Int!) { events(first: $first) { nodes { databaseId startDate
    venue { databaseId city linkedData { name } }
    organizers { nodes { databaseId email } }
    eventsCategories { nodes { databaseId name uri } }
    tags { nodes { databaseId name } }
    linkedData { location { name } organizer { email } } } } }`;

  async function statementsOf(first: number): Promise<{ count: number; nodes: Json[] }> {
    await run(server.client(), NESTED, { first });
    const before = t.db.queries.count;
    const prismaBefore = t.db.queries.prismaCount;
    const data = await run<Json>(server.client(), NESTED, { first });
    // Every statement ran as a prepared statement on the fast read path, none through Prisma.
    expect(t.db.queries.prismaCount - prismaBefore).toBe(0);
    return { count: t.db.queries.count - before, nodes: data.events.nodes };
  }

  it('costs as many statements for 100 events as for 10', async () => {
    const ten = await statementsOf(10);
    const hundred = await statementsOf(ROWS);
    expect(ten.nodes).toHaveLength(10);
    expect(hundred.nodes).toHaveLength(ROWS);
    expect(hundred.nodes.every((n: Json) => n.venue?.city && n.organizers.nodes.length >= 1 && n.eventsCategories.nodes.length >= 1 && n.tags.nodes.length === 1 && n.linkedData.location)).toBe(true);
    expect(hundred.count).toBe(ten.count);
  });

  it('keeps each face its WordPress page cap: events/v1 at most 50 a page, GraphQL connections up to 100', async () => {
    const page = (await t.request.get('/wp-json/events/v1/events?per_page=100').expect(200)).body as Json;
    expect(page.total).toBeGreaterThanOrEqual(ROWS);
    expect(page.events).toHaveLength(50);
    expect((await run<Json>(server.client(), '{ events(first: 100) { nodes { databaseId } } }')).events.nodes).toHaveLength(100);
  });

  it('pages venues by date then id with stable cursors, and finds categories by every idType', async () => {
    const all = (await run<Json>(server.client(), '{ venues(first: 100) { nodes { databaseId } } }')).venues.nodes.map((n: Json) => n.databaseId);
    expect(all).toHaveLength(20);
    // Same date: WordPress's date DESC order falls back on the id, latest first.
    expect(all).toEqual([...all].sort((a: number, b: number) => b - a));
    const page = (await run<Json>(server.client(), '{ venues(first: 5) { pageInfo { endCursor } } }')).venues.pageInfo.endCursor;
    const next = (await run<Json>(server.client(), `{ venues(first: 5, after: "${page}") { nodes { databaseId } } }`)).venues.nodes.map((n: Json) => n.databaseId);
    expect(next).toEqual(all.slice(5, 10));
    const bySlug = (await run<Json>(server.client(), '{ eventsCategory(id: "cat-1", idType: SLUG) { id databaseId name } }')).eventsCategory;
    expect(bySlug.name).toBe('Cat 1');
    const byId = (await run<Json>(server.client(), `{ eventsCategory(id: "${bySlug.id}") { databaseId events(first: 100) { nodes { databaseId } } } }`)).eventsCategory;
    expect(byId.databaseId).toBe(bySlug.databaseId);
    expect(byId.events.nodes.length).toBeGreaterThan(0);
    const byName = (await run<Json>(server.client(), '{ eventsCategory(id: "Cat 1", idType: NAME) { databaseId } }')).eventsCategory;
    expect(byName.databaseId).toBe(bySlug.databaseId);
  });
});
