/**
 * Text for the head: markup stripped, entities decoded (the head object holds plain text; the HTML
 * form escapes it again), whitespace collapsed.
 */
import { stripAllTags } from '../content/format';
import { decodeEntities } from '../events/ical/html-text';

export function plainText(html: string): string {
  return decodeEntities(stripAllTags(html, true)).replace(/[\s\u00a0]+/g, ' ').trim();
}
