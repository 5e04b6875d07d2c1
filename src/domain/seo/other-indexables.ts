/**
 * Indexables of what is not a post (Indexable_Term_Builder, Indexable_Post_Type_Archive_Builder,
 * Indexable_Home_Page_Builder, Indexable_Date_Archive_Builder, Indexable_System_Page_Builder):
 * terms of the public taxonomies, the calendar's archive, the home page, the date archive and the
 * search and 404 pages. Their texts are not analysed (the plugin analyses terms only in their
 * editor); they carry their address, title and, for terms, the links of their description.
 */
import type { Config } from '../../config';
import type { Prisma } from '../../db/client';
import type { Term } from '../../generated/prisma-sqlite/client';
import { EVENT_CATEGORY, EVENT_TYPE } from '../events/types';
import { eventCategoryLink } from '../events/terms';
import { termLink } from '../terms/permalinks';
import { permalinkHashOf } from './indexable-links';
import { INDEXABLE_VERSION, upsertIndexable } from './post-indexables';

type Tx = Prisma.TransactionClient;

/** Taxonomies whose terms get indexables (the public ones). */
export const INDEXED_TAXONOMIES: readonly string[] = ['category', 'post_tag', 'post_format', EVENT_CATEGORY];

/** Post types with an archive of their own (has_archive), and its address. */
export const ARCHIVED_POST_TYPES: Readonly<Record<string, string>> = { [EVENT_TYPE]: 'events' };

/** Parents deeper than this are a cycle in the data, not a hierarchy. */
const MAX_DEPTH = 100;

async function ancestorSlugs(tx: Tx, term: Term): Promise<string[]> {
  const slugs: string[] = [];
  const seen = new Set([term.id]);
  let parentId = term.parentId;
  while (parentId > 0 && !seen.has(parentId) && seen.size < MAX_DEPTH) {
    seen.add(parentId);
    const parent = await tx.term.findUnique({ where: { id: parentId }, select: { id: true, slug: true, parentId: true, taxonomy: true } });
    if (!parent || parent.taxonomy !== term.taxonomy) break;
    slugs.push(parent.slug);
    parentId = parent.parentId;
  }
  return slugs;
}

/** A term's address, as its taxonomy builds it. */
export async function termPermalinkIn(tx: Tx, config: Config, term: Term): Promise<string> {
  const ancestors = await ancestorSlugs(tx, term);
  return term.taxonomy === EVENT_CATEGORY ? eventCategoryLink(config, term, ancestors) : termLink(config, term, ancestors);
}

function base(now: Date) {
  return { analysedAt: now, version: INDEXABLE_VERSION, isRobotsNofollow: false, isCornerstone: false, readabilityScore: 0 };
}

/** Writes a term's indexable (links are the link pass's); null when the term is gone or not indexed. */
export async function indexTerm(tx: Tx, config: Config, termId: number): Promise<number | null> {
  const term = await tx.term.findUnique({ where: { id: termId } });
  if (!term || !INDEXED_TAXONOMIES.includes(term.taxonomy)) return null;
  const permalink = await termPermalinkIn(tx, config, term);
  return upsertIndexable(tx, {
    ...base(new Date()),
    objectType: 'term',
    objectSubType: term.taxonomy,
    objectId: term.id,
    permalink,
    permalinkHash: permalinkHashOf(permalink),
    breadcrumbTitle: term.name,
    isPublic: null,
  });
}

/** The calendar's archive (and any other post type archive). */
export async function indexPostTypeArchive(tx: Tx, config: Config, type: string): Promise<number> {
  const path = ARCHIVED_POST_TYPES[type] ?? type;
  const permalink = config.permalinks === 'pretty' ? `${config.siteUrl}/${path}/` : `${config.siteUrl}/?post_type=${type}`;
  return upsertIndexable(tx, {
    ...base(new Date()),
    objectType: 'post-type-archive',
    objectSubType: type,
    objectId: 0,
    permalink,
    permalinkHash: permalinkHashOf(permalink),
  });
}

/** The general indexables: home page, date archive, search results and 404 pages. */
export const GENERAL_INDEXABLES: ReadonlyArray<{ objectType: string; objectSubType: string }> = [
  { objectType: 'home-page', objectSubType: '' },
  { objectType: 'date-archive', objectSubType: '' },
  { objectType: 'system-page', objectSubType: 'search-result' },
  { objectType: 'system-page', objectSubType: '404' },
];

export async function indexGeneral(tx: Tx, config: Config, which: { objectType: string; objectSubType: string }): Promise<number> {
  const permalink = which.objectType === 'home-page' ? `${config.siteUrl}/` : null;
  return upsertIndexable(tx, {
    ...base(new Date()),
    ...which,
    objectId: 0,
    permalink,
    permalinkHash: permalink ? permalinkHashOf(permalink) : null,
    isRobotsNoindex: which.objectType === 'system-page' ? true : null,
  });
}
