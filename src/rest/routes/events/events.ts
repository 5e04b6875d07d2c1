/**
 * `/events/v1/events`, `/events/v1/events/{id}` and `/events/v1/events/by-slug/{slug}`
 * (Archive_Event, Single_Event, Single_Event_Slug): argument declarations and thin handlers over
 * src/domain/events.
 */
import { decodePercent } from '../../../domain/client-input';
import type { DomainContext } from '../../../domain/context';
import {
  canEditEvents, createEvent, deleteEvent, eventIdBySlug, getEvent, listEventArchive, updateEvent, canWriteEvent,
  type EventArchiveArgs, type EventInput, type LinkedInput,
} from '../../../domain/events';
import { EVENT_RULES } from '../../../domain/events/fields';
import {
  findTermId, isEventId, isNumeric, isOrganizerIdList, isPositiveInt, isPositiveIntList, isPostStatusList, isString, isTime, isVenueIdList, linkedEntries, listToArray,
  postStatusList, supportsTicketed, termsOf, slugCheck, type Check,
} from '../../../domain/events/validators';
import { EVENT_CATEGORY, EVENT_TAG, EVENT_TYPE } from '../../../domain/events/types';
import { EDITABLE, respond, type EndpointDef, type HandlerRequest, type RouteDef } from '../../server/types';
import { archiveResponse, archiveUrls, neighbours } from './archive';
import { readArgs, routeArgs, unrequired, type TecArgSource, type TecArgs } from './args';
import { eventJson, NS } from './records';
import { eventSchema } from './schemas';

const MAX_PER_PAGE = 50;

/** sanitize_per_page(): at most 50. */
export const sanitizePerPage = (value: unknown): unknown => (isNumeric(value) && Number(value) > 0 ? Math.min(MAX_PER_PAGE, Math.trunc(Number(value))) : undefined);

const isNumber: Check = (_ctx, value) => isNumeric(value);

export const ARCHIVE_ARGS: TecArgs = {
  page: { schema: { default: 1, description: 'The archive page to return', type: 'integer' }, check: isPositiveInt },
  per_page: { schema: { description: 'The number of events to return on each page', type: 'integer' }, check: isPositiveInt, sanitize: sanitizePerPage },
  start_date: { schema: { description: 'Events that start on the specified date' }, check: isTime, swaggerType: 'string' },
  end_date: { schema: { description: 'Events that end on the specified date' }, check: isTime, swaggerType: 'string' },
  starts_before: { schema: { description: 'Events that start before the specified date' }, check: isTime, swaggerType: 'string' },
  starts_after: { schema: { description: 'Events that start after the specified date' }, check: isTime, swaggerType: 'string' },
  ends_before: { schema: { description: 'Events that end before the specified date' }, check: isTime, swaggerType: 'string' },
  ends_after: { schema: { description: 'Events that end after the specified date' }, check: isTime, swaggerType: 'string' },
  strict_dates: {
    schema: { default: 'false', description: 'Dates set using the start_date/end_date, starts_*/ends_* are set to start at the specified times. The default behavior is to include the entire days.' },
    check: isString,
    swaggerType: 'string',
  },
  search: { schema: { description: 'Events should contain the specified string in the title or description', type: 'string' }, check: isString },
  categories: { schema: { description: 'Events should be assigned one of the specified categories slugs or IDs', items: { type: 'integer' } }, check: termsOf(EVENT_CATEGORY), swaggerType: 'array', csv: true },
  tags: { schema: { description: 'Events should be assigned one of the specified tags slugs or IDs', items: { type: 'integer' } }, check: termsOf(EVENT_TAG), swaggerType: 'array', csv: true },
  venue: { schema: { description: 'Events should be assigned one of the specified venue IDs', items: { type: 'integer' } }, check: isVenueIdList, swaggerType: 'array', csv: true },
  organizer: { schema: { description: 'Events should be assigned one of the specified organizer IDs', items: { type: 'integer' } }, check: isOrganizerIdList, swaggerType: 'array', csv: true },
  featured: { schema: { type: 'boolean', description: 'Events should be filtered by their featured status' } },
  status: { schema: { format: 'string', description: 'The event post status' }, check: isPostStatusList, swaggerType: 'string' },
  geoloc: { schema: { type: 'boolean', description: 'Requires Events Calendar Pro. Events should be filtered by whether their venue has geolocation data' } },
  geoloc_lat: {
    schema: { format: 'double', description: 'Requires Events Calendar Pro. Events should be filtered by their venue latitude location, must also provide geoloc_lng' },
    check: isNumber,
    swaggerType: 'number',
  },
  geoloc_lng: {
    schema: { format: 'double', description: 'Requires Events Calendar Pro. Events should be filtered by their venue longitude location, must also provide geoloc_lat' },
    check: isNumber,
    swaggerType: 'number',
  },
  include: {
    schema: { description: 'Include events with one of the post IDs specified in the array of CSV list, date filters will be ignored.', items: { type: 'integer' } },
    check: isPositiveIntList,
    sanitize: (value) => listToArray(value),
    swaggerType: 'array',
    csv: true,
  },
  post_parent: { schema: { type: 'integer', description: 'Events should be filtered by their post_parent being the specified one.' }, check: isEventId },
  ticketed: { schema: { type: 'boolean', description: 'Filter events with or without tickets.' }, check: supportsTicketed },
};

const rule = (name: string) => EVENT_RULES[name]?.check;

export const CREATE_ARGS: TecArgs = {
  author: { schema: { type: 'integer', description: 'The event author ID' }, check: rule('author') },
  date: { schema: { type: 'string', description: 'The event publication date' }, check: rule('date') },
  date_utc: { schema: { type: 'string', description: 'The event publication date (UTC time zone)' }, check: rule('date_utc') },
  title: { schema: { type: 'string', description: 'The event title', required: true }, check: rule('title') },
  description: { schema: { type: 'string', description: 'The event description' }, check: rule('description') },
  slug: { schema: { type: 'string', description: 'The event slug' }, check: rule('slug') },
  excerpt: { schema: { type: 'string', description: 'The event excerpt' }, check: rule('excerpt') },
  status: { schema: { type: 'string', description: 'The event post status' }, check: rule('status') },
  timezone: { schema: { type: 'string', description: 'The event time zone' }, check: rule('timezone') },
  all_day: { schema: { default: false, type: 'boolean', description: 'Whether the event lasts the whole day or not' } },
  start_date: { schema: { type: 'string', description: 'The event start date and time', required: true }, check: rule('start_date') },
  end_date: { schema: { type: 'string', description: 'The event end date and time', required: true }, check: rule('end_date') },
  image: { schema: { type: 'string', description: 'The event featured image ID or URL' }, check: rule('image') },
  cost: { schema: { description: 'The event cost' }, swaggerType: 'string' },
  website: { schema: { default: null, description: 'The event website URL' }, check: rule('website'), swaggerType: 'string' },
  show_map: { schema: { type: 'boolean', description: 'Whether the event should show a map or not' } },
  show_map_link: { schema: { type: 'boolean', description: 'Whether the event should show a map link or not' } },
  hide_from_listings: { schema: { type: 'boolean', description: 'Whether events should be hidden in the calendar view or not' } },
  sticky: { schema: { type: 'boolean', description: 'Whether the event should be sticky in the calendar view or not' } },
  featured: { schema: { type: 'boolean', description: 'Whether the event should be featured on the site or not' } },
  categories: { schema: { default: null, items: { type: 'integer' }, description: 'The event category ID or name' }, swaggerType: 'array' },
  tags: { schema: { default: null, items: { type: 'integer' }, description: 'The event tag ID or name' }, swaggerType: 'array' },
  venue: { schema: { default: null, items: { type: 'integer' }, description: 'The event venue IDs or data' }, check: rule('venue'), swaggerType: 'array' },
  organizer: { schema: { default: null, items: { type: 'integer' }, description: 'The event organizer IDs or data' }, check: rule('organizer'), swaggerType: 'array' },
};

export const READ_ARGS: TecArgs = {
  id: { schema: { type: 'integer', description: 'the event post ID', required: true }, check: isEventId, in: 'path' },
  password: { schema: { type: 'string', description: 'The event password', required: false }, check: isString, in: 'path' },
};

export const SLUG_ARGS: TecArgs = {
  slug: { schema: { type: 'string', description: 'the event post name', required: true }, check: slugCheck(EVENT_TYPE), in: 'path' },
};

export const EDIT_ARGS: TecArgs = { ...READ_ARGS, ...unrequired(CREATE_ARGS) };
const SLUG_EDIT_ARGS: TecArgs = { ...SLUG_ARGS, ...unrequired(CREATE_ARGS) };

// ---------------------------------------------------------------------------------------------
// Parameters to domain input
// ---------------------------------------------------------------------------------------------

function text(value: unknown): string | undefined {
  if (value === undefined || value === null) return undefined;
  return typeof value === 'string' ? value : String(value);
}

/** Term ids of a categories/tags filter (slugs first, then ids, as parse_terms_query looks them up). */
async function termFilter(ctx: DomainContext, taxonomy: string, value: unknown): Promise<number[] | undefined> {
  if (value === undefined) return undefined;
  const ids: number[] = [];
  for (const entry of listToArray(value)) {
    const found = (await findTermId(ctx, taxonomy, String(entry))) ?? (await findTermId(ctx, taxonomy, entry));
    if (found !== null) ids.push(found);
  }
  return ids;
}

/** The archive's parameters, checked as the plugin checks them, as the domain's archive arguments. */
export async function archiveArgs(request: TecArgSource & { query?: Record<string, unknown> }): Promise<EventArchiveArgs> {
  const v = await readArgs(request, ARCHIVE_ARGS);
  const ctx = request.domain;
  const ids = (value: unknown) => (value === undefined ? undefined : listToArray(value).map(Number));
  const status = v.status === undefined ? undefined : postStatusList(ctx, v.status);
  return {
    page: v.page as number | undefined,
    per_page: v.per_page as number | undefined,
    start_date: v.start_date,
    end_date: v.end_date,
    starts_before: v.starts_before,
    starts_after: v.starts_after,
    ends_before: v.ends_before,
    ends_after: v.ends_after,
    strict_dates: v.strict_dates,
    search: text(v.search),
    categories: await termFilter(ctx, EVENT_CATEGORY, v.categories),
    tags: await termFilter(ctx, EVENT_TAG, v.tags),
    venue: ids(v.venue),
    organizer: ids(v.organizer),
    featured: v.featured as boolean | undefined,
    status: status || undefined,
    geoloc: v.geoloc as boolean | undefined,
    geoloc_lat: v.geoloc_lat === undefined ? undefined : Number(v.geoloc_lat),
    geoloc_lng: v.geoloc_lng === undefined ? undefined : Number(v.geoloc_lng),
    include: ids(v.include),
    post_parent: v.post_parent as number | undefined,
    inQuery: new Set(Object.keys(request.query ?? request.params)),
  };
}

/** The linked entries of a `venue` / `organizer` value: ids and objects, nothing for empty values. */
function linked(value: unknown): LinkedInput[] | undefined {
  if (value === undefined) return undefined;
  if (value === null || value === '' || value === false || value === 0 || value === '0') return [];
  return linkedEntries(value).filter((e) => e !== '' && e !== null && e !== undefined && e !== 0 && e !== '0') as LinkedInput[];
}

export function eventInput(values: Record<string, unknown>): EventInput {
  const input: EventInput = {};
  for (const name of ['title', 'description', 'excerpt', 'slug', 'status', 'date', 'date_utc', 'start_date', 'end_date', 'timezone', 'cost'] as const) {
    const value = text(values[name]);
    if (value !== undefined) input[name] = value;
  }
  if (values.author !== undefined) input.author = Number(values.author);
  if (values.image !== undefined) input.image = values.image as string;
  if (values.website !== undefined) input.website = text(values.website) ?? '';
  for (const name of ['all_day', 'show_map', 'show_map_link', 'hide_from_listings', 'sticky', 'featured'] as const) {
    if (typeof values[name] === 'boolean') input[name] = values[name] as boolean;
  }
  if (values.categories !== undefined) input.categories = listToArray(values.categories);
  if (values.tags !== undefined) input.tags = listToArray(values.tags);
  input.venue = linked(values.venue);
  input.organizer = linked(values.organizer);
  return input;
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
        return eventJson(request.domain, request.urls, event, { single: true, ...readOptions(request, values) });
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
        return eventJson(request.domain, request.urls, event);
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
        const event = await updateEvent(request.domain, await resolve(request), eventInput(values));
        return eventJson(request.domain, request.urls, event);
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
      const list = await listEventArchive(ctx, await archiveArgs(request));
      const events = await Promise.all(list.records.map((event) => eventJson(ctx, request.urls, event)));
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
      const event = await createEvent(request.domain, eventInput(values));
      return respond(await eventJson(request.domain, request.urls, event), 201);
    },
  };
  const byId = async (request: HandlerRequest) => idOf(request);
  return [
    { namespace: 'events/v1', path: `${NS}/events`, endpoints: [archive, create], schema: eventSchema },
    { namespace: 'events/v1', path: `${NS}/events/(?P<id>\\d+)`, endpoints: singleEndpoints({ read: READ_ARGS, edit: EDIT_ARGS }, byId, byId), schema: eventSchema },
    { namespace: 'events/v1', path: `${NS}/events/by-slug/(?P<slug>[^/]+)`, endpoints: singleEndpoints({ read: SLUG_ARGS, edit: SLUG_EDIT_ARGS }, idBySlug, slugPreview), schema: eventSchema },
  ];
}
