/**
 * The text fields of content records (title, content, excerpt) as a viewer may read them, for
 * both faces: the stored (raw) text only for those who may edit the record — REST's edit context,
 * WPGraphQL's `format: RAW` — and null for anyone else; the rendered text for everyone who can see
 * the record, with password protection applied (no password travels with these reads).
 */
import type { Content } from '../../generated/prisma-sqlite/client';
import type { Viewer } from '../viewer';
import { canEditPost } from './permissions';
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
