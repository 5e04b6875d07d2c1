/**
 * The calendar over src/domain/events: events, venues, organizers and event categories, their
 * lists with the archive's filters and defaults (the arguments pass through the plugin's checks,
 * the contracts in src/domain/events), nested relations through the domain's per-request loaders,
 * and mutations through the same domain functions as events/v1.
 */
import {
  createEvent,
  createEventTerm,
  createOrganizer,
  createVenue,
  deleteEvent,
  deleteEventTerm,
  deleteOrganizer,
  deleteVenue,
  describeEventTerms,
  descriptionVisibleWithoutPassword,
  eventsByOrganizer,
  eventsByVenue,
  eventTermsByEvent,
  getEvent,
  getEventTerm,
  getOrganizer,
  getVenue,
  listEventTerms,
  listEvents,
  listOrganizers,
  listVenues,
  organizerInputOf,
  organizersByEvent,
  resolveEventArchive,
  updateEvent,
  updateEventTerm,
  updateOrganizer,
  updateVenue,
  venueInputOf,
  venuesByEvent,
  costValues,
  formatCost,
  EVENT_CATEGORY,
  EVENT_TYPE,
  ORGANIZER_TYPE,
  VENUE_TYPE,
  type CalendarPost,
  type EventRecord,
  type LinkedList,
  type LinkedListQuery,
} from '../../domain/events';
import { parseUtc } from '../../domain/events/dates';
import { findBySlug } from '../../domain/events/validators';
import { termIdBy } from '../../domain/terms/lookup';
import type { EventsWhereArgs, LinkedRecordInput, LinkedWhereArgs, Resolvers } from '../../generated/graphql';
import { readArgs, type TecArgs } from '../../domain/events/args';
import { archiveArgs, ARCHIVE_ARGS, CREATE_ARGS, eventInput, UPDATE_FIELDS_ARGS } from '../../domain/events/contract';
import { ORGANIZER_CREATE_ARGS, VENUE_CREATE_ARGS } from '../../domain/events/linked-contract';
import { changesOf } from '../../domain/events/term-contract';
import { connectionFrom, connectionOfList, type ConnectionArgs } from '../connection';
import type { GraphQLContext } from '../context';
import { orNull } from '../errors';
import { databaseIdOf, globalIdOf, plainIdOf, toGlobalId } from '../global-id';
import { enumValue, opt } from '../contract-args';
import { authorEdge, contentField, excerptField, rowFields, siteDate, titleField, uriOf } from './content-fields';

/** The plugin's argument checks over values named as the REST parameters. */
const checked = (ctx: GraphQLContext, args: TecArgs, params: Record<string, unknown>) =>
  readArgs({ params: Object.fromEntries(Object.entries(params).filter(([, v]) => v !== undefined)), domain: ctx.domain }, args);

// ---------------------------------------------------------------------------------------------
// Lists
// ---------------------------------------------------------------------------------------------

function archiveParams(where: EventsWhereArgs | null | undefined): Record<string, unknown> {
  const w = where ?? {};
  return {
    start_date: opt(w.startDate),
    end_date: opt(w.endDate),
    starts_before: opt(w.startsBefore),
    starts_after: opt(w.startsAfter),
    ends_before: opt(w.endsBefore),
    ends_after: opt(w.endsAfter),
    strict_dates: w.strictDates === undefined || w.strictDates === null ? undefined : String(w.strictDates),
    search: opt(w.search),
    categories: opt(w.categories),
    tags: opt(w.tags),
    venue: opt(w.venue),
    organizer: opt(w.organizer),
    featured: opt(w.featured),
    status: w.status ? w.status.map((s) => enumValue(s, '-')).join(',') : undefined,
    include: opt(w.include),
    post_parent: opt(w.postParent),
    geoloc: opt(w.geoloc),
    geoloc_lat: opt(w.geolocLat),
    geoloc_lng: opt(w.geolocLng),
  };
}

async function eventConnection(ctx: GraphQLContext, args: ConnectionArgs & { where?: EventsWhereArgs | null }) {
  const params = Object.fromEntries(Object.entries(archiveParams(args.where)).filter(([, v]) => v !== undefined));
  const archive = await archiveArgs({ params: await checked(ctx, ARCHIVE_ARGS, params), domain: ctx.domain, query: params });
  const { query } = await resolveEventArchive(ctx.domain, archive);
  return connectionFrom(args, async (offset, limit) => {
    const list = await listEvents(ctx.domain, { ...query, page: 1, perPage: limit, offset });
    return { items: list.records, total: list.total };
  });
}

function linkedConnection<R extends CalendarPost>(ctx: GraphQLContext, args: ConnectionArgs & { where?: LinkedWhereArgs | null }, list: (ctx: GraphQLContext['domain'], q: LinkedListQuery) => Promise<LinkedList<R>>) {
  const w = args.where ?? {};
  return connectionFrom(args, async (offset, limit) => {
    const result = await list(ctx.domain, {
      page: 1,
      perPage: limit,
      offset,
      search: opt(w.search),
      event: opt(w.event),
      hasEvents: opt(w.hasEvents),
      onlyWithUpcoming: opt(w.onlyWithUpcoming),
      statuses: w.status ? w.status.map((s) => enumValue(s, '-')) : undefined,
    });
    return { items: result.records, total: result.total };
  });
}

// ---------------------------------------------------------------------------------------------
// Lookups
// ---------------------------------------------------------------------------------------------

async function calendarId(ctx: GraphQLContext, type: string, id: string, idType: string | null | undefined): Promise<number | null> {
  if (idType === 'DATABASE_ID') return plainIdOf(id);
  if (idType === 'SLUG') return findBySlug(ctx.domain, type, id);
  return globalIdOf(id, 'post');
}

async function lookupEvent(ctx: GraphQLContext, id: string, idType: string | null | undefined) {
  const dbId = await calendarId(ctx, EVENT_TYPE, id, idType);
  return dbId === null ? null : orNull(() => getEvent(ctx.domain, dbId));
}

// ---------------------------------------------------------------------------------------------
// Inputs
// ---------------------------------------------------------------------------------------------

function linkedInput(entries: LinkedRecordInput[] | null | undefined, nameField: 'venue' | 'organizer'): unknown[] | undefined {
  if (!entries) return undefined;
  return entries.map((entry) => {
    if (entry.id !== null && entry.id !== undefined) return databaseIdOf(entry.id, 'post');
    const { id: _id, name, ...rest } = entry;
    void _id;
    return Object.fromEntries(Object.entries({ [nameField]: name, ...rest }).filter(([, v]) => v !== null && v !== undefined));
  });
}

function eventParams(fields: Record<string, unknown>): Record<string, unknown> {
  const f = fields as Record<string, unknown> & { venues?: LinkedRecordInput[] | null; organizers?: LinkedRecordInput[] | null; status?: string | null; authorId?: string | null };
  return {
    title: f.title,
    description: f.description,
    excerpt: f.excerpt,
    slug: f.slug,
    status: f.status ? enumValue(f.status, '-') : undefined,
    author: f.authorId ? databaseIdOf(f.authorId, 'user') : undefined,
    date: f.date,
    date_utc: f.dateUtc,
    start_date: f.startDate,
    end_date: f.endDate,
    timezone: f.timezone,
    all_day: f.allDay,
    image: f.image,
    cost: f.cost,
    website: f.website,
    show_map: f.showMap,
    show_map_link: f.showMapLink,
    hide_from_listings: f.hideFromListings,
    sticky: f.isSticky,
    featured: f.featured,
    categories: f.categories,
    tags: f.tags,
    venue: linkedInput(f.venues, 'venue'),
    organizer: linkedInput(f.organizers, 'organizer'),
  };
}

function linkedParams(fields: Record<string, unknown>, nameField: 'venue' | 'organizer'): Record<string, unknown> {
  const { name, status, showMap, showMapLink, stateProvince, ...rest } = fields as Record<string, unknown>;
  return {
    ...rest,
    [nameField]: name,
    status: typeof status === 'string' ? enumValue(status, '-') : undefined,
    // The plugin declares these as strings ("true" / "false").
    show_map: showMap === undefined || showMap === null ? undefined : String(showMap),
    show_map_link: showMapLink === undefined || showMapLink === null ? undefined : String(showMapLink),
    stateprovince: stateProvince,
  };
}

// ---------------------------------------------------------------------------------------------
// Fields
// ---------------------------------------------------------------------------------------------

function postFields<R extends CalendarPost>() {
  return {
    id: (r: R) => toGlobalId('post', r.row.id),
    databaseId: (r: R) => r.row.id,
    uri: (r: R, _: unknown, ctx: GraphQLContext) => uriOf(r.link, ctx.domain.config.siteUrl),
    link: (r: R) => r.link,
    slug: (r: R) => r.row.slug,
    status: (r: R) => rowFields.status(r.row),
    title: (r: R, args: { format?: 'RAW' | 'RENDERED' | null }, ctx: GraphQLContext) => titleField(ctx, r.row, args.format),
    content: (r: R, args: { format?: 'RAW' | 'RENDERED' | null }, ctx: GraphQLContext) =>
      descriptionVisibleWithoutPassword(ctx.domain, r.row) ? contentField(ctx, r.row, args.format) : null,
  };
}

const CATEGORY = EVENT_CATEGORY;

export const eventResolvers: Resolvers = {
  Query: {
    event: (_, { id, idType }, ctx) => lookupEvent(ctx, id, idType),
    events: (_, args, ctx) => eventConnection(ctx, args),
    venue: async (_, { id, idType }, ctx) => {
      const dbId = await calendarId(ctx, VENUE_TYPE, id, idType);
      return dbId === null ? null : orNull(() => getVenue(ctx.domain, dbId));
    },
    venues: (_, args, ctx) => linkedConnection(ctx, args, listVenues),
    organizer: async (_, { id, idType }, ctx) => {
      const dbId = await calendarId(ctx, ORGANIZER_TYPE, id, idType);
      return dbId === null ? null : orNull(() => getOrganizer(ctx.domain, dbId));
    },
    organizers: (_, args, ctx) => linkedConnection(ctx, args, listOrganizers),
    eventsCategory: async (_, { id, idType }, ctx) => {
      const dbId =
        idType === 'SLUG' || idType === 'NAME' ? await termIdBy(ctx.domain, CATEGORY, idType === 'SLUG' ? 'slug' : 'name', id) : idType === 'DATABASE_ID' ? plainIdOf(id) : globalIdOf(id, 'term');
      if (dbId === null) return null;
      return orNull(() => getEventTerm(ctx.domain, CATEGORY, dbId));
    },
    eventsCategories: (_, args, ctx) => {
      const w = args.where ?? {};
      return connectionFrom(args, async (offset, limit) => {
        const list = await listEventTerms(ctx.domain, CATEGORY, {
          offset,
          perPage: limit,
          search: opt(w.search),
          include: opt(w.include),
          exclude: opt(w.exclude),
          slugs: opt(w.slug),
          hideEmpty: opt(w.hideEmpty),
          parent: opt(w.parent),
          post: opt(w.event),
        }, 'graphql');
        return { items: list.terms, total: list.total };
      });
    },
  },
  Event: {
    ...postFields<EventRecord>(),
    excerpt: (r, args, ctx) => excerptField(ctx, r.row, args.format),
    date: (r, _, ctx) => siteDate(ctx, r.row.date),
    dateGmt: (r) => rowFields.dateGmt(r.row),
    modified: (r, _, ctx) => siteDate(ctx, r.row.modified),
    modifiedGmt: (r) => rowFields.modifiedGmt(r.row),
    startDate: (r) => r.detail.startLocal,
    endDate: (r) => r.detail.endLocal,
    startDateUtc: (r) => r.detail.startUtc,
    endDateUtc: (r) => r.detail.endUtc,
    startsAt: (r) => parseUtc(r.detail.startUtc),
    endsAt: (r) => parseUtc(r.detail.endUtc),
    timezone: (r) => r.detail.timezone,
    timezoneAbbr: (r) => r.detail.timezoneAbbr,
    allDay: (r) => r.detail.allDay,
    duration: (r) => Math.round((parseUtc(r.detail.endUtc).getTime() - parseUtc(r.detail.startUtc).getTime()) / 1000),
    cost: (r) => formatCost(r.detail.cost, r.detail.currencySymbol, r.detail.currencyPosition) || null,
    costMin: (r) => costValues(r.detail.cost)[0] ?? null,
    costMax: (r) => costValues(r.detail.cost).at(-1) ?? null,
    currencySymbol: (r) => r.detail.currencySymbol || null,
    currencyPosition: (r) => r.detail.currencyPosition || null,
    url: (r) => r.detail.website ?? null,
    showMap: (r) => r.detail.showMap,
    showMapLink: (r) => r.detail.showMapLink,
    hideFromUpcoming: (r) => r.detail.hideFromListings,
    featured: (r) => r.detail.featured,
    isSticky: (r) => r.detail.sticky,
    imageUrl: (r) => r.image?.url ?? null,
    author: (r, _, ctx) => authorEdge(ctx, r.row.authorId),
    venue: async (r, _, ctx) => (await venuesByEvent(ctx.domain).load(r.row.id))[0] ?? null,
    venues: (r, _, ctx) => venuesByEvent(ctx.domain).load(r.row.id),
    organizers: (r, _, ctx) => organizersByEvent(ctx.domain).load(r.row.id),
    categories: async (r, _, ctx) => describeEventTerms(ctx.domain, CATEGORY, (await eventTermsByEvent(ctx.domain).load(r.row.id)).categories),
    tags: async (r, _, ctx) => describeEventTerms(ctx.domain, 'post_tag', (await eventTermsByEvent(ctx.domain).load(r.row.id)).tags),
  },
  Venue: {
    ...postFields(),
    address: (v) => v.detail.address,
    city: (v) => v.detail.city,
    country: (v) => v.detail.country,
    province: (v) => v.detail.province,
    state: (v) => v.detail.state,
    stateProvince: (v) => v.detail.stateprovince,
    zip: (v) => v.detail.zip,
    phone: (v) => v.detail.phone,
    url: (v) => v.detail.website,
    showMap: (v) => v.detail.showMap,
    showMapLink: (v) => v.detail.showMapLink,
    latitude: (v) => v.detail.lat,
    longitude: (v) => v.detail.lng,
    events: async (v, args, ctx) => connectionOfList(args, await eventsByVenue(ctx.domain).load(v.row.id)),
  },
  Organizer: {
    ...postFields(),
    email: (o) => o.detail.email,
    phone: (o) => o.detail.phone,
    website: (o) => o.detail.website,
    events: async (o, args, ctx) => connectionOfList(args, await eventsByOrganizer(ctx.domain).load(o.row.id)),
  },
  EventsCategory: {
    id: (v) => toGlobalId('term', v.term.id),
    databaseId: (v) => v.term.id,
    uri: (v, _, ctx) => uriOf(v.link, ctx.domain.config.siteUrl),
    link: (v) => v.link,
    name: (v) => v.term.name,
    slug: (v) => v.term.slug,
    description: (v) => v.term.description,
    count: (v) => v.term.count,
    parentDatabaseId: (v) => v.term.parentId || null,
  },
  Mutation: {
    createEvent: async (_, { input }, ctx) => {
      const values = await checked(ctx, CREATE_ARGS, eventParams(input.fields));
      return { clientMutationId: input.clientMutationId, event: await createEvent(ctx.domain, eventInput(values)) };
    },
    updateEvent: async (_, { input }, ctx) => {
      const values = await checked(ctx, UPDATE_FIELDS_ARGS, eventParams(input.fields));
      return { clientMutationId: input.clientMutationId, event: await updateEvent(ctx.domain, databaseIdOf(input.id, 'post'), eventInput(values)) };
    },
    deleteEvent: async (_, { input }, ctx) => {
      const id = databaseIdOf(input.id, 'post');
      return { clientMutationId: input.clientMutationId, deletedId: toGlobalId('post', id), event: await deleteEvent(ctx.domain, id) };
    },
    createVenue: async (_, { input }, ctx) => {
      const values = await checked(ctx, VENUE_CREATE_ARGS, linkedParams(input.fields, 'venue'));
      return { clientMutationId: input.clientMutationId, venue: await createVenue(ctx.domain, venueInputOf(values)) };
    },
    updateVenue: async (_, { input }, ctx) => {
      const values = await checked(ctx, VENUE_CREATE_ARGS, linkedParams(input.fields, 'venue'));
      return { clientMutationId: input.clientMutationId, venue: await updateVenue(ctx.domain, databaseIdOf(input.id, 'post'), venueInputOf(values)) };
    },
    deleteVenue: async (_, { input }, ctx) => {
      const id = databaseIdOf(input.id, 'post');
      return { clientMutationId: input.clientMutationId, deletedId: toGlobalId('post', id), venue: await deleteVenue(ctx.domain, id) };
    },
    createOrganizer: async (_, { input }, ctx) => {
      const values = await checked(ctx, ORGANIZER_CREATE_ARGS, linkedParams(input.fields, 'organizer'));
      return { clientMutationId: input.clientMutationId, organizer: await createOrganizer(ctx.domain, organizerInputOf(values)) };
    },
    updateOrganizer: async (_, { input }, ctx) => {
      const values = await checked(ctx, ORGANIZER_CREATE_ARGS, linkedParams(input.fields, 'organizer'));
      return { clientMutationId: input.clientMutationId, organizer: await updateOrganizer(ctx.domain, databaseIdOf(input.id, 'post'), organizerInputOf(values)) };
    },
    deleteOrganizer: async (_, { input }, ctx) => {
      const id = databaseIdOf(input.id, 'post');
      return { clientMutationId: input.clientMutationId, deletedId: toGlobalId('post', id), organizer: await deleteOrganizer(ctx.domain, id) };
    },
    createEventsCategory: async (_, { input }, ctx) => {
      const changes = changesOf({ name: input.name ?? undefined, slug: input.slug ?? undefined, description: input.description ?? undefined, parent: input.parentId ? databaseIdOf(input.parentId, 'term') : undefined });
      return { clientMutationId: input.clientMutationId, eventsCategory: await createEventTerm(ctx.domain, CATEGORY, { ...changes, name: changes.name ?? '' }) };
    },
    updateEventsCategory: async (_, { input }, ctx) => {
      const changes = changesOf({ name: input.name ?? undefined, slug: input.slug ?? undefined, description: input.description ?? undefined, parent: input.parentId ? databaseIdOf(input.parentId, 'term') : undefined });
      return { clientMutationId: input.clientMutationId, eventsCategory: await updateEventTerm(ctx.domain, CATEGORY, databaseIdOf(input.id ?? '', 'term'), changes) };
    },
    deleteEventsCategory: async (_, { input }, ctx) => {
      const id = databaseIdOf(input.id, 'term');
      return { clientMutationId: input.clientMutationId, deletedId: toGlobalId('term', id), eventsCategory: await deleteEventTerm(ctx.domain, CATEGORY, id) };
    },
  },
};
