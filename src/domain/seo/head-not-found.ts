/**
 * The head of the "page not found" page (Yoast's Error_Page presentation): the `title-404-wpseo`
 * template ("Page not found - Site"), never indexed (so no canonical), Open Graph of the website,
 * and a graph of the site alone (the page describes no object).
 */
import type { DomainContext } from '../context';
import { buildHead } from './head-build';
import { representsOf } from './head-people';
import { seoSiteOf, titleOptionText } from './head-site';
import type { SeoHead } from './head-types';
import { sitePieces } from './schema-graph';
import { replaceVars } from './title-template';

/** `url`: the address asked for. */
export async function notFoundHead(ctx: DomainContext, url: string): Promise<SeoHead> {
  const site = await seoSiteOf(ctx);
  const title = replaceVars(titleOptionText(site, 'title-404-wpseo'), { sep: site.sep, sitename: site.name, sitedesc: site.tagline, now: site.now });
  return buildHead(site, {
    title,
    description: '',
    noindex: true,
    nofollow: false,
    url,
    ogType: 'website',
    images: [],
    graph: sitePieces(site, await representsOf(ctx, site)),
  });
}
