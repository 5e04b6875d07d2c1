/**
 * Calendar records as The Events Calendar's REST v1 prints them (Post_Repository::get_event_data,
 * get_venue_data, get_organizer_data, prepare_term_data): keys in the plugin's order, authors as
 * strings, dates as `Y-m-d H:i:s`, zero-padded date details, empty venue/organizer fields dropped,
 * one venue as an object, organizers always as a list. Nested records come from the domain's
 * per-request loaders, so a page of events costs a constant number of queries.
 */
import { formatGmt, formatSiteTimeSql } from '../../../domain/content/dates';
import type { DomainContext } from '../../../domain/context';
import {
  canAccessPassword, costValues, dateDetails, descriptionText, eventTermsByEvent, excerptText, formatCost, organizersByEvent, titleText, venuesByEvent,
  type CalendarPost, type EventImage, type EventRecord, type OrganizerRecord, type VenueRecord,
} from '../../../domain/events';
import { siteOptionsOf, type SiteOptions } from '../../../domain/settings/options';
import type { TermView } from '../../../domain/terms/terms';
import type { Term } from '../../../generated/prisma-sqlite/client';
import type { RestUrls } from '../../server/urls';
import { eventHead } from '../../../domain/seo/head-event';
import { linkedRecordHead } from '../../../domain/seo/head-linked';
import { attachSeoHead, type SeoHeadWanted } from '../seo-head-fields';
import { eventJsonLd, organizerJsonLd, venueJsonLd } from './json-ld';

export const NS = '/events/v1';

/** How a record is printed: `single` adds json_ld; `access` is the password check's answer. */
export interface PrintOptions {
  single?: boolean;
  /** The request's `password` and `context` (password-protected content). */
  password?: string;
  context?: string;
  /** Which head fields (`seo_head`, `seo_head_json`) the request's `_fields` keeps. */
  head?: SeoHeadWanted;
}

/** PHP's truthiness, which array_filter() keeps. */
function phpTruthy(value: unknown): boolean {
  if (value === null || value === undefined || value === false || value === 0 || value === '' || value === '0') return false;
  if (Array.isArray(value)) return value.length > 0;
  return true;
}

function filterEmpty(data: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const key in data) if (phpTruthy(data[key])) out[key] = data[key];
  return out;
}

function imageJson(image: EventImage | null): Record<string, unknown> | false {
  return image ? { url: image.url, id: image.id, extension: image.extension } : false;
}

/** post_date, post_date_gmt, post_modified, post_modified_gmt. */
function postDates(post: CalendarPost, options: SiteOptions): Record<string, string> {
  const { row } = post;
  return {
    date: formatSiteTimeSql(row.date, options),
    date_utc: row.dateFloating ? '0000-00-00 00:00:00' : formatGmt(row.date).replace('T', ' '),
    modified: formatSiteTimeSql(row.modified, options),
    modified_utc: formatGmt(row.modified).replace('T', ' '),
  };
}

const PROTECTED: Record<string, unknown> = {
  description: '', excerpt: '', image: false, all_day: null, cost: '',
  cost_details: { currency_symbol: '', currency_position: '', currency_code: '', values: [] },
  website: '', show_map: null, show_map_link: null, hide_from_listings: null, sticky: null, featured: null,
  categories: [], tags: [], venue: [], organizer: [], custom_fields: [], email: '', phone: '',
  geo_lat: 0, geo_lng: 0, stateprovince: '', zip: '', province: '', country: '', city: '', address: '',
};

/** remove_password_protected_content(): the plugin's blank for every protected field, recursively. */
export function blankProtected(data: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(data)) {
    if (key in PROTECTED) out[key] = structuredClone(PROTECTED[key]);
    else if (value && typeof value === 'object' && !Array.isArray(value)) out[key] = blankProtected(value as Record<string, unknown>);
    else out[key] = value;
  }
  return out;
}

export async function venueJson(ctx: DomainContext, venue: VenueRecord, options: PrintOptions = {}): Promise<Record<string, unknown>> {
  const site = await siteOptionsOf(ctx);
  const d = venue.detail;
  const data: Record<string, unknown> = {
    id: venue.row.id,
    author: String(venue.row.authorId),
    status: venue.row.status,
    ...postDates(venue, site),
    url: venue.link,
    venue: titleText(venue.row),
    description: descriptionText(venue.row),
    excerpt: excerptText(venue.row),
    slug: venue.row.slug,
    image: imageJson(venue.image),
    address: d.address, city: d.city, country: d.country, province: d.province, state: d.state, zip: d.zip, phone: d.phone, website: d.website, stateprovince: d.stateprovince,
  };
  if (d.lat !== null && d.lng !== null && d.lat !== 0 && d.lng !== 0) Object.assign(data, { geo_lat: d.lat, geo_lng: d.lng });
  if (options.single) data.json_ld = venueJsonLd(venue);
  const out = filterEmpty(data);
  Object.assign(out, { show_map: d.showMap, show_map_link: d.showMapLink, global_id: venue.globalId, global_id_lineage: venue.lineage });
  const shown = canAccessPassword(ctx, venue.row, options) ? out : blankProtected(out);
  await attachSeoHead(shown, options.head, () => linkedRecordHead(ctx, venue));
  return shown;
}

export async function organizerJson(ctx: DomainContext, organizer: OrganizerRecord, options: PrintOptions = {}): Promise<Record<string, unknown>> {
  const site = await siteOptionsOf(ctx);
  const d = organizer.detail;
  const data: Record<string, unknown> = {
    id: organizer.row.id,
    author: String(organizer.row.authorId),
    status: organizer.row.status,
    ...postDates(organizer, site),
    url: organizer.link,
    organizer: titleText(organizer.row),
    description: descriptionText(organizer.row),
    excerpt: excerptText(organizer.row),
    slug: organizer.row.slug,
    image: imageJson(organizer.image),
    phone: d.phone,
    website: d.website,
    email: d.email,
  };
  if (options.single) data.json_ld = organizerJsonLd(organizer);
  Object.assign(data, { global_id: organizer.globalId, global_id_lineage: organizer.lineage });
  const out = filterEmpty(data);
  const shown = canAccessPassword(ctx, organizer.row, options) ? out : blankProtected(out);
  await attachSeoHead(shown, options.head, () => linkedRecordHead(ctx, organizer));
  return shown;
}

/** A term embedded in an event: the WP_Term object cast to an array, `id` last, then `urls`. */
export function embeddedTermJson(urls: RestUrls, term: Term): Record<string, unknown> {
  const base = term.taxonomy === 'post_tag' ? 'tags' : 'categories';
  const links: Record<string, string> = { self: urls.url(`${NS}/${base}/${term.id}`), collection: urls.url(`${NS}/${base}`) };
  if (term.parentId) links.up = urls.url(`${NS}/${base}/${term.parentId}`);
  return {
    name: term.name, slug: term.slug, term_group: 0, term_taxonomy_id: term.id, taxonomy: term.taxonomy, description: term.description,
    parent: term.parentId, count: term.count, filter: 'raw', id: term.id, urls: links,
  };
}

/** A term from the /categories and /tags routes: WordPress's term item, `link` renamed `url`, then `urls`. */
export function termItemJson(urls: RestUrls, view: TermView): Record<string, unknown> {
  const { term } = view;
  const base = term.taxonomy === 'post_tag' ? 'tags' : 'categories';
  const data: Record<string, unknown> = { id: term.id, count: term.count, description: term.description, name: term.name, slug: term.slug, taxonomy: term.taxonomy };
  if (term.taxonomy !== 'post_tag') data.parent = term.parentId;
  data.meta = [];
  data.url = view.link;
  const links: Record<string, string> = { self: urls.url(`${NS}/${base}/${term.id}`), collection: urls.url(`${NS}/${base}`) };
  if (term.parentId) links.up = urls.url(`${NS}/${base}/${term.parentId}`);
  data.urls = links;
  return data;
}

export async function eventJson(ctx: DomainContext, urls: RestUrls, event: EventRecord, options: PrintOptions = {}): Promise<Record<string, unknown>> {
  const site = await siteOptionsOf(ctx);
  const [venues, organizers, terms] = await Promise.all([venuesByEvent(ctx).load(event.row.id), organizersByEvent(ctx).load(event.row.id), eventTermsByEvent(ctx).load(event.row.id)]);
  const [venueData, organizerData] = await Promise.all([
    Promise.all(venues.map((v) => venueJson(ctx, v, { single: options.single }))),
    Promise.all(organizers.map((o) => organizerJson(ctx, o, { single: options.single }))),
  ]);
  const d = event.detail;
  const data: Record<string, unknown> = {
    id: event.row.id,
    global_id: event.globalId,
    global_id_lineage: event.lineage,
    author: String(event.row.authorId),
    status: event.row.status,
    ...postDates(event, site),
    url: event.link,
    rest_url: urls.url(`${NS}/events/${event.row.id}`),
    title: titleText(event.row),
    description: descriptionText(event.row),
    excerpt: excerptText(event.row),
    slug: event.row.slug,
    image: imageJson(event.image),
    all_day: d.allDay,
    start_date: d.startLocal,
    start_date_details: dateDetails(d.startLocal),
    end_date: d.endLocal,
    end_date_details: dateDetails(d.endLocal),
    utc_start_date: d.startUtc,
    utc_start_date_details: dateDetails(d.startUtc),
    utc_end_date: d.endUtc,
    utc_end_date_details: dateDetails(d.endUtc),
    timezone: d.timezone,
    timezone_abbr: d.timezoneAbbr,
    cost: formatCost(d.cost, d.currencySymbol, d.currencyPosition),
    cost_details: { currency_symbol: d.currencySymbol, currency_code: d.currencyCode, currency_position: d.currencyPosition, values: costValues(d.cost) },
    website: d.website ?? event.link,
    show_map: d.showMap,
    show_map_link: d.showMapLink,
    hide_from_listings: d.hideFromListings,
    sticky: d.sticky,
    featured: d.featured,
    categories: terms.categories.map((t) => embeddedTermJson(urls, t)),
    tags: terms.tags.map((t) => embeddedTermJson(urls, t)),
    venue: venueData.length === 1 ? venueData[0] : venueData,
    organizer: organizerData,
    custom_fields: [],
  };
  if (options.single) data.json_ld = eventJsonLd(event, venues, organizers, site);
  const out = canAccessPassword(ctx, event.row, options) ? data : blankProtected(data);
  // After the blanking: the head says what a visitor's page says (its own rules for protected events).
  await attachSeoHead(out, options.head, () => eventHead(ctx, event));
  return out;
}
