import { replaceAll, splitWithDelimiters } from './php';

// ---------------------------------------------------------------------------------------------
// wp_html_split()
// ---------------------------------------------------------------------------------------------

export const HTML_COMMENT_BODY = '!(?:-(?!->)[^-]*)*(?:-->)?';
const HTML_CDATA_BODY = '!\\[CDATA\\[[^\\]]*(?:\\](?!\\]>)[^\\]]*)*(?:\\]\\]>)?';

/** get_html_split_regex(): an element, a comment or a CDATA section (unterminated ones run to the end). */
const HTML_SPLIT_RE = new RegExp(
  '<(?:(?=!--)' + HTML_COMMENT_BODY + '|(?=!\\[CDATA\\[)' + HTML_CDATA_BODY + '|(?!!--|!\\[CDATA\\[)[^>]*>?)',
  'g',
);

/** wp_html_split(): text and elements alternate; elements are at the odd indexes. */
export function wpHtmlSplit(text: string): string[] {
  return splitWithDelimiters(text, HTML_SPLIT_RE);
}

/** wp_replace_in_html_tags() with a single pair. */
export function replaceInHtmlTags(haystack: string, needle: string, replacement: string): string {
  const parts = wpHtmlSplit(haystack);
  let changed = false;
  for (let i = 1; i < parts.length; i += 2) {
    if (parts[i]!.includes(needle)) {
      parts[i] = replaceAll(parts[i]!, needle, replacement);
      changed = true;
    }
  }
  return changed ? parts.join('') : haystack;
}
