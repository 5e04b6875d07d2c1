/** WPGraphQL's `ContentType` (a registered post type) and its `PostTypeLabelDetails`. */
import { GRAPHQL_NAMES, postTypeFlags, type PostTypeObject } from '../../../domain/content/post-type-objects';
import { POST_FORMAT_TAXONOMY } from '../../../domain/content/taxonomies';
import { permalinkOf, siteOf } from '../../../domain/posts/records';
import { connectionOfList, type ConnectionArgs } from '../../connection';
import type { GraphQLContext } from '../../context';
import { AddressableModel, Model } from '../../model';
import { taxonomyByName } from '../../nodes';
import { uriOf } from './content-node';
import { postObjectConnection, type PostObjectConnectionArgs } from './post-connection';

/** WPGraphQL's global id of a post type: `post_type:<name>`. */
export const contentTypeGlobalId = (name: string): string => Buffer.from(`post_type:${name}`, 'utf8').toString('base64');


export class PostTypeLabelDetailsModel extends Model {
  constructor(private readonly labels: Record<string, string | null>) {
    super();
  }
  get __typename(): string {
    return 'PostTypeLabelDetails';
  }
  private label(key: string): string | null {
    return this.labels[key] ?? null;
  }
  get addNew() { return this.label('add_new'); }
  get addNewItem() { return this.label('add_new_item'); }
  get allItems() { return this.label('all_items'); }
  get archives() { return this.label('archives'); }
  get attributes() { return this.label('attributes'); }
  get editItem() { return this.label('edit_item'); }
  get featuredImage() { return this.label('featured_image'); }
  get filterItemsList() { return this.label('filter_items_list'); }
  get insertIntoItem() { return this.label('insert_into_item'); }
  get itemsList() { return this.label('items_list'); }
  get itemsListNavigation() { return this.label('items_list_navigation'); }
  get menuName() { return this.label('menu_name'); }
  get name() { return this.label('name'); }
  get newItem() { return this.label('new_item'); }
  get notFound() { return this.label('not_found'); }
  get notFoundInTrash() { return this.label('not_found_in_trash'); }
  get parentItemColon() { return this.label('parent_item_colon'); }
  get removeFeaturedImage() { return this.label('remove_featured_image'); }
  get searchItems() { return this.label('search_items'); }
  get setFeaturedImage() { return this.label('set_featured_image'); }
  get singularName() { return this.label('singular_name'); }
  get uploadedToThisItem() { return this.label('uploaded_to_this_item'); }
  get useFeaturedImage() { return this.label('use_featured_image'); }
  get viewItem() { return this.label('view_item'); }
  get viewItems() { return this.label('view_items'); }
}

export class ContentTypeModel extends AddressableModel {
  constructor(readonly object: PostTypeObject) {
    super();
  }
  get __typename(): string {
    return 'ContentType';
  }
  private get flags() {
    return postTypeFlags(this.object);
  }
  get id(): string {
    return contentTypeGlobalId(this.object.def.slug);
  }
  get name(): string {
    return this.object.def.slug;
  }
  get label(): string | null {
    return this.object.labels.name ?? null;
  }
  get labels(): PostTypeLabelDetailsModel {
    return new PostTypeLabelDetailsModel(this.object.labels);
  }
  get description(): string {
    return this.object.def.description;
  }
  get hierarchical(): boolean {
    return this.object.def.hierarchical;
  }
  get hasArchive(): boolean {
    return this.object.hasArchive;
  }
  get public(): boolean {
    return this.object.def.viewable;
  }
  get publiclyQueryable(): boolean {
    return this.flags.publiclyQueryable;
  }
  get excludeFromSearch(): boolean {
    return this.flags.excludeFromSearch;
  }
  get deleteWithUser(): boolean | null {
    return this.flags.deleteWithUser;
  }
  get canExport(): boolean {
    return this.flags.canExport;
  }
  get menuIcon(): string | null {
    return this.object.def.icon;
  }
  get menuPosition(): number | null {
    return this.flags.menuPosition;
  }
  get restBase(): string {
    return this.object.def.restBase;
  }
  get restControllerClass(): string {
    return this.flags.restControllerClass;
  }
  get showInAdminBar(): boolean {
    return this.flags.showInAdminBar;
  }
  get showInGraphql(): boolean {
    return true;
  }
  get showInMenu(): boolean {
    return this.object.visibility.show_ui;
  }
  get showInNavMenus(): boolean {
    return this.object.visibility.show_in_nav_menus;
  }
  get showInRest(): boolean {
    return this.object.def.showInRest;
  }
  get showUi(): boolean {
    return this.object.visibility.show_ui;
  }
  get graphqlSingleName(): string {
    return GRAPHQL_NAMES[this.object.def.slug]?.[0] ?? this.object.def.slug;
  }
  get graphqlPluralName(): string {
    return GRAPHQL_NAMES[this.object.def.slug]?.[1] ?? this.object.def.slug;
  }
  get isRestricted(): boolean {
    return false;
  }
  /** The posts' type is the front page when the front page shows the latest posts. */
  override async isFrontPage(_: unknown, ctx: GraphQLContext): Promise<boolean> {
    return this.object.def.slug === 'post' && (await siteOf(ctx.domain)).options.show_on_front === 'posts';
  }
  override async isPostsPage(_: unknown, ctx: GraphQLContext): Promise<boolean> {
    const { options } = await siteOf(ctx.domain);
    return this.object.def.slug === 'post' && (options.show_on_front === 'posts' || !options.page_for_posts);
  }
  /** get_post_type_archive_link(): the posts' archive is the home page or the posts page; other types have no archive. */
  async uri(_: unknown, ctx: GraphQLContext): Promise<string | null> {
    if (this.object.def.slug !== 'post') return null;
    const { options } = await siteOf(ctx.domain);
    if (options.show_on_front === 'page' && options.page_for_posts) return uriOf(await permalinkOf(ctx.domain, options.page_for_posts), ctx.domain.config.siteUrl);
    return '/';
  }
  async connectedTaxonomies(args: ConnectionArgs, ctx: GraphQLContext) {
    // WPGraphQL lists post_format with the post type's taxonomies; REST's list (object.taxonomies) leaves it out.
    const formats = POST_FORMAT_TAXONOMY.types.includes(this.object.def.slug) ? [POST_FORMAT_TAXONOMY.slug] : [];
    const found = await Promise.all([...this.object.taxonomies, ...formats].map((name) => taxonomyByName(ctx, name)));
    const models = found.filter((m): m is Model => m !== null);
    return connectionOfList(args, models, (m) => models.indexOf(m) + 1);
  }
  contentNodes(args: PostObjectConnectionArgs, ctx: GraphQLContext) {
    return postObjectConnection(ctx, [this.object.def.slug], args);
  }
}
