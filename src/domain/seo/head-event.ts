/**
 * The head of an event's page: a singular item like a post (its own SEO fields in post meta, the
 * `tribe_events` templates of wpseo_titles) whose graph also carries the Event piece The Events
 * Calendar adds to Yoast's graph: dates with the event's offset, the venue as a Place with its
 * PostalAddress, organizers, image, status and attendance mode.
 */
import type { DomainContext } from '../context';
import { formatSiteTimeSql } from '../content/dates';
import { organizersByEvent, venuesByEvent, eventTermsByEvent } from '../events/loaders';
import type { EventRecord, OrganizerRecord, VenueRecord } from '../events/types';
import { metaByContent } from '../posts/loaders';
import { formatWallClock } from '../../site/dates';
import { buildHead, singularHeadFields } from './head-build';
import { plainText } from './plain-text';
import { headImage, ownOgImage } from './head-images';
import { schemaPerson } from './head-people';
import { itemNoindex } from './head-post';
import { seoSiteOf, titleOptionText, type SeoSite } from './head-site';
import type { OgImage, SchemaPiece, SeoHead } from './head-types';
import { seoFieldsFromMeta, type SeoFields } from './meta-fields';
import { primaryImageId } from './schema-graph';
import { singularPageGraph } from './head-singular';
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

async function eventPiece(ctx: DomainContext, record: EventRecord, url: string, image: OgImage | undefined, description: string): Promise<SchemaPiece> {
  const d = record.detail;
  const [venues, organizers] = await Promise.all([venuesByEvent(ctx).load(record.row.id), organizersByEvent(ctx).load(record.row.id)]);
  const piece: SchemaPiece = { '@type': 'Event', '@id': `${url}#event`, name: plainText(record.row.title), description };
  if (image) piece.image = { '@id': primaryImageId(url) };
  piece.url = url;
  piece.eventAttendanceMode = 'https://schema.org/OfflineEventAttendanceMode';
  piece.eventStatus = 'https://schema.org/EventScheduled';
  piece.startDate = eventDate(d.startLocal, d.startUtc);
  piece.endDate = eventDate(d.endLocal, d.endUtc);
  if (venues[0]) piece.location = placePiece(venues[0]);
  if (organizers.length) piece.organizer = organizers.map(organizerPiece);
  if (d.cost) piece.offers = { '@type': 'Offer', price: d.cost.replace(/[^\d.]/g, '') || d.cost, priceCurrency: d.currencyCode || undefined, url, category: 'primary' };
  piece.mainEntityOfPage = { '@id': url };
  return piece;
}

/** The template values of an event (WPSEO_Replace_Vars with the event as its args). */
async function eventTemplateValues(ctx: DomainContext, site: SeoSite, record: EventRecord, seo: SeoFields): Promise<TemplateValues> {
  const row = record.row;
  const terms = await eventTermsByEvent(ctx).load(row.id);
  const author = await schemaPerson(ctx, row.authorId);
  const dateFormat = site.options.date_format || 'F j, Y';
  const excerpt = row.password !== '' ? '' : row.excerpt !== '' ? plainText(row.excerpt) : [...plainText(row.content)].slice(0, 155).join('');
  return {
    sep: site.sep,
    sitename: site.name,
    sitedesc: site.tagline,
    title: plainText(row.title),
    excerpt,
    category: terms.categories.map((t) => t.name).join(', '),
    primary_category: terms.categories[0]?.name ?? '',
    tag: terms.tags.map((t) => t.name).join(', '),
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
  const seo = seoFieldsFromMeta(await metaByContent(ctx).load(record.row.id));
  return replaceVars(seo.title || titleOptionText(site, 'title-tribe_events'), await eventTemplateValues(ctx, site, record, seo));
}

/** The head of an event record (the viewer may read it: the caller checked). */
export async function eventHead(ctx: DomainContext, record: EventRecord): Promise<SeoHead> {
  const site = await seoSiteOf(ctx);
  const row = record.row;
  const seo = seoFieldsFromMeta(await metaByContent(ctx).load(row.id));
  const values = await eventTemplateValues(ctx, site, record, seo);
  const excerpt = values.excerpt ?? '';
  const title = replaceVars(seo.title || titleOptionText(site, 'title-tribe_events'), values);
  const description = replaceVars(seo.metadesc || titleOptionText(site, 'metadesc-tribe_events'), values);
  const url = seo.canonical || record.link;
  const own = await ownOgImage(ctx, seo);
  const featured = own ?? (record.image ? await headImage(ctx, record.image.id, record.image.url) : null);
  const images = featured ? [featured] : [];
  const graph = await singularPageGraph(ctx, site, { url, title, description, row, images, crumb: { name: seo.bctitle || plainText(row.title), url: record.link } });
  graph.push(await eventPiece(ctx, record, url, images[0], description || excerpt));
  return buildHead(site, {
    title,
    description,
    noindex: itemNoindex(site, row, seo),
    url: record.link,
    ...singularHeadFields(seo, values, row, { title, ogDescription: description || excerpt }),
    images,
    graph,
  });
}
