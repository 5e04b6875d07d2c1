/**
 * The heads of a venue's and an organizer's page: singular items of their post types
 * (`tribe_venue`, `tribe_organizer`) as Yoast presents any post type — SEO fields from their post
 * meta, else the type's templates; robots from the item, its type's setting and its visibility —
 * whose graph also describes the venue as a Place (with its address) or the organizer, as The
 * Events Calendar describes them in an event's graph.
 */
import type { DomainContext } from '../context';
import { formatSiteTimeSql } from '../content/dates';
import type { OrganizerRecord, VenueRecord } from '../events/types';
import { VENUE_TYPE } from '../events/types';
import { metaByContent } from '../posts/loaders';
import { formatWallClock } from '../../site/dates';
import { buildHead, singularHeadFields } from './head-build';
import { organizerPiece, placePiece } from './head-event';
import { headImage, ownOgImage } from './head-images';
import { itemNoindex } from './head-post';
import { singularPageGraph } from './head-singular';
import { seoSiteOf, titleOptionText } from './head-site';
import type { SeoHead } from './head-types';
import { seoFieldsFromMeta } from './meta-fields';
import { plainText } from './plain-text';
import { replaceVars, type TemplateValues } from './title-template';

/** The head of a venue or organizer record (the viewer may read it: the caller checked). */
export async function linkedRecordHead(ctx: DomainContext, record: VenueRecord | OrganizerRecord): Promise<SeoHead> {
  const site = await seoSiteOf(ctx);
  const row = record.row;
  const type = row.type;
  const isVenue = type === VENUE_TYPE;
  const seo = seoFieldsFromMeta(await metaByContent(ctx).load(row.id));
  const dateFormat = site.options.date_format || 'F j, Y';
  const excerpt = row.password !== '' ? '' : row.excerpt !== '' ? plainText(row.excerpt) : [...plainText(row.content)].slice(0, 155).join('');
  const values: TemplateValues = {
    sep: site.sep,
    sitename: site.name,
    sitedesc: site.tagline,
    title: plainText(row.title),
    excerpt,
    pt_single: isVenue ? 'Venue' : 'Organizer',
    pt_plural: isVenue ? 'Venues' : 'Organizers',
    id: String(row.id),
    date: formatWallClock(dateFormat, formatSiteTimeSql(row.date, site.options)),
    focuskw: seo.focuskw,
    now: site.now,
    dateFormat,
    timeFormat: site.options.time_format,
  };
  const title = replaceVars(seo.title || titleOptionText(site, `title-${type}`), values);
  const description = replaceVars(seo.metadesc || titleOptionText(site, `metadesc-${type}`), values);
  const url = seo.canonical || record.link;
  const own = await ownOgImage(ctx, seo);
  const featured = own ?? (record.image ? await headImage(ctx, record.image.id, record.image.url) : null);
  const images = featured ? [featured] : [];
  const graph = await singularPageGraph(ctx, site, { url, title, description, row, images, crumb: { name: seo.bctitle || plainText(row.title), url: record.link } });
  const piece = isVenue ? placePiece(record as VenueRecord) : organizerPiece(record as OrganizerRecord);
  graph.push({ ...piece, '@id': `${url}#${isVenue ? 'place' : 'organizer'}`, mainEntityOfPage: { '@id': url } });
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
