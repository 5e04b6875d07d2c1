/**
 * The contract of calendar events, both faces' one source: The Events Calendar's archive, create,
 * read and edit arguments (Archive_Event, Single_Event: validators, defaults and the page-size cap)
 * and the normalisation of checked values into the domain's archive arguments and EventInput.
 */
import type { DomainContext } from '../context';
import { readArgs, unrequired, type TecArgSource, type TecArgs } from './args';
import { EVENT_RULES } from './fields';
import { MAX_PER_PAGE } from './limits';
import type { EventArchiveArgs } from './query';
import { EVENT_CATEGORY, EVENT_TAG, EVENT_TYPE } from './types';
import type { EventInput, LinkedInput } from './types';
import {
  findTermId, isEventId, isNumeric, isOrganizerIdList, isPositiveInt, isPositiveIntList, isPostStatusList, isString, isTime, isVenueIdList, linkedEntries, listToArray,
  postStatusList, supportsTicketed, termsOf, slugCheck, type Check,
} from './validators';

/** sanitize_per_page(): at most the REST archives' cap (limits.ts). */
export const sanitizePerPage = (value: unknown): unknown => (isNumeric(value) && Number(value) > 0 ? Math.min(MAX_PER_PAGE.rest, Math.trunc(Number(value))) : undefined);

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
export const SLUG_EDIT_ARGS: TecArgs = { ...SLUG_ARGS, ...unrequired(CREATE_ARGS) };

/** An update of an event already identified (a GraphQL input's fields): the edit arguments without the path's. */
export const UPDATE_FIELDS_ARGS: TecArgs = Object.fromEntries(Object.entries(EDIT_ARGS).filter(([name]) => name !== 'id' && name !== 'password'));

// ---------------------------------------------------------------------------------------------
// Checked values to domain input
// ---------------------------------------------------------------------------------------------

/** A checked value as text (numbers as their digits). */
export function text(value: unknown): string | undefined {
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
