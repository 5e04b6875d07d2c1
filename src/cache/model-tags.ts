/**
 * One declaration per model of how its rows name cache tags (vocabulary in tags.ts). The read side
 * (read-tags.ts: what an answer depends on) and the write side (write-tags.ts: what a mutation
 * changed) are both derived from it, so they cannot drift apart.
 */
import { contentTag, eventMonthTag, listTag, monthsBetween, REDIRECTS, SETTINGS, termTag, userTag } from './tags';

type Row = Record<string, unknown>;

export interface ModelTagging {
  /**
   * Columns that name a record, each with its tag. A read pinned to records by one of them depends
   * on those records only; every row read or written carries the tags of its values.
   */
  records: ReadonlyArray<readonly [column: string, tag: (id: number) => string]>;
  /**
   * Lists of the model (reads not pinned to records) carry `list:<Model>`, split by this column's
   * value when given (`list:Content:<type>`); every write publishes the list tags of its rows.
   */
  listBy?: string;
  /** Tags a write publishes besides those (read from these columns of the old and new rows). */
  writes?: { fields: readonly string[]; tags(row: Row, out: Set<string>): void };
}

/** Models whose rows say nothing finer: every read of them carries these tags, every write publishes them. */
export type ConstantTagging = { constant: readonly string[] };

const num = (value: unknown): number => Number(value);

const keyedByContent = (...columns: string[]): ModelTagging => ({ records: columns.map((column) => [column, contentTag] as const) });

/** An event's times decide which month lists (`events:<YYYY-MM>`) show it. */
export function eventSpanTags(row: Row, out: Set<string>): void {
  const months = typeof row.startUtc === 'string' && typeof row.endUtc === 'string' ? monthsBetween(row.startUtc, row.endUtc) : null;
  if (months === null) out.add(listTag('Content', 'tribe_events'));
  else for (const month of months) out.add(eventMonthTag(month));
}

/** Every model the domain reads or writes; models absent here (the invalidation log, persisted queries) publish nothing. */
export const MODEL_TAGS: Record<string, ModelTagging | ConstantTagging> = {
  Content: {
    records: [['id', contentTag]],
    listBy: 'type',
    // A child (revision, autosave, attachment, sub-page) shows in its parent's answer: revision counts, links.
    writes: { fields: ['parentId'], tags: (row, out) => void (num(row.parentId) > 0 && out.add(contentTag(num(row.parentId)))) },
  },
  ContentMeta: keyedByContent('contentId'),
  MenuItemDetail: keyedByContent('contentId'),
  VenueDetail: keyedByContent('contentId'),
  OrganizerDetail: keyedByContent('contentId'),
  EventDetail: { ...keyedByContent('contentId'), writes: { fields: ['startUtc', 'endUtc'], tags: eventSpanTags } },
  EventVenue: keyedByContent('eventId', 'venueId'),
  EventOrganizer: keyedByContent('eventId', 'organizerId'),
  // A term's count and its lists of content change with its links.
  TermRelationship: {
    records: [
      ['contentId', contentTag],
      ['termId', termTag],
    ],
  },
  Term: { records: [['id', termTag]], listBy: 'taxonomy' },
  TermMeta: { records: [['termId', termTag]] },
  User: { records: [['id', userTag]] },
  ApplicationPassword: { records: [['userId', userTag]] },
  Option: { constant: [SETTINGS] },
  EventImport: { constant: [listTag('EventImport')] },
  EventImportOrigin: { constant: [listTag('EventImportOrigin')] },
  // The logs (RedirectLog, NotFoundLog, SecurityLogEntry) and used nonces (SecurityNonce) are absent:
  // no cached answer reads them, and they are written on every hit.
  Redirect: { constant: [REDIRECTS] },
  RedirectGroup: { constant: [REDIRECTS] },
  // The stored SEO analysis and link records: read by the seo/v1 scores, statistics and indexing
  // routes (signed-in answers the cache never keeps) and by the analysis itself. A constant tag of
  // their own, so a cached answer that reads them later (the head object) is still dropped by any
  // write of them, while their writes (one per analysis, after every save) drop nothing else.
  SeoIndexable: { constant: [listTag('SeoIndexable')] },
  SeoLink: { constant: [listTag('SeoLink')] },
};

export function isConstant(tagging: ModelTagging | ConstantTagging): tagging is ConstantTagging {
  return 'constant' in tagging;
}

/** The columns a row must carry for `rowTags` to name all its tags. */
export function taggedFields(tagging: ModelTagging): string[] {
  const fields = new Set(tagging.records.map(([column]) => column));
  if (tagging.listBy) fields.add(tagging.listBy);
  for (const field of tagging.writes?.fields ?? []) fields.add(field);
  return [...fields];
}

/** What a written row changed: its records, its model's list, and the model's write extras. */
export function rowTags(model: string, tagging: ModelTagging, row: Row, out: Set<string>): void {
  for (const [column, tag] of tagging.records) out.add(tag(num(row[column])));
  out.add(tagging.listBy ? listTag(model, String(row[tagging.listBy])) : listTag(model));
  tagging.writes?.tags(row, out);
}
