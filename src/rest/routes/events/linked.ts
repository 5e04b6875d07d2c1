/**
 * `/events/v1/venues` and `/events/v1/organizers` with their item and by-slug routes
 * (Archive_Venue/Organizer, Single_Venue/Organizer, *_Slug). The two kinds differ only in their
 * fields and texts, described by a LinkedRoutesDef; their arguments are the contract's
 * (src/domain/events/linked-contract.ts).
 */
import { decodePercent } from '../../../domain/client-input';
import type { DomainContext } from '../../../domain/context';
import { canCreateLinked, canWriteLinked, type LinkedList, type LinkedListQuery } from '../../../domain/events';
import type { FieldRule } from '../../../domain/events/fields';
import { invalidParam } from '../../../domain/events/linked';
import { readArgs, unrequired, type TecArgs } from '../../../domain/events/args';
import { linkedArchiveArgs, linkedListQuery, linkedWriteArgs, truthy } from '../../../domain/events/linked-contract';
import { findBySlug, slugCheck, type Check } from '../../../domain/events/validators';
import type { ArgSchema } from '../../../schema/types';
import { EDITABLE, respond, type EndpointDef, type HandlerRequest, type ItemSchema, type RouteDef } from '../../server/types';
import { archiveResponse, archiveUrls, neighbours } from './archive';
import { routeArgs } from './route-args';
import { NS } from './records';
import { seoHeadWanted, type SeoHeadWanted } from '../seo-head-fields';

export interface LinkedRoutesDef<R> {
  /** venues | organizers */
  base: string;
  type: string;
  label: string;
  rules: Readonly<Record<string, FieldRule>>;
  /** The create arguments as printed (`check` added from the rules). */
  createSchemas: Record<string, ArgSchema>;
  schema: () => ItemSchema;
  idCheck: Check;
  list(ctx: DomainContext, query: LinkedListQuery): Promise<LinkedList<R>>;
  get(ctx: DomainContext, id: number): Promise<R>;
  create(ctx: DomainContext, values: Record<string, unknown>): Promise<R>;
  update(ctx: DomainContext, id: number, values: Record<string, unknown>): Promise<R>;
  remove(ctx: DomainContext, id: number): Promise<R>;
  json(ctx: DomainContext, record: R, options: { single?: boolean; password?: string; context?: string; head?: SeoHeadWanted }): Promise<Record<string, unknown>>;
}

function idFromPath(request: HandlerRequest, base: string): number {
  const match = new RegExp(`/${base}/(\\d+)$`).exec(request.path);
  return match ? Number(match[1]) : Number(request.params.id);
}

export function linkedRoutes<R>(def: LinkedRoutesDef<R>): RouteDef[] {
  const plural = def.base;
  const ARCHIVE = linkedArchiveArgs(def.label, plural);
  const CREATE: TecArgs = linkedWriteArgs(def.createSchemas, def.rules);
  const READ: TecArgs = { id: { schema: { type: 'integer', description: `the ${def.label} post ID`, required: true }, check: def.idCheck, in: 'path' } };
  const SLUG: TecArgs = { slug: { schema: { type: 'string', description: `the ${def.label} post name`, required: true }, check: slugCheck(def.type), in: 'path' } };
  const EDIT: TecArgs = { ...READ, ...unrequired(CREATE) };
  const SLUG_EDIT: TecArgs = { ...SLUG, ...unrequired(CREATE) };
  const byId = async (request: HandlerRequest) => idFromPath(request, plural);
  const bySlug = async (request: HandlerRequest) => {
    const match = /\/by-slug\/([^/]+)$/.exec(request.path);
    const id = await findBySlug(request.domain, def.type, match ? decodePercent(match[1]) : request.params.slug);
    if (id === null) throw invalidParam('slug');
    return id;
  };
  const preview = (resolve: (request: HandlerRequest) => Promise<number>, action: 'edit' | 'delete') => async (request: HandlerRequest) => {
    try {
      return await canWriteLinked(request.domain, def.type, await resolve(request), action);
    } catch {
      return false;
    }
  };
  const context = (request: HandlerRequest) => {
    const value = request.get('context');
    return { context: typeof value === 'string' ? value : undefined, password: typeof request.get('password') === 'string' ? (request.get('password') as string) : undefined };
  };

  const single = (read: TecArgs, edit: TecArgs, resolve: (request: HandlerRequest) => Promise<number>): EndpointDef[] => [
    {
      methods: ['GET'],
      args: routeArgs(read),
      handler: async (request) => {
        await readArgs(request, read);
        return def.json(request.domain, await def.get(request.domain, await resolve(request)), { single: true, ...context(request), head: seoHeadWanted(request.query) });
      },
    },
    {
      methods: ['DELETE'],
      args: routeArgs(read),
      permission: preview(resolve, 'delete'),
      handler: async (request) => {
        await readArgs(request, read);
        return def.json(request.domain, await def.remove(request.domain, await resolve(request)), { head: seoHeadWanted(request.query) });
      },
    },
    {
      methods: EDITABLE,
      args: routeArgs(edit),
      permission: preview(resolve, 'edit'),
      handler: async (request) => {
        const values = await readArgs(request, edit);
        return def.json(request.domain, await def.update(request.domain, await resolve(request), values), { head: seoHeadWanted(request.query) });
      },
    },
  ];

  const archive: EndpointDef = {
    methods: ['GET'],
    args: routeArgs(ARCHIVE),
    handler: async (request) => {
      const ctx = request.domain;
      const v = await readArgs(request, ARCHIVE);
      const list = await def.list(ctx, linkedListQuery(ctx, v));
      const head = seoHeadWanted(request.query, plural);
      const records = await Promise.all(list.records.map((r) => def.json(ctx, r, { ...context(request), head })));
      const effective: Array<[string, string]> = [['page', String(list.page)], ['per_page', String(list.perPage)]];
      if (typeof v.search === 'string' && v.search !== '') effective.push(['search', v.search]);
      if (v.event !== undefined) effective.push(['event', String(v.event)]);
      if (v.has_events !== undefined) effective.push(['has_events', truthy(v.has_events) ? '1' : '']);
      effective.push(['status', list.statuses.join(',')]);
      const page = { total: list.total, page: list.page, perPage: list.perPage, ...neighbours(list.total, list.page, list.perPage) };
      return archiveResponse(plural, records, archiveUrls(request.urls, `${NS}/${plural}/`, effective, page), page);
    },
  };
  const create: EndpointDef = {
    methods: ['POST'],
    args: routeArgs(CREATE),
    permission: (request) => canCreateLinked(request.domain, def.type),
    handler: async (request) => {
      const values = await readArgs(request, CREATE);
      return respond(await def.json(request.domain, await def.create(request.domain, values), { head: seoHeadWanted(request.query) }), 201);
    },
  };

  return [
    { namespace: 'events/v1', path: `${NS}/${plural}`, endpoints: [archive, create], schema: def.schema },
    { namespace: 'events/v1', path: `${NS}/${plural}/(?P<id>\\d+)`, endpoints: single(READ, EDIT, byId), schema: def.schema },
    { namespace: 'events/v1', path: `${NS}/${plural}/by-slug/(?P<slug>[^/]+)`, endpoints: single(SLUG, SLUG_EDIT, bySlug), schema: def.schema },
  ];
}
