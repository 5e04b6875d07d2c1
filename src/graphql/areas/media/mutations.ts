/**
 * createMediaItem, updateMediaItem and deleteMediaItem through the media library's domain
 * functions (the REST face's): inputs run through the media contract's write arguments, the file
 * comes from a multipart `file` part (the Upload addition) or is sideloaded from `filePath` with
 * the SSRF-safe fetcher, and then takes the REST upload's path. Refusals carry WordPress's codes.
 * Our `seo` input writes the attachment's SEO fields (graphql/seo-additions.graphql).
 */
import { mediaChangesFrom, mediaSchema, mediaWriteArgs } from '../../../domain/media/contract';
import { sideload } from '../../../domain/media/sideload';
import type { UploadSource } from '../../../domain/media/upload-source';
import { createMediaItem, createPermissionError, deleteMediaItem, updateMediaItem } from '../../../domain/media/write';
import type { MediaChanges } from '../../../domain/media/attachments';
import type { CreateMediaItemInput, DeleteMediaItemInput, UpdateMediaItemInput } from '../../../generated/graphql';
import { argNames, checkedArgs, enumValue, opt } from '../../contract-args';
import type { GraphQLContext } from '../../context';
import { databaseIdOf, toGlobalId } from '../../global-id';
import { UploadedFile } from '../../upload';
import { MediaItemModel } from './media-item';
import { mediaItemById } from './root';
import { seoChangesOfInput } from '../seo/input';

const SCHEMA = mediaSchema();
const WRITE_ARGS = { create: mediaWriteArgs(SCHEMA, 'create'), update: mediaWriteArgs(SCHEMA, 'update') } as const;
const INPUT_NAMES = argNames('input', { alt_text: 'altText', post: 'parentId', author: 'authorId', date_gmt: 'dateGmt', comment_status: 'commentStatus', ping_status: 'pingStatus' });

type WriteInput = CreateMediaItemInput | UpdateMediaItemInput;

const idOrZero = (value: string | null | undefined, kind: 'post' | 'user'): number | undefined =>
  value === null || value === undefined ? undefined : String(value).trim() === '0' ? 0 : databaseIdOf(value, kind);

/** The input in the REST write parameters' names, checked by the media contract, as domain changes. */
function changesOf(input: WriteInput, mode: 'create' | 'update'): MediaChanges {
  const params: Record<string, unknown> = {
    title: opt(input.title),
    caption: opt(input.caption),
    description: opt(input.description),
    alt_text: opt(input.altText),
    post: idOrZero(input.parentId, 'post'),
    slug: opt(input.slug),
    author: idOrZero(input.authorId, 'user'),
    comment_status: input.commentStatus ? input.commentStatus.toLowerCase() : undefined,
    ping_status: input.pingStatus ? input.pingStatus.toLowerCase() : undefined,
    date: opt(input.date),
    date_gmt: opt(input.dateGmt),
  };
  const given = Object.fromEntries(Object.entries(params).filter(([, v]) => v !== undefined));
  const changes = mediaChangesFrom(checkedArgs(WRITE_ARGS[mode], given, INPUT_NAMES));
  // wp_insert_attachment() keeps inherit and private (anything else becomes inherit): not REST's post statuses.
  if (input.status) changes.status = enumValue(input.status, '-');
  // Our `seo` input: Yoast's fields, checked by the domain as REST's `meta` is.
  const seo = seoChangesOfInput(input.seo);
  if (seo) changes.seo = seo;
  return changes;
}

interface Upload {
  source: UploadSource | null;
  cleanup(): Promise<void>;
}

/** The file of a create: a multipart part (removed by the HTTP layer) or a sideloaded address. */
async function uploadOf(ctx: GraphQLContext, input: CreateMediaItemInput): Promise<Upload> {
  const file: unknown = input.file;
  if (file instanceof UploadedFile) {
    if (file.refusal) throw file.refusal;
    return { source: file.source, cleanup: async () => undefined };
  }
  if (input.filePath) return sideload(ctx.domain.config, input.filePath);
  return { source: null, cleanup: async () => undefined };
}

async function create(ctx: GraphQLContext, input: CreateMediaItemInput): Promise<MediaItemModel | null> {
  const changes = changesOf(input, 'create');
  // Permissions first, as WPGraphQL checks upload_files before it downloads anything.
  const denied = await createPermissionError(ctx.domain, changes);
  if (denied) throw denied;
  const upload = await uploadOf(ctx, input);
  try {
    const row = await createMediaItem(ctx.domain, upload.source, changes);
    ctx.domain.loaders.clear();
    return mediaItemById(ctx, row.id);
  } finally {
    await upload.cleanup();
  }
}

async function update(ctx: GraphQLContext, input: UpdateMediaItemInput): Promise<MediaItemModel | null> {
  const id = databaseIdOf(input.id, 'post');
  await updateMediaItem(ctx.domain, id, changesOf(input, 'update'));
  ctx.domain.loaders.clear();
  return mediaItemById(ctx, id);
}

/**
 * wp_delete_attachment(): attachments have no trash (MEDIA_TRASH is off), so the item and its files
 * go whatever forceDelete says; like WPGraphQL, the payload then shows the item as `trash` when
 * forceDelete was not set.
 */
async function remove(ctx: GraphQLContext, input: DeleteMediaItemInput) {
  const id = databaseIdOf(input.id, 'post');
  const before = await mediaItemById(ctx, id);
  const row = await deleteMediaItem(ctx.domain, id, true);
  ctx.domain.loaders.clear();
  const shown = before && !input.forceDelete ? new MediaItemModel({ ...before.row, status: 'trash' }, before.facts, before.siteUrl) : before;
  return { clientMutationId: input.clientMutationId, deletedId: toGlobalId('post', row.id), mediaItem: shown };
}

export const mediaMutations = {
  createMediaItem: async (_: unknown, { input }: { input: CreateMediaItemInput }, ctx: GraphQLContext) => ({ clientMutationId: input.clientMutationId, mediaItem: await create(ctx, input) }),
  updateMediaItem: async (_: unknown, { input }: { input: UpdateMediaItemInput }, ctx: GraphQLContext) => ({ clientMutationId: input.clientMutationId, mediaItem: await update(ctx, input) }),
  deleteMediaItem: async (_: unknown, { input }: { input: DeleteMediaItemInput }, ctx: GraphQLContext) => remove(ctx, input),
};
