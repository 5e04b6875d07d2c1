/**
 * Attachments as WordPress's JSON (WP_REST_Attachments_Controller::prepare_item_for_response):
 * the posts controller's fields for `attachment`, then description, caption, alt_text,
 * media_type, mime_type, media_details (the stored `_wp_attachment_metadata` with `mime_type` and
 * `source_url` on each size and a `full` entry), post, source_url and missing_image_sizes (edit),
 * with the attachment links (wp:attached-to when it has a parent).
 */
import { escapeAttr } from '../../../domain/media/html';
import { attachmentUrl, isImage, sizesOf, sourceOf, srcSetOf } from '../../../domain/media/files';
import { registeredSubsizes } from '../../../domain/media/image-sizes';
import { missingSubsizes, type ImageMetadataArray } from '../../../domain/media/images';
import { attachmentFacts } from '../../../domain/media/metadata';
import { rawMetadataOf } from '../../../domain/media/write';
import { availablePostActions } from '../../../domain/posts/actions';
import { contentById } from '../../../domain/posts/loaders';
import { canDeletePost, canEditPost } from '../../../domain/posts/permissions';
import { siteOf } from '../../../domain/posts/records';
import { renderedContent, renderedExcerpt } from '../../../domain/posts/render';
import type { PostRecord } from '../../../domain/posts/types';
import { postTypeDef } from '../../../domain/posts/records';
import { API_REL, link, type Links } from '../../server/links';
import { EDITABLE, type HandlerRequest, type ItemSchema } from '../../server/types';
import { filterByContext, postJson } from './post-records';
import { emptyMetaAsList } from '../../server/item-schema';
import { seoMetaJson } from '../../../domain/seo/meta-fields';
import { canSeeAttachment } from '../../../domain/media/media-items';

const dirOf = (url: string) => url.slice(0, url.lastIndexOf('/') + 1);
const baseOf = (url: string) => url.slice(url.lastIndexOf('/') + 1);

/** media_details: the metadata array with each size's `mime_type` and `source_url`, and `full`. */
function mediaDetails(metadata: ImageMetadataArray | null, url: string, mimeType: string, image: boolean): Record<string, unknown> {
  if (!metadata || !Object.keys(metadata).length) return {};
  const details: Record<string, unknown> = { ...metadata };
  const sizes = metadata.sizes && typeof metadata.sizes === 'object' ? Object.entries(metadata.sizes) : [];
  if (!sizes.length) {
    details.sizes = {};
    return details;
  }
  const out: Record<string, unknown> = {};
  for (const [name, size] of sizes) {
    const { 'mime-type': sizeMime, ...rest } = size;
    out[name] = { ...rest, ...(sizeMime !== undefined ? { mime_type: sizeMime } : {}), source_url: dirOf(url) + size.file };
  }
  if (image) out.full = { file: baseOf(url), width: metadata.width, height: metadata.height, mime_type: mimeType, source_url: url };
  details.sizes = out;
  return details;
}

/** prepend_attachment(): the file shown above the description (an image at `medium`, else a link). */
async function prependedAttachment(request: HandlerRequest, record: PostRecord, url: string): Promise<string> {
  const row = record.row;
  const facts = await attachmentFacts(request.domain, row.id);
  if (!isImage(row, facts)) return `<p class="attachment"><a href='${escapeAttr(url)}'>${escapeAttr(row.title)}</a></p>\n`;
  const site = request.domain.config.siteUrl;
  const shown = sourceOf(site, row, facts, 'medium');
  const srcset = srcSetOf(site, row, facts, 'medium');
  const sizes = sizesOf(site, row, facts, 'medium');
  const responsive = srcset && sizes ? ` srcset="${escapeAttr(srcset)}" sizes="${escapeAttr(sizes)}"` : '';
  const img = `<img loading="lazy" decoding="async" width="${shown.width}" height="${shown.height}" src="${escapeAttr(shown.url)}" class="attachment-medium size-medium" alt="${escapeAttr(facts.alt)}"${responsive} />`;
  return `<p class="attachment"><a href='${escapeAttr(url)}'>${img}</a></p>\n`;
}

async function mediaLinks(request: HandlerRequest, record: PostRecord, context: string): Promise<Links> {
  const row = record.row;
  const viewer = request.viewer;
  const collection = request.urls.url('/core/v2/media');
  const self = `${collection}/${row.id}`;
  const allow: string[] = [];
  if (await canSeeAttachment(request.domain, row)) allow.push('GET');
  if (canEditPost(viewer, row)) allow.push(...EDITABLE);
  if (canDeletePost(viewer, row, (await siteOf(request.domain)).options)) allow.push('DELETE');
  const links: Links = {
    self: [{ href: self, targetHints: { allow } }],
    collection: [{ href: collection }],
    about: [{ href: request.urls.url('/core/v2/types/attachment') }],
  };
  if (row.authorId) links.author = [{ embeddable: true, href: `${request.urls.url('/core/v2/users')}/${row.authorId}` }];
  links.replies = [{ embeddable: true, href: request.urls.url('/core/v2/comments', 'post=') + row.id }];
  if (record.featuredMedia && record.featuredMediaVisible) links[`${API_REL}featuredmedia`] = [{ embeddable: true, href: `${collection}/${record.featuredMedia}` }];
  if (row.parentId) {
    const parent = await contentById(request.domain).load(row.parentId);
    const def = parent && ['post', 'page', 'attachment'].includes(parent.type) ? postTypeDef(parent.type as 'post') : null;
    if (parent && def) {
      links[`${API_REL}attached-to`] = [{ embeddable: true, post_type: parent.type, id: parent.id, href: request.urls.url(`/${def.restNamespace}/${def.restBase}/${parent.id}`) }];
    }
  }
  if (context === 'edit') {
    for (const action of availablePostActions(viewer, 'attachment')) if (action !== 'publish') links[`${API_REL}action-${action}`] = [link(self)];
  }
  return links;
}

export interface MediaJsonOptions {
  context: string;
  withLinks?: boolean;
}

/** One attachment as WordPress prints it in this context. */
export async function mediaJson(request: HandlerRequest, record: PostRecord, schema: ItemSchema, options: MediaJsonOptions): Promise<Record<string, unknown>> {
  const row = record.row;
  const base = await postJson(request, record, schema, { context: 'edit', withLinks: false });
  const facts = await attachmentFacts(request.domain, row.id);
  const url = attachmentUrl(request.domain.config.siteUrl, row, facts);
  const metadata = await rawMetadataOf(request.domain, row.id);
  const image = isImage(row, facts);
  const access = { context: options.context, canEdit: canEditPost(request.viewer, row) };
  const data: Record<string, unknown> = { ...base };
  if (options.context === 'edit' && 'permalink_template' in data) {
    // Attachments have no pretty permalink structure of their own (get_sample_permalink).
    data.permalink_template = `${request.domain.config.siteUrl}/?attachment_id=${row.id}`;
  }
  data.description = { raw: row.content, rendered: (await prependedAttachment(request, record, url)) + renderedContent(row, access) };
  data.caption = { raw: row.excerpt, rendered: renderedExcerpt(row, access) };
  data.alt_text = facts.alt;
  data.media_type = image ? 'image' : 'file';
  data.mime_type = row.mimeType;
  data.media_details = mediaDetails(metadata, url, row.mimeType, image);
  data.post = row.parentId > 0 ? row.parentId : null;
  data.source_url = url;
  // Yoast's SEO fields only (attachments have no footnotes); edit-context keys, so `[]` elsewhere as WordPress prints empty meta.
  if ('meta' in data) data.meta = seoMetaJson(record.seo);
  if (options.context === 'edit') {
    const sizes = registeredSubsizes((await siteOf(request.domain)).options);
    data.missing_image_sizes = image && metadata ? missingSubsizes(metadata, sizes) : [];
  }
  const out = filterByContext(data, schema.properties, options.context);
  emptyMetaAsList(out);
  if (options.withLinks !== false) out._links = await mediaLinks(request, record, options.context);
  return out;
}
