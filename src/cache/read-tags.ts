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
import { isConstant, MODEL_TAGS, type ModelTagging } from './model-tags';
import { listTag, type ReadTags } from './tags';

type Row = Record<string, unknown>;

/** The models whose reads are tracked by record and list (model-tags.ts declares them once for both sides). */
function taggingOf(model: string): ModelTagging | undefined {
  const tagging = MODEL_TAGS[model];
  return tagging && !isConstant(tagging) ? tagging : undefined;
}

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

function addRowTags(tags: ReadTags, tagging: ModelTagging, rows: readonly Row[]): void {
  for (const row of rows) {
    for (const [column, tag] of tagging.records) {
      const id = row[column];
      if (typeof id === 'number') tags.add(tag(id));
    }
  }
}

export function tagObserver(tags: ReadTags, relatedModel: (model: string, field: string) => string | undefined): ReadObserver {
  return {
    model(model, _operation, args, rows) {
      const declared = MODEL_TAGS[model];
      if (declared && isConstant(declared)) {
        tags.addAll(declared.constant);
        return;
      }
      const where = args?.where;
      let pinned = false;
      for (const [column, tag] of declared?.records ?? []) {
        const values = pinnedValues(where, column);
        if (!values) continue;
        pinned = true;
        for (const v of values) if (typeof v === 'number') tags.add(tag(v));
        break;
      }
      if (!pinned) {
        if (!declared) tags.untracked();
        else if (!declared.listBy) tags.add(listTag(model));
        else {
          const kinds = pinnedValues(where, declared.listBy);
          if (kinds && kinds.every((k) => typeof k === 'string')) for (const kind of kinds) tags.add(listTag(model, kind as string));
          else tags.untracked();
        }
      }
      const related = new Set<string>();
      relationFilters(where, (field) => relatedModel(model, field), related);
      for (const other of related) {
        // A relation filter depends on the related model's whole list: only an unsplit list tag names it.
        const tagging = taggingOf(other);
        if (!tagging || tagging.listBy) tags.untracked();
        else tags.add(listTag(other));
      }
      if (rows && declared) addRowTags(tags, declared, rows);
    },
    raw(list) {
      if (list === undefined) tags.untracked();
      else tags.addAll(list);
    },
  };
}
