/**
 * Origin ids of imported records (EventImportOrigin): an iCalendar UID or an aggregator global id
 * names one local event, venue or organizer, so that importing it again updates that record. Keys
 * are `<kind>:<id>`; ids too long for a key are hashed.
 */
import { createHash } from 'node:crypto';
import type { Tx } from '../calendar-posts';

export type OriginKind = 'event-uid' | 'event-global' | 'venue-global' | 'organizer-global';

const MAX_KEY = 180;

export function originKey(kind: OriginKind, id: string): string {
  const key = `${kind}:${id}`;
  return key.length <= MAX_KEY ? key : `${kind}:sha256:${createHash('sha256').update(id).digest('hex')}`;
}

/**
 * The live record of `type` the first of these keys names (keys of records deleted since are
 * dropped), or null.
 */
export async function findByOrigin(tx: Tx, keys: string[], type: string): Promise<{ id: number; status: string } | null> {
  if (!keys.length) return null;
  const rows = await tx.eventImportOrigin.findMany({ where: { key: { in: keys } } });
  for (const key of keys) {
    const row = rows.find((r) => r.key === key);
    if (!row) continue;
    const content = await tx.content.findUnique({ where: { id: row.contentId }, select: { id: true, type: true, status: true } });
    if (content && content.type === type) return { id: content.id, status: content.status };
    await tx.eventImportOrigin.delete({ where: { key } });
  }
  return null;
}

/** Points every key at the record (a key that named another record now names this one). */
export async function rememberOrigins(tx: Tx, keys: string[], contentId: number): Promise<void> {
  for (const key of new Set(keys)) {
    await tx.eventImportOrigin.upsert({ where: { key }, create: { key, contentId }, update: { contentId } });
  }
}
