/**
 * Writing the events of one batch inside the batch's transaction (Record__Abstract::insert_posts):
 * each event is matched by its origin ids (global id, then UID) and updated, or created; its venue
 * and organizers are matched by global id, then by name (as the plugin looks venues up by title),
 * or created. An event that cannot be written is rolled back alone (a savepoint) and counted as
 * failed; the rest of the batch goes on.
 */
import type { DomainContext } from '../../context';
import { isDomainError } from '../../errors';
import type { Tx } from '../calendar-posts';
import { insertLinked, type LinkedKindDef, type PostFieldsWithName } from '../linked';
import { ORGANIZERS } from '../organizers';
import { EVENT_TYPE, LINEAGE_KEY, ORGANIZER_TYPE, VENUE_TYPE, type CalendarPost, type EventInput } from '../types';
import { VENUES } from '../venues';
import { writeEventInTransaction } from '../write';
import { addActivity } from './activity';
import { findByOrigin, originKey, rememberOrigins, type OriginKind } from './origins';
import type { ImportItem, LinkedImport } from './payload';
import type { Activity } from './types';

export interface ItemCounts {
  created: number;
  updated: number;
  skipped: number;
  failed: number;
  /** The first failures, for the record's message. */
  errors: string[];
}

/** What the writes of one batch share. */
export interface BatchWrites {
  tx: Tx;
  /** The import's author: records are written with this user's rights. */
  ctx: DomainContext;
  activity: Activity;
  counts: ItemCounts;
  /** The highest content id before the batch: a linked record above it was created by the batch. */
  maxIdBefore: number;
  /** Venues and organizers already resolved in this batch, by kind and name. */
  linked: Map<string, number>;
}

export function emptyCounts(): ItemCounts {
  return { created: 0, updated: 0, skipped: 0, failed: 0, errors: [] };
}

type LinkedDef = LinkedKindDef<CalendarPost, PostFieldsWithName>;

async function addLineage(tx: Tx, contentId: number, ids: string[]): Promise<void> {
  if (!ids.length) return;
  const stored = await tx.contentMeta.findMany({ where: { contentId, key: LINEAGE_KEY }, select: { value: true } });
  const missing = [...new Set(ids)].filter((id) => !stored.some((s) => s.value === id));
  if (missing.length) await tx.contentMeta.createMany({ data: missing.map((value) => ({ contentId, key: LINEAGE_KEY, value })) });
}

/** A venue or organizer of an imported event: by global id, by name, or new. */
async function resolveLinked(w: BatchWrites, kind: 'venue' | 'organizer', linked: LinkedImport<object>): Promise<number> {
  const type = kind === 'venue' ? VENUE_TYPE : ORGANIZER_TYPE;
  const activityKey = kind === 'venue' ? 'tribe_venue' : 'tribe_organizer';
  const originKind: OriginKind = kind === 'venue' ? 'venue-global' : 'organizer-global';
  const keys = linked.globalIds.map((id) => originKey(originKind, id));
  const cacheKey = `${kind}\n${linked.name}`;
  let id = w.linked.get(cacheKey) ?? (await findByOrigin(w.tx, keys, type))?.id;
  if (id === undefined) {
    const byName = await w.tx.content.findFirst({ where: { type, title: linked.name, status: { not: 'trash' } }, orderBy: { id: 'asc' }, select: { id: true } });
    id = byName?.id;
  }
  if (id === undefined) {
    const def = (kind === 'venue' ? VENUES : ORGANIZERS) as unknown as LinkedDef;
    id = await insertLinked(w.tx, w.ctx, def, { ...(linked.input as PostFieldsWithName), status: 'publish' });
  }
  if (!w.linked.has(cacheKey)) addActivity(w.activity, activityKey, id > w.maxIdBefore ? 'created' : 'skipped', id);
  w.linked.set(cacheKey, id);
  await rememberOrigins(w.tx, keys, id);
  await addLineage(w.tx, id, linked.globalIds);
  return id;
}

/** Creates or updates one event; returns what happened to it. */
async function writeItem(w: BatchWrites, item: ImportItem): Promise<'created' | 'updated' | 'skipped'> {
  const keys = [...(item.globalId ? [originKey('event-global', item.globalId)] : []), ...(item.uid ? [originKey('event-uid', item.uid)] : [])];
  const existing = await findByOrigin(w.tx, keys, EVENT_TYPE);
  // An imported event the site owner has trashed stays in the trash.
  if (existing?.status === 'trash') {
    addActivity(w.activity, 'tribe_events', 'skipped', existing.id);
    return 'skipped';
  }
  const input: EventInput = { ...item.input };
  if (item.venue !== undefined) input.venue = item.venue ? [await resolveLinked(w, 'venue', item.venue)] : [];
  if (item.organizers !== undefined) {
    const ids: number[] = [];
    for (const organizer of item.organizers ?? []) ids.push(await resolveLinked(w, 'organizer', organizer));
    input.organizer = ids;
  }
  // New events are published (the aggregator's default post status); updates keep their status.
  if (!existing) input.status = 'publish';
  const id = await writeEventInTransaction(w.tx, w.ctx, existing?.id ?? null, input);
  await rememberOrigins(w.tx, keys, id);
  await addLineage(w.tx, id, item.lineage);
  addActivity(w.activity, 'tribe_events', existing ? 'updated' : 'created', id);
  return existing ? 'updated' : 'created';
}

function noteFailure(counts: ItemCounts, index: number, message: string): void {
  counts.failed += 1;
  if (counts.errors.length < 5) counts.errors.push(`event ${index + 1}: ${message}`);
}

/**
 * Writes the batch's items in order; an item that was unreadable (a DomainError instead of an
 * ImportItem) or whose write fails with a DomainError counts as failed and leaves no trace.
 */
export async function writeItems(w: BatchWrites, items: Array<ImportItem | Error>): Promise<void> {
  for (const [index, item] of items.entries()) {
    if (item instanceof Error) {
      noteFailure(w.counts, index, item.message);
      continue;
    }
    // What the batch remembers is restored with the database when the item is rolled back.
    const activity = JSON.stringify(w.activity);
    const linked = new Map(w.linked);
    await w.tx.$executeRawUnsafe('SAVEPOINT event_import_item');
    try {
      w.counts[await writeItem(w, item)] += 1;
      await w.tx.$executeRawUnsafe('RELEASE SAVEPOINT event_import_item');
    } catch (error) {
      if (!isDomainError(error)) throw error;
      await w.tx.$executeRawUnsafe('ROLLBACK TO SAVEPOINT event_import_item');
      Object.assign(w.activity, JSON.parse(activity));
      w.linked.clear();
      for (const [key, id] of linked) w.linked.set(key, id);
      noteFailure(w.counts, index, error.message);
    }
  }
}
