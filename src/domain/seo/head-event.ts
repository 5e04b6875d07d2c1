/**
 * The head of an event's page: a singular item like a post (its own SEO fields in post meta, the
 * `tribe_events` templates of wpseo_titles) whose graph also carries the Event piece The Events
 * Calendar adds to Yoast's graph: dates with the event's offset, the venue as a Place with its
 * PostalAddress, organizers, image, status and attendance mode. Kept by the facts it is made of
 * (head-memo.ts), as posts' heads are.
 */
import type { DomainContext } from '../context';
import { formatSiteTimeSql } from '../content/dates';
import { organizersByEvent, venuesByEvent, eventTermsByEvent } from '../events/loaders';
import type { EventRecord, OrganizerRecord, VenueRecord } from '../events/types';
import { metaByContent } from '../posts/loaders';
import { formatWallClock } from '../../site/dates';
import { buildHead, singularHeadFields } from './head-build';
import { plainText } from './plain-text';
import { ownOrFeaturedImages } from './head-images';
import { itemHeadKey, memoisedHead, type HeadRow, type HeadTexts } from './head-memo';
import { representsOf, schemaPerson } from './head-people';
import { itemNoindex } from './head-post';
import { seoSiteOf, titleOptionText, type SeoSite } from './head-site';
import type { OgImage, SchemaPiece, SeoHead } from './head-types';
import { seoFieldsFromMeta, type SeoFields } from './meta-fields';
import { primaryImageId, type Represents, type SchemaPerson } from './schema-graph';
import { singularExcerpt, singularPageGraph } from './head-singular';
import { replaceVars, type TemplateValues } from './title-template';


/** `YYYY-MM-DD HH:MM:SS` local with the offset between it and UTC, as TEC prints event dates. */
export function eventDate(local: string, utc: string): string {
  const toMs = (wall: string) => Date.parse(`${wall.replace(' ', 'T')}Z`);
  const minutes = Math.round((toMs(local) - toMs(utc)) / 60000);
  const sign = minutes < 0 ? '-' : '+';
  const abs = Math.abs(minutes);
  const offset = `${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
  return `${local.replace(' ', 'T')}${Number.isNaN(minutes) ? '+00:00' : offset}`;
}

/** A venue as TEC describes it in the graph: a Place with its PostalAddress. */
export function placePiece(venue: VenueRecord): SchemaPiece {
  const v = venue.detail;
  const place: SchemaPiece = { '@type': 'Place', name: plainText(venue.row.title), description: plainText(venue.row.excerpt || venue.row.content).slice(0, 300), url: venue.link };
  const address: SchemaPiece = { '@type': 'PostalAddress' };
  if (v.address) address.streetAddress = v.address;
  if (v.city) address.addressLocality = v.city;
  const region = v.stateprovince || v.state || v.province;
  if (region) address.addressRegion = region;
  if (v.zip) address.postalCode = v.zip;
  if (v.country) address.addressCountry = v.country;
  place.address = address;
  if (v.phone) place.telephone = v.phone;
  if (v.website) place.sameAs = v.website;
  return place;
}

/** An organizer as TEC describes it in the graph (a Person, as TEC's JSON-LD types organizers). */
export function organizerPiece(o: OrganizerRecord): SchemaPiece {
  const org: SchemaPiece = { '@type': 'Person', name: plainText(o.row.title), description: plainText(o.row.excerpt || o.row.content).slice(0, 300), url: o.detail.website || o.link };
  if (o.detail.phone) org.telephone = o.detail.phone;
  if (o.detail.email) org.email = o.detail.email;
  return org;
}

/** The facts of an event's date, place and price its graph piece reads. */
type EventDetailFacts = Pick<EventRecord['detail'], 'startLocal' | 'startUtc' | 'endLocal' | 'endUtc' | 'cost' | 'currencyCode'>;

/**
 * What an event's head is made of: the record, and everything read for it through the request's
 * loaders (its venue and organizers already as their graph pieces). The head is a pure function of
 * these (eventHeadFrom), so itemHeadKey can name it.
 */
interface EventHeadFacts {
  site: SeoSite;
  row: HeadRow;
  link: string;
  detail: EventDetailFacts;
  seo: SeoFields;
  terms: EventTermNames;
  author: SchemaPerson | null;
  images: OgImage[];
  represents: Represents;
  venue: SchemaPiece | null;
  organizers: SchemaPiece[];
}

interface EventTermNames {
  categories: string[];
  tags: string[];
}

function eventPiece(facts: EventHeadFacts, url: string, description: string): SchemaPiece {
  const d = facts.detail;
  const piece: SchemaPiece = { '@type': 'Event', '@id': `${url}#event`, name: plainText(facts.row.title), description };
  if (facts.images[0]) piece.image = { '@id': primaryImageId(url) };
  piece.url = url;
  piece.eventAttendanceMode = 'https://schema.org/OfflineEventAttendanceMode';
  piece.eventStatus = 'https://schema.org/EventScheduled';
  piece.startDate = eventDate(d.startLocal, d.startUtc);
  piece.endDate = eventDate(d.endLocal, d.endUtc);
  if (facts.venue) piece.location = facts.venue;
  if (facts.organizers.length) piece.organizer = facts.organizers;
  if (d.cost) piece.offers = { '@type': 'Offer', price: d.cost.replace(/[^\d.]/g, '') || d.cost, priceCurrency: d.currencyCode || undefined, url, category: 'primary' };
  piece.mainEntityOfPage = { '@id': url };
  return piece;
}

async function eventTermNames(ctx: DomainContext, id: number): Promise<EventTermNames> {
  const terms = await eventTermsByEvent(ctx).load(id);
  return { categories: terms.categories.map((t) => t.name), tags: terms.tags.map((t) => t.name) };
}

/** The template values of an event (WPSEO_Replace_Vars with the event as its args). */
function eventTemplateValues(site: SeoSite, row: HeadRow, seo: SeoFields, terms: EventTermNames, author: SchemaPerson | null): TemplateValues {
  const dateFormat = site.options.date_format || 'F j, Y';
  const excerpt = singularExcerpt(row);
  return {
    sep: site.sep,
    sitename: site.name,
    sitedesc: site.tagline,
    title: plainText(row.title),
    excerpt,
    category: terms.categories.join(', '),
    primary_category: terms.categories[0] ?? '',
    tag: terms.tags.join(', '),
    pt_single: 'Event',
    pt_plural: 'Events',
    name: author?.name ?? '',
    id: String(row.id),
    date: formatWallClock(dateFormat, formatSiteTimeSql(row.date, site.options)),
    focuskw: seo.focuskw,
    now: site.now,
    dateFormat,
    timeFormat: site.options.time_format,
  };
}

/** The SEO title of an event: its own title field, else the `tribe_events` template (the analysis reads it too). */
export async function eventSeoTitle(ctx: DomainContext, record: EventRecord): Promise<string> {
  const site = await seoSiteOf(ctx);
  const row = record.row;
  const [meta, terms, author] = await Promise.all([metaByContent(ctx).load(row.id), eventTermNames(ctx, row.id), schemaPerson(ctx, row.authorId)]);
  const seo = seoFieldsFromMeta(meta);
  return replaceVars(seo.title || titleOptionText(site, 'title-tribe_events'), eventTemplateValues(site, row, seo, terms, author));
}

/** Reads what the head of an event needs (its statements batched with the rest of a list's). */
async function eventHeadFacts(ctx: DomainContext, record: EventRecord): Promise<EventHeadFacts> {
  const site = await seoSiteOf(ctx);
  const row = record.row;
  const [seo, terms, author, venues, organizers, represents] = await Promise.all([
    metaByContent(ctx).load(row.id).then(seoFieldsFromMeta),
    eventTermNames(ctx, row.id),
    schemaPerson(ctx, row.authorId),
    venuesByEvent(ctx).load(row.id),
    organizersByEvent(ctx).load(row.id),
    representsOf(ctx, site),
  ]);
  const images = await ownOrFeaturedImages(ctx, seo, record.image);
  const { startLocal, startUtc, endLocal, endUtc, cost, currencyCode } = record.detail;
  return {
    site,
    row,
    link: record.link,
    detail: { startLocal, startUtc, endLocal, endUtc, cost, currencyCode },
    seo,
    terms,
    author,
    images,
    represents,
    venue: venues[0] ? placePiece(venues[0]) : null,
    organizers: organizers.map(organizerPiece),
  };
}

/** The head the facts make (no reads). */
function eventHeadFrom(facts: EventHeadFacts): SeoHead {
  const { site, row, seo, images } = facts;
  const values = eventTemplateValues(site, row, seo, facts.terms, facts.author);
  const excerpt = values.excerpt ?? '';
  const title = replaceVars(seo.title || titleOptionText(site, 'title-tribe_events'), values);
  const description = replaceVars(seo.metadesc || titleOptionText(site, 'metadesc-tribe_events'), values);
  const url = seo.canonical || facts.link;
  const graph = singularPageGraph(site, facts.represents, { url, title, description, row, images, crumb: { name: seo.bctitle || plainText(row.title), url: facts.link } });
  graph.push(eventPiece(facts, url, description || excerpt));
  return buildHead(site, {
    title,
    description,
    noindex: itemNoindex(site, row, seo),
    url: facts.link,
    ...singularHeadFields(seo, values, row, { title, ogDescription: description || excerpt }),
    images,
    graph,
  });
}

/** The head of an event record with its texts, made once for the same facts (the viewer may read it: the caller checked). */
export async function eventHead(ctx: DomainContext, record: EventRecord): Promise<HeadTexts> {
  const facts = await eventHeadFacts(ctx, record);
  return memoisedHead(itemHeadKey('event', facts), () => eventHeadFrom(facts));
}
