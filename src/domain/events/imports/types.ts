/**
 * The vocabulary of calendar imports (Event Aggregator's records): where an import comes from,
 * its states, the record the domain returns, and the activity log a batch produces.
 */
import type { EventImport } from '../../../generated/prisma-sqlite/client';

export const IMPORT_ORIGINS = ['ics-file', 'ics-url', 'aggregator'] as const;
export type ImportOrigin = (typeof IMPORT_ORIGINS)[number];

export const IMPORT_STATUSES = ['pending', 'success', 'failed'] as const;
export type ImportStatus = (typeof IMPORT_STATUSES)[number];

/** An import record as stored (counts, activity JSON, the next expected batch hash). */
export type ImportRecord = EventImport;

/** What happened to the records of one kind: ids created, updated, skipped, scheduled. */
export interface ActivityItems {
  created: number[];
  updated: number[];
  skipped: number[];
  scheduled: number[];
}

/** Activity::get_items(): keyed by post type or taxonomy. */
export type Activity = Record<ActivityKey, ActivityItems>;

export const ACTIVITY_KEYS = ['tribe_events', 'tribe_organizer', 'tribe_venue', 'tribe_events_cat', 'post_tag', 'attachment'] as const;
export type ActivityKey = (typeof ACTIVITY_KEYS)[number];

/** `status` of a batch callback: how far the whole import (`data`) and the batches (`batch`) are. */
export interface BatchProgress {
  data: { total: number; done: number };
  batch: { total: number; done: number };
}

/** A batch callback's arguments, validated. */
export interface BatchInput {
  importId: string;
  batchHash: string;
  status: BatchProgress;
  percentage: number;
  interval?: number;
  /** Event payloads as the aggregator service sends them (objects; see payload.ts). */
  events: Array<Record<string, unknown>>;
}

/** The answer to a batch callback. */
export interface BatchResult {
  status: 'success';
  activity: Activity;
  interval: number;
  next_batch_hash?: string;
}

/** A state callback's arguments, validated. */
export interface StateInput {
  importId: string;
  batchHash: string;
  status: ImportStatus;
  message: string;
  messageSlug: string;
  percentage: number;
}

/** Progress reports of imports run here (the CLI prints them). */
export type ImportProgress = (record: ImportRecord) => void | Promise<void>;
