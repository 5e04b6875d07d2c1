/**
 * Category, Tag and PostFormat (WPGraphQL's Term model) over the domain's TermView. As WPGraphQL,
 * empty values answer null (a count of 0, an empty description); a term's global id is `term:`;
 * our term_taxonomy_id is the term id and terms have no term group (WordPress's 0, so null).
 */
import type { TermView } from '../../../domain/terms/terms';
import { termChain } from '../../../domain/terms/loaders';
import { postObjectConnection, type PostObjectConnectionArgs } from '../content/post-connection';
import { uriOf } from '../content/content-node';
import { connectionOfTermIds, childTermConnection, type TermConnectionArgs } from './term-connection';
import type { GraphQLContext } from '../../context';
import { oneToOne } from '../../connection';
import { toGlobalId } from '../../global-id';
import { AddressableModel } from '../../model';
import { taxonomyByName, termNodeById } from '../../nodes';
import type { ConnectionArgs } from '../../connection';
import { termSeo } from '../seo/item-seo';

/** The post types a term's contentNodes may list: those its taxonomy is registered for, narrowed by `contentTypes`. */
function contentTypesOf(registered: readonly string[], where: { contentTypes?: ReadonlyArray<string | null> | null } | null | undefined): string[] {
  const asked = where?.contentTypes?.filter((t): t is string => t !== null).map((t) => t.toLowerCase());
  return asked?.length ? registered.filter((type) => asked.includes(type)) : [...registered];
}

export abstract class TermModel extends AddressableModel {
  constructor(readonly view: TermView) {
    super();
  }
  /** The post types the taxonomy is registered for (contentNodes). */
  protected abstract get objectTypes(): readonly string[];

  get id(): string {
    return toGlobalId('term', this.view.term.id);
  }
  get databaseId(): number {
    return this.view.term.id;
  }
  get name(): string | null {
    return this.view.term.name || null;
  }
  get slug(): string | null {
    return this.view.term.slug || null;
  }
  get description(): string | null {
    return this.view.term.description || null;
  }
  get count(): number | null {
    return this.view.term.count || null;
  }
  get link(): string {
    return this.view.link;
  }
  uri(_: unknown, ctx: GraphQLContext): string | null {
    return uriOf(this.view.link, ctx.domain.config.siteUrl);
  }
  get taxonomyName(): string {
    return this.view.term.taxonomy;
  }
  get termGroupId(): number | null {
    return null;
  }
  /** WPGraphQL for Yoast SEO's `seo`: the term archive's head. */
  seo(_: unknown, ctx: GraphQLContext) {
    return termSeo(ctx, this.view);
  }
  get termTaxonomyId(): number {
    return this.view.term.id;
  }
  get isRestricted(): boolean {
    return false;
  }
  override get isTermNode(): boolean {
    return true;
  }
  async taxonomy(_: unknown, ctx: GraphQLContext) {
    return oneToOne(await taxonomyByName(ctx, this.view.term.taxonomy));
  }
  posts(args: PostObjectConnectionArgs, ctx: GraphQLContext) {
    return postObjectConnection(ctx, ['post'], args, { term: { taxonomy: this.view.term.taxonomy, id: this.view.term.id } });
  }
  contentNodes(args: PostObjectConnectionArgs & { where?: { contentTypes?: ReadonlyArray<string | null> | null } | null }, ctx: GraphQLContext) {
    return postObjectConnection(ctx, contentTypesOf(this.objectTypes, args.where), args, { term: { taxonomy: this.view.term.taxonomy, id: this.view.term.id } });
  }
}

/** A term of a hierarchical taxonomy (Category, EventsCategory): its parent, ancestors and children. */
export abstract class HierarchicalTermModel extends TermModel {
  get parentDatabaseId(): number | null {
    return this.view.term.parentId || null;
  }
  get parentId(): string | null {
    return this.view.term.parentId ? toGlobalId('term', this.view.term.parentId) : null;
  }
  async parent(_: unknown, ctx: GraphQLContext) {
    return this.view.term.parentId ? oneToOne(await termNodeById(ctx, this.view.term.parentId, this.view.term.taxonomy)) : null;
  }
  /** Nearest first, as get_ancestors() lists them. */
  async ancestors(args: ConnectionArgs, ctx: GraphQLContext) {
    const chain = this.view.term.parentId ? await termChain(ctx.domain).load(this.view.term.parentId) : [];
    return connectionOfTermIds(ctx, args, chain.filter((node) => node.taxonomy === this.view.term.taxonomy).map((node) => node.id));
  }
  children(args: TermConnectionArgs, ctx: GraphQLContext) {
    return childTermConnection(ctx, this.view.term.taxonomy, this.view.term.id, args);
  }
}

export class CategoryModel extends HierarchicalTermModel {
  get __typename(): string {
    return 'Category';
  }
  protected get objectTypes(): readonly string[] {
    return ['post'];
  }
  get categoryId(): number {
    return this.view.term.id;
  }
}

export class TagModel extends TermModel {
  get __typename(): string {
    return 'Tag';
  }
  protected get objectTypes(): readonly string[] {
    return ['post', 'tribe_events'];
  }
  get tagId(): number {
    return this.view.term.id;
  }
  /** The Events Calendar registers tags for events: the events of a tag. */
  events(args: PostObjectConnectionArgs, ctx: GraphQLContext) {
    return postObjectConnection(ctx, ['tribe_events'], args, { term: { taxonomy: this.view.term.taxonomy, id: this.view.term.id } });
  }
}

export class PostFormatModel extends TermModel {
  get __typename(): string {
    return 'PostFormat';
  }
  protected get objectTypes(): readonly string[] {
    return ['post'];
  }
  get postFormatId(): number {
    return this.view.term.id;
  }
}
