/** WPGraphQL's `Post` (post type `post`, and the revisions of posts). */
import type { AttachedTerm } from '../../../domain/posts/types';
import { termsByContent } from '../../../domain/posts/loaders';
import { connectionOfList, type ConnectionArgs } from '../../connection';
import type { GraphQLContext } from '../../context';
import { modelsOf, termNodeById } from '../../nodes';
import { databaseIdOfModel, PostObjectModel } from './post-object';

export class PostModel extends PostObjectModel {
  get __typename(): string {
    return 'Post';
  }
  /** @deprecated in WPGraphQL: databaseId. */
  get postId(): number {
    return this.row.id;
  }
  get isSticky(): boolean {
    return this.row.sticky;
  }
  /** pinged / to_ping: we keep no trackback lists, so WordPress's get_pung()/get_to_ping() are empty (null). */
  get pinged(): null {
    return null;
  }
  get toPing(): null {
    return null;
  }

  /** The post's terms of the taxonomies asked for, in wp_get_object_terms' order (by name): one batched read for a list of posts. */
  private async termsOf(ctx: GraphQLContext, args: ConnectionArgs, taxonomies: readonly string[]) {
    const terms: AttachedTerm[] = (await termsByContent(ctx.domain).load(this.row.id)).filter((t) => taxonomies.includes(t.taxonomy));
    const models = await modelsOf(ctx, terms.map((t) => t.id), (c, id) => termNodeById(c, id));
    return connectionOfList(args, models, databaseIdOfModel);
  }
  categories(args: ConnectionArgs, ctx: GraphQLContext) {
    return this.termsOf(ctx, args, ['category']);
  }
  tags(args: ConnectionArgs, ctx: GraphQLContext) {
    return this.termsOf(ctx, args, ['post_tag']);
  }
  postFormats(args: ConnectionArgs, ctx: GraphQLContext) {
    return this.termsOf(ctx, args, ['post_format']);
  }
  terms(args: ConnectionArgs & { where?: { taxonomies?: Array<string | null> | null } | null }, ctx: GraphQLContext) {
    const asked = (args.where?.taxonomies ?? []).filter((t): t is string => Boolean(t)).map((t) => TAXONOMY_NAMES[t] ?? t.toLowerCase());
    return this.termsOf(ctx, args, asked.length ? asked : ['category', 'post_tag', 'post_format']);
  }

  /** Posts are not hierarchical: no ancestors, no parent (both deprecated in WPGraphQL). */
  ancestors(args: ConnectionArgs) {
    return connectionOfList(args, [], databaseIdOfModel);
  }
  get parent(): null {
    return null;
  }
}

/** TaxonomyEnum values → taxonomy names. */
const TAXONOMY_NAMES: Record<string, string> = { CATEGORY: 'category', TAG: 'post_tag', POSTFORMAT: 'post_format', EVENTSCATEGORY: 'tribe_events_cat' };
