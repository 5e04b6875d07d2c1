/**
 * Adds `seo_head_json` and `seo_head` to a record, computing the head only when the request's
 * `_fields` asks for one of them (it reads the site's options, the author and images).
 */
import type { SeoHead } from '../../domain/seo/head-types';
import type { HeadTexts } from '../../domain/seo/head-memo';
import { seoHeadHtml } from '../../domain/seo/head-html';
import { seoSiteOf } from '../../domain/seo/head-site';
import type { DomainContext } from '../../domain/context';
import type { ArgSchema } from '../../schema/types';
import { isFieldIncluded, parseFields } from '../server/fields';
import { JsonFragment } from '../server/json';
import type { HandlerRequest } from '../server/types';

/** Which of the two head fields a request's `_fields` keeps; `under` names the list key records sit in (`events`). */
export interface SeoHeadWanted {
  html: boolean;
  json: boolean;
}

export function seoHeadWanted(query: Record<string, unknown>, under?: string): SeoHeadWanted {
  const fields = parseFields(query._fields);
  const path = (name: string) => (under ? `${under}.${name}` : name);
  return { html: isFieldIncluded(path('seo_head'), fields), json: isFieldIncluded(path('seo_head_json'), fields) };
}

/** Sets the wanted head fields on `data` (nothing when none is wanted or there is no head). */
export async function attachSeoHead(data: Record<string, unknown>, wanted: SeoHeadWanted | undefined, head: () => Promise<SeoHead | HeadTexts | null>): Promise<void> {
  if (!wanted || (!wanted.html && !wanted.json)) return;
  const value = await head();
  if (!value) return;
  if ('htmlJson' in value) {
    // Texts made already: spliced as they are into the answer.
    if (wanted.html) data.seo_head = new JsonFragment(value.html, value.htmlJson);
    if (wanted.json) data.seo_head_json = new JsonFragment(value.head, value.json);
    return;
  }
  if (!wanted.html) {
    data.seo_head_json = value;
    return;
  }
  // The graph is serialised once: into the HTML, and spliced as it is into the JSON answer.
  const schemaJson = JSON.stringify(value.schema);
  data.seo_head = seoHeadHtml(value, schemaJson);
  if (wanted.json) data.seo_head_json = { ...value, schema: new JsonFragment(value.schema, schemaJson) };
}

/** For records whose schema declares the head fields (core/v2). */
export async function addSeoHead(request: HandlerRequest, data: Record<string, unknown>, props: Record<string, ArgSchema>, head: () => Promise<SeoHead | HeadTexts | null>): Promise<void> {
  if (!props.seo_head_json) return;
  await attachSeoHead(data, seoHeadWanted(request.query), head);
}

/**
 * A list whose records will carry heads starts reading the site's head facts (options) with its
 * own first statements, so PostgreSQL gets them in the same round trip (src/db/fast/pg-batch.ts);
 * the request's loaders keep them for the heads. Nothing when no head is wanted.
 */
export async function withSeoSiteRead<T>(ctx: DomainContext, wanted: SeoHeadWanted, list: Promise<T>): Promise<T> {
  if (!wanted.html && !wanted.json) return list;
  return (await Promise.all([list, seoSiteOf(ctx)]))[0];
}
