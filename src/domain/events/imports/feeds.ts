/**
 * Every event list as an iCalendar feed (The Events Calendar's `?ical=1`): the upcoming events of
 * the whole calendar, of a category (its descendants included), of a venue or of an organizer, as
 * the archive lists them for this viewer (anonymous readers: published events not hidden from
 * listings). Selection goes through the archive (resolveEventArchive + listEvents, page by page);
 * nested records through the request's loaders. The feed is RFC 5545 with a VTIMEZONE per zone.
 */
import type { DomainContext } from '../../context';
import { DomainError } from '../../errors';
import { siteOptionsOf } from '../../settings/options';
import { parseUtc, siteTimezoneName } from '../dates';
import { eventUid, serializeCalendar, type CalendarEvent } from '../ical';
import { ianaZoneName } from '../ical/zones';
import { eventTermsByEvent, organizersByEvent, venuesByEvent } from '../loaders';
import { getOrganizer } from '../organizers';
import { listEvents, resolveEventArchive, type EventArchiveArgs } from '../query';
import { EVENT_CATEGORY, ORGANIZER_TYPE, VENUE_TYPE, type EventRecord } from '../types';
import { findBySlug, findTermId } from '../validators';
import { getVenue } from '../venues';

export type FeedScope = { kind: 'all' } | { kind: 'category' | 'venue' | 'organizer'; slug: string };

export interface CalendarFeed {
  /** The iCalendar document (CRLF lines). */
  body: string;
  /** A file name for Content-Disposition. */
  filename: string;
}

/** Most events one feed carries (the archive's pages are read until then). */
export const FEED_LIMIT = 1000;
const PAGE = 50;

function notFound(what: string): DomainError {
  return new DomainError('rest_no_route', `No ${what} with that slug.`, 404);
}

/** The archive arguments of a scope (slugs resolved; records the viewer may not read refused). */
async function argsOf(ctx: DomainContext, scope: FeedScope): Promise<EventArchiveArgs> {
  const args: EventArchiveArgs = { per_page: PAGE };
  if (scope.kind === 'category') {
    const id = await findTermId(ctx, EVENT_CATEGORY, scope.slug);
    if (id === null) throw notFound('event category');
    args.categories = [id];
  } else if (scope.kind === 'venue') {
    const id = await findBySlug(ctx, VENUE_TYPE, scope.slug);
    if (id === null) throw notFound('venue');
    await getVenue(ctx, id);
    args.venue = [id];
  } else if (scope.kind === 'organizer') {
    const id = await findBySlug(ctx, ORGANIZER_TYPE, scope.slug);
    if (id === null) throw notFound('organizer');
    await getOrganizer(ctx, id);
    args.organizer = [id];
  }
  return args;
}

/** The upcoming events of a scope, in start order, as the archive lists them for this viewer. */
export async function feedEvents(ctx: DomainContext, scope: FeedScope): Promise<EventRecord[]> {
  const { query } = await resolveEventArchive(ctx, await argsOf(ctx, scope));
  const records: EventRecord[] = [];
  for (let page = 1; records.length < FEED_LIMIT; page++) {
    const list = await listEvents(ctx, { ...query, page, perPage: PAGE });
    records.push(...list.records);
    if (page * PAGE >= list.total || list.records.length < PAGE) break;
  }
  return records.slice(0, FEED_LIMIT);
}

/** A `UTC±N` zone as the IANA zone of the same fixed offset when there is one (Etc/GMT signs are inverted). */
function feedZone(timezone: string, site: string): string {
  const name = timezone || site;
  if (ianaZoneName(name)) return name;
  const offset = /^UTC([+-]\d{1,2})?$/.exec(name);
  if (offset) {
    const hours = Number(offset[1] ?? 0);
    return hours === 0 ? 'UTC' : `Etc/GMT${hours > 0 ? '-' : '+'}${Math.abs(hours)}`;
  }
  return 'UTC';
}


/** An event record as the neutral CalendarEvent the serializer writes. */
export async function calendarEventOf(ctx: DomainContext, record: EventRecord, siteZone: string): Promise<CalendarEvent> {
  const [venues, organizers, terms] = await Promise.all([venuesByEvent(ctx).load(record.row.id), organizersByEvent(ctx).load(record.row.id), eventTermsByEvent(ctx).load(record.row.id)]);
  const d = record.detail;
  const zone = feedZone(d.timezone, siteZone);
  const event: CalendarEvent = {
    uid: eventUid(record.row.id, new URL(ctx.config.siteUrl).host),
    title: record.row.title,
    description: record.row.content,
    start: { local: d.startLocal, timezone: zone, utc: parseUtc(d.startUtc) },
    end: { local: d.endLocal, timezone: zone, utc: parseUtc(d.endUtc) },
    allDay: d.allDay,
    // The event's own website, else its page (what an import of this feed stores as the website).
    url: d.website || record.link,
    organizers: organizers.map((o) => ({ name: o.row.title, ...(o.detail.email ? { email: o.detail.email } : {}) })),
    categories: terms.categories.map((t) => t.name),
    lastModified: record.row.modified,
    sequence: 0,
  };
  const venue = venues[0];
  if (venue) {
    event.location = { name: venue.row.title };
    if (venue.detail.address) event.location.address = venue.detail.address;
    if (venue.detail.city) event.location.city = venue.detail.city;
    if (venue.detail.country) event.location.country = venue.detail.country;
    if (venue.detail.lat !== null && venue.detail.lng !== null) Object.assign(event.location, { lat: venue.detail.lat, lng: venue.detail.lng });
  }
  return event;
}

function filenameOf(scope: FeedScope, host: string): string {
  const base = host.replace(/[^a-z0-9.-]+/gi, '-');
  const part = scope.kind === 'all' ? 'events' : `${scope.kind}-${scope.slug.replace(/[^a-z0-9_-]+/gi, '-')}`;
  return `${base}-${part}.ics`;
}

/** The feed of a scope; DomainErrors for unknown slugs (404) and records the viewer may not read. */
export async function calendarFeed(ctx: DomainContext, scope: FeedScope, now: Date = new Date()): Promise<CalendarFeed> {
  const records = await feedEvents(ctx, scope);
  const site = await siteOptionsOf(ctx);
  const siteZone = siteTimezoneName(site);
  const events = await Promise.all(records.map((record) => calendarEventOf(ctx, record, siteZone)));
  const body = serializeCalendar(events, {
    name: site.title,
    description: site.description || undefined,
    timezone: ianaZoneName(siteZone) ?? undefined,
    now,
    refreshInterval: 'PT1H',
  });
  return { body, filename: filenameOf(scope, new URL(ctx.config.siteUrl).host) };
}
