/**
 * `/events/v1/events`, `/events/v1/events/{id}` and `/events/v1/events/by-slug/{slug}`
 * (Archive_Event, Single_Event, Single_Event_Slug): routes and thin handlers over the events
 * contract (src/domain/events/contract.ts) and src/domain/events.
 */
import { decodePercent } from '../../../domain/client-input';
import { canEditEvents, createEvent, deleteEvent, eventIdBySlug, getEvent, listEventArchive, updateEvent, canWriteEvent } from '../../../domain/events';
import { readArgs, type TecArgs } from '../../../domain/events/args';
import { seoChangesFromMeta } from '../../../domain/seo/meta-fields';
import type { EventInput } from '../../../domain/events/types';
import { archiveArgs, ARCHIVE_ARGS, CREATE_ARGS, EDIT_ARGS, eventInput, READ_ARGS, SLUG_ARGS, SLUG_EDIT_ARGS, text } from '../../../domain/events/contract';
import { EDITABLE, respond, type EndpointDef, type HandlerRequest, type RouteDef } from '../../server/types';
import { archiveResponse, archiveUrls, neighbours } from './archive';
import { routeArgs } from './route-args';
import { eventJson, NS } from './records';
import { eventSchema } from './schemas';
import { seoHeadWanted, withSeoSiteRead } from '../seo-head-fields';


/**
 * Yoast's SEO fields of an event, sent as `meta` (as on posts and pages: TEC's arguments have no
 * place for them); validated by the domain.
 */
function withSeo(request: HandlerRequest, input: EventInput): EventInput {
  const seo = seoChangesFromMeta(request.get('meta'));
  return seo ? { ...input, seo } : input;
}

function idOf(request: HandlerRequest): number {
  const match = /\/events\/(\d+)$/.exec(request.path);
  return match ? Number(match[1]) : Number(request.params.id);
}

/** The event a by-slug route names (the path's slug; a `slug` in the body is the new slug). */
async function idBySlug(request: HandlerRequest): Promise<number> {
  const match = /\/by-slug\/([^/]+)$/.exec(request.path);
  return eventIdBySlug(request.domain, match ? decodePercent(match[1]) : String(request.params.slug));
}

function readOptions(request: HandlerRequest, values: Record<string, unknown>) {
  const context = request.get('context');
  return { password: text(values.password), context: typeof context === 'string' ? context : undefined };
}

// ---------------------------------------------------------------------------------------------
// Routes
// ---------------------------------------------------------------------------------------------

function singleEndpoints(args: { read: TecArgs; edit: TecArgs }, resolve: (request: HandlerRequest) => Promise<number>, previewId: (request: HandlerRequest) => Promise<number | null>): EndpointDef[] {
  return [
    {
      methods: ['GET'],
      args: routeArgs(args.read),
      handler: async (request) => {
        const values = await readArgs(request, args.read);
        const event = await getEvent(request.domain, await resolve(request), readOptions(request, values));
        return eventJson(request.domain, request.urls, event, { single: true, ...readOptions(request, values), head: seoHeadWanted(request.query) });
      },
    },
    {
      methods: ['DELETE'],
      args: routeArgs(args.read),
      permission: async (request) => {
        const id = await previewId(request);
        return id !== null && canWriteEvent(request.domain, id, 'delete');
      },
      handler: async (request) => {
        await readArgs(request, args.read);
        const event = await deleteEvent(request.domain, await resolve(request));
        return eventJson(request.domain, request.urls, event, { head: seoHeadWanted(request.query) });
      },
    },
    {
      methods: EDITABLE,
      args: routeArgs(args.edit),
      permission: async (request) => {
        const id = await previewId(request);
        return id !== null && canWriteEvent(request.domain, id, 'edit');
      },
      handler: async (request) => {
        const values = await readArgs(request, args.edit);
        const event = await updateEvent(request.domain, await resolve(request), withSeo(request, eventInput(values)));
        return eventJson(request.domain, request.urls, event, { head: seoHeadWanted(request.query) });
      },
    },
  ];
}

async function slugPreview(request: HandlerRequest): Promise<number | null> {
  try {
    return await idBySlug(request);
  } catch {
    return null;
  }
}

export function eventRoutes(): RouteDef[] {
  const archive: EndpointDef = {
    methods: ['GET'],
    args: routeArgs(ARCHIVE_ARGS),
    handler: async (request) => {
      const ctx = request.domain;
      const head = seoHeadWanted(request.query, 'events');
      const list = await withSeoSiteRead(ctx, head, archiveArgs(request).then((args) => listEventArchive(ctx, args)));
      const events = await Promise.all(list.records.map((event) => eventJson(ctx, request.urls, event, { head })));
      const page = { total: list.total, page: list.page, perPage: list.perPage, ...neighbours(list.total, list.page, list.perPage) };
      return archiveResponse('events', events, archiveUrls(request.urls, `${NS}/events/`, list.effective, page), page);
    },
  };
  const create: EndpointDef = {
    methods: ['POST'],
    args: routeArgs(CREATE_ARGS),
    permission: (request) => canEditEvents(request.viewer),
    handler: async (request) => {
      const values = await readArgs(request, CREATE_ARGS);
      const event = await createEvent(request.domain, withSeo(request, eventInput(values)));
      return respond(await eventJson(request.domain, request.urls, event, { head: seoHeadWanted(request.query) }), 201);
    },
  };
  const byId = async (request: HandlerRequest) => idOf(request);
  return [
    { namespace: 'events/v1', path: `${NS}/events`, endpoints: [archive, create], schema: eventSchema },
    { namespace: 'events/v1', path: `${NS}/events/(?P<id>\\d+)`, endpoints: singleEndpoints({ read: READ_ARGS, edit: EDIT_ARGS }, byId, byId), schema: eventSchema },
    { namespace: 'events/v1', path: `${NS}/events/by-slug/(?P<slug>[^/]+)`, endpoints: singleEndpoints({ read: SLUG_ARGS, edit: SLUG_EDIT_ARGS }, idBySlug, slugPreview), schema: eventSchema },
  ];
}
