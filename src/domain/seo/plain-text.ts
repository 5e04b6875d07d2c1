/**
 * Text for the head: markup stripped, entities decoded (the head object holds plain text; the HTML
 * form escapes it again), whitespace collapsed.
 */
import { stripAllTags } from '../content/format';
import { RenderMemo } from '../content/format/memo';
import { decodeEntities } from '../events/ical/html-text';

/** Pure, and asked for the same stored title and content on every read of a post's head. */
const plainTextMemo = new RenderMemo(4000, 8 << 20);

export function plainText(html: string): string {
  return plainTextMemo.through(html, () => decodeEntities(stripAllTags(html, true)).replace(/[\s\u00a0]+/g, ' ').trim());
}
