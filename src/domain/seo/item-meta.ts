/**
 * The post meta the analysis and the indexables read (the plugin's `_yoast_wpseo_*` keys, written
 * through the content routes' `meta`), and what their values mean.
 */
export const FOCUS_KEYPHRASE_KEY = '_yoast_wpseo_focuskw';
export const SEO_TITLE_KEY = '_yoast_wpseo_title';
export const META_DESCRIPTION_KEY = '_yoast_wpseo_metadesc';
export const CORNERSTONE_KEY = '_yoast_wpseo_is_cornerstone';
export const NOINDEX_KEY = '_yoast_wpseo_meta-robots-noindex';
export const NOFOLLOW_KEY = '_yoast_wpseo_meta-robots-nofollow';
export const CANONICAL_KEY = '_yoast_wpseo_canonical';
export const BREADCRUMB_TITLE_KEY = '_yoast_wpseo_bctitle';

export const ITEM_META_KEYS: readonly string[] = [
  FOCUS_KEYPHRASE_KEY, SEO_TITLE_KEY, META_DESCRIPTION_KEY, CORNERSTONE_KEY, NOINDEX_KEY, NOFOLLOW_KEY, CANONICAL_KEY, BREADCRUMB_TITLE_KEY,
];

export type ItemMeta = Readonly<Record<string, string>>;

/** The meta rows of one item as a map (first value of each key wins, as get_post_meta single). */
export function itemMetaOf(rows: ReadonlyArray<{ key: string; value: string }>): ItemMeta {
  const meta: Record<string, string> = Object.create(null) as Record<string, string>;
  for (const row of rows) if (!(row.key in meta)) meta[row.key] = row.value;
  return meta;
}

const text = (meta: ItemMeta, key: string): string => (typeof meta[key] === 'string' ? meta[key].trim() : '');

export const focusKeyphraseOf = (meta: ItemMeta): string => text(meta, FOCUS_KEYPHRASE_KEY);
export const isCornerstoneIn = (meta: ItemMeta): boolean => text(meta, CORNERSTONE_KEY) === '1';
export const isNofollowIn = (meta: ItemMeta): boolean => text(meta, NOFOLLOW_KEY) === '1';

/** The item's own robots choice (Indexable_Post_Builder): '1' noindex, '2' index, else its type's default (null). */
export function noindexChoiceIn(meta: ItemMeta): boolean | null {
  const value = text(meta, NOINDEX_KEY);
  return value === '1' ? true : value === '2' ? false : null;
}

export const optionalText = (meta: ItemMeta, key: string): string | null => text(meta, key) || null;
