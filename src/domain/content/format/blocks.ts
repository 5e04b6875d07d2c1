import { phpEmpty } from './php';
import { addClassToFirstTag } from './tag-processor';

// ---------------------------------------------------------------------------------------------
// Blocks: has_blocks(), parse_blocks() (WP_Block_Parser), render_block() for static blocks
// ---------------------------------------------------------------------------------------------

/** has_blocks(): the text contains `<!-- wp:`. */
export function hasBlocks(raw: string): boolean {
  return raw.includes('<!-- wp:');
}

/** content.block_version: 1 when the text holds block markup, else 0. */
export function blockVersion(raw: string): number {
  return hasBlocks(raw) ? 1 : 0;
}

export interface ParsedBlock {
  /** `core/paragraph`, …; null for freeform HTML between blocks. */
  blockName: string | null;
  /** The raw JSON of the delimiter's attributes ('' when none); not decoded here. */
  attrsJson: string;
  innerBlocks: ParsedBlock[];
  innerHTML: string;
  /** Strings and null placeholders where inner blocks go. */
  innerContent: Array<string | null>;
}

const WS_CLASS = '[ \\t\\n\\v\\f\\r]';
/** WP_Block_Parser::next_token()'s delimiter pattern; its possessive attribute loop is emulated. */
const BLOCK_TOKEN_RE = new RegExp(
  `<!--${WS_CLASS}+(\\/)?wp:([a-z][a-z0-9_-]*\\/)?([a-z][a-z0-9_-]*)${WS_CLASS}+` +
    `(\\{(?=((?:[^}]+|\\}+(?=\\})|(?!\\}${WS_CLASS}+\\/?-->)[\\s\\S])*))\\5\\}${WS_CLASS}+)?(\\/)?-->`,
  'g',
);

interface Frame {
  block: ParsedBlock;
  tokenStart: number;
  tokenLength: number;
  prevOffset: number;
  leadingHtmlStart: number | null;
}

function newBlock(name: string | null, attrsJson: string, html = ''): ParsedBlock {
  return { blockName: name, attrsJson, innerBlocks: [], innerHTML: html, innerContent: name === null ? [html] : [] };
}

/** parse_blocks(): the block tree, as WP_Block_Parser builds it (including its handling of broken markup). */
export function parseBlocks(document: string): ParsedBlock[] {
  const output: ParsedBlock[] = [];
  const stack: Frame[] = [];
  let offset = 0;

  const addFreeform = (): void => {
    const length = document.length - offset;
    if (length === 0) return;
    output.push(newBlock(null, '', document.slice(offset)));
  };
  const addInnerBlock = (block: ParsedBlock, tokenStart: number, tokenLength: number, lastOffset?: number): void => {
    const parent = stack[stack.length - 1]!;
    parent.block.innerBlocks.push(block);
    const html = document.slice(parent.prevOffset, tokenStart);
    if (!phpEmpty(html)) {
      parent.block.innerHTML += html;
      parent.block.innerContent.push(html);
    }
    parent.block.innerContent.push(null);
    parent.prevOffset = lastOffset ? lastOffset : tokenStart + tokenLength;
  };
  const addBlockFromStack = (endOffset?: number): void => {
    const top = stack.pop()!;
    const html = endOffset !== undefined ? document.slice(top.prevOffset, endOffset) : document.slice(top.prevOffset);
    if (!phpEmpty(html)) {
      top.block.innerHTML += html;
      top.block.innerContent.push(html);
    }
    if (top.leadingHtmlStart !== null) {
      output.push(newBlock(null, '', document.slice(top.leadingHtmlStart, top.tokenStart)));
    }
    output.push(top.block);
  };

  for (;;) {
    BLOCK_TOKEN_RE.lastIndex = offset;
    const m = BLOCK_TOKEN_RE.exec(document);
    const depth = stack.length;

    if (m === null) {
      if (depth === 0) {
        addFreeform();
      } else if (depth === 1) {
        addBlockFromStack();
      } else {
        while (stack.length > 0) addBlockFromStack();
      }
      return output;
    }

    const startOffset = m.index;
    const tokenLength = m[0].length;
    const isCloser = m[1] !== undefined;
    const name = (m[2] ?? 'core/') + m[3]!;
    const attrsJson = m[4] !== undefined ? m[4].replace(new RegExp(`${WS_CLASS}+$`), '') : '';
    const isVoid = m[6] !== undefined;
    const leadingHtmlStart = startOffset > offset ? offset : null;

    if (isVoid) {
      if (depth === 0) {
        if (leadingHtmlStart !== null) output.push(newBlock(null, '', document.slice(leadingHtmlStart, startOffset)));
        output.push(newBlock(name, attrsJson));
      } else {
        addInnerBlock(newBlock(name, attrsJson), startOffset, tokenLength);
      }
      offset = startOffset + tokenLength;
      continue;
    }

    if (!isCloser) {
      stack.push({
        block: newBlock(name, attrsJson),
        tokenStart: startOffset,
        tokenLength,
        prevOffset: startOffset + tokenLength,
        leadingHtmlStart,
      });
      offset = startOffset + tokenLength;
      continue;
    }

    // Block closer.
    if (depth === 0) {
      // A closer with nothing open: the parser gives up and the rest is freeform HTML.
      addFreeform();
      return output;
    }
    if (depth === 1) {
      addBlockFromStack(startOffset);
      offset = startOffset + tokenLength;
      continue;
    }
    const top = stack.pop()!;
    const html = document.slice(top.prevOffset, startOffset);
    top.block.innerHTML += html;
    top.block.innerContent.push(html);
    top.prevOffset = startOffset + tokenLength;
    addInnerBlock(top.block, top.tokenStart, top.tokenLength, startOffset + tokenLength);
    offset = startOffset + tokenLength;
  }
}

const HEADING_TAGS = new Set(['H1', 'H2', 'H3', 'H4', 'H5', 'H6']);
const LIST_TAGS = new Set(['OL', 'UL']);

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

const BLOCK_DELIMITERS_RE = new RegExp(BLOCK_TOKEN_RE.source, 'g');

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
