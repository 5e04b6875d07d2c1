/**
 * The contract of venues and organizers, both faces' one source: their archive and create arguments
 * as The Events Calendar declares them (Archive_Venue/Organizer, Single_Venue/Organizer), checked by
 * the domain's field rules, and the normalisation of checked archive values into a LinkedListQuery.
 */
import type { DomainContext } from '../context';
import type { ArgSchema } from '../../schema/types';
import type { TecArgs } from './args';
import { sanitizePerPage } from './contract';
import { ORGANIZER_RULES, VENUE_RULES, type FieldRule } from './fields';
import type { LinkedListQuery } from './linked';
import { isEventId, isNumeric, isPositiveInt, isPostStatusList, isString, postStatusList } from './validators';

/** The archive arguments of venues or organizers (Archive_Venue, Archive_Organizer). */
export function linkedArchiveArgs(label: string, plural: string): TecArgs {
  const cap = plural[0].toUpperCase() + plural.slice(1);
  return {
    page: { schema: { default: 1, description: 'The archive page to return', type: 'integer' }, check: isPositiveInt },
    per_page: { schema: { description: `The number of ${plural} to return on each page`, type: 'integer' }, check: isPositiveInt, sanitize: sanitizePerPage },
    search: { schema: { description: `${cap} should contain the specified string in the title, description or custom fields`, type: 'string' }, check: isString },
    event: { schema: { description: `${cap} should be related to this event`, type: 'integer' }, check: isEventId },
    has_events: { schema: { description: `${cap} should have events associated to them` }, swaggerType: 'boolean' },
    only_with_upcoming: { schema: { description: `${cap} should have upcoming events associated to them`, default: false }, swaggerType: 'boolean' },
    status: { schema: { format: 'string', description: `The ${label} post status` }, check: isPostStatusList, swaggerType: 'string' },
  };
}

/** A has_events-style flag as the plugin reads it (1, true, yes, on). */
export function truthy(value: unknown): boolean | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value === 'boolean') return value;
  return ['1', 'true', 'yes', 'on'].includes(String(value).toLowerCase());
}

/** Checked archive values as the domain's LinkedListQuery. */
export function linkedListQuery(ctx: DomainContext, v: Record<string, unknown>): LinkedListQuery {
  return {
    page: (v.page as number | undefined) ?? 1,
    perPage: v.per_page as number | undefined,
    search: typeof v.search === 'string' && v.search !== '' ? v.search : undefined,
    event: v.event !== undefined && isNumeric(v.event) ? Number(v.event) : undefined,
    hasEvents: truthy(v.has_events),
    onlyWithUpcoming: truthy(v.only_with_upcoming),
    statuses: v.status === undefined ? undefined : postStatusList(ctx, v.status) || undefined,
  };
}

/** The create arguments of a venue or organizer: the printed schemas checked by the domain's field rules. */
export function linkedWriteArgs(createSchemas: Record<string, ArgSchema>, rules: Readonly<Record<string, FieldRule>>): TecArgs {
  return Object.fromEntries(Object.entries(createSchemas).map(([name, schema]) => [name, { schema, check: rules[name]?.check }]));
}

// Venues: the fields as Single_Venue declares them.
const text = (description: string): ArgSchema => ({ type: 'string', default: null, description });

export const VENUE_CREATE_SCHEMAS: Record<string, ArgSchema> = {
  author: { type: 'integer', description: 'The venue author ID' },
  date: { type: 'string', description: 'The venue publication date' },
  date_utc: { type: 'string', description: 'The venue publication date (UTC time zone)' },
  venue: { type: 'string', description: 'The venue name', required: true },
  description: text('The venue description'),
  status: { type: 'string', description: 'The venue post status' },
  show_map: { type: 'string', default: null },
  show_map_link: { type: 'string', default: null },
  address: text('The venue address'),
  city: text('The venue city'),
  country: text('The venue country'),
  province: text('The venue province'),
  state: text('The venue state'),
  zip: text('The venue ZIP code'),
  phone: text('The venue phone number'),
  stateprovince: text('The venue state and province'),
  website: text('The venue website URL'),
  image: text('The organizer featured image ID or URL'),
};

// Organizers: the fields as Single_Organizer declares them.
const field = (type: 'string' | 'integer', description: string, required = false): ArgSchema => ({ type, default: null, description, ...(required ? { required } : {}) });

export const ORGANIZER_CREATE_SCHEMAS: Record<string, ArgSchema> = {
  author: field('integer', 'The organizer author ID'),
  date: field('string', 'The organizer publication date'),
  date_utc: field('string', 'The organizer publication date (UTC time zone)'),
  organizer: field('string', 'The organizer name', true),
  description: field('string', 'The organizer description'),
  status: field('string', 'The organizer post status'),
  phone: field('string', 'The organizer phone number'),
  website: field('string', 'The organizer website'),
  email: field('string', 'The organizer e-mail address'),
  image: field('string', 'The organizer featured image ID or URL'),
};

export const VENUE_CREATE_ARGS: TecArgs = linkedWriteArgs(VENUE_CREATE_SCHEMAS, VENUE_RULES);
export const ORGANIZER_CREATE_ARGS: TecArgs = linkedWriteArgs(ORGANIZER_CREATE_SCHEMAS, ORGANIZER_RULES);
