/**
 * Images of the head (og:image, the logo, an article's primary image): an attachment's full file
 * with its size and type, or a bare address when only that is known.
 */
import type { DomainContext } from '../context';
import { fullSource } from '../media/files';
import { attachmentFacts } from '../media/metadata';
import { contentById } from '../posts/loaders';
import type { OgImage } from './head-types';
import type { SeoFields } from './meta-fields';

const MAX_ID = 2147483647;

/** The image of an attachment id (when it is a public attachment), else of the address given. */
export async function headImage(ctx: DomainContext, id: number, url = ''): Promise<OgImage | null> {
  if (Number.isInteger(id) && id > 0 && id <= MAX_ID) {
    const row = await contentById(ctx).load(id);
    if (row && row.type === 'attachment' && (row.status === 'inherit' || row.status === 'publish')) {
      const source = fullSource(ctx.config.siteUrl, row, await attachmentFacts(ctx, id));
      const image: OgImage = { url: url || source.url };
      if (source.width) image.width = source.width;
      if (source.height) image.height = source.height;
      if (source.mimeType) image.type = source.mimeType;
      return { ...(image.width ? { width: image.width } : {}), ...(image.height ? { height: image.height } : {}), url: image.url, ...(image.type ? { type: image.type } : {}) };
    }
  }
  return url ? { url } : null;
}

export function idOf(value: unknown): number {
  const n = typeof value === 'number' ? value : typeof value === 'string' ? Number.parseInt(value, 10) : 0;
  return Number.isInteger(n) && n > 0 ? n : 0;
}

/** The image an item's own SEO fields name (address or attachment id), else null. */
export async function ownOgImage(ctx: DomainContext, seo: SeoFields): Promise<OgImage | null> {
  if (!seo['opengraph-image'] && !seo['opengraph-image-id']) return null;
  return headImage(ctx, idOf(seo['opengraph-image-id']), seo['opengraph-image']);
}

/** og:image of a calendar item (event, venue, organizer): its own SEO image, else its featured image. */
export async function ownOrFeaturedImages(ctx: DomainContext, seo: SeoFields, featured: { id: number; url: string } | null): Promise<OgImage[]> {
  const image = (await ownOgImage(ctx, seo)) ?? (featured ? await headImage(ctx, featured.id, featured.url) : null);
  return image ? [image] : [];
}
