/**
 * Scheduled publishing (WordPress's publish_future_post cron event, check_and_publish_future_post):
 * a `future` post whose date has come becomes `publish`, with what a publish transition brings —
 * term counts and auto-added menu pages. Idempotent and safe to run on several instances at once:
 * each row is locked and re-checked inside its own transaction, so only one instance publishes it.
 */
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { autoAddPageToMenus } from '../menus/auto-add';
import { recountTerms } from '../terms/counts';
import { anonymous } from '../viewer';
import { lockRow } from './write';

/** Post types whose scheduled items publish themselves. */
const SCHEDULED_TYPES = ['post', 'page', 'tribe_events', 'tribe_venue', 'tribe_organizer'];

/** Publishes every scheduled item due by `now`; returns the ids this call published. */
export async function publishDuePosts(db: Database, config: Pick<Config, 'siteUrl'>, now: Date = new Date()): Promise<number[]> {
  const due = await db.read.content.findMany({ where: { status: 'future', type: { in: SCHEDULED_TYPES }, date: { lte: now } }, select: { id: true }, orderBy: { date: 'asc' } });
  const published: number[] = [];
  for (const { id } of due) {
    const done = await db.prisma.$transaction(async (tx) => {
      await lockRow(tx, id);
      const row = await tx.content.findUnique({ where: { id } });
      if (!row || row.status !== 'future' || row.date > now) return false;
      const updated = await tx.content.update({ where: { id }, data: { status: 'publish' } });
      await recountTerms(tx, (await tx.termRelationship.findMany({ where: { contentId: id }, select: { termId: true } })).map((r) => r.termId));
      await autoAddPageToMenus(tx, { viewer: anonymous, config }, updated, 'future', 'publish');
      return true;
    });
    if (done) published.push(id);
  }
  return published;
}

/** When the next scheduled item is due (null when nothing is scheduled). */
export async function nextScheduledTime(db: Database): Promise<Date | null> {
  const next = await db.read.content.findFirst({ where: { status: 'future', type: { in: SCHEDULED_TYPES } }, orderBy: { date: 'asc' }, select: { date: true } });
  return next?.date ?? null;
}
