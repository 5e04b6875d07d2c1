/**
 * Which cache tags a read earns, from the model, its arguments and the rows it returned
 * (vocabulary in tags.ts; the write side publishes the matching tags for every mutation).
 *
 * - A read pinned to records by their key (`id in [...]`, `contentId: 5`...) depends on those
 *   records only: it carries their record tags, found or not (a later create of that id
 *   publishes the same tag).
 * - Any other read is a list: it carries the model's list tag (Content by type, Term by taxonomy);
 *   a list whose type or taxonomy is not pinned counts as untracked.
 * - Relation filters add the related model's list tag (untracked for Content/Term).
 * - Every row returned adds its record tag.
 */
import { isRecord, pinnedValues } from '../db/args';
import type { ReadObserver } from '../db/fast/reader';
import { contentTag, listTag, SETTINGS, termTag, userTag, type ReadTags } from './tags';

type Row = Record<string, unknown>;

/** Per model: the columns that name a record, and the tag of each. */
const RECORD_KEYS: Record<string, Array<[string, (id: number) => string]>> = {
  Content: [['id', contentTag]],
  Term: [['id', termTag]],
  User: [['id', userTag]],
  ContentMeta: [['contentId', contentTag]],
  MenuItemDetail: [['contentId', contentTag]],
  EventDetail: [['contentId', contentTag]],
  VenueDetail: [['contentId', contentTag]],
  OrganizerDetail: [['contentId', contentTag]],
  TermRelationship: [
    ['contentId', contentTag],
    ['termId', termTag],
  ],
  EventVenue: [
    ['eventId', contentTag],
    ['venueId', contentTag],
  ],
  EventOrganizer: [
    ['eventId', contentTag],
    ['organizerId', contentTag],
  ],
  TermMeta: [['termId', termTag]],
  ApplicationPassword: [['userId', userTag]],
};

/** Lists are split by these columns. */
const LIST_KEYS: Record<string, string> = { Content: 'type', Term: 'taxonomy' };

/** Models whose list tag the write side publishes (others are untracked when listed). */
const LISTED = new Set(['Content', 'Term', 'User', 'ContentMeta', 'MenuItemDetail', 'EventDetail', 'VenueDetail', 'OrganizerDetail', 'TermRelationship', 'EventVenue', 'EventOrganizer', 'TermMeta', 'ApplicationPassword']);

/** Names of the relation fields used anywhere in a where (their models are looked up by the caller). */
function relationFilters(where: unknown, isRelation: (field: string) => string | undefined, out: Set<string>): void {
  if (Array.isArray(where)) {
    for (const w of where) relationFilters(w, isRelation, out);
    return;
  }
  if (!isRecord(where)) return;
  for (const [key, value] of Object.entries(where)) {
    if (key === 'AND' || key === 'OR' || key === 'NOT') relationFilters(value, isRelation, out);
    else {
      const related = isRelation(key);
      if (related) out.add(related);
    }
  }
}

function addRowTags(tags: ReadTags, model: string, rows: readonly Row[]): void {
  const keys = RECORD_KEYS[model];
  if (!keys) return;
  for (const row of rows) {
    for (const [column, tag] of keys) {
      const id = row[column];
      if (typeof id === 'number') tags.add(tag(id));
    }
  }
}

export function tagObserver(tags: ReadTags, relatedModel: (model: string, field: string) => string | undefined): ReadObserver {
  return {
    model(model, _operation, args, rows) {
      if (model === 'Option') {
        tags.add(SETTINGS);
        return;
      }
      const where = args?.where;
      let pinned = false;
      for (const [column, tag] of RECORD_KEYS[model] ?? []) {
        const values = pinnedValues(where, column);
        if (!values) continue;
        pinned = true;
        for (const v of values) if (typeof v === 'number') tags.add(tag(v));
        break;
      }
      if (!pinned) {
        const listColumn = LIST_KEYS[model];
        if (!LISTED.has(model)) tags.untracked();
        else if (!listColumn) tags.add(listTag(model));
        else {
          const kinds = pinnedValues(where, listColumn);
          if (kinds && kinds.every((k) => typeof k === 'string')) for (const kind of kinds) tags.add(listTag(model, kind as string));
          else tags.untracked();
        }
      }
      const related = new Set<string>();
      relationFilters(where, (field) => relatedModel(model, field), related);
      for (const other of related) {
        if (LIST_KEYS[other] || !LISTED.has(other)) tags.untracked();
        else tags.add(listTag(other));
      }
      if (rows) addRowTags(tags, model, rows);
    },
    raw(list) {
      if (list === undefined) tags.untracked();
      else tags.addAll(list);
    },
  };
}
