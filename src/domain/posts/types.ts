/**
 * The vocabulary of the posts module: posts and pages are one resource parameterised by post
 * type (POST_TYPES.post / POST_TYPES.page), their records as loaded for display, and the changes
 * a write may carry.
 */
import type { Content } from '../../generated/prisma-sqlite/client';
import type { PostTypeDef } from '../content/post-types';
import type { SeoFieldChanges, SeoFields } from '../seo/meta-fields';

export type PostContext = 'view' | 'edit' | 'embed';

/** The post types this module serves (attachments through src/domain/media/). */
export type PostTypeName = 'post' | 'page' | 'attachment';
/** The types written through the editor's fields (title, content, excerpt...): not attachments. */
export type EditorTypeName = 'post' | 'page';

export const WRITABLE_STATUSES = ['publish', 'future', 'draft', 'pending', 'private'] as const;

/** Statuses accepted by the collection `status` filter (the spec's list), `any` included. */
export const FILTER_STATUSES = [
  'publish', 'future', 'draft', 'pending', 'private', 'trash', 'auto-draft', 'inherit',
  'request-pending', 'request-confirmed', 'request-failed', 'request-completed', 'any',
] as const;

/** Statuses whose date "floats" (stays unset) until published: get_post_stati( date_floating ). */
export const FLOATING_STATUSES: ReadonlySet<string> = new Set(['draft', 'pending', 'auto-draft']);

/** get_post_format_slugs(): `standard` means "no format". */
export const POST_FORMATS = ['standard', 'aside', 'chat', 'gallery', 'link', 'image', 'quote', 'status', 'video', 'audio'] as const;

/** A term attached to a record (enough for ids, class names and counts). */
export interface AttachedTerm {
  id: number;
  taxonomy: string;
  slug: string;
  name: string;
}

/** A post or page with what its representation needs, loaded in batches for a whole page. */
export interface PostRecord {
  row: Content;
  type: PostTypeDef;
  /** Terms of every taxonomy, ordered by name as wp_get_object_terms orders them. */
  terms: AttachedTerm[];
  footnotes: string;
  /** Yoast's SEO fields (`_yoast_wpseo_*` meta). */
  seo: SeoFields;
  /** `_thumbnail_id`, 0 when unset. */
  featuredMedia: number;
  /** Whether the featured media exists and this viewer may see it (the wp:featuredmedia link). */
  featuredMediaVisible: boolean;
  revisionCount: number;
  latestRevisionId: number;
  /** Slugs of the ancestors, root first (pages nest their links under them). */
  ancestorSlugs: string[];
  /** get_permalink(). */
  link: string;
}

/**
 * The writable fields of a post or page, WordPress's names mapped to ours. `undefined` leaves a
 * field unchanged; `date: null` / `dateGmt: null` reset the date (it floats again for drafts).
 */
export interface PostChanges {
  title?: string;
  content?: string;
  excerpt?: string;
  status?: string;
  date?: string | null;
  dateGmt?: string | null;
  slug?: string;
  author?: number;
  password?: string;
  sticky?: boolean;
  parent?: number;
  menuOrder?: number;
  commentStatus?: string;
  pingStatus?: string;
  format?: string;
  template?: string;
  featuredMedia?: number;
  /** Term ids by taxonomy slug (category, post_tag): the new full set. */
  terms?: Partial<Record<string, number[]>>;
  footnotes?: string;
  /** Yoast's SEO fields sent in `meta` (validated; null deletes). */
  seo?: SeoFieldChanges;
}

export interface NewPost extends PostChanges {
  /** An id sent with a create request: WordPress refuses it (rest_post_exists). */
  id?: unknown;
}
