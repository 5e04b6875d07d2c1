/**
 * WPGraphQL's Taxonomy object over the domain's description of a registered taxonomy
 * (taxonomy-objects.ts): the register_taxonomy() flags, labels, the post types it applies to and
 * its terms. Its global id is `taxonomy:<name>`.
 */
import type { TaxonomyObject } from '../../../domain/terms/taxonomy-objects';
import { connectionOfList, type ConnectionArgs } from '../../connection';
import type { GraphQLContext } from '../../context';
import { Model } from '../../model';
import { contentTypeByName } from '../../nodes';
import { termObjectConnection } from './term-connection';

/** graphql_single_name / graphql_plural_name as WPGraphQL registers the built-in taxonomies (and ql-events its category). */
const GRAPHQL_NAMES: Readonly<Record<string, [string, string]>> = {
  category: ['category', 'categories'],
  post_tag: ['tag', 'tags'],
  post_format: ['postFormat', 'postFormats'],
  tribe_events_cat: ['eventsCategory', 'eventsCategories'],
};

export function taxonomyGlobalId(name: string): string {
  return Buffer.from(`taxonomy:${name}`, 'utf8').toString('base64');
}

export class TaxonomyModel extends Model {
  constructor(readonly object: TaxonomyObject) {
    super();
  }
  get __typename(): string {
    return 'Taxonomy';
  }
  get id(): string {
    return taxonomyGlobalId(this.object.def.slug);
  }
  get name(): string {
    return this.object.def.slug;
  }
  /** The taxonomy's label: its plural name. */
  get label(): string | null {
    return this.object.labels.name;
  }
  get description(): string {
    return this.object.def.description;
  }
  get hierarchical(): boolean {
    return this.object.def.hierarchical;
  }
  get public(): boolean {
    return this.object.visibility.public;
  }
  get isRestricted(): boolean {
    return false;
  }
  get showUi(): boolean {
    return this.object.visibility.show_ui;
  }
  /** show_in_menu inherits show_ui. */
  get showInMenu(): boolean {
    return this.object.visibility.show_ui;
  }
  get showInNavMenus(): boolean {
    return this.object.visibility.show_in_nav_menus;
  }
  get showCloud(): boolean {
    return this.object.showCloud;
  }
  get showInQuickEdit(): boolean {
    return this.object.visibility.show_in_quick_edit;
  }
  get showInAdminColumn(): boolean {
    return this.object.visibility.show_admin_column;
  }
  get showInRest(): boolean {
    return this.object.def.showInRest;
  }
  get restBase(): string | null {
    return this.object.def.showInRest ? this.object.def.restBase : null;
  }
  get restControllerClass(): string | null {
    return this.object.def.showInRest ? 'WP_REST_Terms_Controller' : null;
  }
  get showInGraphql(): boolean {
    return true;
  }
  get graphqlSingleName(): string {
    return GRAPHQL_NAMES[this.object.def.slug]?.[0] ?? this.object.def.slug;
  }
  get graphqlPluralName(): string {
    return GRAPHQL_NAMES[this.object.def.slug]?.[1] ?? this.object.def.slug;
  }
  async connectedContentTypes(args: ConnectionArgs, ctx: GraphQLContext) {
    const types = (await Promise.all(this.object.def.types.map((type) => contentTypeByName(ctx, type)))).filter((m): m is Model => m !== null);
    // Content types have no database id: the cursor names the type's place in the registry.
    return connectionOfList(args, types, (type) => types.indexOf(type) + 1);
  }
  connectedTerms(args: ConnectionArgs, ctx: GraphQLContext) {
    return termObjectConnection(ctx, [this.object.def.slug], args);
  }
}
