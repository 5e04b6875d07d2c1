/**
 * What the heads of singular pages other than posts (events, venues, organizers, attachments)
 * share: the start of the graph — the WebPage, its primary image, the breadcrumb and the site's
 * pieces — to which each head adds what the item is.
 */
import { isoDate } from './head-build';
import { plainText } from './plain-text';
import type { SeoSite } from './head-site';
import type { OgImage, SchemaPiece } from './head-types';
import { breadcrumbPiece, breadcrumbsEnabled, homeCrumb, imageObject, primaryImageId, sitePieces, webPagePiece, type Represents } from './schema-graph';

export interface SingularPage {
  /** The canonical address (the graph's @id base). */
  url: string;
  title: string;
  description: string;
  row: { date: Date; modified: Date };
  images: OgImage[];
  /** The primary image's caption. */
  caption?: string;
  /** The breadcrumb's last step. */
  crumb: { name: string; url: string };
}

/** %%excerpt%% of a calendar item: its excerpt as text, else the first 155 characters of its content ('' when protected). */
export function singularExcerpt(row: { password: string; excerpt: string; content: string }): string {
  return row.password !== '' ? '' : row.excerpt !== '' ? plainText(row.excerpt) : [...plainText(row.content)].slice(0, 155).join('');
}

/** The WebPage, primary image, breadcrumb (when enabled) and the site's pieces of a singular page. */
export function singularPageGraph(site: SeoSite, represents: Represents, page: SingularPage): SchemaPiece[] {
  const { url, images } = page;
  const withBreadcrumb = breadcrumbsEnabled(site);
  const graph: SchemaPiece[] = [
    webPagePiece(site, { type: 'WebPage', url, name: page.title, description: page.description || undefined, datePublished: isoDate(page.row.date), dateModified: isoDate(page.row.modified), primaryImage: images[0], withBreadcrumb }),
  ];
  if (images[0]) graph.push(imageObject(site, primaryImageId(url), images[0], page.caption ?? ''));
  if (withBreadcrumb) graph.push(breadcrumbPiece(url, [homeCrumb(site), page.crumb]));
  graph.push(...sitePieces(site, represents));
  return graph;
}
