/**
 * What WPGraphQL's Post model shows of a post or page beyond the REST record, as rules of the
 * domain: who reads its password, the viewer's preview (autosave) revision, the revisions a
 * viewer may list, its ancestors and the meta it points at (how much of it a viewer sees is
 * restricted.ts). Every read goes through the batched loaders, so a list of models costs the
 * same few statements as one.
 */
import type { Content } from '../../generated/prisma-sqlite/client';
import type { DomainContext } from '../context';
import type { Viewer } from '../viewer';
import { contentById, DESIRED_SLUG_KEY, metaByContent, revisionsByParent, THUMBNAIL_KEY } from './loaders';
import { canEditPost } from './permissions';
import { MAX_ID } from './records';
import { isAutosave } from './revisions';

type Row = Pick<Content, 'id' | 'type' | 'status' | 'authorId' | 'password'>;

/** The password travels only to those who may edit the object (REST's edit context). */
export function passwordFor(viewer: Viewer, row: Row): string | null {
  return row.password !== '' && canEditPost(viewer, row) ? row.password : null;
}

/** The revision's parent as its revisions are read: revisions are for those who may edit the parent. */
async function revisionsReadable(ctx: DomainContext, row: Content): Promise<boolean> {
  if (row.type === 'revision') return false;
  return canEditPost(ctx.viewer, row);
}

/** The revisions (autosaves included) of a post or page, newest first; none for those who may not read them. */
export async function readableRevisionsOf(ctx: DomainContext, row: Content): Promise<Content[]> {
  return (await revisionsReadable(ctx, row)) ? revisionsByParent(ctx).load(row.id) : [];
}

/** wp_get_post_autosave( id, current user ): the viewer's own autosave of the object, or null. */
export async function viewerAutosaveOf(ctx: DomainContext, row: Content): Promise<Content | null> {
  if (ctx.viewer.isAnonymous) return null;
  const revisions = await readableRevisionsOf(ctx, row);
  return revisions.find((r) => isAutosave(r) && r.authorId === ctx.viewer.id) ?? null;
}

/** A revision the viewer may see as a node: its parent must be one whose revisions the viewer may read. */
export async function readableRevision(ctx: DomainContext, id: number): Promise<{ revision: Content; parent: Content } | null> {
  const revision = id > 0 && id <= MAX_ID ? await contentById(ctx).load(id) : null;
  if (!revision || revision.type !== 'revision') return null;
  const parent = await contentById(ctx).load(revision.parentId);
  if (!parent || !(await revisionsReadable(ctx, parent))) return null;
  return { revision, parent };
}

/** `_wp_desired_post_slug`: the slug a trashed object gets back when restored, or null. */
export async function desiredSlugOf(ctx: DomainContext, id: number): Promise<string | null> {
  return (await metaByContent(ctx).load(id)).get(DESIRED_SLUG_KEY) || null;
}

/** `_thumbnail_id`: the featured image's id, or null when unset. */
export async function featuredMediaIdOf(ctx: DomainContext, id: number): Promise<number | null> {
  const value = Number.parseInt((await metaByContent(ctx).load(id)).get(THUMBNAIL_KEY) ?? '', 10);
  return Number.isInteger(value) && value > 0 && value <= MAX_ID ? value : null;
}

/** get_post_ancestors(): the parent first, then its parent... (a cycle or a missing row ends the walk). */
export async function ancestorsOf(ctx: DomainContext, row: Content): Promise<Content[]> {
  const out: Content[] = [];
  const seen = new Set<number>([row.id]);
  let parentId = row.parentId;
  while (parentId > 0 && !seen.has(parentId) && out.length < 32) {
    seen.add(parentId);
    const parent = await contentById(ctx).load(parentId);
    if (!parent) break;
    out.push(parent);
    parentId = parent.parentId;
  }
  return out;
}
