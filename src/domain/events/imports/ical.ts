/**
 * Importing an iCalendar file or address (Event Aggregator's ICS and iCal origins), run here
 * through the same import records and batch path as the aggregator's callbacks: the document is
 * read (an address fetched SSRF-safely), recurring events are expanded into occurrences, each
 * VEVENT becomes an aggregator event payload keyed by its UID, and the payloads are fed to
 * receiveBatch in batches, each with the hash the previous one issued. Progress is reported after
 * every batch. A document that cannot be fetched or read is refused before any record is made.
 * What the calendar holds but the import cannot represent (other components, invalid rules,
 * occurrences past the horizon or the per-series cap) is written in the record's message.
 */
import type { DomainContext } from '../../context';
import { isDomainError } from '../../errors';
import { siteOptionsOf } from '../../settings/options';
import { siteTimezoneName } from '../dates';
import { fetchIcs, parseIcal, type CalendarEvent, type FetchIcsOptions } from '../ical';
import { receiveBatch } from './batch';
import { assertCanImport, createImportRecord } from './records';
import type { ImportOrigin, ImportProgress, ImportRecord } from './types';

/** Events per batch (per transaction) of an iCalendar import. */
const BATCH_SIZE = 25;
const DAY = 86_400_000;

export type IcalSource = { kind: 'file'; name: string; text: string } | { kind: 'url'; url: string };

export interface IcalImportOptions {
  onProgress?: ImportProgress;
  /** For fetching addresses (tests allow a local server; by default only public addresses). */
  fetch?: FetchIcsOptions;
  batchSize?: number;
  /** Days ahead a series without end is expanded (default: the ICAL_EXPANSION_HORIZON_DAYS setting). */
  horizonDays?: number;
  /** The clock the horizon counts from (tests fix it). */
  now?: Date;
}

/** The events of a calendar to import, and what it holds that they leave out. */
export interface CalendarImport {
  events: CalendarEvent[];
  notices: string[];
}

/** An event of a calendar as an aggregator event payload (the `uid` is its origin id). */
export function payloadOf(event: CalendarEvent): Record<string, unknown> {
  const sameZone = event.end.timezone === event.start.timezone;
  const payload: Record<string, unknown> = {
    uid: event.uid,
    title: event.title,
    description: event.description,
    start_date: event.start.local,
    // An end in another zone is given as its instant; the event keeps its start's zone.
    end_date: sameZone ? event.end.local : event.end.utc.toISOString().replace(/\.\d{3}Z$/, 'Z'),
    timezone: event.start.timezone,
    all_day: event.allDay,
    url: event.url ?? null,
    categories: event.categories,
    venue: event.location?.name
      ? {
          venue: event.location.name,
          ...(event.location.address ? { address: event.location.address } : {}),
          ...(event.location.city ? { city: event.location.city } : {}),
          ...(event.location.country ? { country: event.location.country } : {}),
          ...(event.location.lat !== undefined ? { latitude: event.location.lat, longitude: event.location.lng } : {}),
        }
      : null,
    organizer: event.organizers.filter((o) => o.name).map((o) => ({ organizer: o.name, ...(o.email ? { email: o.email } : {}) })),
  };
  return payload;
}

async function documentOf(source: IcalSource, options: IcalImportOptions): Promise<{ text: string; origin: ImportOrigin; name: string }> {
  if (source.kind === 'file') return { text: source.text, origin: 'ics-file', name: source.name };
  const fetched = await fetchIcs(source.url, options.fetch);
  return { text: fetched.body, origin: 'ics-url', name: source.url };
}

/** Reads the calendar's events, occurrences expanded; cancelled ones (and cancelled occurrences) are left out. */
export async function calendarEventsOf(ctx: DomainContext, text: string, options: Pick<IcalImportOptions, 'horizonDays' | 'now'> = {}): Promise<CalendarImport> {
  const site = await siteOptionsOf(ctx);
  const days = options.horizonDays ?? ctx.config.ical.expansionHorizonDays;
  const horizon = new Date((options.now ?? new Date()).getTime() + days * DAY);
  const calendars = parseIcal(text, { defaultTimezone: siteTimezoneName(site), expand: { horizon, maxOccurrences: ctx.config.ical.maxOccurrences } });
  return {
    events: calendars.flatMap((calendar) => calendar.events).filter((event) => event.status !== 'CANCELLED'),
    notices: calendars.flatMap((calendar) => calendar.notices),
  };
}

/** The record's message: what was not imported, then what the batches said. */
function withNotices(notices: string[], message: string): string {
  if (!notices.length) return message;
  return [`Not imported from this calendar:`, ...notices.map((notice) => `- ${notice}`), message].filter(Boolean).join('\n');
}

/** Imports a calendar; answers with the import record as it ended (success, or failed with a message). */
export async function importIcal(ctx: DomainContext, source: IcalSource, options: IcalImportOptions = {}): Promise<ImportRecord> {
  assertCanImport(ctx);
  const document = await documentOf(source, options);
  const { events, notices } = await calendarEventsOf(ctx, document.text, options);
  let record = await createImportRecord(ctx, { origin: document.origin, source: document.name });
  const size = Math.max(1, options.batchSize ?? BATCH_SIZE);
  const batches = Math.max(1, Math.ceil(events.length / size));
  let hash = record.nextBatchHash as string;
  try {
    for (let index = 0; index < batches; index++) {
      const slice = events.slice(index * size, (index + 1) * size);
      const done = Math.min(events.length, (index + 1) * size);
      const result = await receiveBatch(ctx, {
        importId: record.id,
        batchHash: hash,
        status: { data: { total: events.length, done: index * size }, batch: { total: batches, done: index } },
        percentage: events.length ? Math.floor((done / events.length) * 100) : 100,
        events: slice.map(payloadOf),
      });
      hash = result.next_batch_hash ?? '';
      record = await ctx.db.prisma.eventImport.findUniqueOrThrow({ where: { id: record.id } });
      await options.onProgress?.(record);
    }
  } catch (error) {
    // The batches already written stay; the record says where the import stopped.
    const message = isDomainError(error) || error instanceof Error ? error.message : String(error);
    record = await ctx.db.prisma.eventImport.update({ where: { id: record.id }, data: { status: 'failed', nextBatchHash: null, message: `The import stopped: ${message}`, messageSlug: 'import-stopped' } });
    await options.onProgress?.(record);
  }
  if (notices.length) {
    record = await ctx.db.prisma.eventImport.update({
      where: { id: record.id },
      data: { message: withNotices(notices, record.message), ...(record.messageSlug ? {} : { messageSlug: 'ical-not-imported' }) },
    });
  }
  return record;
}
