/**
 * The head of a post or page (Yoast's Post_Type presentation): SEO title and description from
 * the item's fields or the type's templates, robots from the item, the type's setting and its
 * visibility, Open Graph and Twitter from the item's social fields or the featured image, and the
 * graph (WebPage, Article for posts, BreadcrumbList, WebSite, Organization/Person, author Person).
 */
import type { Content } from '../../generated/prisma-sqlite/client';
import type { DomainContext } from '../context';
import { ancestorsOf } from '../posts/node-fields';
import { permalinkOf } from '../posts/records';
import type { PostRecord } from '../posts/types';
import { formatWallClock } from '../../site/dates';
import { formatSiteTimeSql } from '../content/dates';
import { buildHead, isoDate, singularHeadFields } from './head-build';
import { plainText } from './plain-text';
import { headKey, itemKeyFacts, type HeadRow } from './head-memo';
import { headImage, idOf, ownOgImage } from './head-images';
import { representsOf, schemaPerson } from './head-people';
import { seoSiteOf, titleOption, titleOptionText, type SeoSite } from './head-site';
import type { OgImage, SchemaPiece, SeoHead } from './head-types';
import type { SeoFields } from './meta-fields';
import { breadcrumbPiece, breadcrumbsEnabled, homeCrumb, imageObject, personId, personPiece, primaryImageId, publisherId, sitePieces, webPagePiece, type Crumb, type Represents, type SchemaPerson } from './schema-graph';
import { replaceVars, type TemplateValues } from './title-template';

/** Yoast's words per minute for English (the estimated reading time). */
const WORDS_PER_MINUTE = 228;

/** ISO 8601 as Yoast prints dates (`2025-05-01T10:00:00+00:00`). */
export { isoDate };


/** Words of the text (plainText collapses whitespace to single spaces). */
function wordCount(html: string): number {
  const text = plainText(html);
  if (text === '') return 0;
  let words = 1;
  for (let at = text.indexOf(' '); at !== -1; at = text.indexOf(' ', at + 1)) words++;
  return words;
}

const EXCERPT_CHARACTERS = 155;

/** wp_html_excerpt( content, 155 ): the first 155 characters (code points) of the text. */
function autoExcerpt(row: Pick<Content, 'content'>): string {
  const text = plainText(row.content.includes('[') ? row.content.replace(/\[[^\]]*\]/g, '') : row.content);
  // Code points are at most two units long, so the excerpt lies in the first 310 units; without a
  // surrogate among them, units are code points.
  const head = text.slice(0, 2 * EXCERPT_CHARACTERS);
  return /[\ud800-\udfff]/.test(head) ? [...head].slice(0, EXCERPT_CHARACTERS).join('') : head.slice(0, EXCERPT_CHARACTERS);
}

function isProtected(row: Pick<Content, 'password'>): boolean {
  return row.password !== '';
}

/** The template values of a post or page (WPSEO_Replace_Vars with the post as its args). */
export async function postTemplateValues(ctx: DomainContext, site: SeoSite, record: PostRecord, seo: SeoFields): Promise<TemplateValues> {
  const [author, parentTitle] = await Promise.all([schemaPerson(ctx, record.row.authorId), parentTitleOf(ctx, record)]);
  return templateValuesOf(site, record, seo, author, parentTitle);
}

/** postTemplateValues from the facts already read. */
function templateValuesOf(site: SeoSite, record: HeadItem, seo: SeoFields, author: SchemaPerson | null, parentTitle: string): TemplateValues {
  const row = record.row;
  const names = (taxonomy: string) => record.terms.filter((t) => t.taxonomy === taxonomy).map((t) => t.name);
  const categories = names('category');
  const dateFormat = site.options.date_format || 'F j, Y';
  return {
    sep: site.sep,
    sitename: site.name,
    sitedesc: site.tagline,
    title: plainText(row.title),
    parent_title: parentTitle,
    excerpt: headExcerpt(row),
    excerpt_only: isProtected(row) ? '' : plainText(row.excerpt),
    category: categories.join(', '),
    primary_category: categories[0] ?? '',
    tag: names('post_tag').join(', '),
    pt_single: record.type.singularName,
    pt_plural: record.type.name,
    name: author?.name ?? '',
    user_description: author?.description ?? '',
    userid: String(row.authorId || ''),
    id: String(row.id),
    // Formatted only when a template asks (the default ones never do).
    get date() {
      return formatWallClock(dateFormat, formatSiteTimeSql(row.date, site.options));
    },
    get modified() {
      return formatWallClock(dateFormat, formatSiteTimeSql(row.modified, site.options));
    },
    focuskw: seo.focuskw,
    permalink: record.link,
    pageNumber: 1,
    pageTotal: pageTotalOf(row),
    now: site.now,
    dateFormat,
    timeFormat: site.options.time_format,
  };
}

/** %%excerpt%%: the excerpt as text, else the start of the content ('' when protected). */
function headExcerpt(row: Pick<Content, 'password' | 'excerpt' | 'content'>): string {
  return isProtected(row) ? '' : row.excerpt !== '' ? plainText(row.excerpt) : autoExcerpt(row);
}

function pageTotalOf(row: Pick<Content, 'content'>): number {
  return row.content.includes('<!--nextpage-->') ? row.content.split('<!--nextpage-->').length : 1;
}

/** %%parent_title%% of a page ('' for others). */
function parentTitleOf(ctx: DomainContext, record: PostRecord): Promise<string> | string {
  return record.row.parentId > 0 && record.type.hierarchical ? permalinkParentTitle(ctx, record.row) : '';
}

async function permalinkParentTitle(ctx: DomainContext, row: Content): Promise<string> {
  const parent = (await ancestorsOf(ctx, row))[0];
  return parent ? plainText(parent.title) : '';
}

/** The SEO title of a post or page: its own title field, else its type's template (the analysis reads it too). */
export async function postSeoTitle(ctx: DomainContext, record: PostRecord): Promise<string> {
  const site = await seoSiteOf(ctx);
  return replaceVars(record.seo.title || titleOptionText(site, `title-${record.row.type}`), await postTemplateValues(ctx, site, record, record.seo));
}

/** The meta description of a post or page ('' when none). */
export async function postMetaDescription(ctx: DomainContext, record: PostRecord): Promise<string> {
  const site = await seoSiteOf(ctx);
  return replaceVars(record.seo.metadesc || titleOptionText(site, `metadesc-${record.row.type}`), await postTemplateValues(ctx, site, record, record.seo));
}

/** Robots of an item: its own setting (1 noindex, 2 index), else the type's; never index what is not public. */
export function itemNoindex(site: SeoSite, row: Pick<Content, 'type' | 'status' | 'password'>, seo: SeoFields): boolean {
  if (row.status !== 'publish' || row.password !== '') return true;
  if (seo['meta-robots-noindex'] === '1') return true;
  if (seo['meta-robots-noindex'] === '2') return false;
  return titleOption(site, `noindex-${row.type}`) === true;
}

/** og:image candidates in Yoast's order: the item's own image, its featured image, the site's default. */
async function postImages(ctx: DomainContext, site: SeoSite, record: PostRecord): Promise<OgImage[]> {
  const seo = record.seo;
  const own = await ownOgImage(ctx, seo);
  if (own) return [own];
  if (record.featuredMedia && record.featuredMediaVisible) {
    const featured = await headImage(ctx, record.featuredMedia);
    if (featured) return [featured];
  }
  const fallback = await headImage(ctx, idOf(site.social.og_default_image_id), typeof site.social.og_default_image === 'string' ? site.social.og_default_image : '');
  return fallback ? [fallback] : [];
}

/** The ancestors' crumbs (pages), root first. */
async function ancestorCrumbs(ctx: DomainContext, record: PostRecord): Promise<Crumb[]> {
  if (!record.type.hierarchical || record.row.parentId <= 0) return [];
  const ancestors = (await ancestorsOf(ctx, record.row)).reverse();
  return Promise.all(ancestors.map(async (ancestor) => ({ name: plainText(ancestor.title), url: await permalinkOf(ctx, ancestor.id) })));
}

/** Yoast's estimated reading time of an item, in whole minutes (0 for a protected or empty one). */
export function estimatedReadingMinutes(row: Pick<Content, 'content' | 'password'>): number {
  return readingMinutes(isProtected(row) ? 0 : wordCount(row.content));
}

function readingMinutes(words: number): number {
  return Math.ceil(words / WORDS_PER_MINUTE);
}

function readingTime(minutes: number): string {
  return `${minutes} minute${minutes === 1 ? '' : 's'}`;
}

/** What of a post record its head reads. */
interface HeadItem {
  row: HeadRow;
  type: PostRecord['type'];
  terms: PostRecord['terms'];
  seo: SeoFields;
  link: string;
}

/**
 * What a post's or page's head is made of: the record, and everything read for it through the
 * request's loaders. The head is a pure function of these (postHeadFrom), so postHeadKey can name it.
 */
export interface PostHeadFacts {
  site: SeoSite;
  item: HeadItem;
  author: SchemaPerson | null;
  parentTitle: string;
  represents: Represents;
  images: OgImage[];
  /** The ancestors' breadcrumbs, root first (pages, when the trail shows them). */
  ancestorCrumbs: Crumb[];
  twitterImage: string | undefined;
}

function isFrontPage(site: SeoSite, row: Pick<Content, 'type' | 'id'>): boolean {
  return row.type === 'page' && site.options.show_on_front === 'page' && site.options.page_on_front === row.id;
}

/** Reads what the head of a post or page record needs (its statements batched with the rest of a list's). */
export async function postHeadFacts(ctx: DomainContext, record: PostRecord): Promise<PostHeadFacts> {
  const site = await seoSiteOf(ctx);
  const row = record.row;
  const seo = record.seo;
  const withCrumbs = breadcrumbsEnabled(site) && !isFrontPage(site, row);
  const [author, parentTitle, represents, images, crumbs, twitterImage] = await Promise.all([
    schemaPerson(ctx, row.authorId),
    parentTitleOf(ctx, record),
    representsOf(ctx, site),
    postImages(ctx, site, record),
    withCrumbs ? ancestorCrumbs(ctx, record) : [],
    seo['twitter-image'] || (seo['twitter-image-id'] ? headImage(ctx, idOf(seo['twitter-image-id'])).then((image) => image?.url) : undefined),
  ]);
  const item: HeadItem = { row, type: record.type, terms: record.terms, seo, link: record.link };
  return { site, item, author, parentTitle, represents, images, ancestorCrumbs: crumbs, twitterImage };
}

/** A name for the head the facts make, for a memo of heads: every fact of the item and what was read for it. */
export function postHeadKey(facts: PostHeadFacts): string {
  const { row, seo, terms, link, type } = facts.item;
  const item = [itemKeyFacts(row, seo), terms, link, type.slug];
  return headKey('post', facts.site, [item, facts.author, facts.parentTitle, facts.represents, facts.images, facts.ancestorCrumbs, facts.twitterImage]);
}

/** The head the facts make (no reads). */
export function postHeadFrom(facts: PostHeadFacts): SeoHead {
  const { site, item: record, author, represents, images } = facts;
  const row = record.row;
  const seo = record.seo;
  const values = templateValuesOf(site, record, seo, author, facts.parentTitle);
  const title = replaceVars(seo.title || titleOptionText(site, `title-${row.type}`), values);
  const description = replaceVars(seo.metadesc || titleOptionText(site, `metadesc-${row.type}`), values);
  const noindex = itemNoindex(site, row, seo);
  const url = seo.canonical || record.link;
  const isPost = row.type === 'post';
  const isFront = isFrontPage(site, row);
  const words = isProtected(row) ? 0 : wordCount(row.content);
  const minutes = readingMinutes(words);
  const published = isoDate(row.date);
  const modified = isoDate(row.modified);
  const withBreadcrumb = breadcrumbsEnabled(site);

  const graph: SchemaPiece[] = [];
  const pageUrl = isFront ? site.home : url;
  if (isPost) {
    const article: SchemaPiece = { '@type': 'Article', '@id': `${pageUrl}#article`, isPartOf: { '@id': pageUrl } };
    if (author) article.author = { name: author.name, '@id': personId(site, author) };
    article.headline = plainText(row.title);
    article.datePublished = published;
    article.dateModified = modified;
    article.mainEntityOfPage = { '@id': pageUrl };
    article.wordCount = words;
    const publisher = publisherId(site, represents);
    if (publisher) article.publisher = { '@id': publisher };
    if (images[0]) {
      article.image = { '@id': primaryImageId(pageUrl) };
      article.thumbnailUrl = images[0].url;
    }
    const tags = record.terms.filter((t) => t.taxonomy === 'post_tag').map((t) => t.name);
    if (tags.length) article.keywords = tags;
    const sections = record.terms.filter((t) => t.taxonomy === 'category').map((t) => t.name);
    if (sections.length) article.articleSection = sections;
    article.inLanguage = site.lang;
    graph.push(article);
  }
  graph.push(
    webPagePiece(site, {
      type: 'WebPage',
      url: pageUrl,
      name: title,
      description: description || undefined,
      datePublished: published,
      dateModified: modified,
      primaryImage: images[0],
      withBreadcrumb,
    }),
  );
  if (images[0]) graph.push(imageObject(site, primaryImageId(pageUrl), images[0], ''));
  if (withBreadcrumb) graph.push(breadcrumbPiece(pageUrl, isFront ? [{ name: homeCrumb(site).name }] : [homeCrumb(site), ...facts.ancestorCrumbs, { name: seo.bctitle || plainText(row.title), url: record.link }]));
  graph.push(...sitePieces(site, represents));
  if (isPost && author && !(represents?.kind === 'person' && represents.person.id === author.id)) graph.push(personPiece(site, author, false));

  const misc: Record<string, string> = {};
  if (isPost && author) misc['Written by'] = author.name;
  if (minutes > 0) misc['Est. reading time'] = readingTime(minutes);
  const ogDescription = description || (isProtected(row) ? '' : values.excerpt ?? '');
  return buildHead(site, {
    title,
    description,
    noindex,
    url: isFront ? site.home : record.link,
    ...singularHeadFields(seo, values, row, { title, ogDescription }),
    publishedTime: isPost ? published : undefined,
    images,
    author: isPost ? author?.name : undefined,
    twitterImage: facts.twitterImage,
    twitterMisc: misc,
    graph,
  });
}
