/**
 * Yoast's Meta surface (YoastSEO()->meta->for_post / for_term / for_author): the head of a page
 * plus the values beside it that WPGraphQL for Yoast SEO reads — the breadcrumb trail, the schema
 * page and article types, the focus keyphrase, the cornerstone flag, the estimated reading time,
 * and the attachments behind the Open Graph and Twitter images. The head is seoHeadOf's, the one
 * REST's `seo_head_json` and the public pages print, so GraphQL's `seo` cannot disagree with them;
 * everything else is read from that head or through the per-request loaders (a list of items
 * costs the statements of one).
 */
import DataLoader from 'dataloader';
import type { DomainContext } from '../context';
import { defineLoader, groupByKeys } from '../loaders';
import { uploadsBaseUrl } from '../media/files';
import { ATTACHED_FILE_KEY } from '../media/metadata';
import { contentById, metaByContent } from '../posts/loaders';
import { seoHeadTextsOf } from './head';
import { estimatedReadingMinutes } from './head-post';
import type { HeadSubject, SchemaPiece, SeoHead } from './head-types';
import { seoFieldsFromMeta } from './meta-fields';

export interface SeoCrumb {
  url: string;
  text: string;
}

export interface SeoSurface {
  head: SeoHead;
  /** The head as HTML (REST's `seo_head`). */
  html: string;
  /** The trail of the head's BreadcrumbList, the current page last (empty when breadcrumbs are off). */
  breadcrumbs: SeoCrumb[];
  /** The @type of the graph's web page piece (WebPage, CollectionPage, ProfilePage...). */
  pageType: string[];
  /** The @type of the graph's article piece (posts), else empty. */
  articleType: string[];
  /** The item's focus keyphrase (posts, pages, events, terms); null where the kind has none. */
  focuskw: string | null;
  cornerstone: boolean;
  /** Estimated reading time in minutes (posts, pages, events); 0 for other kinds. */
  readingTime: number;
  /** The page's own breadcrumb title (the trail's last crumb), null without a trail. */
  breadcrumbTitle: string | null;
}

/** Yoast's Schema_Types: the page types and article types its graph may name. */
const PAGE_TYPES = new Set(['WebPage', 'ItemPage', 'AboutPage', 'FAQPage', 'QAPage', 'ProfilePage', 'ContactPage', 'MedicalWebPage', 'CollectionPage', 'CheckoutPage', 'RealEstateListing', 'SearchResultsPage']);
const ARTICLE_TYPES = new Set(['Article', 'BlogPosting', 'SocialMediaPosting', 'NewsArticle', 'AdvertiserContentArticle', 'SatiricalArticle', 'ScholarlyArticle', 'TechArticle', 'Report']);

const typesOf = (piece: SchemaPiece): string[] => {
  const type = piece['@type'];
  return Array.isArray(type) ? type.filter((t): t is string => typeof t === 'string') : typeof type === 'string' ? [type] : [];
};

function typesIn(graph: readonly SchemaPiece[], known: ReadonlySet<string>): string[] {
  const piece = graph.find((p) => typesOf(p).some((t) => known.has(t)));
  return piece ? typesOf(piece) : [];
}

/** The BreadcrumbList as {url, text}: the last crumb's address is the page's own (the list's @id). */
function trailOf(graph: readonly SchemaPiece[]): SeoCrumb[] {
  const list = graph.find((p) => typesOf(p).includes('BreadcrumbList'));
  if (!list || !Array.isArray(list.itemListElement)) return [];
  const pageUrl = String(list['@id'] ?? '').replace(/#breadcrumb$/, '');
  return (list.itemListElement as SchemaPiece[]).map((item) => ({
    url: typeof item.item === 'string' ? item.item : pageUrl,
    text: typeof item.name === 'string' ? item.name : '',
  }));
}

/** Yoast's own per-term keyphrase (term meta `wpseo_focuskw`), for a page of terms at once. */
const termFocusKeyphrase = defineLoader('seo.termFocuskw', (db) =>
  new DataLoader<number, string>(async (ids) => {
    const rows = await db.read.termMeta.findMany({ where: { termId: { in: [...ids] }, key: 'wpseo_focuskw' }, orderBy: { id: 'asc' } });
    return groupByKeys(ids, rows, (row) => row.termId).map((list) => list[0]?.value ?? '');
  }),
);

async function itemFacts(ctx: DomainContext, subject: HeadSubject): Promise<Pick<SeoSurface, 'focuskw' | 'cornerstone' | 'readingTime'>> {
  switch (subject.kind) {
    case 'post':
    case 'event':
    case 'venue':
    case 'organizer': {
      const [row, meta] = await Promise.all([contentById(ctx).load(subject.id), metaByContent(ctx).load(subject.id)]);
      const fields = seoFieldsFromMeta(meta);
      return { focuskw: fields.focuskw, cornerstone: fields.is_cornerstone === '1', readingTime: row ? estimatedReadingMinutes(row) : 0 };
    }
    case 'term':
      return { focuskw: await termFocusKeyphrase(ctx).load(subject.id), cornerstone: false, readingTime: 0 };
    default:
      return { focuskw: null, cornerstone: false, readingTime: 0 };
  }
}

/** The surface of a subject the viewer may read (the read's own error otherwise; null for a missing user). */
export async function seoSurfaceOf(ctx: DomainContext, subject: HeadSubject): Promise<SeoSurface | null> {
  const [texts, facts] = await Promise.all([seoHeadTextsOf(ctx, subject), itemFacts(ctx, subject)]);
  if (!texts) return null;
  const { head, html } = texts;
  const graph = head.schema['@graph'];
  const breadcrumbs = trailOf(graph);
  return { head, html, breadcrumbs, breadcrumbTitle: breadcrumbs.at(-1)?.text ?? null, pageType: typesIn(graph, PAGE_TYPES), articleType: typesIn(graph, ARTICLE_TYPES), ...facts };
}

/** Attachments by their file (`_wp_attached_file`), for many addresses at once. */
const attachmentByFile = defineLoader('seo.attachmentByFile', (db) =>
  new DataLoader<string, number[]>(async (files) => {
    const rows = await db.read.contentMeta.findMany({ where: { key: ATTACHED_FILE_KEY, value: { in: [...files] } }, orderBy: { contentId: 'asc' }, select: { contentId: true, value: true } });
    return groupByKeys(files, rows, (row) => row.value).map((list) => list.map((row) => row.contentId));
  }),
);

/**
 * attachment_url_to_postid() of a head image (WPGraphQL for Yoast's wp_gql_seo_get_og_image): the
 * attachment stored at that address, a size suffix (`-300x200`) removed first; null for an
 * outside address or none.
 */
export async function attachmentIdOfImage(ctx: DomainContext, url: string | undefined): Promise<number | null> {
  if (!url) return null;
  const base = `${uploadsBaseUrl(ctx.config.siteUrl)}/`;
  const path = url.split(/[?#]/)[0].replace(/-\d+x\d+\.(jpe?g|png|gif|webp|avif)$/i, '.$1');
  if (!path.startsWith(base) || path.length === base.length) return null;
  for (const id of await attachmentByFile(ctx).load(path.slice(base.length))) {
    if ((await contentById(ctx).load(id))?.type === 'attachment') return id;
  }
  return null;
}
