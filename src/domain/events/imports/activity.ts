/**
 * The activity log of an import (Tribe__Events__Aggregator__Record__Activity): ids per post type or
 * taxonomy and action. A batch answers with its own activity; the record keeps the merged log.
 */
import { ACTIVITY_KEYS, type Activity, type ActivityItems, type ActivityKey } from './types';

type Action = keyof ActivityItems;

export function emptyActivity(): Activity {
  return Object.fromEntries(ACTIVITY_KEYS.map((key) => [key, { created: [], updated: [], skipped: [], scheduled: [] }])) as unknown as Activity;
}

/** Notes an id once per action (a venue shared by two events of a batch is created once). */
export function addActivity(activity: Activity, key: ActivityKey, action: Action, id: number): void {
  const list = activity[key][action];
  if (!list.includes(id)) list.push(id);
}

/** Activity::merge(): the union of both logs, earlier ids first. */
export function mergeActivity(stored: Activity, next: Activity): Activity {
  const merged = emptyActivity();
  for (const key of ACTIVITY_KEYS) {
    for (const action of ['created', 'updated', 'skipped', 'scheduled'] as const) {
      for (const id of [...(stored[key]?.[action] ?? []), ...next[key][action]]) addActivity(merged, key, action, id);
    }
  }
  return merged;
}

/** The stored JSON as an Activity (anything unreadable counts as empty). */
export function parseActivity(text: string): Activity {
  const activity = emptyActivity();
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return activity;
  }
  if (typeof value !== 'object' || value === null) return activity;
  for (const key of ACTIVITY_KEYS) {
    const items = (value as Record<string, unknown>)[key];
    if (typeof items !== 'object' || items === null) continue;
    for (const action of ['created', 'updated', 'skipped', 'scheduled'] as const) {
      const ids = (items as Record<string, unknown>)[action];
      if (Array.isArray(ids)) for (const id of ids) if (Number.isInteger(id)) addActivity(activity, key, action, id as number);
    }
  }
  return activity;
}
