/**
 * `/events/v1/categories` and `/events/v1/tags` with their item routes (Archive_Category/Tag,
 * Single_Category/Tag over WordPress's terms controller).
 */
import type { DomainContext } from '../../../domain/context';
import { createEventTerm, deleteEventTerm, getEventTerm, listEventTerms, updateEventTerm, canWriteEventTerms, type EventTaxonomy } from '../../../domain/events';
import { EVENT_CATEGORY, EVENT_TAG } from '../../../domain/events/types';
import { findTermId, isEventId, isPositiveInt, isString, listToArray, termsOf, type Check } from '../../../domain/events/validators';
import type { TermView } from '../../../domain/terms/terms';
import { sanitizeSlug } from '../../../domain/content/slug';
import { sanitizeTextField } from '../../../domain/text';
import { link, type Links } from '../../server/links';
import { EDITABLE, respond, type EndpointDef, type HandlerRequest, type RouteDef } from '../../server/types';
import type { RestUrls } from '../../server/urls';
import { archiveUrls, totalPages } from './archive';
import { readArgs, routeArgs, unrequired, type TecArgs } from './args';
import { sanitizePerPage } from './events';
import { NS, termItemJson } from './records';
import { termSchema } from './schemas';

interface TermRoutesDef {
  taxonomy: EventTaxonomy;
  base: 'categories' | 'tags';
  /** "event category" / "event tag" */
  label: string;
  pluralLabel: string;
  termCheck: Check;
  hierarchical: boolean;
}

function archiveArgs(def: TermRoutesDef): TecArgs {
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

function createArgs(def: TermRoutesDef): TecArgs {
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

/**
 * The term's `_links`: tags keep WordPress's core/v2 links (served here); event categories point at
 * the events/v1 routes that serve them (core/v2 does not serve the calendar's taxonomy here).
 */
function termLinks(urls: RestUrls, def: TermRoutesDef, view: TermView): Links {
  const id = view.term.id;
  if (def.taxonomy === EVENT_TAG) {
    return {
      self: [link(urls.url(`/core/v2/tags/${id}`))],
      collection: [link(urls.url('/core/v2/tags'))],
      about: [link(urls.url('/core/v2/taxonomies/post_tag'))],
      'https://api.w.org/post_type': [link(urls.url('/core/v2/posts', `tags=${id}`))],
    };
  }
  const links: Links = { self: [link(urls.url(`${NS}/categories/${id}`))], collection: [link(urls.url(`${NS}/categories`))] };
  if (view.term.parentId && view.parentExists) links.up = [link(urls.url(`${NS}/categories/${view.term.parentId}`), { embeddable: true })];
  links['https://api.w.org/post_type'] = [link(urls.url(`${NS}/events`, `categories=${id}`))];
  return links;
}

function withLinks(request: HandlerRequest, def: TermRoutesDef, view: TermView): Record<string, unknown> {
  return { ...termItemJson(request.urls, view), _links: termLinks(request.urls, def, view) };
}

function idOf(request: HandlerRequest, def: TermRoutesDef): number {
  const match = new RegExp(`/${def.base}/(\\d+)$`).exec(request.path);
  return match ? Number(match[1]) : Number(request.params.id);
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

function termRoutesFor(def: TermRoutesDef): RouteDef[] {
  const ARCHIVE = archiveArgs(def);
  const CREATE = createArgs(def);
  const READ: TecArgs = { id: { schema: { type: 'integer', description: `the ${def.label} term ID`, required: true }, check: def.termCheck, in: 'path' } };
  const EDIT: TecArgs = { ...READ, ...unrequired(CREATE) };
  const canWrite = (request: HandlerRequest) => canWriteEventTerms(request.domain, def.taxonomy);

  const archive: EndpointDef = {
    methods: ['GET'],
    args: routeArgs(ARCHIVE),
    handler: async (request) => {
      const ctx = request.domain;
      const v = await readArgs(request, ARCHIVE);
      const post = (v.post ?? v.event) as number | undefined;
      const list = await listEventTerms(ctx, def.taxonomy, {
        page: (v.page as number | undefined) ?? 1,
        perPage: (v.per_page as number | undefined) ?? 10,
        search: typeof v.search === 'string' ? v.search : undefined,
        include: await termIds(ctx, def.taxonomy, v.include),
        exclude: await termIds(ctx, def.taxonomy, v.exclude),
        order: v.order === 'desc' ? 'desc' : 'asc',
        orderby: ['id', 'include', 'name', 'slug', 'include_slugs', 'term_group', 'description', 'count'].includes(String(v.orderby)) ? String(v.orderby) : 'name',
        hideEmpty: v.hide_empty === undefined ? true : v.hide_empty === true,
        parent: def.hierarchical && v.parent !== undefined ? Number(v.parent) : undefined,
        post,
        slugs: typeof v.slug === 'string' ? [v.slug] : undefined,
      });
      const pages = totalPages(list.total, list.perPage);
      const page = { total: list.total, page: list.page, perPage: list.perPage, hasNext: list.page < pages, hasPrevious: list.page > 1 };
      const links = archiveUrls(request.urls, `${NS}/${def.base}/`, [], page);
      const data: Record<string, unknown> = { rest_url: links.rest_url, total: list.total, total_pages: pages, [def.base]: list.terms.map((view) => termItemJson(request.urls, view)) };
      const nav = archiveUrls(request.urls, `${NS}/${def.base}/`, [['page', String(list.page)]], page);
      if (nav.next_rest_url) data.next_rest_url = nav.next_rest_url;
      if (nav.previous_rest_url) data.previous_rest_url = nav.previous_rest_url;
      return respond(data, 200, { 'X-TEC-Total': list.total, 'X-TEC-TotalPages': pages });
    },
  };
  const create: EndpointDef = {
    methods: ['POST'],
    args: routeArgs(CREATE),
    permission: canWrite,
    handler: async (request) => {
      const values = await readArgs(request, CREATE);
      const view = await createEventTerm(request.domain, def.taxonomy, { ...changesOf(values), name: sanitizeTextField(values.name) });
      return respond(withLinks(request, def, view), 201, { Location: request.urls.url(`${NS}/${def.base}/${view.term.id}`) });
    },
  };
  const read: EndpointDef = {
    methods: ['GET'],
    args: routeArgs(READ),
    handler: async (request) => {
      await readArgs(request, READ);
      return withLinks(request, def, await getEventTerm(request.domain, def.taxonomy, idOf(request, def)));
    },
  };
  const update: EndpointDef = {
    methods: EDITABLE,
    args: routeArgs(EDIT),
    permission: canWrite,
    handler: async (request) => {
      const values = await readArgs(request, EDIT);
      return withLinks(request, def, await updateEventTerm(request.domain, def.taxonomy, idOf(request, def), changesOf(values)));
    },
  };
  const remove: EndpointDef = {
    methods: ['DELETE'],
    args: routeArgs(READ),
    permission: canWrite,
    handler: async (request) => {
      await readArgs(request, READ);
      return termItemJson(request.urls, await deleteEventTerm(request.domain, def.taxonomy, idOf(request, def)));
    },
  };
  return [
    { namespace: 'events/v1', path: `${NS}/${def.base}`, endpoints: [archive, create], schema: termSchema },
    { namespace: 'events/v1', path: `${NS}/${def.base}/(?P<id>\\d+)`, endpoints: [read, update, remove], schema: termSchema },
  ];
}

export function termRoutes(): RouteDef[] {
  return [
    ...termRoutesFor({ taxonomy: EVENT_CATEGORY, base: 'categories', label: 'event category', pluralLabel: 'event categories', termCheck: termsOf(EVENT_CATEGORY), hierarchical: true }),
    ...termRoutesFor({ taxonomy: EVENT_TAG, base: 'tags', label: 'event tag', pluralLabel: 'event tags', termCheck: termsOf(EVENT_TAG), hierarchical: false }),
  ];
}
