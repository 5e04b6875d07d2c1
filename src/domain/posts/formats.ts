/**
 * Post formats as WordPress keeps them: a post's format is its `post_format` term
 * (`post-format-aside`); `standard` is no term at all (get_post_format / set_post_format). The
 * term is the only record of the format: REST's `format` field and filter, class_list and the
 * GraphQL term fields all read it.
 */
import type { Prisma } from '../../db/client';
import { POST_FORMAT_TAXONOMY } from '../content/taxonomies';
import { DomainError } from '../errors';
import { lockTermWrites } from '../terms/write-lock';
import { POST_FORMATS, type AttachedTerm } from './types';

type Tx = Prisma.TransactionClient;

const PREFIX = 'post-format-';

/** get_post_format_strings(). */
export const POST_FORMAT_STRINGS: Readonly<Record<string, string>> = {
  standard: 'Standard', aside: 'Aside', chat: 'Chat', gallery: 'Gallery', link: 'Link',
  image: 'Image', quote: 'Quote', status: 'Status', video: 'Video', audio: 'Audio',
};

/** The term slug of a format (`aside` → `post-format-aside`). */
export function formatTermSlug(format: string): string {
  return PREFIX + format;
}

/** The format a post_format term stands for: its slug without the prefix (get_post_format's str_replace). */
export function formatOfTermSlug(slug: string): string {
  return slug.replaceAll(PREFIX, '');
}

/** _post_format_request(): a known format in a query variable or a `/type/<format>/` address names its term. */
export function termSlugOfFormatVar(value: string): string {
  return (POST_FORMATS as readonly string[]).includes(value) ? formatTermSlug(value) : value;
}

/** get_post_format_string() of a term's slug: how WordPress names a post_format term when it reads it (_post_format_get_term). */
export function formatTermName(slug: string): string {
  const format = formatOfTermSlug(slug);
  return format === '' ? POST_FORMAT_STRINGS.standard : (POST_FORMAT_STRINGS[format] ?? '');
}

/** get_post_format(): the first post_format term of the post (terms come ordered by name), else `standard`. */
export function postFormatOf(terms: readonly AttachedTerm[]): string {
  const term = terms.find((t) => t.taxonomy === POST_FORMAT_TAXONOMY.slug);
  return term ? formatOfTermSlug(term.slug) || 'standard' : 'standard';
}

/**
 * The format's term, created with WordPress's name when no post had the format yet. Creation takes
 * the taxonomy's term-write lock (as term writes do), so two posts getting a new format at once
 * cannot both insert it; SQLite runs one write transaction at a time anyway.
 */
async function formatTerm(tx: Tx, provider: string, format: string): Promise<number> {
  const slug = formatTermSlug(format);
  const where = { taxonomy_slug: { taxonomy: POST_FORMAT_TAXONOMY.slug, slug } };
  const found = await tx.term.findUnique({ where, select: { id: true } });
  if (found) return found.id;
  await lockTermWrites(tx, provider, POST_FORMAT_TAXONOMY.slug);
  const raced = await tx.term.findUnique({ where, select: { id: true } });
  if (raced) return raced.id;
  const name = POST_FORMAT_STRINGS[format];
  if (name === undefined) throw new DomainError('rest_invalid_param', 'Invalid parameter(s): format', 400, { params: { format: 'format is not a post format.' } });
  return (await tx.term.create({ data: { taxonomy: POST_FORMAT_TAXONOMY.slug, name, slug }, select: { id: true } })).id;
}

/**
 * set_post_format() inside a post's write transaction: the post keeps at most the format's term
 * (none for `standard`). Returns the terms whose counts may have changed.
 */
export async function writePostFormat(tx: Tx, provider: string, contentId: number, format: string): Promise<number[]> {
  const wanted = format === 'standard' || format === '' ? null : await formatTerm(tx, provider, format);
  const had = (await tx.termRelationship.findMany({ where: { contentId, term: { taxonomy: POST_FORMAT_TAXONOMY.slug } }, select: { termId: true } })).map((r) => r.termId);
  const removed = had.filter((id) => id !== wanted);
  if (removed.length) await tx.termRelationship.deleteMany({ where: { contentId, termId: { in: removed } } });
  if (wanted !== null && !had.includes(wanted)) await tx.termRelationship.create({ data: { contentId, termId: wanted } });
  return wanted === null ? removed : [...removed, wanted];
}

/**
 * REST's `format` filter (WP_REST_Posts_Controller): one OR clause — `standard` is "no post_format
 * term" (NOT EXISTS), any other format its `post-format-<format>` term.
 */
export function formatFilter(formats: readonly string[]): Prisma.ContentWhereInput {
  const wanted = [...new Set(formats)];
  const or: Prisma.ContentWhereInput[] = [];
  if (wanted.includes('standard')) or.push({ terms: { none: { term: { taxonomy: POST_FORMAT_TAXONOMY.slug } } } });
  const slugs = wanted.filter((f) => f !== 'standard').map(formatTermSlug);
  if (slugs.length) or.push({ terms: { some: { term: { taxonomy: POST_FORMAT_TAXONOMY.slug, slug: { in: slugs } } } } });
  return or.length === 1 ? or[0] : { OR: or };
}
