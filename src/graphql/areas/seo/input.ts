/**
 * Our `seo` inputs (graphql/seo-additions.graphql): SeoFieldsInput on the post, page and event
 * mutations, TaxonomySeoInput on the category, tag and event category ones, UserSeoInput on the
 * user ones. Each input field is renamed to Yoast's field name of its table and checked by the
 * domain exactly as REST's `meta` is (src/domain/seo/meta-field-rules.ts); a refused value names
 * `input.seo.<field>`.
 */
import { changesFromFields, type FieldChanges, type FieldTable } from '../../../domain/seo/meta-field-rules';
import { POST_SEO_TABLE, type SeoFieldChanges, type SeoFieldName } from '../../../domain/seo/meta-fields';
import { TERM_SEO_TABLE, type TermSeoChanges, type TermSeoFieldName } from '../../../domain/seo/term-seo-fields';
import { USER_SEO_TABLE, type UserSeoChanges, type UserSeoFieldName } from '../../../domain/seo/user-seo-fields';
import type { SeoFieldsInput, TaxonomySeoInput, UserSeoInput } from '../../../generated/graphql';
import { databaseIdOf } from '../../global-id';

/** SeoFieldsInput's fields → Yoast's post meta names (after `_yoast_wpseo_`). */
const POST_FIELD_OF: Readonly<Record<keyof SeoFieldsInput, SeoFieldName>> = {
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

/** TaxonomySeoInput's fields → Yoast's term field names (after `wpseo_`). */
const TERM_FIELD_OF: Readonly<Record<keyof TaxonomySeoInput, TermSeoFieldName>> = {
  title: 'title',
  metaDesc: 'desc',
  focuskw: 'focuskw',
  canonical: 'canonical',
  metaRobotsNoindex: 'noindex',
  breadcrumbsTitle: 'bctitle',
  opengraphTitle: 'opengraph-title',
  opengraphDescription: 'opengraph-description',
  opengraphImage: 'opengraph-image-id',
  twitterTitle: 'twitter-title',
  twitterDescription: 'twitter-description',
  twitterImage: 'twitter-image-id',
};

/** UserSeoInput's fields → Yoast's user meta names (after `wpseo_`). */
const USER_FIELD_OF: Readonly<Record<keyof UserSeoInput, UserSeoFieldName>> = {
  title: 'title',
  metaDesc: 'metadesc',
  metaRobotsNoindex: 'noindex_author',
};

/** The inputs' image fields: attachments named by a global or database id. */
const IMAGE_INPUTS: ReadonlySet<string> = new Set(['opengraphImage', 'twitterImage']);

/**
 * An attachment named by a global or database id ('' removes the image). What is no such id goes
 * to the domain as sent, which refuses it naming the field (`input.seo.opengraphImage`).
 */
function imageId(value: unknown): unknown {
  if (typeof value !== 'string' || value.trim() === '') return value;
  try {
    return databaseIdOf(value, 'post');
  } catch {
    return value;
  }
}

/** One input object → its table's changes (undefined when nothing was sent). */
function changesOfInput<K extends string, N extends string>(table: FieldTable<N>, fieldOf: Readonly<Record<K, N>>, input: Partial<Record<K, unknown>> | null | undefined): FieldChanges<N> | undefined {
  if (!input) return undefined;
  const values = new Map<N, unknown>();
  const inputName = new Map<N, string>();
  for (const [key, name] of Object.entries(fieldOf) as Array<[K, N]>) {
    const value = input[key];
    if (value === undefined) continue;
    // null is GraphQL's "no value": the field is deleted, as an empty string deletes it over REST.
    values.set(name, value === null ? '' : IMAGE_INPUTS.has(key) ? imageId(value) : value);
    inputName.set(name, key);
  }
  return changesFromFields(table, values, (name) => {
    const place = `input.seo.${inputName.get(name) ?? name}`;
    return { param: place, label: place };
  });
}

export function seoChangesOfInput(input: SeoFieldsInput | null | undefined): SeoFieldChanges | undefined {
  return changesOfInput(POST_SEO_TABLE, POST_FIELD_OF, input);
}

export function termSeoChangesOfInput(input: TaxonomySeoInput | null | undefined): TermSeoChanges | undefined {
  return changesOfInput(TERM_SEO_TABLE, TERM_FIELD_OF, input);
}

export function userSeoChangesOfInput(input: UserSeoInput | null | undefined): UserSeoChanges | undefined {
  return changesOfInput(USER_SEO_TABLE, USER_FIELD_OF, input);
}
