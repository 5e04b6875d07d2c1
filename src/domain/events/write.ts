/**
 * Creating, updating and trashing events (Single_Event::create / update / delete with
 * Tribe__Events__API): the post row, the times in the event's zone with their UTC copies, cost,
 * flags, image, categories and tags (names become new terms), and the venues and organizers —
 * ids, or inline records that are created (or reused) in the same transaction. A failed write
 * changes nothing.
 */
import { writeSeoFields } from '../seo/meta-write';
import { sanitizeSlug } from '../content/slug';
import { taxonomy as taxonomyDef } from '../content/taxonomies';
import type { DomainContext } from '../context';
import { DomainError, forbidden } from '../errors';
import { withSlugRetry } from '../posts/write';
import { siteOptionsOf, type SiteOptions } from '../settings/options';
import { recountTerms } from '../terms/counts';
import { isStorableId } from '../terms/loaders';
import { storedTermName, uniqueTermSlug } from '../terms/slugs';
import { trashRow, writeImage, writePostRow, type Tx } from './calendar-posts';
import { parseCost } from './cost';
import { formatIn, formatUtc, instantOfLocal, parseTimeString, siteTimezoneName, timezoneAbbr, zoneNamed, isValidEventTimezone } from './dates';
import { findEvent } from './events';
import { insertLinked, invalidParam, type LinkedKindDef, type PostFieldsWithName } from './linked';
import { eventById } from './loaders';
import { ORGANIZERS, organizerInputOf } from './organizers';
import { canDeleteRecord, canEditEvents, canEditRecord } from './permissions';
import { EVENT_CATEGORY, EVENT_TAG, EVENT_TYPE, type CalendarPost, type EventInput, type EventRecord, type LinkedInput } from './types';
import { isNumeric } from './validators';
import { VENUES, venueInputOf } from './venues';

interface EventTimes {
  startLocal: string;
  endLocal: string;
  startUtc: string;
  endUtc: string;
  timezone: string;
  timezoneAbbr: string;
  allDay: boolean;
}

/** The times a write ends with: given ones read in the event's zone, the rest kept; all-day events span whole days. */
function timesOf(input: EventInput, existing: EventRecord | null, options: SiteOptions): EventTimes {
  const current = existing?.detail;
  const timezone = input.timezone !== undefined ? input.timezone || siteTimezoneName(options) : current?.timezone || siteTimezoneName(options);
  if (!isValidEventTimezone(timezone)) throw invalidParam('timezone');
  const zone = zoneNamed(timezone, options);
  const read = (value: string | undefined, param: string, fallback: string | undefined): string => {
    if (value === undefined) {
      if (fallback === undefined) throw new DomainError('rest_missing_callback_param', `Missing parameter(s): ${param}`, 400, { params: [param] });
      return fallback;
    }
    const instant = parseTimeString(value, zone);
    if (!instant) throw invalidParam(param);
    return formatIn(instant, zone);
  };
  let startLocal = read(input.start_date, 'start_date', current?.startLocal);
  let endLocal = read(input.end_date, 'end_date', current?.endLocal);
  const allDay = input.all_day ?? current?.allDay ?? false;
  if (allDay) {
    startLocal = `${startLocal.slice(0, 10)} 00:00:00`;
    endLocal = `${endLocal.slice(0, 10)} 23:59:59`;
  }
  if (endLocal < startLocal) endLocal = startLocal;
  const start = instantOfLocal(startLocal, zone);
  return {
    startLocal,
    endLocal,
    startUtc: formatUtc(start),
    endUtc: formatUtc(instantOfLocal(endLocal, zone)),
    timezone,
    timezoneAbbr: timezoneAbbr(timezone, start),
    allDay,
  };
}

function detailData(input: EventInput, times: EventTimes, create: boolean): Record<string, unknown> {
  const data: Record<string, unknown> = { ...times };
  if (input.cost !== undefined) {
    const parsed = parseCost(String(input.cost ?? ''));
    Object.assign(data, { cost: parsed.cost, currencySymbol: parsed.symbol, currencyPosition: parsed.position });
  }
  if (input.website !== undefined) data.website = input.website ? input.website : null;
  // Single_Event::prepare_postarr stores show_map and show_map_link as given (false when absent) on creation.
  if (input.show_map !== undefined || create) data.showMap = input.show_map === true;
  if (input.show_map_link !== undefined || create) data.showMapLink = input.show_map_link === true;
  if (input.hide_from_listings !== undefined) data.hideFromListings = input.hide_from_listings;
  if (input.sticky !== undefined) data.sticky = input.sticky;
  if (input.featured !== undefined) data.featured = input.featured;
  return data;
}

/** Tribe__Terms::translate_terms_to_ids(): ids of this taxonomy are kept (others skipped), names found or created. */
async function termIdsOf(tx: Tx, taxonomySlug: string, entries: Array<number | string>): Promise<number[]> {
  const def = taxonomyDef(taxonomySlug);
  if (!def) throw new Error(`unknown taxonomy ${taxonomySlug}`);
  const ids: number[] = [];
  for (const entry of entries) {
    if (isNumeric(entry)) {
      const id = Number(entry);
      if (isStorableId(id) && (await tx.term.count({ where: { id, taxonomy: taxonomySlug } }))) ids.push(id);
      continue;
    }
    const name = String(entry).trim();
    if (name === '') continue;
    const stored = storedTermName(name);
    const found = await tx.term.findFirst({ where: { taxonomy: taxonomySlug, OR: [{ name: stored }, { slug: sanitizeSlug(name) }] }, select: { id: true }, orderBy: { id: 'asc' } });
    if (found) {
      ids.push(found.id);
      continue;
    }
    const slug = await uniqueTermSlug(tx, def, sanitizeSlug(name) || 'term', 0);
    ids.push((await tx.term.create({ data: { taxonomy: taxonomySlug, name: stored, slug } })).id);
  }
  return [...new Set(ids)];
}

/** Replaces the event's terms of one taxonomy; returns the terms whose counts may change. */
async function writeTerms(tx: Tx, eventId: number, taxonomySlug: string, entries: Array<number | string> | undefined): Promise<number[]> {
  if (entries === undefined) return [];
  const wanted = await termIdsOf(tx, taxonomySlug, entries);
  const current = await tx.termRelationship.findMany({ where: { contentId: eventId, term: { taxonomy: taxonomySlug } }, select: { termId: true } });
  const had = current.map((r) => r.termId);
  const removed = had.filter((id) => !wanted.includes(id));
  const added = wanted.filter((id) => !had.includes(id));
  if (removed.length) await tx.termRelationship.deleteMany({ where: { contentId: eventId, termId: { in: removed } } });
  if (added.length) await tx.termRelationship.createMany({ data: added.map((termId) => ({ contentId: eventId, termId })) });
  return [...had, ...added];
}

/** The ids of `venue` / `organizer` entries: existing records, or inline ones created (or reused). */
async function linkedIds<R extends CalendarPost>(tx: Tx, ctx: DomainContext, def: LinkedKindDef<R, PostFieldsWithName>, entries: LinkedInput[], toInput: (raw: Record<string, unknown>) => PostFieldsWithName): Promise<number[]> {
  const ids: number[] = [];
  for (const entry of entries) {
    if (entry === null || entry === undefined || (entry as unknown) === '' || entry === 0) continue;
    if (isNumeric(entry)) {
      const row = await tx.content.findUnique({ where: { id: isStorableId(Number(entry)) ? Number(entry) : -1 }, select: { type: true } });
      if (!row || row.type !== def.type) throw invalidParam(def.kind);
      ids.push(Number(entry));
      continue;
    }
    const raw = entry as Record<string, unknown>;
    if (raw.id !== undefined && raw.id !== null && raw.id !== '' && raw.id !== 0) {
      const row = isNumeric(raw.id) ? await tx.content.findUnique({ where: { id: isStorableId(Number(raw.id)) ? Number(raw.id) : -1 }, select: { type: true } }) : null;
      if (!row || row.type !== def.type) throw new DomainError('invalid-linked-post-id', 'The provided linked post ID is not valid', 400);
      ids.push(Number(raw.id));
      continue;
    }
    ids.push(await insertLinked(tx, ctx, def, toInput(raw)));
  }
  return [...new Set(ids)];
}

async function writeLinks(tx: Tx, eventId: number, kind: 'venue' | 'organizer', ids: number[] | undefined): Promise<void> {
  if (ids === undefined) return;
  if (kind === 'venue') {
    await tx.eventVenue.deleteMany({ where: { eventId } });
    if (ids.length) await tx.eventVenue.createMany({ data: ids.map((venueId, order) => ({ eventId, venueId, order })) });
  } else {
    await tx.eventOrganizer.deleteMany({ where: { eventId } });
    if (ids.length) await tx.eventOrganizer.createMany({ data: ids.map((organizerId, order) => ({ eventId, organizerId, order })) });
  }
}

async function writeEvent(tx: Tx, ctx: DomainContext, options: SiteOptions, existing: EventRecord | null, input: EventInput, times: EventTimes): Promise<number> {
  const venues = input.venue !== undefined ? await linkedIds(tx, ctx, VENUES as unknown as LinkedKindDef<CalendarPost, PostFieldsWithName>, input.venue, venueInputOf) : undefined;
  const organizers = input.organizer !== undefined ? await linkedIds(tx, ctx, ORGANIZERS as unknown as LinkedKindDef<CalendarPost, PostFieldsWithName>, input.organizer, organizerInputOf) : undefined;
  const current = existing ? await tx.content.findUnique({ where: { id: existing.row.id } }) : null;
  if (existing && (!current || current.type !== EVENT_TYPE)) throw invalidParam('id');
  const row = await writePostRow(tx, ctx, options, EVENT_TYPE, current, input);
  const data = detailData(input, times, !existing);
  if (existing) await tx.eventDetail.update({ where: { contentId: row.id }, data });
  else await tx.eventDetail.create({ data: { contentId: row.id, ...times, ...data } });
  await writeImage(tx, ctx, row.id, input.image);
  await writeSeoFields(tx, ctx.viewer, row.id, input.seo);
  const touched = [...(await writeTerms(tx, row.id, EVENT_CATEGORY, input.categories)), ...(await writeTerms(tx, row.id, EVENT_TAG, input.tags))];
  await recountTerms(tx, touched);
  await writeLinks(tx, row.id, 'venue', venues);
  await writeLinks(tx, row.id, 'organizer', organizers);
  return row.id;
}

/** POST /events: needs the events type's edit_posts; 201 with the new event. */
export async function createEvent(ctx: DomainContext, input: EventInput): Promise<EventRecord> {
  if (!canEditEvents(ctx.viewer)) throw forbidden('rest_forbidden', 'Sorry, you are not allowed to do that.', ctx.viewer);
  if (input.title === undefined) throw new DomainError('rest_missing_callback_param', 'Missing parameter(s): title', 400, { params: ['title'] });
  const options = await siteOptionsOf(ctx);
  const times = timesOf(input, null, options);
  const id = await withSlugRetry(() => ctx.db.prisma.$transaction((tx) => writeEvent(tx, ctx, options, null, input, times)));
  ctx.loaders.clear();
  return (await eventById(ctx).load(id)) as EventRecord;
}

/**
 * Creates (`id` null) or updates an event inside the caller's transaction, with the same checks as
 * createEvent / updateEvent; returns its id. Imports use it to write a whole batch atomically (the
 * records are read through `tx`, so rows written earlier in the same transaction are seen).
 */
export async function writeEventInTransaction(tx: Tx, ctx: DomainContext, id: number | null, input: EventInput): Promise<number> {
  const options = await siteOptionsOf(ctx);
  let existing: EventRecord | null = null;
  if (id === null) {
    if (!canEditEvents(ctx.viewer)) throw forbidden('rest_forbidden', 'Sorry, you are not allowed to do that.', ctx.viewer);
    if (input.title === undefined) throw new DomainError('rest_missing_callback_param', 'Missing parameter(s): title', 400, { params: ['title'] });
  } else {
    const row = await tx.content.findUnique({ where: { id } });
    const detail = row?.type === EVENT_TYPE ? await tx.eventDetail.findUnique({ where: { contentId: id } }) : null;
    if (!row || !detail) throw invalidParam('id');
    if (!canEditRecord(ctx.viewer, row)) throw forbidden('rest_forbidden', 'Sorry, you are not allowed to do that.', ctx.viewer);
    // timesOf and writeEvent read only the row and the detail of the record.
    existing = { row, detail } as EventRecord;
  }
  return writeEvent(tx, ctx, options, existing, input, timesOf(input, existing, options));
}

/** POST/PUT/PATCH /events/{id}: edit_post on the event; every field optional. */
export async function updateEvent(ctx: DomainContext, id: number, input: EventInput): Promise<EventRecord> {
  const existing = await findEvent(ctx, id);
  if (!canEditRecord(ctx.viewer, existing.row)) throw forbidden('rest_forbidden', 'Sorry, you are not allowed to do that.', ctx.viewer);
  const options = await siteOptionsOf(ctx);
  const times = timesOf(input, existing, options);
  await withSlugRetry(() => ctx.db.prisma.$transaction((tx) => writeEvent(tx, ctx, options, existing, input, times)));
  ctx.loaders.clear();
  return (await eventById(ctx).load(id)) as EventRecord;
}

/** DELETE /events/{id}: always to the trash (`force` is ignored, as by the plugin); 410 when it is there already. */
export async function deleteEvent(ctx: DomainContext, id: number): Promise<EventRecord> {
  const existing = await findEvent(ctx, id);
  if (!canDeleteRecord(ctx.viewer, existing.row)) throw forbidden('rest_forbidden', 'Sorry, you are not allowed to do that.', ctx.viewer);
  await ctx.db.prisma.$transaction((tx) => trashRow(tx, ctx, id, () => new DomainError('event-is-in-trash', 'The event is already trashed', 410)));
  ctx.loaders.clear();
  return (await eventById(ctx).load(id)) as EventRecord;
}

/** can_edit / can_delete of the event endpoints: the meta capability on the event (none for a missing one). */
export async function canWriteEvent(ctx: DomainContext, id: number, action: 'edit' | 'delete'): Promise<boolean> {
  const record = isStorableId(id) ? await eventById(ctx).load(id) : null;
  if (!record) return false;
  return action === 'edit' ? canEditRecord(ctx.viewer, record.row) : canDeleteRecord(ctx.viewer, record.row);
}

