/**
 * Heads of the pages that list content (Yoast's Home_Page, Term_Archive, Author_Archive and
 * Post_Type_Archive presentations): their title and description templates from wpseo_titles,
 * robots from the archive's setting, a CollectionPage (ProfilePage for authors) in the graph.
 * Terms keep their own SEO fields in term meta under Yoast's wpseo_taxonomy_meta names
 * (`wpseo_title`, `wpseo_desc`, `wpseo_canonical`, `wpseo_noindex`, `wpseo_bctitle`...).
 */
import DataLoader from 'dataloader';
import type { DomainContext } from '../context';
import { defineLoader, groupByKeys } from '../loaders';
import { postType } from '../content/post-types';
import { taxonomy as taxonomyDef } from '../content/taxonomies';
import { getTerm, type TermView } from '../terms/terms';
import { visibleStatusesLoaderFor } from '../users/loaders';
import { buildHead } from './head-build';
import { plainText } from './plain-text';
import { headImage, idOf } from './head-images';
import { representsOf, schemaPerson } from './head-people';
import { seoSiteOf, titleOption, titleOptionText, type SeoSite } from './head-site';
import type { SeoHead } from './head-types';
import { breadcrumbPiece, breadcrumbsEnabled, homeCrumb, personId, personPiece, sitePieces, webPagePiece, type Crumb } from './schema-graph';
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
  extraPieces?: Array<Record<string, unknown>>;
  about?: string;
}

async function archiveHead(ctx: DomainContext, site: SeoSite, facts: ArchiveFacts): Promise<SeoHead> {
  const represents = await representsOf(ctx, site);
  const withBreadcrumb = breadcrumbsEnabled(site);
  const url = facts.canonical || facts.url;
  const graph = [
    webPagePiece(site, { type: facts.pageType, url, name: facts.title, description: facts.description || undefined, about: facts.about, withBreadcrumb }),
    ...(withBreadcrumb ? [breadcrumbPiece(url, facts.crumbs)] : []),
    ...sitePieces(site, represents),
    ...(facts.extraPieces ?? []),
  ];
  const image = facts.ogImage ? await headImage(ctx, facts.ogImage.id, facts.ogImage.url) : null;
  const fallback = image ?? (await headImage(ctx, idOf(site.social.og_default_image_id), typeof site.social.og_default_image === 'string' ? site.social.og_default_image : ''));
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
    images: fallback ? [fallback] : [],
    graph,
  });
}

/** The home page when it lists the latest posts. */
export async function homeHead(ctx: DomainContext, paging: Paging = {}): Promise<SeoHead> {
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

/** Yoast's per-term fields (term meta under wpseo_taxonomy_meta's names), for a page of terms at once. */
const termSeoByTerm = defineLoader('seo.termSeo', (db) =>
  new DataLoader<number, Map<string, string>>(async (ids) => {
    const rows = await db.read.termMeta.findMany({ where: { termId: { in: [...ids] }, key: { startsWith: 'wpseo_' } }, orderBy: { id: 'asc' } });
    return groupByKeys(ids, rows, (row) => row.termId).map((list) => {
      const out = new Map<string, string>();
      for (const row of list) if (!out.has(row.key)) out.set(row.key, row.value);
      return out;
    });
  }),
);

/** Whether each user has published posts (Yoast's noindex-author-noposts rule): the users' module answers it in batches. */
const postStatusesByAuthor = visibleStatusesLoaderFor(['post']);

/** A category, tag or event category archive, by id. */
export async function termHeadById(ctx: DomainContext, taxonomy: string, id: number, paging: Paging = {}): Promise<SeoHead> {
  return termHead(ctx, await getTerm(ctx, taxonomy, id), paging);
}

/** The archive of a term already read (its view carries its link). */
export async function termHead(ctx: DomainContext, view: TermView, paging: Paging = {}): Promise<SeoHead> {
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
  };
  const title = replaceVars(own.get('wpseo_title') || titleOptionText(site, `title-tax-${taxonomy}`), values);
  const noindexOwn = own.get('wpseo_noindex');
  const noindex = noindexOwn === 'noindex' ? true : noindexOwn === 'index' ? false : titleOption(site, `noindex-tax-${taxonomy}`) === true;
  const url = pagedUrl(site, view.link, paging.page ?? 1);
  return archiveHead(ctx, site, {
    title,
    description: replaceVars(own.get('wpseo_desc') || titleOptionText(site, `metadesc-tax-${taxonomy}`), values),
    noindex,
    url,
    canonical: own.get('wpseo_canonical') || undefined,
    ogType: 'article',
    pageType: 'CollectionPage',
    crumbs: [homeCrumb(site), { name: own.get('wpseo_bctitle') || plainText(view.term.name), url: view.link }],
    ogTitle: replaceVars(own.get('wpseo_opengraph-title') ?? '', values) || undefined,
    ogDescription: replaceVars(own.get('wpseo_opengraph-description') ?? '', values) || undefined,
    ogImage: own.get('wpseo_opengraph-image') || own.get('wpseo_opengraph-image-id') ? { id: idOf(own.get('wpseo_opengraph-image-id')), url: own.get('wpseo_opengraph-image') ?? '' } : undefined,
  });
}


/** An author archive (ProfilePage with the author's Person). Null when there is no such user. */
export async function userHead(ctx: DomainContext, userId: number, paging: Paging = {}): Promise<SeoHead | null> {
  const site = await seoSiteOf(ctx);
  const person = await schemaPerson(ctx, userId);
  if (!person) return null;
  const values: TemplateValues = { ...baseValues(site, paging), name: person.name, user_description: person.description, userid: String(person.id) };
  const noindex = titleOption(site, 'noindex-author-wpseo') === true || (titleOption(site, 'noindex-author-noposts-wpseo') !== false && !(await postStatusesByAuthor(ctx).load(userId)).has('publish'));
  const represents = await representsOf(ctx, site);
  const isRepresented = represents?.kind === 'person' && represents.person.id === person.id;
  const piece = personPiece(site, person, false);
  piece.mainEntityOfPage = { '@id': person.link };
  return archiveHead(ctx, site, {
    title: replaceVars(titleOptionText(site, 'title-author-wpseo'), values),
    description: replaceVars(titleOptionText(site, 'metadesc-author-wpseo'), values),
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
export async function postTypeArchiveHead(ctx: DomainContext, type: string, url: string, paging: Paging = {}): Promise<SeoHead> {
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
