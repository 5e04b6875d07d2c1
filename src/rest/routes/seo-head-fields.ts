/**
 * Adds `seo_head_json` and `seo_head` to a record, computing the head only when the request's
 * `_fields` asks for one of them (it reads the site's options, the author and images).
 */
import type { SeoHead } from '../../domain/seo/head-types';
import { headTexts, type HeadTexts } from '../../domain/seo/head-memo';
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

/**
 * Sets the wanted head fields on `data` (nothing when none is wanted or there is no head): the
 * head's texts, made once (a kept head's already are), spliced as they are into the answer.
 */
export async function attachSeoHead(data: Record<string, unknown>, wanted: SeoHeadWanted | undefined, head: () => Promise<SeoHead | HeadTexts | null>): Promise<void> {
  if (!wanted || (!wanted.html && !wanted.json)) return;
  const value = await head();
  if (!value) return;
  const texts = 'htmlJson' in value ? value : headTexts(value);
  if (wanted.html) data.seo_head = new JsonFragment(texts.html, texts.htmlJson);
  if (wanted.json) data.seo_head_json = new JsonFragment(texts.head, texts.json);
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
