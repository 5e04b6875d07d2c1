/** WPGraphQL's `Page` (post type `page`, and the revisions of pages): a HierarchicalContentNode. */
import { ancestorsOf } from '../../../domain/posts/node-fields';
import { connectionOfList, oneToOne, type ConnectionArgs } from '../../connection';
import type { GraphQLContext } from '../../context';
import { contentNodeById, modelsOf } from '../../nodes';
import { postObjectConnection, type PostObjectConnectionArgs } from './post-connection';
import { databaseIdOfModel, PostObjectModel } from './post-object';

export class PageModel extends PostObjectModel {
  get __typename(): string {
    return 'Page';
  }
  /** @deprecated in WPGraphQL: databaseId. */
  get pageId(): number {
    return this.row.id;
  }
  /** No privacy-policy page option is kept (wp_page_for_privacy_policy), so no page is it. */
  get isPrivacyPage(): boolean {
    return false;
  }
  async parent(_: unknown, ctx: GraphQLContext) {
    return this.row.parentId ? oneToOne(await contentNodeById(ctx, this.row.parentId)) : null;
  }
  /** get_post_ancestors(): the parent first; those the viewer may not see left out. */
  async ancestors(args: ConnectionArgs, ctx: GraphQLContext) {
    const rows = await ancestorsOf(ctx.domain, this.row);
    const models = await modelsOf(ctx, rows.map((r) => r.id), (c, id) => contentNodeById(c, id));
    return connectionOfList(args, models, databaseIdOfModel);
  }
  /** The child pages, batched with the sibling pages' children. */
  children(args: PostObjectConnectionArgs, ctx: GraphQLContext) {
    return postObjectConnection(ctx, ['page'], args, { parent: this.row.id });
  }
}
