/**
 * The contract of event categories and tags, both faces' one source: their archive and create
 * arguments as The Events Calendar declares them (Archive_Category/Tag, Single_Category/Tag over
 * WordPress's terms controller), and the normalisation of checked values into the domain's term
 * query and changes.
 */
import { sanitizeSlug } from '../content/slug';
import type { DomainContext } from '../context';
import type { TermListQuery } from '../terms/query';
import { sanitizeTextField } from '../text';
import type { TecArgs } from './args';
import { sanitizePerPage } from './contract';
import type { EventTaxonomy } from './terms';
import { findTermId, isEventId, isPositiveInt, isString, listToArray, type Check } from './validators';

/** What the arguments of a calendar taxonomy depend on. */
export interface EventTermContractDef {
  taxonomy: EventTaxonomy;
  /** "event category" / "event tag" */
  label: string;
  pluralLabel: string;
  termCheck: Check;
  hierarchical: boolean;
}

/** The archive arguments of event categories or tags (Archive_Category, Archive_Tag). */
export function eventTermArchiveArgs(def: EventTermContractDef): TecArgs {
  const args: TecArgs = {
    page: { schema: { default: 1, description: 'The archive page to return', type: 'integer' }, check: isPositiveInt },
    per_page: { schema: { description: `The number of ${def.pluralLabel} to return on each page`, type: 'integer' }, check: isPositiveInt, sanitize: sanitizePerPage },
    search: { schema: { description: 'Limit results to those matching a string', type: 'string' }, check: isString },
    exclude: { schema: { description: 'Ensure result set exclude specific IDs', items: { type: 'integer' } }, check: def.termCheck, swaggerType: 'array' },
    include: { schema: { description: 'Limit result set to specific IDs', items: { type: 'integer' } }, check: def.termCheck, swaggerType: 'array' },
    order: { schema: { description: 'Order sort attribute ascending or descending', type: 'string' }, check: isString },
    orderby: { schema: { description: 'Sort collection by term attribute', type: 'string' }, check: isString },
    hide_empty: { schema: { description: 'Whether to hide terms not assigned to any posts', type: 'boolean', default: '1' } },
  };
  if (def.hierarchical) args.parent = { schema: { description: 'Limit result set to terms assigned to a specific parent', type: 'integer' }, check: def.termCheck };
  args.post = { schema: { description: 'Limit result set to terms assigned to a specific post', type: 'integer' }, check: isEventId };
  args.event = { schema: { description: 'Limit result set to terms assigned to a specific event (an alias of the "post" parameter)', type: 'integer' }, check: isEventId };
  args.slug = { schema: { description: 'Limit result set to terms with a specific slug', type: 'string' }, check: isString };
  return args;
}

/** The create arguments (Single_Category, Single_Tag). */
export function eventTermCreateArgs(def: EventTermContractDef): TecArgs {
  const args: TecArgs = {
    name: { schema: { type: 'string', description: `The ${def.label} name`, required: true }, check: isString },
    description: { schema: { type: 'string', description: `The ${def.label} description` }, check: isString },
    slug: { schema: { type: 'string', description: `The ${def.label} slug` }, check: isString },
  };
  if (def.hierarchical) args.parent = { schema: { type: 'integer', description: `The ${def.label} slug` }, check: def.termCheck };
  return args;
}

/** The ids of an include/exclude list (ids or slugs, as term_exists reads them). */
async function termIds(ctx: DomainContext, taxonomy: string, value: unknown): Promise<number[] | undefined> {
  if (value === undefined) return undefined;
  const ids: number[] = [];
  for (const entry of listToArray(value)) {
    const id = await findTermId(ctx, taxonomy, entry);
    if (id !== null) ids.push(id);
  }
  return ids;
}

/** Checked archive values as the domain's TermListQuery (include/exclude by id or slug). */
export async function eventTermListQuery(ctx: DomainContext, def: EventTermContractDef, v: Record<string, unknown>): Promise<TermListQuery> {
  return {
    page: (v.page as number | undefined) ?? 1,
    perPage: (v.per_page as number | undefined) ?? 10,
    search: typeof v.search === 'string' ? v.search : undefined,
    include: await termIds(ctx, def.taxonomy, v.include),
    exclude: await termIds(ctx, def.taxonomy, v.exclude),
    order: v.order === 'desc' ? 'desc' : 'asc',
    orderby: ['id', 'include', 'name', 'slug', 'include_slugs', 'term_group', 'description', 'count'].includes(String(v.orderby)) ? String(v.orderby) : 'name',
    // Absent, the face's default applies (listEventTerms).
    hideEmpty: v.hide_empty === undefined ? undefined : v.hide_empty === true,
    parent: def.hierarchical && v.parent !== undefined ? Number(v.parent) : undefined,
    post: (v.post ?? v.event) as number | undefined,
    slugs: typeof v.slug === 'string' ? [v.slug] : undefined,
  };
}

/** The create / update fields of an event category or tag, sanitised as the plugin does. */
export function changesOf(values: Record<string, unknown>) {
  const changes: { name?: string; description?: string; slug?: string; parent?: unknown } = {};
  if (values.name !== undefined) changes.name = sanitizeTextField(values.name);
  if (values.description !== undefined) changes.description = String(values.description);
  if (values.slug !== undefined) changes.slug = sanitizeSlug(String(values.slug));
  if (values.parent !== undefined) changes.parent = values.parent;
  return changes;
}
