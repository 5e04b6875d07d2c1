/**
 * The item schemas of the `events/v1` records (what OPTIONS prints and the OpenAPI document's
 * components are generated from): Event, Venue, Organizer, Term and their parts, typed as the
 * records are actually printed (authors and date details as strings, details as objects).
 */
import { seoHeadProperties } from '../../../domain/seo/head-contract';
import type { ArgSchema } from '../../../schema/types';
import type { ItemSchema } from '../../server/types';

const s = (type: ArgSchema['type'], description: string, extra: Partial<ArgSchema> = {}): ArgSchema => ({ type, description, ...extra });
const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` }) as unknown as ArgSchema;

function item(title: string, properties: Record<string, ArgSchema>): ItemSchema {
  return { $schema: 'http://json-schema.org/draft-04/schema#', title, type: 'object', properties };
}

export const DATE_DETAILS = item('DateDetails', {
  year: s('string', 'The date year'),
  month: s('string', 'The date month'),
  day: s('string', 'The date day'),
  hour: s('string', 'The date hour'),
  minutes: s('string', 'The date minutes'),
  seconds: s('string', 'The date seconds'),
});

export const COST_DETAILS = item('CostDetails', {
  currency_symbol: s('string', 'The cost currency symbol'),
  currency_code: s('string', 'The cost currency code'),
  currency_position: s('string', 'The position of the currency symbol in the cost string', { enum: ['prefix', 'postfix', ''] }),
  values: s('array', 'A sorted array of all the numeric values for the cost', { items: { type: 'string' } }),
});

export const IMAGE = item('Image', {
  url: s('string', 'The URL to the full size version of the image'),
  id: s('integer', 'The image WordPress post ID'),
  extension: s('string', 'The image file extension'),
});

export const TERM = item('Term', {
  id: s('integer', 'The WordPress term ID'),
  name: s('string', 'The term name'),
  slug: s('string', 'The term slug'),
  taxonomy: s('string', 'The taxonomy the term belongs to'),
  description: s('string', 'The term description'),
  parent: s('integer', 'The term parent term if any'),
  count: s('integer', 'The number of posts associated with the term'),
  url: s('string', 'The URL to the term archive page'),
  urls: s('object', 'A list of links to the term own, archive and parent REST URL', { properties: { self: { type: 'string' }, collection: { type: 'string' }, up: { type: 'string' } } }),
});

const POST_FIELDS = (label: string): Record<string, ArgSchema> => ({
  id: s('integer', `The ${label} WordPress post ID`),
  author: s('string', `The ${label} author WordPress user ID`),
  status: s('string', `The ${label} status`),
  date: s('string', `The ${label} creation date in the site time zone`),
  date_utc: s('string', `The ${label} creation date in UTC time`),
  modified: s('string', `The ${label} last modification date in the site time zone`),
  modified_utc: s('string', `The ${label} last modification date in UTC time`),
  url: s('string', `The URL to the ${label} page`),
});

const GLOBAL_ID = (label: string): Record<string, ArgSchema> => ({
  global_id: s('string', `The ${label} ID used to globally identify in Event Aggregator`),
  global_id_lineage: s('array', `The lineage of where this ${label} comes from`, { items: { type: 'string' } }),
});

export const VENUE = item('Venue', {
  ...POST_FIELDS('venue'),
  venue: s('string', 'The venue name'),
  description: s('string', 'The venue long description'),
  excerpt: s('string', 'The venue short description'),
  slug: s('string', 'The venue slug'),
  image: ref('Image'),
  address: s('string', 'The venue address'),
  city: s('string', 'The venue city'),
  country: s('string', 'The venue country'),
  province: s('string', 'The venue province'),
  state: s('string', 'The venue state'),
  zip: s('string', 'The venue ZIP code'),
  phone: s('string', 'The venue phone number'),
  website: s('string', 'The venue website URL'),
  stateprovince: s('string', 'The venue state or province'),
  geo_lat: s('number', 'The venue geo latitude', { format: 'double' }),
  geo_lng: s('number', 'The venue geo longitude', { format: 'double' }),
  json_ld: s('object', 'The venue JSON-LD properties'),
  show_map: s('boolean', 'Whether the map should be shown for the venue or not'),
  show_map_link: s('boolean', 'Whether the map link should be shown for the venue or not'),
  ...GLOBAL_ID('venue'),
  // Ours (additive): the venue page's head.
  ...seoHeadProperties(),
});

export const ORGANIZER = item('Organizer', {
  ...POST_FIELDS('organizer'),
  organizer: s('string', 'The organizer name'),
  description: s('string', 'The organizer long description'),
  excerpt: s('string', 'The organizer short description'),
  slug: s('string', 'The organizer slug'),
  image: ref('Image'),
  phone: s('string', 'The organizer phone number'),
  website: s('string', 'The organizer website'),
  email: s('string', 'The organizer email address'),
  json_ld: s('object', 'The organizer JSON-LD properties'),
  ...GLOBAL_ID('organizer'),
  // Ours (additive): the organizer page's head.
  ...seoHeadProperties(),
});

export const EVENT = item('Event', {
  id: s('integer', 'The event WordPress post ID'),
  ...GLOBAL_ID('event'),
  ...Object.fromEntries(Object.entries(POST_FIELDS('event')).filter(([k]) => k !== 'id')),
  rest_url: s('string', 'The TEC REST API link to fetch this event'),
  title: s('string', 'The event name'),
  description: s('string', 'The event long description'),
  excerpt: s('string', 'The event short description'),
  slug: s('string', 'The event slug'),
  image: ref('Image'),
  all_day: s('boolean', 'Whether or not this event is an all day Event'),
  start_date: s('string', 'The event start date in the event or site time zone'),
  start_date_details: ref('DateDetails'),
  end_date: s('string', 'The event end date in the event or site time zone'),
  end_date_details: ref('DateDetails'),
  utc_start_date: s('string', 'The event start date in UTC time'),
  utc_start_date_details: ref('DateDetails'),
  utc_end_date: s('string', 'The event end date in UTC time'),
  utc_end_date_details: ref('DateDetails'),
  timezone: s('string', 'The event time zone string'),
  timezone_abbr: s('string', 'The abbreviated event time zone string'),
  cost: s('string', 'The event cost including the currency symbol'),
  cost_details: ref('CostDetails'),
  website: s('string', 'The event website URL'),
  show_map: s('boolean', 'Whether the map should be shown for the event or not'),
  show_map_link: s('boolean', 'Whether the map link should be shown for the event or not'),
  hide_from_listings: s('boolean', 'Whether an event should be hidden from the calendar view or not'),
  sticky: s('boolean', 'Whether an event is sticky in the calendar view or not'),
  featured: s('boolean', 'Whether the event is featured in the calendar or not'),
  categories: s('array', 'The event categories', { items: ref('Term') }),
  tags: s('array', 'The event tags', { items: ref('Term') }),
  venue: ref('Venue'),
  organizer: s('array', 'The event organizers', { items: ref('Organizer') }),
  custom_fields: s('object', 'The event custom fields'),
  json_ld: s('object', 'The event JSON-LD properties'),
  // Ours (additive): the event page's head, as core/v2 records carry it.
  ...seoHeadProperties(),
});

export const eventSchema = (): ItemSchema => EVENT;
export const venueSchema = (): ItemSchema => VENUE;
export const organizerSchema = (): ItemSchema => ORGANIZER;
export const termSchema = (): ItemSchema => TERM;

/** The components of the OpenAPI document, in the plugin's registration order. */
export const DEFINITIONS: readonly ItemSchema[] = [
  item('ImageSize', { width: s('integer', 'The image width in pixels'), height: s('integer', 'The image height in pixels'), 'mime-type': s('string', 'The image mime-type'), url: s('string', 'The link to the image in the specified size on the site') }),
  COST_DETAILS,
  TERM,
  IMAGE,
  DATE_DETAILS,
  EVENT,
  VENUE,
  ORGANIZER,
];
