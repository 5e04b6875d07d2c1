/** Menu: a nav_menu term with its locations (WPGraphQL's Menu model over the domain's MenuRecord). */
import type { MenuRecord } from '../../../domain/menus/menus';
import type { ConnectionArgs } from '../../connection';
import type { GraphQLContext } from '../../context';
import { toGlobalId } from '../../global-id';
import { Model } from '../../model';
import { menuItemConnection, type MenuItemConnectionArgs } from './item-connection';
import { locationEnums } from './locations';

export class MenuModel extends Model {
  constructor(readonly record: MenuRecord) {
    super();
  }
  get __typename(): string {
    return 'Menu';
  }
  get id(): string {
    return toGlobalId('term', this.record.term.id);
  }
  get databaseId(): number {
    return this.record.term.id;
  }
  /** Deprecated alias of databaseId. */
  get menuId(): number {
    return this.record.term.id;
  }
  get name(): string | null {
    return this.record.term.name || null;
  }
  get slug(): string | null {
    return this.record.term.slug ? safeDecode(this.record.term.slug) : null;
  }
  /** WPGraphQL answers null rather than 0 for an empty menu. */
  get count(): number | null {
    return this.record.term.count || null;
  }
  get locations(): string[] | null {
    return locationEnums(this.record.locations);
  }
  /** Hidden menus are null, never partly shown. */
  get isRestricted(): boolean {
    return false;
  }
  menuItems(args: MenuItemConnectionArgs & ConnectionArgs, ctx: GraphQLContext) {
    return menuItemConnection(ctx, args, { menu: this.record.term.id });
  }
}

/** urldecode() of a slug (non-ASCII slugs are stored percent-encoded). */
export function safeDecode(slug: string): string {
  try {
    return decodeURIComponent(slug);
  } catch {
    return slug;
  }
}
