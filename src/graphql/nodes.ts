/**
 * How any area reaches another area's objects without importing it: each area lists, in its Area
 * (src/graphql/model.ts), which post types, taxonomies and users it turns into models, and the
 * schema installs those sources here once. A model the viewer may not see is null (WPGraphQL's
 * model layer), so a field that points at it answers null.
 */
import { contentById } from '../domain/posts/loaders';
import { termById } from '../domain/terms/loaders';
import type { GraphQLContext } from './context';
import { fromGlobalId } from './global-id';
import type { Model } from './model';

/** The model of one object by database id, or null when it does not exist or the viewer may not see it. */
export type ModelById = (ctx: GraphQLContext, id: number) => Promise<Model | null>;

export interface NodeSources {
  /** Content rows by post type: post, page, attachment, nav_menu_item, tribe_events... */
  content?: Record<string, ModelById>;
  /** Terms by taxonomy: category, post_tag, post_format, nav_menu, tribe_events_cat... */
  terms?: Record<string, ModelById>;
  user?: ModelById;
  /** ContentType objects by post type name (post, page, attachment, tribe_events...). */
  contentType?: (ctx: GraphQLContext, name: string) => Promise<Model | null>;
  /** Taxonomy objects by name (category, post_tag, post_format, tribe_events_cat...). */
  taxonomy?: (ctx: GraphQLContext, name: string) => Promise<Model | null>;
  /** Objects of other loaders by global-id prefix (redirect, redirect_group...). */
  byKind?: Record<string, ModelById>;
}

const installed: Required<NodeSources> = { content: {}, terms: {}, user: async () => null, contentType: async () => null, taxonomy: async () => null, byKind: {} };

export function installNodeSources(sources: readonly NodeSources[]): void {
  for (const source of sources) {
    Object.assign(installed.content, source.content);
    Object.assign(installed.terms, source.terms);
    Object.assign(installed.byKind, source.byKind);
    if (source.user) installed.user = source.user;
    if (source.contentType) installed.contentType = source.contentType;
    if (source.taxonomy) installed.taxonomy = source.taxonomy;
  }
}

/** Any content row (post, page, media item, menu item, event...) by id. */
export async function contentNodeById(ctx: GraphQLContext, id: number, postType?: string): Promise<Model | null> {
  const row = await contentById(ctx.domain).load(id);
  if (!row || (postType !== undefined && row.type !== postType)) return null;
  const source = installed.content[row.type];
  return source ? source(ctx, id) : null;
}

/** Any term (category, tag, post format, menu, events category) by id. */
export async function termNodeById(ctx: GraphQLContext, id: number, taxonomy?: string): Promise<Model | null> {
  const term = await termById(ctx.domain).load(id);
  if (!term || (taxonomy !== undefined && term.taxonomy !== taxonomy)) return null;
  const source = installed.terms[term.taxonomy];
  return source ? source(ctx, id) : null;
}

export function userNodeById(ctx: GraphQLContext, id: number): Promise<Model | null> {
  return id > 0 ? installed.user(ctx, id) : Promise.resolve(null);
}

/** Models of ids in order, those the viewer may not see left out. */
export async function modelsOf(ctx: GraphQLContext, ids: readonly number[], load: ModelById): Promise<Model[]> {
  const models = await Promise.all(ids.map((id) => load(ctx, id)));
  return models.filter((m): m is Model => m !== null);
}

/** `node(id:)`: the loader named by the global id's prefix (post:, term:, user:, or an area's byKind). */
export async function nodeByGlobalId(ctx: GraphQLContext, globalId: string): Promise<Model | null> {
  // Taxonomy objects are named, not numbered: taxonomy:<name>.
  const text = Buffer.from(globalId, 'base64').toString('utf8');
  if (text.startsWith('taxonomy:')) return taxonomyByName(ctx, text.slice('taxonomy:'.length));
  const decoded = fromGlobalId(globalId);
  if (!decoded) return null;
  if (decoded.kind === 'post') return contentNodeById(ctx, decoded.id);
  if (decoded.kind === 'term') return termNodeById(ctx, decoded.id);
  if (decoded.kind === 'user') return userNodeById(ctx, decoded.id);
  const source = Object.prototype.hasOwnProperty.call(installed.byKind, decoded.kind) ? installed.byKind[decoded.kind] : undefined;
  return source ? source(ctx, decoded.id) : null;
}

/** The ContentType object of a post type (ContentNode.contentType, Taxonomy.connectedContentTypes). */
export function contentTypeByName(ctx: GraphQLContext, name: string): Promise<Model | null> {
  return installed.contentType(ctx, name);
}

/** The Taxonomy object of a taxonomy (TermNode.taxonomy, ContentType.connectedTaxonomies). */
export function taxonomyByName(ctx: GraphQLContext, name: string): Promise<Model | null> {
  return installed.taxonomy(ctx, name);
}
