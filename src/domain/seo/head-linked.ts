/**
 * The heads of a venue's and an organizer's page: singular items of their post types
 * (`tribe_venue`, `tribe_organizer`) as Yoast presents any post type — SEO fields from their post
 * meta, else the type's templates; robots from the item, its type's setting and its visibility —
 * whose graph also describes the venue as a Place (with its address) or the organizer, as The
 * Events Calendar describes them in an event's graph. Kept by the facts they are made of (head-memo.ts).
 */
import type { DomainContext } from '../context';
import { formatSiteTimeSql } from '../content/dates';
import type { OrganizerRecord, VenueRecord } from '../events/types';
import { VENUE_TYPE } from '../events/types';
import { metaByContent } from '../posts/loaders';
import { formatWallClock } from '../../site/dates';
import { buildHead, singularHeadFields } from './head-build';
import { organizerPiece, placePiece } from './head-event';
import { ownOrFeaturedImages } from './head-images';
import { itemHeadKey, memoisedHead, type HeadRow, type HeadTexts } from './head-memo';
import { representsOf } from './head-people';
import { itemNoindex } from './head-post';
import { singularExcerpt, singularPageGraph } from './head-singular';
import { seoSiteOf, titleOptionText, type SeoSite } from './head-site';
import type { OgImage, SchemaPiece, SeoHead } from './head-types';
import { seoFieldsFromMeta, type SeoFields } from './meta-fields';
import { plainText } from './plain-text';
import type { Represents } from './schema-graph';
import { replaceVars, type TemplateValues } from './title-template';

/** What a venue's or organizer's head is made of (its graph piece already made): everything linkedHeadFrom reads. */
interface LinkedHeadFacts {
  site: SeoSite;
  row: HeadRow;
  link: string;
  seo: SeoFields;
  images: OgImage[];
  represents: Represents;
  piece: SchemaPiece;
}

async function linkedHeadFacts(ctx: DomainContext, record: VenueRecord | OrganizerRecord): Promise<LinkedHeadFacts> {
  const site = await seoSiteOf(ctx);
  const row = record.row;
  const [seo, represents] = await Promise.all([metaByContent(ctx).load(row.id).then(seoFieldsFromMeta), representsOf(ctx, site)]);
  const images = await ownOrFeaturedImages(ctx, seo, record.image);
  const piece = row.type === VENUE_TYPE ? placePiece(record as VenueRecord) : organizerPiece(record as OrganizerRecord);
  return { site, row, link: record.link, seo, images, represents, piece };
}

/** The head the facts make (no reads). */
function linkedHeadFrom(facts: LinkedHeadFacts): SeoHead {
  const { site, row, seo, images } = facts;
  const type = row.type;
  const isVenue = type === VENUE_TYPE;
  const dateFormat = site.options.date_format || 'F j, Y';
  const excerpt = singularExcerpt(row);
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
  const url = seo.canonical || facts.link;
  const graph = singularPageGraph(site, facts.represents, { url, title, description, row, images, crumb: { name: seo.bctitle || plainText(row.title), url: facts.link } });
  graph.push({ ...facts.piece, '@id': `${url}#${isVenue ? 'place' : 'organizer'}`, mainEntityOfPage: { '@id': url } });
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

/** The head of a venue or organizer record with its texts, made once for the same facts (the viewer may read it: the caller checked). */
export async function linkedRecordHead(ctx: DomainContext, record: VenueRecord | OrganizerRecord): Promise<HeadTexts> {
  const facts = await linkedHeadFacts(ctx, record);
  return memoisedHead(itemHeadKey('linked', facts), () => linkedHeadFrom(facts));
}
