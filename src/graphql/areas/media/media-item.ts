/**
 * MediaItem: an attachment row (WPGraphQL's Post model for attachments) over the shared
 * ContentNodeModel, with its file facts from post meta (domain/media/metadata.ts): addresses,
 * sizes, srcset and the metadata WordPress generated. Attachment pages are off (WordPress 6.4 and
 * later), so the item's link is its file's address.
 */
import type { Content } from '../../../generated/prisma-sqlite/client';
import { attachmentUrl, isImage, relativePath, sizesOf, sourceOf, srcSetOf } from '../../../domain/media/files';
import type { AttachmentFacts } from '../../../domain/media/metadata';
import { contentById } from '../../../domain/posts/loaders';
import { mayReadRawText } from '../../../domain/posts/text-fields';
import { connectionOfList, oneToOne, type ConnectionArgs } from '../../connection';
import type { GraphQLContext } from '../../context';
import { toGlobalId } from '../../global-id';
import type { Model } from '../../model';
import { contentNodeById, modelsOf } from '../../nodes';
import { ContentNodeModel, type FormatArg } from '../content/content-node';
import { postObjectConnection, type PostObjectConnectionArgs } from '../content/post-connection';
import { MediaDetailsModel } from './media-details';
import { sizeName } from './sizes';

type SizeArg = { size?: string | null };

/** Parents are followed at most this deep (a guard against cycles). */
const MAX_DEPTH = 32;

/** The post types a content node's children may have (WPGraphQL asks for every type it serves). */
const CHILD_TYPES = ['post', 'page', 'attachment'];

export class MediaItemModel extends ContentNodeModel {
  constructor(
    row: Content,
    readonly facts: AttachmentFacts,
    readonly siteUrl: string,
  ) {
    super(row, attachmentUrl(siteUrl, row, facts));
  }
  get __typename(): string {
    return 'MediaItem';
  }
  /** Deprecated alias of databaseId. */
  get mediaItemId(): number {
    return this.row.id;
  }
  get mediaItemUrl(): string {
    return this.permalink;
  }
  get mediaType(): string {
    return isImage(this.row, this.facts) ? 'image' : 'file';
  }
  get mimeType(): string | null {
    return this.row.mimeType || null;
  }
  get altText(): string {
    return this.facts.alt;
  }
  private size(args: SizeArg, fallback: string | null) {
    return sourceOf(this.siteUrl, this.row, this.facts, sizeName(args.size) ?? fallback);
  }
  /** The address of a size (the full file by default, and when the size was not made). */
  sourceUrl(args: SizeArg): string {
    return this.size(args, null).url;
  }
  file(args: SizeArg): string {
    return this.size(args, null).file;
  }
  filePath(args: SizeArg): string {
    return relativePath(this.size(args, null).url);
  }
  fileSize(args: SizeArg): number | null {
    return this.size(args, null).filesize;
  }
  /** WPGraphQL's srcSet and sizes describe the medium size unless told otherwise. */
  srcSet(args: SizeArg): string | null {
    return srcSetOf(this.siteUrl, this.row, this.facts, sizeName(args.size) ?? 'medium');
  }
  sizes(args: SizeArg): string | null {
    return sizesOf(this.siteUrl, this.row, this.facts, sizeName(args.size) ?? 'medium');
  }
  get mediaDetails(): MediaDetailsModel | null {
    return this.facts.metadata ? new MediaDetailsModel(this.facts.metadata, this.permalink) : null;
  }
  /** The caption is the excerpt; the description the content. */
  caption(args: FormatArg, ctx: GraphQLContext): string | null {
    return this.text(ctx, 'excerpt', args) || null;
  }
  description(args: FormatArg, ctx: GraphQLContext): string | null {
    return this.text(ctx, 'content', args) || null;
  }
  get commentCount(): number {
    return this.row.commentCount;
  }
  override async desiredSlug(): Promise<string | null> {
    return this.facts.desiredSlug;
  }
  override get enclosure(): null {
    // WordPress keeps podcast enclosures on posts, never on attachments.
    return null;
  }
  get hasPassword(): boolean {
    return this.row.password !== '';
  }
  password(_: unknown, ctx: GraphQLContext): string | null {
    return mayReadRawText(ctx.viewer, this.row) ? this.row.password : null;
  }
  /** Attachments have no revisions or previews. */
  override get isPreview(): boolean {
    return false;
  }
  override async previewRevisionDatabaseId(): Promise<number | null> {
    return null;
  }
  override async previewRevisionId(): Promise<string | null> {
    return null;
  }

  // HierarchicalContentNode
  get parentDatabaseId(): number | null {
    return this.row.parentId || null;
  }
  get parentId(): string | null {
    return this.row.parentId ? toGlobalId('post', this.row.parentId) : null;
  }
  async parent(_: unknown, ctx: GraphQLContext) {
    return this.row.parentId ? oneToOne(await contentNodeById(ctx, this.row.parentId)) : null;
  }
  /** get_post_ancestors(): the parent first, then its parent... */
  async ancestors(args: ConnectionArgs, ctx: GraphQLContext) {
    const ids: number[] = [];
    let parentId = this.row.parentId;
    while (parentId > 0 && !ids.includes(parentId) && parentId !== this.row.id && ids.length < MAX_DEPTH) {
      ids.push(parentId);
      parentId = (await contentById(ctx.domain).load(parentId))?.parentId ?? 0;
    }
    const models = await modelsOf(ctx, ids, (c, id) => contentNodeById(c, id));
    return connectionOfList(args, models, (m: Model) => (m as Model & { databaseId: number }).databaseId);
  }
  children(args: PostObjectConnectionArgs, ctx: GraphQLContext) {
    return postObjectConnection(ctx, CHILD_TYPES, args, { parent: this.row.id });
  }
}
