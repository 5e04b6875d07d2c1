/**
 * `/core/v2/categories`, `/core/v2/tags` and their item routes (WP_REST_Terms_Controller, one
 * controller per taxonomy): routes and handlers over the terms contract and rules in
 * src/domain/terms/.
 */
import { changesFrom, collectionArgs, listQuery, termSchema, termWriteArgs } from '../../../domain/terms/contract';
import { canListTerms, listTerms } from '../../../domain/terms/query';
import { canViewTerm, getTerm, termTaxonomy } from '../../../domain/terms/terms';
import { canCreateTerms, canRemoveTerm, canUpdateTerm, createTerm, deleteTerm, updateTerm } from '../../../domain/terms/writes';
import { contextParam } from '../../../schema/item-schema';
import type { ArgSchema } from '../../../schema/types';
import { paginationHeaders } from '../../server/pagination';
import { EDITABLE, respond, type EndpointDef, type HandlerRequest, type RouteDef } from '../../server/types';
import { termData, termsBase } from './term-records';
import { asId } from '../../../schema/params';

/** The taxonomies served by this controller, in WordPress's registration order (menus have their own). */
const TERM_TAXONOMIES = ['category', 'post_tag'];

const ID_ARG: ArgSchema = { description: 'Unique identifier for the term.', type: 'integer', validateOnSanitize: true };

const DELETE_ARGS: Record<string, ArgSchema> = {
  force: { type: 'boolean', default: false, description: 'Required to be true, as terms do not support trashing.', validateOnSanitize: true },
};

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
      const data = await Promise.all(result.terms.map((view) => termData(request, taxonomy, schema, view, contextOf(request))));
      return respond(data, 200, paginationHeaders(request, result.total, result.page, result.perPage));
    },
  };

  const create: EndpointDef = {
    methods: ['POST'],
    args: termWriteArgs(taxonomy, 'create'),
    allowBatch: true,
    permission: (request) => canCreateTerms(request.domain, taxonomySlug),
    handler: async (request) => {
      const changes = changesFrom(request, taxonomy);
      const view = await createTerm(request.domain, taxonomySlug, { ...changes, name: changes.name ?? '' });
      return respond(await termData(request, taxonomy, schema, view, 'edit'), 201, { Location: request.urls.url(`${base}/${view.term.id}`) });
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
    args: termWriteArgs(taxonomy, 'update'),
    allowBatch: true,
    permission: (request) => canUpdateTerm(request.domain, taxonomySlug, idOf(request)),
    handler: async (request) => termData(request, taxonomy, schema, await updateTerm(request.domain, taxonomySlug, idOf(request), changesFrom(request, taxonomy)), 'edit'),
  };

  const remove: EndpointDef = {
    methods: ['DELETE'],
    args: DELETE_ARGS,
    allowBatch: true,
    permission: (request) => canRemoveTerm(request.domain, taxonomySlug, idOf(request)),
    handler: async (request) => {
      const previous = await deleteTerm(request.domain, taxonomySlug, idOf(request), { force: request.params.force === true });
      return { deleted: true, previous: await termData(request, taxonomy, schema, previous, 'view', false) };
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
