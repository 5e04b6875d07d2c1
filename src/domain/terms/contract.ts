/**
 * The contract of categories and tags, both faces' one source: the item schema and argument
 * tables of WordPress's terms controller (list filters with their defaults, caps and enums; write
 * fields with their sanitisers) and the normalisation of checked arguments into the domain's
 * query and changes.
 */
import { seoHeadProperties } from '../seo/head-contract';
import { hasTermSeoFields, termSeoChangesFromMeta, termSeoMetaSchema } from '../seo/term-seo-fields';
import { sanitizeSlug } from '../content/slug';
import type { TaxonomyDef } from '../content/taxonomies';
import { sanitizeTextField } from '../text';
import { argsFromSchema, contextParam } from '../../schema/item-schema';
import type { ArgSchema, ArgsView, ItemSchema } from '../../schema/types';
import type { TermListQuery } from './query';
import type { TermChanges } from './writes';

const ALL_CONTEXTS = ['view', 'embed', 'edit'];

/** get_item_schema() of the terms controller for a taxonomy. */
export function termSchema(taxonomy: TaxonomyDef): ItemSchema {
  const properties: Record<string, ArgSchema> = {
    id: { description: 'Unique identifier for the term.', type: 'integer', context: ALL_CONTEXTS, readonly: true },
    count: { description: 'Number of published posts for the term.', type: 'integer', context: ['view', 'edit'], readonly: true },
    description: { description: 'HTML description of the term.', type: 'string', context: ['view', 'edit'] },
    link: { description: 'URL of the term.', type: 'string', format: 'uri', context: ALL_CONTEXTS, readonly: true },
    name: { description: 'HTML title for the term.', type: 'string', context: ALL_CONTEXTS, required: true },
    slug: { description: 'An alphanumeric identifier for the term unique to its type.', type: 'string', context: ALL_CONTEXTS },
    taxonomy: { description: 'Type attribution for the term.', type: 'string', enum: [taxonomy.slug], context: ALL_CONTEXTS, readonly: true },
  };
  if (taxonomy.hierarchical) properties.parent = { description: 'The parent term ID.', type: 'integer', context: ['view', 'edit'] };
  // Yoast's per-term SEO fields (edit context) and head fields, on the archives' taxonomies (categories and tags).
  const withSeo = hasTermSeoFields(taxonomy.slug);
  properties.meta = { description: 'Meta fields.', type: 'object', context: ['view', 'edit'], properties: withSeo ? termSeoMetaSchema() : [] };
  if (withSeo) Object.assign(properties, seoHeadProperties());
  return {
    $schema: 'http://json-schema.org/draft-04/schema#',
    title: taxonomy.slug === 'post_tag' ? 'tag' : taxonomy.slug,
    type: 'object',
    properties,
  };
}

const WRITE_HOOKS: Record<string, Partial<ArgSchema>> = {
  name: { sanitize: (v) => sanitizeTextField(v) },
  slug: { sanitize: (v) => sanitizeSlug(String(v)) },
};

/** get_collection_params() of the terms controller, in its declaration order. */
export function collectionArgs(taxonomy: TaxonomyDef, schema: ItemSchema = termSchema(taxonomy)): Record<string, ArgSchema> {
  const args: Record<string, ArgSchema> = {
    context: contextParam(schema),
    page: { description: 'Current page of the collection.', type: 'integer', default: 1, minimum: 1 },
    per_page: { description: 'Maximum number of items to be returned in result set.', type: 'integer', default: 10, minimum: 1, maximum: 100 },
    search: { description: 'Limit results to those matching a string.', type: 'string', sanitize: (v) => sanitizeTextField(v) },
    exclude: { description: 'Ensure result set excludes specific IDs.', type: 'array', items: { type: 'integer' }, default: [], validateOnSanitize: true },
    include: { description: 'Limit result set to specific IDs.', type: 'array', items: { type: 'integer' }, default: [], validateOnSanitize: true },
  };
  if (!taxonomy.hierarchical) {
    args.offset = { description: 'Offset the result set by a specific number of items.', type: 'integer', validateOnSanitize: true };
  }
  args.order = { description: 'Order sort attribute ascending or descending.', type: 'string', default: 'asc', enum: ['asc', 'desc'], validateOnSanitize: true };
  args.orderby = {
    description: 'Sort collection by term attribute.',
    type: 'string',
    default: 'name',
    enum: ['id', 'include', 'name', 'slug', 'include_slugs', 'term_group', 'description', 'count'],
    validateOnSanitize: true,
  };
  args.hide_empty = { description: 'Whether to hide terms not assigned to any posts.', type: 'boolean', default: false, validateOnSanitize: true };
  if (taxonomy.hierarchical) {
    args.parent = { description: 'Limit result set to terms assigned to a specific parent.', type: 'integer', validateOnSanitize: true };
  }
  args.post = { description: 'Limit result set to terms assigned to a specific post.', type: 'integer', default: null, validateOnSanitize: true };
  args.slug = { description: 'Limit result set to terms with one or more specific slugs.', type: 'array', items: { type: 'string' }, validateOnSanitize: true };
  return args;
}

function asString(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

/** The writable fields the request carries (`parent` as sent: flat taxonomies refuse any value; SEO fields through `meta`). */
export function changesFrom(request: ArgsView, taxonomy?: TaxonomyDef): TermChanges {
  const changes: TermChanges = {};
  const text = (name: string) => {
    const value = request.get(name);
    return typeof value === 'string' ? value : String(value);
  };
  if (request.has('name')) changes.name = text('name');
  if (request.has('slug')) changes.slug = text('slug');
  if (request.has('description')) changes.description = text('description');
  if (request.has('parent')) changes.parent = request.get('parent');
  if (taxonomy && hasTermSeoFields(taxonomy.slug) && request.has('meta')) changes.seo = termSeoChangesFromMeta(request.get('meta'));
  return changes;
}

/** The collection arguments as the domain's TermListQuery. */
export function listQuery(request: ArgsView): TermListQuery {
  const p = request.params;
  return {
    context: asString(p.context),
    page: p.page as number,
    perPage: p.per_page as number,
    offset: p.offset as number | undefined,
    search: asString(p.search),
    include: p.include as number[] | undefined,
    exclude: p.exclude as number[] | undefined,
    order: p.order === 'desc' ? 'desc' : 'asc',
    orderby: asString(p.orderby),
    hideEmpty: p.hide_empty === true,
    parent: p.parent as number | undefined,
    post: typeof p.post === 'number' ? p.post : undefined,
    slugs: p.slug as string[] | undefined,
  };
}

/** The create / update parameters of a taxonomy's terms (name and slug sanitised as WordPress does). */
export function termWriteArgs(taxonomy: TaxonomyDef, mode: 'create' | 'update'): Record<string, ArgSchema> {
  return argsFromSchema(termSchema(taxonomy), mode, WRITE_HOOKS);
}
