/**
 * Import records as `events-import/v1` prints them (our addition: the plugin keeps them as private
 * posts). Counts, the merged activity, and the next batch hash — the shared secret of an
 * aggregator import, shown only to those who may import.
 */
import { formatGmt } from '../../../domain/content/dates';
import { parseActivity, type ImportRecord } from '../../../domain/events/imports';
import type { RestUrls } from '../../server/urls';

export const NS = '/events-import/v1';

export function importJson(record: ImportRecord, urls: RestUrls): Record<string, unknown> {
  return {
    id: record.id,
    origin: record.origin,
    source: record.source,
    status: record.status,
    percentage_complete: record.percentage,
    next_batch_hash: record.nextBatchHash,
    message: record.message,
    message_slug: record.messageSlug,
    total_events: record.totalEvents,
    batches_done: record.batchesDone,
    created: record.created,
    updated: record.updated,
    skipped: record.skipped,
    failed: record.failed,
    activity: parseActivity(record.activity),
    author: record.authorId,
    date_gmt: formatGmt(record.createdAt),
    modified_gmt: formatGmt(record.updatedAt),
    _links: {
      self: [{ href: urls.url(`${NS}/imports/${record.id}`) }],
      collection: [{ href: urls.url(`${NS}/imports`) }],
      ...(record.nextBatchHash ? { batch: [{ href: urls.url(`${NS}/import/${record.id}/batch`) }], state: [{ href: urls.url(`${NS}/import/${record.id}/state`) }] } : {}),
    },
  };
}
