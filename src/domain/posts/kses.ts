/**
 * A deliberately small stand-in for WordPress's kses filtering of post text.
 *
 * WordPress runs title, content and excerpt through wp_kses_post (an allow-list of elements and
 * attributes) for users without the unfiltered_html capability. We do not reproduce kses: for
 * those users (authors, contributors) we only remove the dangerous parts — <script> and <iframe>
 * elements with their contents, and on* event-handler attributes. Administrators and editors have
 * unfiltered_html, and their text is stored exactly as sent, as in WordPress.
 */
import type { Viewer } from '../viewer';

const DANGEROUS_ELEMENTS = /<(script|iframe)\b[^>]*>[\s\S]*?<\/\1\s*>|<\/?(?:script|iframe)\b[^>]*>/gi;
const EVENT_ATTRIBUTES = /(<[a-zA-Z][^>]*?)\s+on[a-zA-Z]+\s*=\s*(?:"[^"]*"|'[^']*'|[^\s>]+)/g;

export function stripDangerousHtml(text: string): string {
  let out = text.replace(DANGEROUS_ELEMENTS, '');
  // Attributes are removed one per pass; repeat until a tag has none left.
  for (let previous = ''; previous !== out; ) {
    previous = out;
    out = out.replace(EVENT_ATTRIBUTES, '$1');
  }
  return out;
}

/** The text as it will be stored for this viewer. */
export function filterPostText(viewer: Viewer, text: string): string {
  return viewer.can('unfiltered_html') ? text : stripDangerousHtml(text);
}
