import { parseBlocks } from './block-parser';
import type { ParsedBlock } from './block-parser';
import { phpEmpty } from './php';
import { addClassToFirstTag } from './tag-processor';

// ---------------------------------------------------------------------------------------------
// Blocks: has_blocks(), render_block() for static blocks, do_blocks()
// ---------------------------------------------------------------------------------------------

/** has_blocks(): the text contains `<!-- wp:`. */
export function hasBlocks(raw: string): boolean {
  return raw.includes('<!-- wp:');
}

/** content.block_version: 1 when the text holds block markup, else 0. */
export function blockVersion(raw: string): number {
  return hasBlocks(raw) ? 1 : 0;
}

const WS_CLASS = '[ \\t\\n\\v\\f\\r]';
/**
 * WP_Block_Parser::next_token()'s delimiter pattern (its possessive attribute loop emulated), used
 * only to strip delimiters from trees over the render budget.
 */
const BLOCK_DELIMITERS_RE = new RegExp(
  `<!--${WS_CLASS}+(\\/)?wp:([a-z][a-z0-9_-]*\\/)?([a-z][a-z0-9_-]*)${WS_CLASS}+` +
    `(\\{(?=((?:[^}]+|\\}+(?=\\})|(?!\\}${WS_CLASS}+\\/?-->)[\\s\\S])*))\\5\\}${WS_CLASS}+)?(\\/)?-->`,
  'g',
);

const HEADING_TAGS = new Set(['h1', 'h2', 'h3', 'h4', 'h5', 'h6']);
const LIST_TAGS = new Set(['ol', 'ul']);

/** render_block() for static blocks; core/heading and core/list get their render callbacks' class. */
export function renderBlock(block: ParsedBlock): string {
  let content = '';
  let index = 0;
  for (const chunk of block.innerContent) {
    if (chunk === null) {
      const inner = block.innerBlocks[index++];
      if (inner) content += renderBlock(inner);
    } else {
      content += chunk;
    }
  }
  if (block.blockName === 'core/heading' && !phpEmpty(content)) return addClassToFirstTag(content, HEADING_TAGS, 'wp-block-heading');
  if (block.blockName === 'core/list' && !phpEmpty(content)) return addClassToFirstTag(content, LIST_TAGS, 'wp-block-list');
  return content;
}

/**
 * Whether a parsed tree is safe to render. Unclosed nested blocks make WP_Block_Parser copy the
 * rest of the document into every one of them, so the output can grow with the square of the
 * input (WordPress then runs out of memory); very deep nesting would exhaust the stack here.
 */
export function withinRenderBudget(blocks: ParsedBlock[], raw: string): boolean {
  const budget = 4 * raw.length + 262144;
  let size = 0;
  const stack: Array<[ParsedBlock, number]> = blocks.map((block) => [block, 1]);
  while (stack.length > 0) {
    const [block, depth] = stack.pop()!;
    if (depth > 512) return false;
    for (const chunk of block.innerContent) if (chunk !== null) size += chunk.length;
    if (size > budget) return false;
    for (const inner of block.innerBlocks) stack.push([inner, depth + 1]);
  }
  return true;
}

/** Fallback for trees over budget: the text with its block delimiters removed. */
export function removeBlockDelimiters(content: string): string {
  return content.replace(BLOCK_DELIMITERS_RE, '');
}

/** do_blocks(): renders every top-level block and concatenates the results. */
export function doBlocks(content: string): string {
  if (!hasBlocks(content)) return content;
  const blocks = parseBlocks(content);
  if (!withinRenderBudget(blocks, content)) return removeBlockDelimiters(content);
  let out = '';
  for (const block of blocks) out += renderBlock(block);
  return out;
}
