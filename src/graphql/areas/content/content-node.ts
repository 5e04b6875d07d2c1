/**
 * The fields every content type shares (WPGraphQL's ContentNode, NodeWithTitle, NodeWithAuthor,
 * NodeWithFeaturedImage... interfaces), over a content row and its permalink. Post, Page,
 * MediaItem, MenuItem targets and the calendar's Event, Venue and Organizer extend it and add
 * their own fields. What a viewer may read is the domain's (posts/text-fields.ts, the loaders'
 * visibility, posts/restricted.ts for objects the viewer may only partly see): the model only
 * names things as WPGraphQL does.
 */
import type { Content } from '../../../generated/prisma-sqlite/client';
import { formatGmt, formatSiteTime } from '../../../domain/content/dates';
import { desiredSlugOf, featuredMediaIdOf, viewerAutosaveOf } from '../../../domain/posts/node-fields';
import { siteOf } from '../../../domain/posts/records';
import { isRestrictedFor, showsFact } from '../../../domain/posts/restricted';
import { isAutosave } from '../../../domain/posts/revisions';
import { nodeTextFieldOf, type TextField } from '../../../domain/posts/text-fields';
import type { GraphQLContext } from '../../context';
import { oneToOne } from '../../connection';
import { toGlobalId } from '../../global-id';
import { AddressableModel, type Restricting } from '../../model';
import { contentNodeById, contentTypeByName, userNodeById } from '../../nodes';
import { contentNodeSeo } from '../seo/item-seo';

export type FormatArg = { format?: 'RAW' | 'RENDERED' | null };

/** The path of an address on this site (`uri`), or null for outside addresses. */
export function uriOf(link: string, siteUrl: string): string | null {
  if (!link.startsWith(siteUrl)) return null;
  const rest = link.slice(siteUrl.length);
  return rest.startsWith('/') ? rest : `/${rest}`;
}

export async function siteTime(ctx: GraphQLContext, instant: Date): Promise<string> {
  return formatSiteTime(instant, (await siteOf(ctx.domain)).options);
}

/** WPGraphQL's template types: DefaultTemplate, or Template_<Name> for a registered template. */
export function templateOf(slug: string): { __typename: string; templateName: string } {
  if (!slug || slug === 'default') return { __typename: 'DefaultTemplate', templateName: 'Default' };
  const name = slug.replace(/\.php$/, '').replace(/(^|[-_])(\w)/g, (_, __, c: string) => c.toUpperCase());
  return { __typename: `Template_${name}`, templateName: name.replace(/([a-z])([A-Z])/g, '$1 $2') };
}

/**
 * Fields that WPGraphQL resolves, on a restricted object, from an allowed fact of another name
 * (the post type; the database id, which its term, revision, children and ancestors connections
 * query by). Other fields are the facts of their own name.
 */
const FACT_OF_FIELD: Record<string, string> = {
  contentType: 'type',
  categories: 'databaseId',
  tags: 'databaseId',
  postFormats: 'databaseId',
  eventsCategories: 'databaseId',
  terms: 'databaseId',
  revisions: 'databaseId',
  children: 'databaseId',
  ancestors: 'databaseId',
};

export abstract class ContentNodeModel extends AddressableModel implements Restricting {
  constructor(
    readonly row: Content,
    /** get_permalink() of the row. */
    readonly permalink: string,
  ) {
    super();
  }

  get id(): string {
    return toGlobalId('post', this.row.id);
  }
  get databaseId(): number {
    return this.row.id;
  }
  get contentTypeName(): string {
    return this.row.type;
  }
  /** Null while WordPress has no post_name yet (drafts), as WPGraphQL's Post model answers. */
  get slug(): string | null {
    return this.row.slug || null;
  }
  /** WordPress's status string, lowercase as WPGraphQL answers it (publish, draft, auto-draft). */
  get status(): string {
    return this.row.status;
  }
  get guid(): string {
    return this.row.guid;
  }
  get link(): string {
    return this.permalink;
  }
  uri(_: unknown, ctx: GraphQLContext): string | null {
    return uriOf(this.permalink, ctx.domain.config.siteUrl);
  }
  date(_: unknown, ctx: GraphQLContext): Promise<string> {
    return siteTime(ctx, this.row.date);
  }
  get dateGmt(): string {
    return formatGmt(this.row.date);
  }
  modified(_: unknown, ctx: GraphQLContext): Promise<string> {
    return siteTime(ctx, this.row.modified);
  }
  get modifiedGmt(): string {
    return formatGmt(this.row.modified);
  }
  override get isContentNode(): boolean {
    return true;
  }
  override async isFrontPage(_: unknown, ctx: GraphQLContext): Promise<boolean> {
    const { options } = await siteOf(ctx.domain);
    return options.show_on_front === 'page' && options.page_on_front === this.row.id;
  }
  override async isPostsPage(_: unknown, ctx: GraphQLContext): Promise<boolean> {
    const { options } = await siteOf(ctx.domain);
    return options.show_on_front === 'page' && options.page_for_posts === this.row.id;
  }
  async contentType(_: unknown, ctx: GraphQLContext) {
    return oneToOne(await contentTypeByName(ctx, this.row.type));
  }
  get template(): { __typename: string; templateName: string } {
    return templateOf(this.row.template);
  }

  protected text(ctx: GraphQLContext, field: TextField, args: FormatArg): string | null {
    return nodeTextFieldOf(ctx.viewer, this.row, field, args.format === 'RAW' ? 'raw' : 'rendered');
  }
  title(args: FormatArg, ctx: GraphQLContext): string | null {
    return this.text(ctx, 'title', args);
  }
  content(args: FormatArg, ctx: GraphQLContext): string | null {
    return this.text(ctx, 'content', args);
  }
  excerpt(args: FormatArg, ctx: GraphQLContext): string | null {
    return this.text(ctx, 'excerpt', args);
  }

  // NodeWithAuthor
  async author(_: unknown, ctx: GraphQLContext) {
    return oneToOne(await userNodeById(ctx, this.row.authorId));
  }
  get authorDatabaseId(): number | null {
    return this.row.authorId || null;
  }
  get authorId(): string | null {
    return this.row.authorId ? toGlobalId('user', this.row.authorId) : null;
  }

  // NodeWithTrackbacks and NodeWithComments: pings and comments are not served; their settings are.
  get pingStatus(): string {
    return this.row.pingStatus;
  }
  get commentStatus(): string {
    return this.row.commentStatus;
  }

  /** A row that is another row's revision points at it (NodeWithRevisions.revisionOf). */
  get isRevision(): boolean {
    return this.row.type === 'revision';
  }
  async revisionOf(_: unknown, ctx: GraphQLContext) {
    return this.row.type === 'revision' ? oneToOne(await contentNodeById(ctx, this.row.parentId)) : null;
  }

  // ContentNode's remaining fields.
  /** `_wp_desired_post_slug` (set while an object is in the trash). */
  desiredSlug(_: unknown, ctx: GraphQLContext): Promise<string | null> {
    return desiredSlugOf(ctx.domain, this.row.id);
  }
  /** The `enclosure` meta: we store no podcast enclosures, so WordPress would have none. */
  get enclosure(): null {
    return null;
  }
  /** `_edit_last` is not stored (writes keep no last-editor meta), so WordPress's get_post_meta() would be empty. */
  get lastEditedBy(): null {
    return null;
  }
  isRestricted(_: unknown, ctx: GraphQLContext): boolean {
    return isRestrictedFor(ctx.viewer, this.row);
  }
  /** For a viewer the object is restricted for, only WPGraphQL's allowed fields resolve (the rest are null). */
  hides(field: string, ctx: GraphQLContext): boolean {
    return !showsFact(ctx.viewer, this.row, FACT_OF_FIELD[field] ?? field);
  }
  /** An autosave revision is the object in its preview state. */
  get isPreview(): boolean {
    return this.row.type === 'revision' && isAutosave(this.row);
  }
  /** The viewer's autosave of the object (what a preview shows), for those who may read its revisions. */
  async previewRevisionDatabaseId(_: unknown, ctx: GraphQLContext): Promise<number | null> {
    if (this.row.type === 'revision') return null;
    return (await viewerAutosaveOf(ctx.domain, this.row))?.id ?? null;
  }
  async previewRevisionId(_: unknown, ctx: GraphQLContext): Promise<string | null> {
    const id = await this.previewRevisionDatabaseId(_, ctx);
    return id ? toGlobalId('post', id) : null;
  }

  /** WPGraphQL for Yoast SEO's `seo` (ContentNode, NodeWithTitle): the item's head, null for kinds without one. */
  seo(_: unknown, ctx: GraphQLContext) {
    return contentNodeSeo(ctx, this.row);
  }

  // NodeWithFeaturedImage
  featuredImageDatabaseId(_: unknown, ctx: GraphQLContext): Promise<number | null> {
    return featuredMediaIdOf(ctx.domain, this.row.id);
  }
  async featuredImageId(_: unknown, ctx: GraphQLContext): Promise<string | null> {
    const id = await featuredMediaIdOf(ctx.domain, this.row.id);
    return id ? toGlobalId('post', id) : null;
  }
  async featuredImage(_: unknown, ctx: GraphQLContext) {
    const id = await featuredMediaIdOf(ctx.domain, this.row.id);
    return id ? oneToOne(await contentNodeById(ctx, id, 'attachment')) : null;
  }
}
