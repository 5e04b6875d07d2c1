/**
 * The two head fields of REST records (Yoast's register_rest_field of yoast_head and
 * yoast_head_json under neutral names): read-only, in every context (embedded records carry them too).
 */
import type { ArgSchema } from '../../schema/types';

export const SEO_HEAD_FIELDS = ['seo_head', 'seo_head_json'] as const;

export function seoHeadProperties(): Record<string, ArgSchema> {
  return {
    seo_head: { description: 'The head metadata of the item as HTML (title, meta, link and JSON-LD tags).', type: 'string', context: ['view', 'edit', 'embed'], readonly: true },
    seo_head_json: { description: 'The head metadata of the item as an object (title, description, robots, canonical, Open Graph, Twitter, schema graph).', type: 'object', context: ['view', 'edit', 'embed'], readonly: true },
  };
}
