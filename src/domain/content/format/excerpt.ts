import { parseBlocks } from './block-parser';
import type { ParsedBlock } from './block-parser';
import { hasBlocks, removeBlockDelimiters, renderBlock, withinRenderBudget } from './blocks';
import { replaceAll, replacePairs, S } from './php';
import { stripShortcodes } from './shortcodes';
import { theContentAfterBlocks } from './the-content';
import { wpTrimWords } from './trim-words';

// ---------------------------------------------------------------------------------------------
// Excerpts: excerpt_remove_blocks(), excerpt_remove_footnotes(), wp_trim_excerpt()
// ---------------------------------------------------------------------------------------------


const EXCERPT_ALLOWED_INNER = new Set<string | null>([
  null,
  'core/freeform',
  'core/heading',
  'core/html',
  'core/list',
  'core/media-text',
  'core/paragraph',
  'core/preformatted',
  'core/pullquote',
  'core/quote',
  'core/table',
  'core/verse',
]);
const EXCERPT_ALLOWED_WRAPPERS = new Set<string | null>(['core/columns', 'core/column', 'core/group']);

function isExcerptAllowed(name: string | null): boolean {
  return EXCERPT_ALLOWED_INNER.has(name) || EXCERPT_ALLOWED_WRAPPERS.has(name);
}

function excerptRenderInnerBlocks(block: ParsedBlock): string {
  let out = '';
  for (const inner of block.innerBlocks) {
    if (!isExcerptAllowed(inner.blockName)) continue;
    out += inner.innerBlocks.length === 0 ? renderBlock(inner) : excerptRenderInnerBlocks(inner);
  }
  return out;
}

/** excerpt_remove_blocks(): keeps only text-like blocks (and the text inside columns/groups). */
export function excerptRemoveBlocks(content: string): string {
  if (!hasBlocks(content)) return content;
  const blocks = parseBlocks(content);
  if (!withinRenderBudget(blocks, content)) return removeBlockDelimiters(content);
  let out = '';
  for (const block of blocks) {
    if (!isExcerptAllowed(block.blockName)) continue;
    if (block.innerBlocks.length > 0) {
      if (EXCERPT_ALLOWED_WRAPPERS.has(block.blockName)) {
        out += excerptRenderInnerBlocks(block);
        continue;
      }
      // Skip the block if it has disallowed or nested inner blocks.
      if (block.innerBlocks.some((inner) => !EXCERPT_ALLOWED_INNER.has(inner.blockName) || inner.innerBlocks.length > 0)) continue;
    }
    out += renderBlock(block);
  }
  return out;
}

const FOOTNOTE_RE = new RegExp(`<sup data-fn="[^"]+" class="[^"]+">${S}*<a href="[^"]+" id="[^"]+">\\d+<\\/a>${S}*<\\/sup>`, 'g');

/** excerpt_remove_footnotes(). */
function excerptRemoveFootnotes(content: string): string {
  return content.includes('data-fn=') ? content.replace(FOOTNOTE_RE, '') : content;
}

/** `<!--more(.*?)?-->`; JavaScript refuses an empty iteration of `(…)?`, so the group is plain here. */
const MORE_RE = /<!--more([^\n]*?)-->/;
const MORE_BLOCK_RE = /<!-- \/?wp:more([^\n]*?) -->/g;

/**
 * The text get_the_content( '', false, $post ) gives wp_trim_excerpt() in a REST request: the
 * first page (before <!--nextpage-->) and, when there is a <!--more--> tag, only the teaser.
 */
function excerptSourceContent(content: string): string {
  if (content.includes('<!--nextpage-->')) {
    content = replacePairs(content, [
      ['\n<!--nextpage-->\n', '<!--nextpage-->'],
      ['\n<!--nextpage-->', '<!--nextpage-->'],
      ['<!--nextpage-->\n', '<!--nextpage-->'],
      ['<!-- wp:nextpage -->', ''],
      ['<!-- /wp:nextpage -->', ''],
    ]);
    if (content.startsWith('<!--nextpage-->')) content = content.slice(15);
    content = content.split('<!--nextpage-->')[0]!;
  }
  const more = MORE_RE.exec(content);
  if (more) {
    if (hasBlocks(content) && (content.includes('<!-- wp:core/more ') || content.includes('<!-- wp:more '))) {
      content = content.replace(MORE_BLOCK_RE, '');
    }
    const at = content.indexOf(more[0]);
    if (at !== -1) content = content.slice(0, at);
  }
  return content;
}

/** wp_trim_excerpt() for an empty stored excerpt: the excerpt made from the content. */
export function generateExcerpt(rawContent: string, length: number): string {
  let text = excerptSourceContent(rawContent);
  text = stripShortcodes(text);
  text = excerptRemoveBlocks(text);
  text = excerptRemoveFootnotes(text);
  // the_content without do_blocks, so wpautop runs even for block content.
  text = theContentAfterBlocks(text, true);
  text = replaceAll(text, ']]>', ']]&gt;');
  return wpTrimWords(text, length, ' [&hellip;]');
}
