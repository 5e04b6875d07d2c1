/**
 * What Post and Page share beyond ContentNode (WPGraphQL's Post model for the two built-in post
 * types): password, revisions, the preview edge, page attributes. Revisions are Post or Page
 * objects themselves (isRevision: true), reached through the node registry's `revision` source.
 */
import { passwordFor, readableRevisionsOf, viewerAutosaveOf } from '../../../domain/posts/node-fields';
import { connectionOfList, oneToOne, type ConnectionArgs } from '../../connection';
import type { GraphQLContext } from '../../context';
import { toGlobalId } from '../../global-id';
import type { Model } from '../../model';
import { contentNodeById, modelsOf } from '../../nodes';
import { ContentNodeModel } from './content-node';

export const databaseIdOfModel = (model: Model): number => (model as Model & { databaseId: number }).databaseId;

export abstract class PostObjectModel extends ContentNodeModel {
  get hasPassword(): boolean {
    return this.row.password !== '';
  }
  password(_: unknown, ctx: GraphQLContext): string | null {
    return passwordFor(ctx.viewer, this.row);
  }
  /** The stored comment count (comments themselves are not served; nothing writes them, so 0). */
  get commentCount(): number {
    return this.row.commentCount;
  }
  /** WPGraphQL's menuOrder: null for WordPress's 0. */
  get menuOrder(): number | null {
    return this.row.menuOrder || null;
  }

  /** The object's revisions, newest first: only for those who may read them, else an empty list. */
  async revisions(args: ConnectionArgs, ctx: GraphQLContext) {
    const rows = await readableRevisionsOf(ctx.domain, this.row);
    const models = await modelsOf(ctx, rows.map((r) => r.id), (c, id) => contentNodeById(c, id, 'revision'));
    return connectionOfList(args, models, databaseIdOfModel);
  }

  /** The viewer's autosave, as the object it previews. */
  async preview(_: unknown, ctx: GraphQLContext) {
    if (this.row.type === 'revision') return null;
    const autosave = await viewerAutosaveOf(ctx.domain, this.row);
    return autosave ? oneToOne(await contentNodeById(ctx, autosave.id, 'revision')) : null;
  }

  // HierarchicalNode (pages) and the revision's parent (both).
  get parentDatabaseId(): number | null {
    return this.row.parentId || null;
  }
  get parentId(): string | null {
    return this.row.parentId ? toGlobalId('post', this.row.parentId) : null;
  }
}
