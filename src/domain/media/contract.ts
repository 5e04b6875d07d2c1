/**
 * The media routes' contract (WP_REST_Attachments_Controller): the item schema (the posts
 * controller's for `attachment` plus alt_text, caption, description, media_type, mime_type,
 * media_details, post, source_url, missing_image_sizes), the collection, write, post-process and
 * edit arguments, and the mapping from sanitised arguments to the domain's inputs.
 */
import type { ArgSchema, ArgsView, ItemSchema } from '../../schema/types';
import { sanitizeTextField } from '../text';
import { collectionArgs, listQueryFrom, postSchema, writeArgs } from '../posts/contract';
import type { PostListQuery } from '../posts/query';
import type { MediaChanges } from './attachments';
import { legacyModifiers, type EditRequest } from './edit';
import { ALLOWED_MIME_TYPES, MEDIA_TYPES } from './file-types';
import type { Modifier } from './images';
import { parseGmtDate } from '../content/dates';
import { seoChangesFromMeta } from '../seo/meta-fields';

const ALL = ['view', 'edit', 'embed'];
const VIEW_EDIT = ['view', 'edit'];
const EDIT = ['edit'];

export function mediaSchema(): ItemSchema {
  const base = postSchema('attachment');
  const properties: Record<string, ArgSchema> = { ...base.properties };
  delete properties.password;
  Object.assign(properties, {
    alt_text: { description: 'Alternative text to display when attachment is not displayed.', type: 'string', context: ALL, sanitize: (v: unknown) => sanitizeTextField(v) },
    caption: {
      description: 'The attachment caption.',
      type: 'object',
      context: ALL,
      unchecked: true,
      properties: {
        raw: { description: 'Caption for the attachment, as it exists in the database.', type: 'string', context: EDIT },
        rendered: { description: 'HTML caption for the attachment, transformed for display.', type: 'string', context: ALL, readonly: true },
      },
    },
    description: {
      description: 'The attachment description.',
      type: 'object',
      context: VIEW_EDIT,
      unchecked: true,
      properties: {
        raw: { description: 'Description for the attachment, as it exists in the database.', type: 'string', context: EDIT },
        rendered: { description: 'HTML description for the attachment, transformed for display.', type: 'string', context: VIEW_EDIT, readonly: true },
      },
    },
    media_type: { description: 'Attachment type.', type: 'string', enum: ['image', 'file'], context: ALL, readonly: true },
    mime_type: { description: 'The attachment MIME type.', type: 'string', context: ALL, readonly: true },
    media_details: { description: 'Details about the media file, specific to its type.', type: 'object', context: ALL, readonly: true },
    post: { description: 'The ID for the associated post of the attachment.', type: 'integer', context: VIEW_EDIT },
    source_url: { description: 'URL to the original attachment file.', type: 'string', format: 'uri', context: ALL, readonly: true },
    missing_image_sizes: { description: 'List of the missing image sizes of the attachment.', type: 'array', items: { type: 'string' }, context: EDIT, readonly: true },
  });
  return { ...base, title: 'attachment', properties };
}

const intList = (description: string): ArgSchema => ({ description, type: 'array', items: { type: 'integer' }, default: [], validateOnSanitize: true });

/** get_collection_params(): the posts' with `inherit` by default, `parent`/`parent_exclude`, `media_type`, `mime_type`. */
export function mediaCollectionArgs(schema: ItemSchema): Record<string, ArgSchema> {
  const args: Record<string, ArgSchema> = {};
  for (const [name, arg] of Object.entries(collectionArgs('attachment', schema))) {
    args[name] = name === 'status' ? { ...arg, default: 'inherit', items: { enum: ['inherit', 'private', 'trash'], type: 'string' } } : arg;
    if (name === 'orderby') {
      args.parent = intList('Limit result set to items with particular parent IDs.');
      args.parent_exclude = intList('Limit result set to all items except those of a particular parent ID.');
    }
  }
  args.media_type = { default: null, description: 'Limit result set to attachments of a particular media type or media types.', type: 'array', items: { type: 'string', enum: [...MEDIA_TYPES] }, validateOnSanitize: true };
  args.mime_type = { default: null, description: 'Limit result set to attachments of a particular MIME type or MIME types.', type: 'array', items: { type: 'string' }, validateOnSanitize: true };
  return args;
}

/** Caption and description are read as a string or `{raw}` by prepare_item_for_database, unchecked before. */
export function mediaWriteArgs(schema: ItemSchema, mode: 'create' | 'update'): Record<string, ArgSchema> {
  const args = writeArgs(schema, mode);
  for (const name of ['caption', 'description']) if (args[name]) args[name] = { ...args[name], unchecked: true };
  return args;
}

export const POST_PROCESS_ARGS: Record<string, ArgSchema> = {
  id: { description: 'Unique identifier for the attachment.', type: 'integer', validateOnSanitize: true },
  action: { type: 'string', enum: ['create-image-subsizes'], required: true, validateOnSanitize: true },
};

const number = (description: string): ArgSchema => ({ description, type: 'number' });

/** get_edit_media_item_args(). */
export function mediaEditArgs(schema: ItemSchema): Record<string, ArgSchema> {
  const update = mediaWriteArgs(schema, 'update');
  const args: Record<string, ArgSchema> = {
    src: { description: 'URL to the edited image file.', type: 'string', format: 'uri', required: true, validateOnSanitize: true },
    modifiers: {
      description: 'Array of image edits.',
      type: 'array',
      minItems: 1,
      validateOnSanitize: true,
      items: {
        description: 'Image edit.',
        type: 'object',
        required: ['type', 'args'],
        oneOf: [
          {
            title: 'Flip',
            properties: {
              type: { description: 'Flip type.', type: 'string', enum: ['flip'] },
              args: {
                description: 'Flip arguments.',
                type: 'object',
                required: ['flip'],
                properties: {
                  flip: {
                    description: 'Flip direction.',
                    type: 'object',
                    required: ['horizontal', 'vertical'],
                    properties: {
                      horizontal: { description: 'Whether to flip in the horizontal direction.', type: 'boolean' },
                      vertical: { description: 'Whether to flip in the vertical direction.', type: 'boolean' },
                    },
                  },
                },
              },
            },
          },
          {
            title: 'Rotation',
            properties: {
              type: { description: 'Rotation type.', type: 'string', enum: ['rotate'] },
              args: { description: 'Rotation arguments.', type: 'object', required: ['angle'], properties: { angle: { description: 'Angle to rotate clockwise in degrees.', type: 'number' } } },
            },
          },
          {
            title: 'Crop',
            properties: {
              type: { description: 'Crop type.', type: 'string', enum: ['crop'] },
              args: {
                description: 'Crop arguments.',
                type: 'object',
                required: ['left', 'top', 'width', 'height'],
                properties: {
                  left: number('Horizontal position from the left to begin the crop as a percentage of the image width.'),
                  top: number('Vertical position from the top to begin the crop as a percentage of the image height.'),
                  width: number('Width of the crop as a percentage of the image width.'),
                  height: number('Height of the crop as a percentage of the image height.'),
                },
              },
            },
          },
        ],
      } as ArgSchema,
    },
    rotation: { description: 'The amount to rotate the image clockwise in degrees. DEPRECATED: Use `modifiers` instead.', type: 'integer', minimum: 0, exclusiveMinimum: true, maximum: 360, exclusiveMaximum: true, validateOnSanitize: true },
    x: { description: 'As a percentage of the image, the x position to start the crop from. DEPRECATED: Use `modifiers` instead.', type: 'number', minimum: 0, maximum: 100, validateOnSanitize: true },
    y: { description: 'As a percentage of the image, the y position to start the crop from. DEPRECATED: Use `modifiers` instead.', type: 'number', minimum: 0, maximum: 100, validateOnSanitize: true },
    width: { description: 'As a percentage of the image, the width to crop the image to. DEPRECATED: Use `modifiers` instead.', type: 'number', minimum: 0, maximum: 100, validateOnSanitize: true },
    height: { description: 'As a percentage of the image, the height to crop the image to. DEPRECATED: Use `modifiers` instead.', type: 'number', minimum: 0, maximum: 100, validateOnSanitize: true },
  };
  for (const name of ['caption', 'description', 'title', 'post', 'alt_text']) if (update[name]) args[name] = update[name];
  return args;
}

const str = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);
const int = (value: unknown): number | undefined => (typeof value === 'number' && Number.isFinite(value) ? value : undefined);

/** A text field sent as a string or as `{raw}` (prepare_item_for_database). */
function textOf(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (value && typeof value === 'object' && !Array.isArray(value)) {
    const raw = (value as { raw?: unknown }).raw;
    if (typeof raw === 'string') return raw;
    if (typeof raw === 'number') return String(raw);
  }
  return undefined;
}

/** The writable fields a media create/update/edit request carries. */
export function mediaChangesFrom(request: ArgsView): MediaChanges {
  const p = request.params;
  const has = (name: string) => Object.prototype.hasOwnProperty.call(p, name);
  const changes: MediaChanges = {};
  const title = textOf(request.get('title'));
  if (title !== undefined && title !== '') changes.title = title;
  const caption = textOf(request.get('caption'));
  if (caption !== undefined) changes.caption = caption;
  const description = textOf(request.get('description'));
  if (description !== undefined) changes.description = description;
  if (has('alt_text') && typeof p.alt_text === 'string') changes.altText = p.alt_text;
  if (has('post')) changes.post = int(p.post);
  if (has('status')) changes.status = str(p.status);
  if (has('slug')) changes.slug = str(p.slug) ?? '';
  if (has('author')) changes.author = int(p.author);
  if (has('comment_status')) changes.commentStatus = str(p.comment_status);
  if (has('ping_status')) changes.pingStatus = str(p.ping_status);
  if (has('template')) changes.template = str(p.template) ?? '';
  // The site's zone is UTC unless set; a `date` with an offset is read as that wall clock in UTC.
  const date = str(p.date_gmt) ?? str(p.date);
  const parsed = date ? parseGmtDate(date) : null;
  if (parsed) changes.date = parsed;
  // Attachments carry Yoast's SEO fields as posts do (`meta`, declared on create and update only).
  const seo = seoChangesFromMeta(p.meta);
  if (seo) changes.seo = seo;
  return changes;
}

/** The collection arguments as a list query over attachments. */
export function mediaListQueryFrom(request: ArgsView): PostListQuery {
  const query = listQueryFrom(request, 'attachment');
  const p = request.params;
  const mimeTypes: string[] = [];
  for (const type of Array.isArray(p.media_type) ? p.media_type.map(String) : []) mimeTypes.push(...ALLOWED_MIME_TYPES.filter((m) => m.startsWith(`${type}/`)));
  for (const type of Array.isArray(p.mime_type) ? p.mime_type.map(String) : []) if (ALLOWED_MIME_TYPES.includes(type)) mimeTypes.push(type);
  return { ...query, types: ['attachment'], mimeTypes: mimeTypes.length ? [...new Set(mimeTypes)] : undefined };
}

/** The edit request: `modifiers` win over the deprecated fields. */
export function editRequestFrom(request: ArgsView): EditRequest {
  const p = request.params;
  let modifiers: Modifier[] | null = null;
  if (Array.isArray(p.modifiers)) {
    modifiers = p.modifiers.map((m: { type: string; args: Record<string, unknown> }) => {
      const a = m.args;
      if (m.type === 'flip') {
        const flip = a.flip as { horizontal: boolean; vertical: boolean };
        return { type: 'flip', horizontal: flip.horizontal === true, vertical: flip.vertical === true };
      }
      if (m.type === 'rotate') return { type: 'rotate', angle: Number(a.angle) };
      return { type: 'crop', left: Number(a.left), top: Number(a.top), width: Number(a.width), height: Number(a.height) };
    });
  } else {
    const flip = request.get('flip');
    modifiers = legacyModifiers({
      flip: flip && typeof flip === 'object' ? (flip as { horizontal?: unknown; vertical?: unknown }) : undefined,
      rotation: int(p.rotation),
      x: int(p.x),
      y: int(p.y),
      width: int(p.width),
      height: int(p.height),
    });
  }
  return { src: str(p.src) ?? '', modifiers, changes: mediaChangesFrom(request) };
}
