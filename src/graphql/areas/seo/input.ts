/**
 * Our `seo: SeoFieldsInput` on the post, page and event mutations (graphql/seo-additions.graphql):
 * each field renamed to Yoast's field name and checked by the domain exactly as REST's `meta` is
 * (src/domain/seo/meta-fields.ts); a refused value names `input.seo.<field>`.
 */
import { seoChangesFromFields, type SeoFieldChanges, type SeoFieldName } from '../../../domain/seo/meta-fields';
import type { SeoFieldsInput } from '../../../generated/graphql';
import { databaseIdOf } from '../../global-id';

/** SeoFieldsInput's fields → Yoast's post meta names (after `_yoast_wpseo_`). */
const FIELD_OF: Readonly<Record<keyof SeoFieldsInput, SeoFieldName>> = {
  title: 'title',
  metaDesc: 'metadesc',
  focuskw: 'focuskw',
  canonical: 'canonical',
  metaRobotsNoindex: 'meta-robots-noindex',
  metaRobotsNofollow: 'meta-robots-nofollow',
  breadcrumbsTitle: 'bctitle',
  opengraphTitle: 'opengraph-title',
  opengraphDescription: 'opengraph-description',
  opengraphImage: 'opengraph-image-id',
  twitterTitle: 'twitter-title',
  twitterDescription: 'twitter-description',
  twitterImage: 'twitter-image-id',
  cornerstone: 'is_cornerstone',
};

/** An attachment named by a global or database id ('' removes the image). */
const imageId = (value: unknown): unknown => (typeof value === 'string' && value.trim() !== '' ? databaseIdOf(value, 'post') : value);

export function seoChangesOfInput(input: SeoFieldsInput | null | undefined): SeoFieldChanges | undefined {
  if (!input) return undefined;
  const values = new Map<SeoFieldName, unknown>();
  const inputName = new Map<SeoFieldName, string>();
  for (const [key, name] of Object.entries(FIELD_OF) as Array<[keyof SeoFieldsInput, SeoFieldName]>) {
    const value = input[key];
    if (value === undefined) continue;
    // null is GraphQL's "no value": the field is deleted, as an empty string deletes it over REST.
    values.set(name, value === null ? '' : key === 'opengraphImage' || key === 'twitterImage' ? imageId(value) : value);
    inputName.set(name, key);
  }
  return seoChangesFromFields(values, (name) => ({ param: `input.seo.${inputName.get(name) ?? name}`, label: `input.seo.${inputName.get(name) ?? name}` }));
}
