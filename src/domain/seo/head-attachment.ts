/**
 * The head of an attachment's page (Yoast's Post_Type presentation for `attachment`): the SEO
 * title from the item's field or the `title-attachment` template, the description from its field,
 * the `metadesc-attachment` template, else the caption, else the alt text; og:image is the file
 * itself (images only). Yoast's "redirect attachment URLs to the attachment itself"
 * (`disable-attachment` in wpseo_titles, on by default) sends visitors of the page to the file, so
 * the canonical and og:url are then the file's address; off, the attachment page's. Robots: the
 * item's own setting, else the type's `noindex-attachment`; an attachment inherits its parent's
 * visibility (a file attached to a draft is not indexed), as Yoast's indexable builder has it.
 */
import type { DomainContext } from '../context';
import { attachmentUrl, isImage } from '../media/files';
import { attachmentFacts } from '../media/metadata';
import { contentById } from '../posts/loaders';
import type { PostRecord } from '../posts/types';
import { buildHead, singularHeadFields } from './head-build';
import { headImage } from './head-images';
import { representsOf } from './head-people';
import { postTemplateValues } from './head-post';
import { singularPageGraph } from './head-singular';
import { seoSiteOf, titleOption, titleOptionText, type SeoSite } from './head-site';
import type { SeoHead } from './head-types';
import { plainText } from './plain-text';
import { replaceVars } from './title-template';

/** Whether attachment pages redirect to their files (Yoast's default: yes). */
export function attachmentPagesRedirect(site: SeoSite): boolean {
  return titleOption(site, 'disable-attachment') !== false;
}

async function attachmentNoindex(ctx: DomainContext, site: SeoSite, record: PostRecord): Promise<boolean> {
  const row = record.row;
  if (row.password !== '') return true;
  if (row.parentId > 0) {
    const parent = await contentById(ctx).load(row.parentId);
    if (parent && (parent.status !== 'publish' || parent.password !== '')) return true;
  }
  if (record.seo['meta-robots-noindex'] === '1') return true;
  if (record.seo['meta-robots-noindex'] === '2') return false;
  return titleOption(site, 'noindex-attachment') === true;
}

/** The head of an attachment record (the viewer may see it: the caller checked). */
export async function attachmentHead(ctx: DomainContext, record: PostRecord): Promise<SeoHead> {
  const site = await seoSiteOf(ctx);
  const row = record.row;
  const seo = record.seo;
  const facts = await attachmentFacts(ctx, row.id);
  const file = attachmentUrl(ctx.config.siteUrl, row, facts);
  const caption = plainText(row.excerpt);
  const values = { ...(await postTemplateValues(ctx, site, record, seo)), caption };
  const title = replaceVars(seo.title || titleOptionText(site, 'title-attachment'), values);
  const description = replaceVars(seo.metadesc || titleOptionText(site, 'metadesc-attachment'), values) || caption || plainText(facts.alt);
  const pageUrl = attachmentPagesRedirect(site) ? file : record.link;
  const image = isImage(row, facts) ? await headImage(ctx, row.id) : null;
  const images = image ? [image] : [];
  const url = seo.canonical || pageUrl;
  const graph = singularPageGraph(site, await representsOf(ctx, site), { url, title, description, row, images, caption, crumb: { name: seo.bctitle || plainText(row.title), url: pageUrl } });
  return buildHead(site, {
    title,
    description,
    noindex: await attachmentNoindex(ctx, site, record),
    url: pageUrl,
    ...singularHeadFields(seo, values, row, { title, ogDescription: description }),
    images,
    graph,
  });
}
