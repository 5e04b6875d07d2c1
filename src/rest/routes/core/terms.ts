/**
 * `/core/v2/categories`, `/core/v2/tags` and their item routes (WP_REST_Terms_Controller, one
 * controller per taxonomy): argument declarations and handlers. Every rule lives in
 * src/domain/terms/.
 */
import { sanitizeSlug } from '../../../domain/content/slug';
import type { TaxonomyDef } from '../../../domain/content/taxonomies';
import { canListTerms, listTerms, type TermListQuery } from '../../../domain/terms/query';
import { canViewTerm, getTerm, termTaxonomy } from '../../../domain/terms/terms';
import { canCreateTerms, canRemoveTerm, canUpdateTerm, createTerm, deleteTerm, updateTerm, type TermChanges } from '../../../domain/terms/writes';
import { sanitizeTextField } from '../../../domain/text';
import { paginationHeaders } from '../../server/pagination';
import type { ArgSchema } from '../../../schema/types';
import { EDITABLE, respond, type ArgsView, type EndpointDef, type HandlerRequest, type ItemSchema, type RouteDef } from '../../server/types';
import { termData, termSchema, termsBase } from './term-records';
import { argsFromSchema, contextParam } from '../../../schema/item-schema';
import { asId } from '../../server/item-schema';

/** The taxonomies served by this controller, in WordPress's registration order (menus have their own). */
const TERM_TAXONOMIES = ['category', 'post_tag'];

const WRITE_HOOKS: Record<string, Partial<ArgSchema>> = {
  name: { sanitize: (v) => sanitizeTextField(v) },
  slug: { sanitize: (v) => sanitizeSlug(String(v)) },
};

const ID_ARG: ArgSchema = { description: 'Unique identifier for the term.', type: 'integer', validateOnSanitize: true };

const DELETE_ARGS: Record<string, ArgSchema> = {
  force: { type: 'boolean', default: false, description: 'Required to be true, as terms do not support trashing.', validateOnSanitize: true },
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

function contextOf(request: HandlerRequest): string {
  return asString(request.params.context) || 'view';
}

/** A possibly unsanitised integer parameter (permission previews run before validation too). */
function asInt(value: unknown): number {
  const id = asId(value);
  return Number.isFinite(id) ? id : 0;
}

/** The writable fields the request carries (`parent` as sent: flat taxonomies refuse any value). */
export function changesFrom(request: ArgsView): TermChanges {
  const changes: TermChanges = {};
  const text = (name: string) => {
    const value = request.get(name);
    return typeof value === 'string' ? value : String(value);
  };
  if (request.has('name')) changes.name = text('name');
  if (request.has('slug')) changes.slug = text('slug');
  if (request.has('description')) changes.description = text('description');
  if (request.has('parent')) changes.parent = request.get('parent');
  return changes;
}

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

function termRoutesFor(taxonomySlug: string): RouteDef[] {
  const taxonomy = termTaxonomy(taxonomySlug);
  const schema = termSchema(taxonomy);
  const base = termsBase(taxonomy);
  const idOf = (request: HandlerRequest) => asId(request.get('id'));
  const withId = (endpoint: EndpointDef): EndpointDef => ({ ...endpoint, args: { id: ID_ARG, ...endpoint.args } });

  const list: EndpointDef = {
    methods: ['GET'],
    args: collectionArgs(taxonomy, schema),
    allowBatch: true,
    permission: (request) => canListTerms(request.domain, taxonomySlug, { context: asString(request.get('context')), post: asInt(request.get('post')) }),
    handler: async (request) => {
      const result = await listTerms(request.domain, taxonomySlug, listQuery(request));
      const data = result.terms.map((view) => termData(request, taxonomy, schema, view, contextOf(request)));
      return respond(data, 200, paginationHeaders(request, result.total, result.page, result.perPage));
    },
  };

  const create: EndpointDef = {
    methods: ['POST'],
    args: argsFromSchema(schema, 'create', WRITE_HOOKS),
    allowBatch: true,
    permission: (request) => canCreateTerms(request.domain, taxonomySlug),
    handler: async (request) => {
      const changes = changesFrom(request);
      const view = await createTerm(request.domain, taxonomySlug, { ...changes, name: changes.name ?? '' });
      return respond(termData(request, taxonomy, schema, view, 'edit'), 201, { Location: request.urls.url(`${base}/${view.term.id}`) });
    },
  };

  const read: EndpointDef = {
    methods: ['GET'],
    args: { context: contextParam(schema) },
    allowBatch: true,
    permission: (request) => canViewTerm(request.domain, taxonomySlug, idOf(request), asString(request.get('context'))),
    handler: async (request) => termData(request, taxonomy, schema, await getTerm(request.domain, taxonomySlug, idOf(request), contextOf(request)), contextOf(request)),
  };

  const update: EndpointDef = {
    methods: EDITABLE,
    args: argsFromSchema(schema, 'update', WRITE_HOOKS),
    allowBatch: true,
    permission: (request) => canUpdateTerm(request.domain, taxonomySlug, idOf(request)),
    handler: async (request) => termData(request, taxonomy, schema, await updateTerm(request.domain, taxonomySlug, idOf(request), changesFrom(request)), 'edit'),
  };

  const remove: EndpointDef = {
    methods: ['DELETE'],
    args: DELETE_ARGS,
    allowBatch: true,
    permission: (request) => canRemoveTerm(request.domain, taxonomySlug, idOf(request)),
    handler: async (request) => {
      const previous = await deleteTerm(request.domain, taxonomySlug, idOf(request), { force: request.params.force === true });
      return { deleted: true, previous: termData(request, taxonomy, schema, previous, 'view', false) };
    },
  };

  return [
    { namespace: taxonomy.restNamespace, path: base, endpoints: [list, create], schema: () => schema },
    { namespace: taxonomy.restNamespace, path: `${base}/(?P<id>[\\d]+)`, endpoints: [withId(read), withId(update), withId(remove)], schema: () => schema },
  ];
}

export function termRoutes(): RouteDef[] {
  return TERM_TAXONOMIES.flatMap(termRoutesFor);
}
