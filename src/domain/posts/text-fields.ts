/**
 * The text fields of content records (title, content, excerpt) as a viewer may read them, for
 * both faces: the stored (raw) text only for those who may edit the record — REST's edit context,
 * WPGraphQL's `format: RAW` — and null for anyone else; the rendered text for everyone who can see
 * the record, with password protection applied (no password travels with these reads).
 */
import type { Content } from '../../generated/prisma-sqlite/client';
import type { Viewer } from '../viewer';
import { renderContent, renderExcerpt } from '../content/format';
import { canEditPost } from './permissions';
import { isRestrictedFor } from './restricted';
import { renderedContent, renderedExcerpt, renderedRevisionExcerpt, renderedTitle, type PasswordRequest } from './render';

export type TextField = 'title' | 'content' | 'excerpt';
export type TextFormat = 'raw' | 'rendered';

/** Who may read a record's stored text: those who may edit it (edit_post). */
export function mayReadRawText(viewer: Viewer, row: Pick<Content, 'id' | 'type' | 'status' | 'authorId'>): boolean {
  return canEditPost(viewer, row);
}

/** One text field of a record in the format asked for, or null when the viewer may not read it so. */
export function textFieldOf(viewer: Viewer, row: Content, field: TextField, format: TextFormat): string | null {
  const canEdit = mayReadRawText(viewer, row);
  if (format === 'raw') return canEdit ? row[field] : null;
  const access: PasswordRequest = { context: 'view', canEdit };
  switch (field) {
    case 'title':
      return renderedTitle(row);
    case 'content':
      return renderedContent(row, access);
    case 'excerpt':
      return row.type === 'revision' ? renderedRevisionExcerpt(row) : renderedExcerpt(row, access);
  }
}

/**
 * The same fields as WPGraphQL's Post model answers them (Model\Post: contentRendered, excerptRaw...):
 * empty stored text is null; for a viewer the object is restricted for (restricted.ts) everything
 * but the rendered title is null; anyone else reads the text itself, with no password asked (WPGraphQL
 * applies the_content to the stored content, unlike REST's view context).
 */
export function nodeTextFieldOf(viewer: Viewer, row: Content, field: TextField, format: TextFormat): string | null {
  if (format === 'raw') return mayReadRawText(viewer, row) && row[field] !== '' ? row[field] : null;
  if (field === 'title') return renderedTitle(row) || null;
  if (isRestrictedFor(viewer, row)) return null;
  if (field === 'content') return row.content === '' ? null : renderContent(row.content);
  return row.type === 'revision' ? renderedRevisionExcerpt(row) : renderExcerpt(row.excerpt, row.content, 55);
}
