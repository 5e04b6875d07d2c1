/**
 * WP_REST_Controller's presentation pieces, used by the route files: context filtering by the item
 * schema, keyed collections, and small parameter readers for permission previews (which see raw,
 * unsanitised values). The arguments derived from item schemas are the contracts' (src/schema).
 */
import type { ItemSchema } from '../../schema/types';
import { compactLinks, type Links } from './links';

/** filter_response_by_context(): keeps the fields whose schema property lists the context. */
export function filterByContext(data: Record<string, unknown>, schema: ItemSchema, context: string): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(data)) {
    const property = schema.properties[key];
    if (property && !(property.context ?? []).includes(context)) continue;
    out[key] = value;
  }
  return out;
}

/** WordPress's GMT date format without offset: 2026-11-22T03:20:02. */
export function gmtDate(date: Date): string {
  return date.toISOString().slice(0, 19);
}

/**
 * A collection WordPress returns keyed by slug (types, taxonomies, statuses). Its items carry
 * compact links already, as prepare_response_for_collection gives them: the server only compacts
 * the links of top-level records and lists.
 */
export function keyedCollection<T>(items: readonly T[], keyOf: (item: T) => string, toRecord: (item: T) => Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const item of items) {
    const record = toRecord(item);
    if (record._links) record._links = compactLinks(record._links as Links);
    out[keyOf(item)] = record;
  }
  return out;
}

/** A `meta` object left empty by the context filter prints as PHP's empty array (`[]`), as WordPress's does. */
export function emptyMetaAsList(data: Record<string, unknown>): void {
  const meta = data.meta;
  if (meta && typeof meta === 'object' && !Array.isArray(meta) && Object.keys(meta).length === 0) data.meta = [];
}
