import { shortcodeUnautop, wpautop } from './autop';
import { doBlocks, hasBlocks } from './blocks';
import { capitalPDangit, convertChars } from './chars';
import { generateExcerpt } from './excerpt';
import { RenderMemo } from './memo';
import { phpTrim } from './php';
import { theContentAfterBlocks } from './the-content';
import { wptexturize } from './texturize';

// ---------------------------------------------------------------------------------------------
// The REST `rendered` values
// ---------------------------------------------------------------------------------------------

const titleMemo = new RenderMemo(4000, 1 << 20);
const contentMemo = new RenderMemo(1000, 8 << 20);
const storedExcerptMemo = new RenderMemo(2000, 2 << 20);
const generatedExcerptMemo = new RenderMemo(2000, 4 << 20);
const excerptMemo = new RenderMemo(200, 1 << 20);

/** title.rendered: the_title filters (wptexturize, convert_chars, trim, capital_P_dangit). */
export function renderTitle(raw: string): string {
  return titleMemo.through(raw, () => capitalPDangit(phpTrim(convertChars(wptexturize(raw))), true));
}

/**
 * content.rendered: the_content as WordPress 6.9 runs it for the REST API. Block content is
 * rendered (delimiters removed) and not auto-paragraphed; classic content is.
 */
export function renderContent(raw: string): string {
  return contentMemo.through(raw, () => (hasBlocks(raw) ? theContentAfterBlocks(doBlocks(raw), false) : theContentAfterBlocks(raw, true)));
}

/**
 * excerpt.rendered: the stored excerpt, or one generated from the content (first `length`
 * words, ` [&hellip;]` when cut), through the_excerpt (wptexturize, convert_chars, wpautop).
 */
export function renderExcerpt(rawExcerpt: string, rawContent: string, length = 55): string {
  const generated = phpTrim(rawExcerpt) === '';
  // The common keys are the stored strings themselves, so lookups reuse their cached hashes.
  const memo = generated ? (Math.trunc(length) === 55 ? generatedExcerptMemo : excerptMemo) : storedExcerptMemo;
  const key = memo === excerptMemo ? `${Math.trunc(length)}\u0000${rawContent}` : generated ? rawContent : rawExcerpt;
  return memo.through(key, () => {
    const text = generated ? generateExcerpt(rawContent, length) : rawExcerpt;
    return shortcodeUnautop(wpautop(convertChars(wptexturize(text))));
  });
}
