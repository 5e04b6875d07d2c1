/**
 * The checks a create or update makes before writing anything, in WordPress's order: argument
 * validation (check_template), the permission check (create_item_permissions_check /
 * update_item_permissions_check), then prepare_item_for_database's refusals.
 */
import type { Content } from '../../generated/prisma-sqlite/client';
import { canCreateType, canEditOthersOfType, canPublishType } from '../content/permissions';
import { taxonomy as taxonomyDef } from '../content/taxonomies';
import type { DomainContext } from '../context';
import { DomainError, forbidden } from '../errors';
import { contentById } from './loaders';
import { canEditPost, canStickPosts } from './permissions';
import { MAX_ID, postTypeDef } from './records';
import type { NewPost, PostChanges, PostTypeName } from './types';

/** check_template(): no theme templates exist here, so only "" or the current value pass. */
export function templateError(requested: string | undefined, current: string): DomainError | null {
  if (requested === undefined || requested === '' || requested === current) return null;
  const message = 'template is not one of .';
  return new DomainError('rest_invalid_param', 'Invalid parameter(s): template', 400, {
    params: { template: message },
    details: { template: { code: 'rest_invalid_param', message, data: null } },
  });
}

/** Whether the request names another author than the viewer (`author: 0` names nobody). */
function namesOtherAuthor(ctx: DomainContext, changes: PostChanges): boolean {
  return changes.author !== undefined && changes.author !== 0 && changes.author !== ctx.viewer.id;
}

/** check_assign_terms_permission(): every existing term sent must be assignable (assign_term). */
async function termsAssignable(ctx: DomainContext, changes: PostChanges): Promise<boolean> {
  for (const [slug, ids] of Object.entries(changes.terms ?? {})) {
    const def = taxonomyDef(slug);
    if (!def || !ids?.length || ctx.viewer.can(def.caps.assign_terms)) continue;
    const existing = await ctx.db.read.term.count({ where: { taxonomy: slug, id: { in: ids.filter((id) => id > 0 && id <= MAX_ID) } } });
    if (existing > 0) return false;
  }
  return true;
}

const cannotAssignTerm = (ctx: DomainContext) => forbidden('rest_cannot_assign_term', 'Sorry, you are not allowed to assign the provided terms.', ctx.viewer);
const cannotAssignSticky = (ctx: DomainContext) => forbidden('rest_cannot_assign_sticky', 'Sorry, you are not allowed to make posts sticky.', ctx.viewer);

/**
 * The create and update checks refuse `sticky: true` only to users who can neither edit others'
 * posts nor publish (an author may stick posts); unsticking is never refused.
 */
function stickyDenied(ctx: DomainContext, type: PostTypeName, sticky: boolean | undefined): boolean {
  return sticky === true && !canStickPosts(ctx.viewer, type);
}

/** create_item_permissions_check(). */
export async function createPermissionError(ctx: DomainContext, type: PostTypeName, input: NewPost): Promise<DomainError | null> {
  const id = input.id;
  if (id !== undefined && id !== null && id !== '' && id !== 0 && id !== '0' && id !== false) {
    return new DomainError('rest_post_exists', 'Cannot create existing post.', 400);
  }
  if (namesOtherAuthor(ctx, input) && !canEditOthersOfType(ctx.viewer, type)) {
    return forbidden('rest_cannot_edit_others', 'Sorry, you are not allowed to create posts as this user.', ctx.viewer);
  }
  if (stickyDenied(ctx, type, input.sticky)) return cannotAssignSticky(ctx);
  if (!canCreateType(ctx.viewer, type)) return forbidden('rest_cannot_create', 'Sorry, you are not allowed to create posts as this user.', ctx.viewer);
  if (!(await termsAssignable(ctx, input))) return cannotAssignTerm(ctx);
  return null;
}

/** update_item_permissions_check() for an existing record. */
export async function updatePermissionError(ctx: DomainContext, type: PostTypeName, row: Content, changes: PostChanges): Promise<DomainError | null> {
  if (!canEditPost(ctx.viewer, row)) return forbidden('rest_cannot_edit', 'Sorry, you are not allowed to edit this post.', ctx.viewer);
  if (namesOtherAuthor(ctx, changes) && !canEditOthersOfType(ctx.viewer, type)) {
    return forbidden('rest_cannot_edit_others', 'Sorry, you are not allowed to update posts as this user.', ctx.viewer);
  }
  if (type === 'post' && stickyDenied(ctx, type, changes.sticky)) return cannotAssignSticky(ctx);
  if (!(await termsAssignable(ctx, changes))) return cannotAssignTerm(ctx);
  return null;
}

/** handle_status_param(): publishing (and private) needs publish_posts. */
function statusError(ctx: DomainContext, type: PostTypeName, status: string): DomainError | null {
  if (canPublishType(ctx.viewer, type)) return null;
  if (status === 'private') return forbidden('rest_cannot_publish', 'Sorry, you are not allowed to create private posts in this post type.', ctx.viewer);
  if (status === 'publish' || status === 'future') return forbidden('rest_cannot_publish', 'Sorry, you are not allowed to publish posts in this post type.', ctx.viewer);
  return null;
}

const invalidField = (message: string) => new DomainError('rest_invalid_field', message, 400);

/**
 * prepare_item_for_database()'s refusals, in its order: status, author, password and sticky
 * conflicts (posts), parent.
 */
export async function prepareError(ctx: DomainContext, type: PostTypeName, existing: Content | null, changes: PostChanges): Promise<DomainError | null> {
  if (changes.status !== undefined && (!existing || existing.status !== changes.status)) {
    const denied = statusError(ctx, type, changes.status);
    if (denied) return denied;
  }
  if (namesOtherAuthor(ctx, changes)) {
    const author = changes.author as number;
    const exists = author > 0 && author <= MAX_ID && (await ctx.db.read.user.findUnique({ where: { id: author }, select: { id: true } }));
    if (!exists) return new DomainError('rest_invalid_author', 'Invalid author ID.', 400);
  }
  if (type === 'post') {
    if (changes.password !== undefined && changes.password !== '') {
      if (changes.sticky === true) return invalidField('A post can not be sticky and have a password.');
      if (existing?.sticky) return invalidField('A sticky post can not be password protected.');
    }
    if (changes.sticky === true && existing && existing.password !== '') return invalidField('A password protected post can not be set to sticky.');
  }
  if (postTypeDef(type).hierarchical && changes.parent !== undefined && changes.parent !== 0) {
    const parent = changes.parent > 0 && changes.parent <= MAX_ID ? await contentById(ctx).load(changes.parent) : null;
    if (!parent) return new DomainError('rest_post_invalid_id', 'Invalid post parent ID.', 400);
  }
  return null;
}
