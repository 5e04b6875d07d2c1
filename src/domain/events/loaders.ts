/**
 * Per-request batch loaders of the calendar: the one way records and their relations are read.
 * A page of events (and every nested field a face resolves for it) costs a constant number of
 * queries: one per relation, whatever the number of events.
 *
 *   eventById / venueById / organizerById   id -> record (null when missing or of another type)
 *   venuesByEvent / organizersByEvent       event id -> its venues / organizers, in their order
 *   eventTermsByEvent                       event id -> { categories, tags }, by name
 *   eventsByVenue / eventsByOrganizer       venue / organizer id -> the events linked to it that
 *                                           the viewer may read, by start date
 */
import DataLoader from 'dataloader';
import type { Content, EventDetail, OrganizerDetail, Term, VenueDetail } from '../../generated/prisma-sqlite/client';
import type { DomainContext } from '../context';
import { byKeys, groupByKeys } from '../loaders';
import { contentById } from '../posts/loaders';
import { isStorableId, termsByContent } from '../terms/loaders';
import { canReadRecord } from './permissions';
import { buildRecord } from './records';
import { EVENT_CATEGORY, EVENT_TAG, EVENT_TYPE, LINEAGE_KEY, ORGANIZER_TYPE, VENUE_TYPE, type EventImage, type EventRecord, type OrganizerRecord, type VenueRecord } from './types';

const THUMBNAIL_KEY = '_thumbnail_id';

/**
 * Like defineLoader, for loaders that build records: they need the request's configuration and
 * viewer, which are the same for every load of one request.
 */
function defineRequestLoader<K, V>(name: string, create: (ctx: DomainContext) => DataLoader<K, V>): (ctx: DomainContext) => DataLoader<K, V> {
  const key = Symbol(name);
  return (ctx) => ctx.loaders.get(key, () => create(ctx));
}

const storable = (ids: readonly number[]) => [...new Set(ids.filter(isStorableId))];

// ---------------------------------------------------------------------------------------------
// Rows
// ---------------------------------------------------------------------------------------------

const eventDetailById = defineRequestLoader('events.eventDetail', (ctx) =>
  new DataLoader<number, EventDetail | null>(async (ids) => byKeys(ids, await ctx.db.read.eventDetail.findMany({ where: { contentId: { in: storable(ids) } } }), (d) => d.contentId)),
);

const venueDetailById = defineRequestLoader('events.venueDetail', (ctx) =>
  new DataLoader<number, VenueDetail | null>(async (ids) => byKeys(ids, await ctx.db.read.venueDetail.findMany({ where: { contentId: { in: storable(ids) } } }), (d) => d.contentId)),
);

const organizerDetailById = defineRequestLoader('events.organizerDetail', (ctx) =>
  new DataLoader<number, OrganizerDetail | null>(async (ids) => byKeys(ids, await ctx.db.read.organizerDetail.findMany({ where: { contentId: { in: storable(ids) } } }), (d) => d.contentId)),
);

interface CalendarMeta {
  thumbnailId: number;
  lineage: string[];
}

const calendarMetaById = defineRequestLoader('events.meta', (ctx) =>
  new DataLoader<number, CalendarMeta>(async (ids) => {
    const rows = await ctx.db.read.contentMeta.findMany({ where: { contentId: { in: storable(ids) }, key: { in: [THUMBNAIL_KEY, LINEAGE_KEY] } }, orderBy: { id: 'asc' } });
    return groupByKeys(ids, rows, (r) => r.contentId).map((list) => ({
      thumbnailId: Number(list.find((r) => r.key === THUMBNAIL_KEY)?.value ?? 0) || 0,
      lineage: list.filter((r) => r.key === LINEAGE_KEY).map((r) => r.value),
    }));
  }),
);

function imageOf(attachment: Content | null): EventImage | null {
  if (!attachment || attachment.type !== 'attachment') return null;
  const path = attachment.guid.replace(/[?#].*$/, '');
  const dot = path.lastIndexOf('.');
  return { id: attachment.id, url: attachment.guid, extension: dot > path.lastIndexOf('/') ? path.slice(dot + 1) : '' };
}

/** The records of rows already read: their detail, meta and image through the loaders above. */
async function recordsOf<D>(ctx: DomainContext, rows: Array<Content | null>, type: string, details: (ctx: DomainContext) => DataLoader<number, D | null>): Promise<Array<{ row: Content; detail: D; meta: CalendarMeta; image: EventImage | null } | null>> {
  return Promise.all(
    rows.map(async (row) => {
      if (!row || row.type !== type) return null;
      const [detail, meta] = await Promise.all([details(ctx).load(row.id), calendarMetaById(ctx).load(row.id)]);
      if (!detail) return null;
      const attachment = isStorableId(meta.thumbnailId) ? await contentById(ctx).load(meta.thumbnailId) : null;
      return { row, detail, meta, image: imageOf(attachment) };
    }),
  );
}

async function contentRows(ctx: DomainContext, ids: readonly number[]): Promise<Array<Content | null>> {
  const rows = await contentById(ctx).loadMany(ids.map((id) => (isStorableId(id) ? id : 0)));
  return rows.map((row) => (row instanceof Error ? null : row));
}

// ---------------------------------------------------------------------------------------------
// Records by id
// ---------------------------------------------------------------------------------------------

export const eventById = defineRequestLoader('events.eventById', (ctx) =>
  new DataLoader<number, EventRecord | null>(async (ids) => {
    const found = await recordsOf(ctx, await contentRows(ctx, ids), EVENT_TYPE, eventDetailById);
    return found.map((f) => (f ? buildRecord(ctx.config, f.row, f.detail, f.meta.lineage, f.image) : null));
  }),
);

export const venueById = defineRequestLoader('events.venueById', (ctx) =>
  new DataLoader<number, VenueRecord | null>(async (ids) => {
    const found = await recordsOf(ctx, await contentRows(ctx, ids), VENUE_TYPE, venueDetailById);
    return found.map((f) => (f ? buildRecord(ctx.config, f.row, f.detail, f.meta.lineage, f.image) : null));
  }),
);

export const organizerById = defineRequestLoader('events.organizerById', (ctx) =>
  new DataLoader<number, OrganizerRecord | null>(async (ids) => {
    const found = await recordsOf(ctx, await contentRows(ctx, ids), ORGANIZER_TYPE, organizerDetailById);
    return found.map((f) => (f ? buildRecord(ctx.config, f.row, f.detail, f.meta.lineage, f.image) : null));
  }),
);

// ---------------------------------------------------------------------------------------------
// Relations
// ---------------------------------------------------------------------------------------------

const venueIdsByEvent = defineRequestLoader('events.venueIdsByEvent', (ctx) =>
  new DataLoader<number, number[]>(async (ids) => {
    const rows = await ctx.db.read.eventVenue.findMany({ where: { eventId: { in: storable(ids) } }, orderBy: [{ order: 'asc' }, { venueId: 'asc' }] });
    return groupByKeys(ids, rows, (r) => r.eventId).map((list) => list.map((r) => r.venueId));
  }),
);

const organizerIdsByEvent = defineRequestLoader('events.organizerIdsByEvent', (ctx) =>
  new DataLoader<number, number[]>(async (ids) => {
    const rows = await ctx.db.read.eventOrganizer.findMany({ where: { eventId: { in: storable(ids) } }, orderBy: [{ order: 'asc' }, { organizerId: 'asc' }] });
    return groupByKeys(ids, rows, (r) => r.eventId).map((list) => list.map((r) => r.organizerId));
  }),
);

const eventIdsByVenue = defineRequestLoader('events.eventIdsByVenue', (ctx) =>
  new DataLoader<number, number[]>(async (ids) => {
    const rows = await ctx.db.read.eventVenue.findMany({ where: { venueId: { in: storable(ids) } }, select: { eventId: true, venueId: true } });
    return groupByKeys(ids, rows, (r) => r.venueId).map((list) => list.map((r) => r.eventId));
  }),
);

const eventIdsByOrganizer = defineRequestLoader('events.eventIdsByOrganizer', (ctx) =>
  new DataLoader<number, number[]>(async (ids) => {
    const rows = await ctx.db.read.eventOrganizer.findMany({ where: { organizerId: { in: storable(ids) } }, select: { eventId: true, organizerId: true } });
    return groupByKeys(ids, rows, (r) => r.organizerId).map((list) => list.map((r) => r.eventId));
  }),
);

function present<T>(list: Array<T | null | Error>): T[] {
  return list.filter((x): x is T => x !== null && !(x instanceof Error));
}

export const venuesByEvent = defineRequestLoader('events.venuesByEvent', (ctx) =>
  new DataLoader<number, VenueRecord[]>(async (ids) => {
    const links = await venueIdsByEvent(ctx).loadMany(ids);
    return Promise.all(links.map(async (list) => (list instanceof Error ? [] : present(await venueById(ctx).loadMany(list)))));
  }),
);

export const organizersByEvent = defineRequestLoader('events.organizersByEvent', (ctx) =>
  new DataLoader<number, OrganizerRecord[]>(async (ids) => {
    const links = await organizerIdsByEvent(ctx).loadMany(ids);
    return Promise.all(links.map(async (list) => (list instanceof Error ? [] : present(await organizerById(ctx).loadMany(list)))));
  }),
);

function readableByStart(ctx: DomainContext, events: EventRecord[]): EventRecord[] {
  return events
    .filter((e) => canReadRecord(ctx.viewer, e.row))
    .sort((a, b) => (a.detail.startUtc < b.detail.startUtc ? -1 : a.detail.startUtc > b.detail.startUtc ? 1 : a.row.id - b.row.id));
}

export const eventsByVenue = defineRequestLoader('events.eventsByVenue', (ctx) =>
  new DataLoader<number, EventRecord[]>(async (ids) => {
    const links = await eventIdsByVenue(ctx).loadMany(ids);
    return Promise.all(links.map(async (list) => (list instanceof Error ? [] : readableByStart(ctx, present(await eventById(ctx).loadMany(list))))));
  }),
);

export const eventsByOrganizer = defineRequestLoader('events.eventsByOrganizer', (ctx) =>
  new DataLoader<number, EventRecord[]>(async (ids) => {
    const links = await eventIdsByOrganizer(ctx).loadMany(ids);
    return Promise.all(links.map(async (list) => (list instanceof Error ? [] : readableByStart(ctx, present(await eventById(ctx).loadMany(list))))));
  }),
);

export interface EventTerms {
  categories: Term[];
  tags: Term[];
}

/** wp_get_post_terms() of both taxonomies for each event, ordered by name (the terms' one join per batch). */
export const eventTermsByEvent = defineRequestLoader('events.termsByEvent', (ctx) =>
  new DataLoader<number, EventTerms>(async (ids) => {
    const lists = await termsByContent(ctx).loadMany(ids);
    const byName = (a: Term, b: Term) => (a.name < b.name ? -1 : a.name > b.name ? 1 : a.id - b.id);
    return lists.map((list) => {
      if (list instanceof Error) return list;
      const terms = [...list].sort(byName);
      return { categories: terms.filter((t) => t.taxonomy === EVENT_CATEGORY), tags: terms.filter((t) => t.taxonomy === EVENT_TAG) };
    });
  }),
);
