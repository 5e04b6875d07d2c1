/**
 * Heads of the pages that list content (Yoast's Home_Page, Term_Archive, Author_Archive and
 * Post_Type_Archive presentations): their title and description templates from wpseo_titles,
 * robots from the archive's setting, a CollectionPage (ProfilePage for authors) in the graph.
 * Terms keep their own SEO fields in term meta under Yoast's wpseo_taxonomy_meta names
 * (term-seo-fields.ts), users theirs in user meta (user-seo-fields.ts). Each head is kept by the
 * facts it is made of (head-memo.ts), as posts' are.
 */
import type { DomainContext } from '../context';
import { postType } from '../content/post-types';
import { taxonomy as taxonomyDef } from '../content/taxonomies';
import { getTerm, type TermView } from '../terms/terms';
import { visibleStatusesLoaderFor } from '../users/loaders';
import { buildHead } from './head-build';
import { plainText } from './plain-text';
import { headImage, idOf } from './head-images';
import { representsOf, schemaPerson } from './head-people';
import { seoSiteOf, titleOption, titleOptionText, type SeoSite } from './head-site';
import { headKey, memoisedHead, type HeadTexts } from './head-memo';
import type { OgImage, SeoHead } from './head-types';
import { breadcrumbPiece, breadcrumbsEnabled, homeCrumb, personId, personPiece, sitePieces, webPagePiece, type Crumb, type Represents } from './schema-graph';
import { termSeoByTerm } from './term-seo-fields';
import { userSeoByUser } from './user-seo-fields';
import { replaceVars, type TemplateValues } from './title-template';

export interface Paging {
  page?: number;
  pageTotal?: number;
}

/** The address of page n of an archive (WordPress's /page/n/ or &paged=n). */
export function pagedUrl(site: SeoSite, base: string, page: number): string {
  if (page <= 1) return base;
  if (site.pretty) return `${base.replace(/\/?$/, '/')}page/${page}/`;
  return `${base}${base.includes('?') ? '&' : '?'}paged=${page}`;
}

function baseValues(site: SeoSite, paging: Paging): TemplateValues {
  return {
    sep: site.sep,
    sitename: site.name,
    sitedesc: site.tagline,
    pageNumber: paging.page ?? 1,
    pageTotal: paging.pageTotal ?? 1,
    now: site.now,
    dateFormat: site.options.date_format,
    timeFormat: site.options.time_format,
  };
}


interface ArchiveFacts {
  title: string;
  description: string;
  noindex: boolean;
  url: string;
  canonical?: string;
  ogType: 'website' | 'article' | 'profile';
  pageType: string;
  crumbs: Crumb[];
  ogTitle?: string;
  ogDescription?: string;
  ogImage?: { id: number; url: string };
  twitterTitle?: string;
  twitterDescription?: string;
  twitterImage?: { id: number; url: string };
  extraPieces?: Array<Record<string, unknown>>;
  about?: string;
}

/** What an archive's head reads beyond its own facts: who the site represents, and its images. */
interface ArchiveReads {
  represents: Represents;
  images: OgImage[];
  twitterImage: string | undefined;
}

async function archiveReads(ctx: DomainContext, site: SeoSite, facts: ArchiveFacts): Promise<ArchiveReads> {
  const { ogImage, twitterImage } = facts;
  const [represents, own, twitter] = await Promise.all([
    representsOf(ctx, site),
    ogImage ? headImage(ctx, ogImage.id, ogImage.url) : null,
    twitterImage ? headImage(ctx, twitterImage.id, twitterImage.url).then((image) => image?.url) : undefined,
  ]);
  const image = own ?? (await headImage(ctx, idOf(site.social.og_default_image_id), typeof site.social.og_default_image === 'string' ? site.social.og_default_image : ''));
  return { represents, images: image ? [image] : [], twitterImage: twitter };
}

/** The head the facts and reads make (no reads). */
function archiveHeadFrom(site: SeoSite, facts: ArchiveFacts, reads: ArchiveReads): SeoHead {
  const withBreadcrumb = breadcrumbsEnabled(site);
  const url = facts.canonical || facts.url;
  const graph = [
    webPagePiece(site, { type: facts.pageType, url, name: facts.title, description: facts.description || undefined, about: facts.about, withBreadcrumb }),
    ...(withBreadcrumb ? [breadcrumbPiece(url, facts.crumbs)] : []),
    ...sitePieces(site, reads.represents),
    ...(facts.extraPieces ?? []),
  ];
  return buildHead(site, {
    title: facts.title,
    description: facts.description,
    noindex: facts.noindex,
    nofollow: false,
    url: facts.url,
    canonical: facts.canonical,
    ogType: facts.ogType,
    ogTitle: facts.ogTitle,
    ogDescription: facts.ogDescription,
    images: reads.images,
    twitterTitle: facts.twitterTitle,
    twitterDescription: facts.twitterDescription,
    twitterImage: reads.twitterImage,
    graph,
  });
}

/**
 * An archive's head with its texts, made once for the same facts (head-memo.ts): the head is a
 * pure function of the site's facts, the archive's and what was read for them, which name it.
 */
async function archiveHead(ctx: DomainContext, site: SeoSite, facts: ArchiveFacts): Promise<HeadTexts> {
  const reads = await archiveReads(ctx, site, facts);
  return memoisedHead(headKey('archive', site, [facts, reads]), () => archiveHeadFrom(site, facts, reads));
}

/** The home page when it lists the latest posts. */
export async function homeHead(ctx: DomainContext, paging: Paging = {}): Promise<HeadTexts> {
  const site = await seoSiteOf(ctx);
  const values = baseValues(site, paging);
  const title = replaceVars(titleOptionText(site, 'title-home-wpseo'), values);
  return archiveHead(ctx, site, {
    title,
    description: replaceVars(titleOptionText(site, 'metadesc-home-wpseo'), values),
    noindex: false,
    url: pagedUrl(site, site.home, paging.page ?? 1),
    ogType: 'website',
    pageType: 'CollectionPage',
    crumbs: [{ name: homeCrumb(site).name }],
  });
}

/** Whether each user has published posts (Yoast's noindex-author-noposts rule): the users' module answers it in batches. */
const postStatusesByAuthor = visibleStatusesLoaderFor(['post']);

/** A category, tag or event category archive, by id. */
export async function termHeadById(ctx: DomainContext, taxonomy: string, id: number, paging: Paging = {}): Promise<HeadTexts> {
  return termHead(ctx, await getTerm(ctx, taxonomy, id), paging);
}

/** The archive of a term already read (its view carries its link). */
export async function termHead(ctx: DomainContext, view: TermView, paging: Paging = {}): Promise<HeadTexts> {
  const site = await seoSiteOf(ctx);
  const { id, taxonomy } = view.term;
  const own = await termSeoByTerm(ctx).load(id);
  const description = plainText(view.term.description);
  const values: TemplateValues = {
    ...baseValues(site, paging),
    term_title: plainText(view.term.name),
    term_description: description,
    category_description: description,
    tag_description: description,
    pt_plural: taxonomyDef(taxonomy)?.name,
    focuskw: own.focuskw,
  };
  const title = replaceVars(own.title || titleOptionText(site, `title-tax-${taxonomy}`), values);
  const noindexOwn = own.noindex;
  const noindex = noindexOwn === 'noindex' ? true : noindexOwn === 'index' ? false : titleOption(site, `noindex-tax-${taxonomy}`) === true;
  const url = pagedUrl(site, view.link, paging.page ?? 1);
  return archiveHead(ctx, site, {
    title,
    description: replaceVars(own.desc || titleOptionText(site, `metadesc-tax-${taxonomy}`), values),
    noindex,
    url,
    canonical: own.canonical || undefined,
    ogType: 'article',
    pageType: 'CollectionPage',
    crumbs: [homeCrumb(site), { name: own.bctitle || plainText(view.term.name), url: view.link }],
    ogTitle: replaceVars(own['opengraph-title'], values) || undefined,
    ogDescription: replaceVars(own['opengraph-description'], values) || undefined,
    ogImage: own['opengraph-image'] || own['opengraph-image-id'] ? { id: idOf(own['opengraph-image-id']), url: own['opengraph-image'] } : undefined,
    twitterTitle: replaceVars(own['twitter-title'], values) || undefined,
    twitterDescription: replaceVars(own['twitter-description'], values) || undefined,
    twitterImage: own['twitter-image'] || own['twitter-image-id'] ? { id: idOf(own['twitter-image-id']), url: own['twitter-image'] } : undefined,
  });
}


/** An author archive (ProfilePage with the author's Person). Null when there is no such user. */
export async function userHead(ctx: DomainContext, userId: number, paging: Paging = {}): Promise<HeadTexts | null> {
  const site = await seoSiteOf(ctx);
  const person = await schemaPerson(ctx, userId);
  if (!person) return null;
  const values: TemplateValues = { ...baseValues(site, paging), name: person.name, user_description: person.description, userid: String(person.id) };
  const own = await userSeoByUser(ctx).load(userId);
  // Yoast's Author_Archive robots: the site's rule, no published posts, or the user's own `wpseo_noindex_author`.
  const noindex =
    titleOption(site, 'noindex-author-wpseo') === true ||
    (titleOption(site, 'noindex-author-noposts-wpseo') !== false && !(await postStatusesByAuthor(ctx).load(userId)).has('publish')) ||
    own.noindex_author === 'on';
  const represents = await representsOf(ctx, site);
  const isRepresented = represents?.kind === 'person' && represents.person.id === person.id;
  const piece = personPiece(site, person, false);
  piece.mainEntityOfPage = { '@id': person.link };
  return archiveHead(ctx, site, {
    title: replaceVars(own.title || titleOptionText(site, 'title-author-wpseo'), values),
    description: replaceVars(own.metadesc || titleOptionText(site, 'metadesc-author-wpseo'), values),
    noindex,
    url: pagedUrl(site, person.link, paging.page ?? 1),
    ogType: 'profile',
    pageType: 'ProfilePage',
    crumbs: [homeCrumb(site), { name: `Archives for ${person.name}`, url: person.link }],
    about: personId(site, person),
    ogImage: { id: 0, url: person.avatar },
    extraPieces: isRepresented ? [] : [piece],
  });
}

/** A post type's archive (the events list). */
export async function postTypeArchiveHead(ctx: DomainContext, type: string, url: string, paging: Paging = {}): Promise<HeadTexts> {
  const site = await seoSiteOf(ctx);
  const def = postType(type);
  const values: TemplateValues = { ...baseValues(site, paging), pt_plural: def?.name, pt_single: def?.singularName };
  const title = replaceVars(titleOptionText(site, `title-ptarchive-${type}`), values);
  return archiveHead(ctx, site, {
    title,
    description: replaceVars(titleOptionText(site, `metadesc-ptarchive-${type}`), values),
    noindex: titleOption(site, `noindex-ptarchive-${type}`) === true,
    url: pagedUrl(site, url, paging.page ?? 1),
    ogType: 'website',
    pageType: 'CollectionPage',
    crumbs: [homeCrumb(site), { name: titleOptionText(site, `bctitle-ptarchive-${type}`) || def?.name || type, url }],
  });
}
