/**
 * The events archive (Archive_Event::get over tribe_get_events): the arguments as the plugin reads
 * them — the default window from the beginning of yesterday to two years ahead, whole days unless
 * `strict_dates`, relative bounds that drop the defaults, `include` that replaces the client's
 * dates with the default window — and one SQL statement for a page of ids with its total, served
 * by the EventDetail (startUtc, endUtc, hideFromListings, contentId) index. Bounds are site times
 * turned into UTC and compared with the events' UTC copies.
 */
import { windowOffset } from '../paging';
import { Prisma } from '../../generated/prisma-sqlite/client';
import { contentTag, eventMonthTag, listTag, monthsBetween } from '../../cache/tags';
import type { Provider } from '../../config';
import type { DomainContext } from '../context';
import { DomainError } from '../errors';
import { parseSearch, searchSql } from '../search/wp-query';
import { siteOptionsOf, type SiteOptions } from '../settings/options';
import { isStorableId } from '../terms/loaders';
import { beginningOfDay, endOfDay, formatIn, formatUtc, instantOfLocal, parseTimeString, type SqlDateTime } from './dates';
import { MAX_PER_PAGE } from './limits';
import { eventById } from './loaders';
import { canEditEvents } from './permissions';
import { EVENT_CATEGORY, EVENT_FILTER_STATUSES, EVENT_TYPE, type EventRecord } from './types';

/** The archive's arguments, validated and sanitised (TEC's names; values as the plugin sees them). */
export interface EventArchiveArgs {
  page?: number;
  per_page?: number;
  start_date?: unknown;
  end_date?: unknown;
  starts_before?: unknown;
  starts_after?: unknown;
  ends_before?: unknown;
  ends_after?: unknown;
  strict_dates?: unknown;
  search?: string;
  categories?: number[];
  tags?: number[];
  venue?: number[];
  organizer?: number[];
  featured?: boolean;
  status?: string[];
  geoloc?: boolean;
  geoloc_lat?: number;
  geoloc_lng?: number;
  include?: number[];
  post_parent?: number;
  /** Names of the parameters literally present in the query string (relative bounds drop absent defaults). */
  inQuery?: ReadonlySet<string>;
}

/** Where to look for events near a point (Events Calendar Pro's geolocation filter). */
export interface GeoFilter {
  lat?: number;
  lng?: number;
  radiusKm: number;
}

/** The resolved filters of one archive request. Bounds are site times (`Y-m-d H:i:s`). */
export interface EventListQuery {
  page: number;
  perPage: number;
  /** A window starting anywhere (GraphQL cursors); REST pages by `page`. */
  offset?: number;
  startsOnOrAfter?: SqlDateTime;
  endsOnOrBefore?: SqlDateTime;
  startsBefore?: SqlDateTime;
  startsAfter?: SqlDateTime;
  endsBefore?: SqlDateTime;
  endsAfter?: SqlDateTime;
  search?: string;
  categories?: number[];
  tags?: number[];
  venues?: number[];
  organizers?: number[];
  featured?: boolean;
  statuses: string[];
  include?: number[];
  postParent?: number;
  geo?: GeoFilter;
  /** Hidden-from-listings events are left out for viewers who cannot edit events. */
  includeHidden: boolean;
  /** Password-protected events are left out of searches by anonymous viewers. */
  anonymous: boolean;
  /** More bounds on the start or the end (ql-events' starts/ends filters and ranges), site times. */
  bounds?: EventBound[];
  allDay?: boolean;
  /** Events whose local start and end fall on different days. */
  multiday?: boolean;
  /** hideFromListings equal to this. */
  hidden?: boolean;
  sticky?: boolean;
  timezone?: string;
  excludeIds?: number[];
  venuesNotIn?: number[];
  tagsNotIn?: number[];
  /** Every one of these tags (tag_slug__and). */
  tagsAll?: number[];
  authors?: number[];
  authorsNotIn?: number[];
  slugs?: string[];
  title?: string;
  parentIn?: number[];
  parentNotIn?: number[];
  hasPassword?: boolean;
  password?: string;
  template?: string;
  mimeType?: string;
}

/** One more bound on an event's start or end: `column op at` (site time). */
export interface EventBound {
  column: 'start' | 'end';
  op: '<' | '<=' | '>' | '>=';
  at: SqlDateTime;
}

export interface EventList {
  records: EventRecord[];
  total: number;
  page: number;
  perPage: number;
  /**
   * The supported query variables in effect, in the plugin's order, as its rest_url prints them
   * (arrays as CSV), followed by the venue / organizer / featured extras.
   */
  effective: Array<[string, string]>;
}

const ANY = ['publish', 'future', 'draft', 'pending', 'private'];

export function geolocationOff(): DomainError {
  return new DomainError('events-calendar-pro-not-active', 'Geolocation needs the geolocation component (Events Calendar Pro), which is not activated on this site.', 400);
}

function truthyString(value: unknown): boolean {
  return value === true || (typeof value === 'string' && ['1', 'true', 'on', 'yes'].includes(value.toLowerCase()));
}

/** Tribe__Timezones::localize_date(): a time string read in site time, printed as site time. */
function localize(value: unknown, options: SiteOptions, now: Date): SqlDateTime | null {
  const instant = parseTimeString(value, options, now);
  return instant ? formatIn(instant, options) : null;
}

/** Archive_Event::get's reading of the arguments into filters and the rest_url variables. */
export async function resolveEventArchive(ctx: DomainContext, args: EventArchiveArgs, now: Date = new Date()): Promise<{ query: EventListQuery; effective: Array<[string, string]> }> {
  const options = await siteOptionsOf(ctx);
  const literal = args.inQuery ?? new Set<string>();
  const snap = (kind: 'start' | 'end', value: unknown): SqlDateTime | undefined => {
    const instant = parseTimeString(value, options, now);
    if (!instant) return undefined;
    return kind === 'start' ? beginningOfDay(instant, options) : endOfDay(instant, options);
  };
  const inclusive = args.strict_dates === undefined || !truthyString(args.strict_dates);
  const relative: Partial<Record<'starts_before' | 'starts_after' | 'ends_before' | 'ends_after', SqlDateTime>> = {};
  for (const name of ['starts_before', 'starts_after', 'ends_before', 'ends_after'] as const) {
    if (args[name] === undefined) continue;
    const value = inclusive ? snap('end', args[name]) : localize(args[name], options, now);
    if (value) relative[name] = value;
  }
  const defaultStart = localize('yesterday 23:59', options, now) as string;
  const defaultEnd = formatIn(parseTimeString('+24 months', options, now) as Date, options);
  let start: SqlDateTime | undefined = args.start_date !== undefined ? localize(args.start_date, options, now) ?? undefined : defaultStart;
  let end: SqlDateTime | undefined = args.end_date !== undefined ? localize(args.end_date, options, now) ?? undefined : defaultEnd;
  if (inclusive) {
    start = snap('start', args.start_date ?? defaultStart);
    end = snap('end', args.end_date ?? defaultEnd);
  }
  const include = args.include?.length ? args.include : undefined;
  if (include) {
    // The client's dates are dropped; the defaults come back as registered (not snapped).
    start = defaultStart;
    end = defaultEnd;
  }
  if (Object.keys(relative).length) {
    if (!literal.has('start_date')) start = undefined;
    if (!literal.has('end_date')) end = undefined;
  }

  const editor = canEditEvents(ctx.viewer);
  const statuses = args.status ?? (editor ? ['any'] : ['publish']);
  let geo: GeoFilter | undefined;
  if (args.geoloc || args.geoloc_lat !== undefined || args.geoloc_lng !== undefined) {
    if (!ctx.config.geolocation) throw geolocationOff();
    if ((args.geoloc_lat === undefined) !== (args.geoloc_lng === undefined)) {
      const missing = args.geoloc_lat === undefined ? 'geoloc_lat' : 'geoloc_lng';
      throw new DomainError('rest_missing_callback_param', `Missing parameter(s): ${missing}`, 400, { params: [missing] });
    }
    geo = { lat: args.geoloc_lat, lng: args.geoloc_lng, radiusKm: ctx.config.geolocationRadiusKm };
  }

  const perPage = Math.min(MAX_PER_PAGE.rest, args.per_page ?? options.posts_per_page ?? 20) || 20;
  const page = args.page ?? 1;
  const query: EventListQuery = {
    page,
    perPage,
    startsOnOrAfter: start,
    endsOnOrBefore: end,
    startsBefore: relative.starts_before,
    startsAfter: relative.starts_after,
    endsBefore: relative.ends_before,
    endsAfter: relative.ends_after,
    search: args.search || undefined,
    categories: args.categories?.length ? args.categories : undefined,
    tags: args.tags?.length ? args.tags : undefined,
    venues: args.venue?.length ? args.venue : undefined,
    organizers: args.organizer?.length ? args.organizer : undefined,
    featured: args.featured,
    statuses,
    include,
    postParent: args.post_parent,
    geo,
    includeHidden: editor,
    anonymous: ctx.viewer.isAnonymous,
  };

  // Archive_Base::get_current_rest_url(): the supported variables in effect, in their order.
  const effective: Array<[string, string]> = [['page', String(page)], ['per_page', String(perPage)]];
  if (start !== undefined) effective.push(['start_date', start]);
  if (end !== undefined) effective.push(['end_date', end]);
  if (args.search) effective.push(['search', args.search]);
  if (geo) effective.push(['geoloc', '1']);
  if (geo?.lat !== undefined) effective.push(['geoloc_lat', String(geo.lat)], ['geoloc_lng', String(geo.lng)]);
  effective.push(['status', statuses.join(',')]);
  if (args.post_parent !== undefined) effective.push(['post_parent', String(args.post_parent)]);
  if (include) effective.push(['include', include.join(',')]);
  for (const name of ['starts_before', 'starts_after', 'ends_before', 'ends_after'] as const) if (relative[name]) effective.push([name, relative[name] as string]);
  if (args.venue?.length) effective.push(['venue', args.venue.join(',')]);
  if (args.organizer?.length) effective.push(['organizer', args.organizer.join(',')]);
  if (args.featured !== undefined) effective.push(['featured', args.featured ? '1' : '']);
  return { query, effective };
}

// ---------------------------------------------------------------------------------------------
// SQL
// ---------------------------------------------------------------------------------------------

const ids = (list: readonly number[]) => Prisma.join(list.map((id) => (isStorableId(id) ? id : -1)));
const KM_PER_DEGREE = 111.32;

export function utcOf(local: SqlDateTime, options: SiteOptions): string {
  return formatUtc(instantOfLocal(local, options));
}

/**
 * How far an event's UTC start can lie after its UTC end. Writes keep the local end at or after
 * the local start, so only a start inside a zone's skipped hours (read forward by the length of
 * the gap, at most a day: Samoa skipped 2011-12-30) can put it later.
 */
const START_AFTER_END_MS = 2 * 86_400_000;

/**
 * A bound on the end is a bound on the start too (give or take the slack above): stated, it closes
 * the (startUtc, …) index range on both sides, where the end bound alone scans every later event.
 */
function startBoundOf(local: SqlDateTime, options: SiteOptions): string {
  return formatUtc(new Date(instantOfLocal(local, options).getTime() + START_AFTER_END_MS));
}

/** The WHERE conditions of a query (categories already expanded to their descendants). */
export function conditions(provider: Provider, query: EventListQuery, options: SiteOptions): Prisma.Sql[] {
  const where: Prisma.Sql[] = [];
  const statuses = [...new Set(query.statuses.flatMap((s) => (s === 'any' ? ANY : (EVENT_FILTER_STATUSES as readonly string[]).includes(s) ? [s] : [])))];
  where.push(statuses.length ? Prisma.sql`c."status" IN (${Prisma.join(statuses)})` : Prisma.sql`1 = 0`);
  if (query.startsOnOrAfter) where.push(Prisma.sql`e."startUtc" >= ${utcOf(query.startsOnOrAfter, options)}`);
  if (query.startsAfter) where.push(Prisma.sql`e."startUtc" > ${utcOf(query.startsAfter, options)}`);
  if (query.startsBefore) where.push(Prisma.sql`e."startUtc" < ${utcOf(query.startsBefore, options)}`);
  if (query.endsOnOrBefore) where.push(Prisma.sql`e."endUtc" <= ${utcOf(query.endsOnOrBefore, options)}`);
  if (query.endsAfter) where.push(Prisma.sql`e."endUtc" > ${utcOf(query.endsAfter, options)}`);
  if (query.endsBefore) where.push(Prisma.sql`e."endUtc" < ${utcOf(query.endsBefore, options)}`);
  const endBound = query.endsOnOrBefore ?? query.endsBefore;
  if (endBound) where.push(Prisma.sql`e."startUtc" <= ${startBoundOf(endBound, options)}`);
  if (!query.includeHidden) where.push(Prisma.sql`e."hideFromListings" = ${Prisma.raw('false')}`);
  if (query.featured !== undefined) where.push(Prisma.sql`e."featured" = ${Prisma.raw(query.featured ? 'true' : 'false')}`);
  if (query.include) where.push(Prisma.sql`e."contentId" IN (${ids(query.include)})`);
  if (query.postParent !== undefined) where.push(Prisma.sql`c."parentId" = ${isStorableId(query.postParent) ? query.postParent : -1}`);
  for (const list of [query.categories, query.tags]) {
    if (list) where.push(Prisma.sql`EXISTS (SELECT 1 FROM "TermRelationship" r WHERE r."contentId" = e."contentId" AND r."termId" IN (${ids(list)}))`);
  }
  if (query.venues) where.push(Prisma.sql`EXISTS (SELECT 1 FROM "EventVenue" v WHERE v."eventId" = e."contentId" AND v."venueId" IN (${ids(query.venues)}))`);
  if (query.organizers) where.push(Prisma.sql`EXISTS (SELECT 1 FROM "EventOrganizer" o WHERE o."eventId" = e."contentId" AND o."organizerId" IN (${ids(query.organizers)}))`);
  if (query.geo) {
    const near: Prisma.Sql[] = [Prisma.sql`d."lat" IS NOT NULL`, Prisma.sql`d."lng" IS NOT NULL`];
    if (query.geo.lat !== undefined && query.geo.lng !== undefined) {
      // An equirectangular distance: plain arithmetic both engines share, exact enough at city scale.
      const degrees = query.geo.radiusKm / KM_PER_DEGREE;
      const shrink = Math.cos((query.geo.lat * Math.PI) / 180);
      near.push(Prisma.sql`((d."lat" - ${query.geo.lat}) * (d."lat" - ${query.geo.lat}) + (d."lng" - ${query.geo.lng}) * (d."lng" - ${query.geo.lng}) * ${shrink * shrink}) <= ${degrees * degrees}`);
    }
    where.push(Prisma.sql`EXISTS (SELECT 1 FROM "EventVenue" v JOIN "VenueDetail" d ON d."contentId" = v."venueId" WHERE v."eventId" = e."contentId" AND ${Prisma.join(near, ' AND ')})`);
  }
  where.push(...moreConditions(query, options));
  if (query.search) {
    where.push(searchSql(provider, parseSearch(query.search), { anonymous: query.anonymous === true }, (name) => Prisma.raw(`c."${name}"`)));
  }
  return where;
}

const texts = (list: readonly string[]) => Prisma.join(list.length ? list : ['']);

/** The filters WPGraphQL and ql-events add to the archive's (post-object args, flags, ranges). */
function moreConditions(query: EventListQuery, options: SiteOptions): Prisma.Sql[] {
  const where: Prisma.Sql[] = [];
  for (const bound of query.bounds ?? []) {
    const column = Prisma.raw(bound.column === 'start' ? 'e."startUtc"' : 'e."endUtc"');
    where.push(Prisma.sql`${column} ${Prisma.raw(bound.op)} ${utcOf(bound.at, options)}`);
  }
  const flag = (value: boolean) => Prisma.raw(value ? 'true' : 'false');
  if (query.allDay !== undefined) where.push(Prisma.sql`e."allDay" = ${flag(query.allDay)}`);
  if (query.multiday !== undefined) where.push(query.multiday ? Prisma.sql`substr(e."startLocal", 1, 10) <> substr(e."endLocal", 1, 10)` : Prisma.sql`substr(e."startLocal", 1, 10) = substr(e."endLocal", 1, 10)`);
  if (query.hidden !== undefined) where.push(Prisma.sql`e."hideFromListings" = ${flag(query.hidden)}`);
  if (query.sticky !== undefined) where.push(Prisma.sql`e."sticky" = ${flag(query.sticky)}`);
  if (query.timezone !== undefined) where.push(Prisma.sql`e."timezone" = ${query.timezone}`);
  if (query.excludeIds?.length) where.push(Prisma.sql`c."id" NOT IN (${ids(query.excludeIds)})`);
  if (query.venuesNotIn?.length) where.push(Prisma.sql`NOT EXISTS (SELECT 1 FROM "EventVenue" v WHERE v."eventId" = e."contentId" AND v."venueId" IN (${ids(query.venuesNotIn)}))`);
  if (query.tagsNotIn?.length) where.push(Prisma.sql`NOT EXISTS (SELECT 1 FROM "TermRelationship" r WHERE r."contentId" = e."contentId" AND r."termId" IN (${ids(query.tagsNotIn)}))`);
  for (const tag of query.tagsAll ?? []) where.push(Prisma.sql`EXISTS (SELECT 1 FROM "TermRelationship" r WHERE r."contentId" = e."contentId" AND r."termId" = ${isStorableId(tag) ? tag : -1})`);
  if (query.authors) where.push(Prisma.sql`c."authorId" IN (${ids(query.authors)})`);
  if (query.authorsNotIn?.length) where.push(Prisma.sql`c."authorId" NOT IN (${ids(query.authorsNotIn)})`);
  if (query.slugs) where.push(Prisma.sql`c."slug" IN (${texts(query.slugs)})`);
  if (query.title !== undefined) where.push(Prisma.sql`c."title" = ${query.title}`);
  if (query.parentIn) where.push(Prisma.sql`c."parentId" IN (${ids(query.parentIn)})`);
  if (query.parentNotIn?.length) where.push(Prisma.sql`c."parentId" NOT IN (${ids(query.parentNotIn)})`);
  if (query.hasPassword !== undefined) where.push(query.hasPassword ? Prisma.sql`c."password" <> ''` : Prisma.sql`c."password" = ''`);
  if (query.password !== undefined) where.push(Prisma.sql`c."password" = ${query.password}`);
  if (query.template !== undefined) where.push(Prisma.sql`c."template" = ${query.template}`);
  if (query.mimeType !== undefined) where.push(Prisma.sql`c."mimeType" = ${query.mimeType}`);
  return where;
}

/**
 * The statement listEvents issues for one page of ids, in start order. Exported so that the index
 * it runs on can be checked (EXPLAIN): the range and the order both come from (startUtc, …), which
 * also holds the rest of the WHERE on EventDetail.
 */
export function eventListSql(provider: Provider, query: EventListQuery, options: SiteOptions): Prisma.Sql {
  const order = query.include ? Prisma.sql`c."date" ASC, c."id" ASC` : Prisma.sql`e."startUtc" ASC, e."contentId" ASC`;
  const offset = windowOffset(query.offset, query.page, query.perPage);
  return Prisma.sql`
    SELECT e."contentId" AS "id"
    FROM "EventDetail" e JOIN "Content" c ON c."id" = e."contentId"
    WHERE ${Prisma.join(conditions(provider, query, options), ' AND ')}
    ORDER BY ${order} LIMIT ${query.perPage} OFFSET ${offset}`;
}

/** The total under the same filters. */
export function eventCountSql(provider: Provider, query: EventListQuery, options: SiteOptions): Prisma.Sql {
  return Prisma.sql`
    SELECT COUNT(*) AS "total"
    FROM "EventDetail" e JOIN "Content" c ON c."id" = e."contentId"
    WHERE ${Prisma.join(conditions(provider, query, options), ' AND ')}`;
}

/**
 * The cache tags of a list: a list bounded in time depends on the events whose span lies in its
 * window, so it carries the window's months (an event write publishes the months of its old and
 * new span) instead of every event; relation filters add their link tables.
 */
export function listTagsOf(query: EventListQuery, options: SiteOptions): string[] {
  const tags: string[] = [];
  const lower = query.startsOnOrAfter ?? query.startsAfter;
  const upper = query.endsOnOrBefore ?? query.endsBefore ?? query.startsBefore;
  const months = lower && upper ? monthsBetween(utcOf(lower, options), utcOf(upper, options)) : null;
  if (query.include) tags.push(...query.include.filter(isStorableId).map(contentTag));
  else if (months) tags.push(...months.map(eventMonthTag));
  else tags.push(listTag('Content', EVENT_TYPE), listTag('EventDetail'));
  if (query.categories || query.tags || query.tagsNotIn || query.tagsAll) tags.push(listTag('TermRelationship'));
  if (query.venues || query.venuesNotIn || query.geo) tags.push(listTag('EventVenue'), listTag('VenueDetail'));
  if (query.organizers) tags.push(listTag('EventOrganizer'));
  return tags;
}

/** tax_query's include_children: a category also finds events of its descendants. */
export async function withDescendants(ctx: DomainContext, categories: number[]): Promise<number[]> {
  const all = await ctx.db.read.term.findMany({ where: { taxonomy: EVENT_CATEGORY }, select: { id: true, parentId: true } });
  const found = new Set(categories);
  for (let grew = true; grew; ) {
    grew = false;
    for (const term of all) {
      if (!found.has(term.id) && found.has(term.parentId)) {
        found.add(term.id);
        grew = true;
      }
    }
  }
  return [...found];
}

/**
 * One page of events with the total (counted only when the page does not tell it); past the last
 * page: event-archive-page-not-found.
 */
export async function listEvents(ctx: DomainContext, query: EventListQuery): Promise<Omit<EventList, 'effective'>> {
  const options = await siteOptionsOf(ctx);
  const resolved = query.categories ? { ...query, categories: await withDescendants(ctx, query.categories) } : query;
  const tags = listTagsOf(resolved, options);
  const count = () => ctx.db.read.query<{ total: number | bigint }>(eventCountSql(ctx.db.provider, resolved, options), tags).then((counted) => Number(counted[0]?.total ?? 0));
  // PostgreSQL sends reads started together as one statement (src/db/fast/pg-batch.ts): there the
  // count goes with the page, one round trip, whether or not the page tells the total.
  const eager = ctx.db.provider === 'postgresql' ? count() : null;
  eager?.catch(() => undefined);
  const rows = await ctx.db.read.query<{ id: number | bigint }>(eventListSql(ctx.db.provider, resolved, options), tags);
  if (rows.length === 0 && query.page > 1 && query.offset === undefined) {
    throw new DomainError('event-archive-page-not-found', 'The requested event archive page does not exist', 404);
  }
  const known = (query.offset ?? (query.page - 1) * query.perPage) + rows.length;
  // A full page, or an empty window past the start, cannot tell the total by itself; elsewhere the
  // count starts with the records' reads.
  const counting = rows.length === query.perPage || (rows.length === 0 && (query.offset ?? 0) > 0);
  const [total, loaded] = await Promise.all([counting ? (eager ?? count()) : known, eventById(ctx).loadMany(rows.map((r) => Number(r.id)))]);
  const records = loaded.filter((r): r is EventRecord => r !== null && !(r instanceof Error));
  return { records, total, page: query.page, perPage: query.perPage };
}

/** The archive as one call: arguments in, page of records and the rest_url variables out. */
export async function listEventArchive(ctx: DomainContext, args: EventArchiveArgs): Promise<EventList> {
  const { query, effective } = await resolveEventArchive(ctx, args);
  return { ...(await listEvents(ctx, query)), effective };
}
