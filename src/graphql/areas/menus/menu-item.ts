/**
 * MenuItem: a nav_menu_item as wp_setup_nav_menu_item() completes it (the domain's
 * MenuItemRecord), named as WPGraphQL's MenuItem model names it: empty values are null, the
 * label is the decoded title, `title` the title attribute, `uri` the url without the site's address.
 */
import { decodeEntities } from '../../../domain/events/ical/html-text';
import { getLocatedMenu } from '../../../domain/menus/located';
import type { MenuItemRecord } from '../../../domain/menus/menu-item-records';
import { isAbstractType, isObjectType, type GraphQLResolveInfo } from 'graphql';
import { oneToOne } from '../../connection';
import type { GraphQLContext } from '../../context';
import { orNull } from '../../errors';
import { toGlobalId } from '../../global-id';
import { Model } from '../../model';
import { contentNodeById, termNodeById } from '../../nodes';
import { menuItemConnection, type MenuItemConnectionArgs } from './item-connection';
import { locationEnums } from './locations';
import { MenuModel } from './menu';

export class MenuItemModel extends Model {
  constructor(readonly item: MenuItemRecord) {
    super();
  }
  get __typename(): string {
    return 'MenuItem';
  }
  get id(): string {
    return toGlobalId('post', this.item.id);
  }
  get databaseId(): number {
    return this.item.id;
  }
  /** Deprecated alias of databaseId. */
  get menuItemId(): number {
    return this.item.id;
  }
  get label(): string | null {
    return this.item.title ? decodeEntities(this.item.title) : null;
  }
  /** The title attribute (attr_title). */
  get title(): string | null {
    return this.item.attrTitle || null;
  }
  get url(): string | null {
    return this.item.url || null;
  }
  /** The path of a link on this site; other links whole. */
  path(_: unknown, ctx: GraphQLContext): string | null {
    const url = this.url;
    if (!url) return null;
    try {
      const parsed = new URL(url);
      return parsed.host && parsed.host === new URL(ctx.domain.config.siteUrl).host ? parsed.pathname : url;
    } catch {
      return url;
    }
  }
  /** str_ireplace(home_url(), '', url). */
  uri(_: unknown, ctx: GraphQLContext): string | null {
    const url = this.url;
    if (!url) return null;
    const home = ctx.domain.config.siteUrl.replace(/\/$/, '');
    return url.split(new RegExp(home.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'), 'i')).join('');
  }
  get target(): string | null {
    return this.item.target || null;
  }
  get cssClasses(): string[] {
    return this.item.classes.filter((c) => c !== '');
  }
  get description(): string | null {
    return this.item.description || null;
  }
  get linkRelationship(): string | null {
    return this.item.xfn.filter((x) => x !== '').join(' ') || null;
  }
  get order(): number {
    return this.item.menuOrder;
  }
  /** The parent item's id, 0 at the top level (as WPGraphQL answers menu_item_parent). */
  get parentDatabaseId(): number {
    return this.item.parent;
  }
  get parentId(): string | null {
    return this.item.parent ? toGlobalId('post', this.item.parent) : null;
  }
  get isRestricted(): boolean {
    return false;
  }
  private menuRecord(ctx: GraphQLContext) {
    return this.item.menuId ? orNull(() => getLocatedMenu(ctx.domain, this.item.menuId)) : Promise.resolve(null);
  }
  async locations(_: unknown, ctx: GraphQLContext): Promise<string[] | null> {
    const menu = await this.menuRecord(ctx);
    return menu ? locationEnums(menu.locations) : null;
  }
  async menu(_: unknown, ctx: GraphQLContext) {
    const menu = await this.menuRecord(ctx);
    return oneToOne(menu ? new MenuModel(menu) : null);
  }
  childItems(args: MenuItemConnectionArgs, ctx: GraphQLContext) {
    return menuItemConnection(ctx, args, { parent: this.item.id, ...(this.item.menuId ? { menu: this.item.menuId } : {}) });
  }

  /** The post or term the item links to, when the viewer may see it and it is one of `typeName`'s types. */
  private async linked(ctx: GraphQLContext, info: GraphQLResolveInfo, typeName: string): Promise<Model | null> {
    const linked = this.item.linked;
    if (!linked) return null;
    const node = linked.kind === 'post' ? await contentNodeById(ctx, linked.id) : await termNodeById(ctx, linked.id);
    const abstract = info.schema.getType(typeName);
    const concrete = node ? info.schema.getType(node.__typename) : undefined;
    return node && abstract && isAbstractType(abstract) && isObjectType(concrete) && info.schema.isSubType(abstract, concrete) ? node : null;
  }
  async connectedNode(_: unknown, ctx: GraphQLContext, info: GraphQLResolveInfo) {
    return oneToOne(await this.linked(ctx, info, 'MenuItemLinkable'));
  }
  /** Deprecated: the linked object itself (custom links link to none of the union's types). */
  connectedObject(_: unknown, ctx: GraphQLContext, info: GraphQLResolveInfo): Promise<Model | null> {
    return this.linked(ctx, info, 'MenuItemObjectUnion');
  }
}
