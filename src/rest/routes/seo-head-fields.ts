/**
 * Adds `seo_head_json` and `seo_head` to a record whose schema declares them, computing the head
 * only when the request's `_fields` asks for one of them (it reads the site's options, the author
 * and images).
 */
import type { SeoHead } from '../../domain/seo/head-types';
import { seoHeadHtml } from '../../domain/seo/head-html';
import type { ArgSchema } from '../../schema/types';
import { isFieldIncluded, parseFields } from '../server/fields';
import type { HandlerRequest } from '../server/types';

export async function addSeoHead(request: HandlerRequest, data: Record<string, unknown>, props: Record<string, ArgSchema>, head: () => Promise<SeoHead | null>): Promise<void> {
  if (!props.seo_head_json) return;
  const fields = parseFields(request.query._fields);
  const wantHtml = isFieldIncluded('seo_head', fields);
  const wantJson = isFieldIncluded('seo_head_json', fields);
  if (!wantHtml && !wantJson) return;
  const value = await head();
  if (!value) return;
  if (wantHtml) data.seo_head = seoHeadHtml(value);
  if (wantJson) data.seo_head_json = value;
}
