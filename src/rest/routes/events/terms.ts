/**
 * `/events/v1/categories` and `/events/v1/tags` with their item routes (Archive_Category/Tag,
 * Single_Category/Tag over WordPress's terms controller) over the contract in
 * src/domain/events/term-contract.ts.
 */
import { createEventTerm, deleteEventTerm, getEventTerm, listEventTerms, updateEventTerm, canWriteEventTerms } from '../../../domain/events';
import { readArgs, unrequired, type TecArgs } from '../../../domain/events/args';
import { changesOf, eventTermArchiveArgs, eventTermCreateArgs, eventTermListQuery, type EventTermContractDef } from '../../../domain/events/term-contract';
import { EVENT_CATEGORY, EVENT_TAG } from '../../../domain/events/types';
import { termsOf } from '../../../domain/events/validators';
import type { TermView } from '../../../domain/terms/terms';
import { sanitizeTextField } from '../../../domain/text';
import { link, type Links } from '../../server/links';
import { EDITABLE, respond, type EndpointDef, type HandlerRequest, type RouteDef } from '../../server/types';
import type { RestUrls } from '../../server/urls';
import { archiveUrls, totalPages } from './archive';
import { routeArgs } from './route-args';
import { NS, termItemJson } from './records';
import { termSchema } from './schemas';

interface TermRoutesDef extends EventTermContractDef {
  base: 'categories' | 'tags';
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

function termRoutesFor(def: TermRoutesDef): RouteDef[] {
  const ARCHIVE = eventTermArchiveArgs(def);
  const CREATE = eventTermCreateArgs(def);
  const READ: TecArgs = { id: { schema: { type: 'integer', description: `the ${def.label} term ID`, required: true }, check: def.termCheck, in: 'path' } };
  const EDIT: TecArgs = { ...READ, ...unrequired(CREATE) };
  const canWrite = (request: HandlerRequest) => canWriteEventTerms(request.domain, def.taxonomy);

  const archive: EndpointDef = {
    methods: ['GET'],
    args: routeArgs(ARCHIVE),
    handler: async (request) => {
      const ctx = request.domain;
      const v = await readArgs(request, ARCHIVE);
      const list = await listEventTerms(ctx, def.taxonomy, await eventTermListQuery(ctx, def, v), 'rest');
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
