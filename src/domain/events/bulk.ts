/**
 * Many events at once, for benchmarks and demo data: rows written in batches with createMany,
 * no permission checks (an operator's tool, like the demo seed), each event one or two hours long,
 * spread over the days ahead, cycling through the given venues, organizers and categories.
 *
 *   await insertManyEvents(db, { count: 10000 });
 */
import type { Database } from '../../db/client';
import { slugKeyFor } from '../content/slug';
import { readOptions } from '../settings/options';
import { formatIn, formatUtc, siteTimezoneName, timezoneAbbr } from './dates';
import { EVENT_TYPE } from './types';

export interface BulkEventOptions {
  count: number;
  /** The first event starts on this instant (default: tomorrow at 10:00 UTC). */
  start?: Date;
  /** Events per day (default 10). */
  perDay?: number;
  status?: string;
  authorId?: number;
  venueIds?: number[];
  organizerIds?: number[];
  categoryIds?: number[];
  /** Prefix of titles and slugs (default "Bulk event"). */
  title?: string;
  /** Rows per statement (default 500). */
  batchSize?: number;
}

/** Inserts `count` published events; returns their ids in start order. */
export async function insertManyEvents(db: Database, options: BulkEventOptions): Promise<number[]> {
  const site = await readOptions(db);
  const timezone = siteTimezoneName(site);
  const perDay = options.perDay ?? 10;
  const batchSize = options.batchSize ?? 500;
  const first = options.start ?? new Date(Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth(), new Date().getUTCDate() + 1, 10));
  const title = options.title ?? 'Bulk event';
  const tag = Date.now().toString(36);
  const ids: number[] = [];
  for (let offset = 0; offset < options.count; offset += batchSize) {
    const size = Math.min(batchSize, options.count - offset);
    await db.prisma.$transaction(async (tx) => {
      const now = new Date(Math.floor(Date.now() / 1000) * 1000);
      const rows = await tx.content.createManyAndReturn({
        data: Array.from({ length: size }, (_, i) => {
          const n = offset + i + 1;
          const slug = `${title.toLowerCase().replace(/[^a-z0-9]+/g, '-')}-${tag}-${n}`;
          return {
            type: EVENT_TYPE, status: options.status ?? 'publish', authorId: options.authorId ?? 0, slug, slugKey: slugKeyFor({ type: EVENT_TYPE, parentId: 0, slug, status: options.status ?? 'publish' }),
            title: `${title} ${n}`, content: `<p>${title} number ${n}.</p>`, date: now, modified: now, commentStatus: 'closed', pingStatus: 'closed',
          };
        }),
        select: { id: true },
      });
      const created = rows.map((r) => r.id).sort((a, b) => a - b);
      await tx.eventDetail.createMany({
        data: created.map((contentId, i) => {
          const n = offset + i;
          const start = new Date(first.getTime() + Math.floor(n / perDay) * 86400000 + (n % perDay) * 3600000);
          const end = new Date(start.getTime() + (1 + (n % 2)) * 3600000);
          return {
            contentId, startLocal: formatIn(start, site), endLocal: formatIn(end, site), startUtc: formatUtc(start), endUtc: formatUtc(end),
            timezone, timezoneAbbr: timezoneAbbr(timezone, start), showMap: true, showMapLink: true, cost: n % 3 === 0 ? '0' : String(5 + (n % 20)),
          };
        }),
      });
      const pick = (list: number[] | undefined, i: number) => (list?.length ? list[(offset + i) % list.length] : undefined);
      const venues = created.map((eventId, i) => ({ eventId, venueId: pick(options.venueIds, i) })).filter((r): r is { eventId: number; venueId: number } => r.venueId !== undefined);
      if (venues.length) await tx.eventVenue.createMany({ data: venues });
      const organizers = created.map((eventId, i) => ({ eventId, organizerId: pick(options.organizerIds, i) })).filter((r): r is { eventId: number; organizerId: number } => r.organizerId !== undefined);
      if (organizers.length) await tx.eventOrganizer.createMany({ data: organizers });
      const terms = created.map((contentId, i) => ({ contentId, termId: pick(options.categoryIds, i) })).filter((r): r is { contentId: number; termId: number } => r.termId !== undefined);
      if (terms.length) await tx.termRelationship.createMany({ data: terms });
      ids.push(...created);
    }, { timeout: 120000 });
  }
  for (const termId of new Set(options.categoryIds ?? [])) {
    const count = await db.read.termRelationship.count({ where: { termId, content: { status: 'publish' } } });
    await db.prisma.term.update({ where: { id: termId }, data: { count } });
  }
  await refreshPlannerStatistics(db);
  return ids;
}

/** The tables a bulk insert fills. */
const BULK_TABLES = ['Content', 'EventDetail', 'EventVenue', 'EventOrganizer', 'TermRelationship'];

/**
 * PostgreSQL plans from statistics autovacuum refreshes only some time after a bulk load; until
 * then it took 10,000 new events for 25 rows and read the event window through every published
 * item (17 ms instead of 0.6 ms). ANALYZE after loading, as PostgreSQL's documentation advises.
 * SQLite keeps no statistics unless asked to, and plans these reads well without them.
 */
async function refreshPlannerStatistics(db: Database): Promise<void> {
  if (db.provider !== 'postgresql') return;
  await db.prisma.$executeRawUnsafe(`ANALYZE ${BULK_TABLES.map((table) => `"${table}"`).join(', ')}`);
}
