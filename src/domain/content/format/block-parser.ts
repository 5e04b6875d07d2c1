import { parse } from '@wordpress/block-serialization-default-parser';

// ---------------------------------------------------------------------------------------------
// parse_blocks(): WordPress's own JavaScript port of WP_Block_Parser, with two corrections where it
// differs from the PHP parser (test/unit/block-parser-package.test.ts names both).
// ---------------------------------------------------------------------------------------------

export type ParsedBlock = ReturnType<typeof parse>[number];

/*
 * 1. Whitespace. The delimiter pattern's `\s` is ASCII in PHP ([ \t\n\v\f\r]: PCRE works on bytes)
 *    but Unicode in JavaScript, so `<!--\u00a0wp:a -->` is a block only to the package. Those extra
 *    spaces are swapped for two-character private-use escapes before parsing and back afterwards;
 *    the parser only cuts text at `<!--` and `-->`, never inside an escape.
 */
const UNICODE_ONLY_SPACES = '\u00a0\u1680\u2000\u2001\u2002\u2003\u2004\u2005\u2006\u2007\u2008\u2009\u200a\u2028\u2029\u202f\u205f\u3000\ufeff';
const ESCAPE = '\ue000';
const NEEDS_ESCAPING = new RegExp(`[${ESCAPE}${UNICODE_ONLY_SPACES}]`);
const ESCAPABLE = new RegExp(`[${ESCAPE}${UNICODE_ONLY_SPACES}]`, 'g');
const ESCAPED = new RegExp(`${ESCAPE}([\\s\\S])`, 'g');
/** The escape character itself is written as its escape followed by "a", the spaces by "b", "c"… in the order above (letters never start or end a delimiter). */
const CODES = ESCAPE + UNICODE_ONLY_SPACES;

function escapeSpaces(text: string): string {
  return text.replace(ESCAPABLE, (ch) => ESCAPE + String.fromCharCode(0x61 + CODES.indexOf(ch)));
}

function unescapeSpaces(text: string): string {
  return text.includes(ESCAPE) ? text.replace(ESCAPED, (_, code: string) => CODES[code.charCodeAt(0) - 0x61]!) : text;
}

function unescapeValue(value: unknown): unknown {
  if (typeof value === 'string') return unescapeSpaces(value);
  if (Array.isArray(value)) return value.map(unescapeValue);
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([key, inner]) => [unescapeSpaces(key), unescapeValue(inner)]));
  }
  return value;
}

function unescapeBlock(block: ParsedBlock): void {
  block.innerHTML = unescapeSpaces(block.innerHTML);
  block.innerContent = block.innerContent.map((chunk) => (chunk === null ? null : unescapeSpaces(chunk)));
  block.attrs = unescapeValue(block.attrs) as ParsedBlock['attrs'];
  block.innerBlocks.forEach(unescapeBlock);
}

/*
 * 2. The HTML chunk "0". WP_Block_Parser keeps a chunk only when `! empty( $html )`, and PHP's
 *    empty() is true for "0"; the package tests `if ( html )`. The chunks it tests are the HTML
 *    before each inner block and the last chunk of a block closed at the top level (a block
 *    closed inside another keeps its last chunk, even '', in both). innerHTML is the
 *    concatenation of the string chunks, so it is rebuilt.
 */
function dropZeroChunks(block: ParsedBlock, topLevel: boolean): void {
  const content = block.innerContent;
  if (content.includes('0')) {
    const last = content.length - 1;
    const kept = content.filter((chunk, i) => chunk !== '0' || (i < last ? content[i + 1] !== null : !topLevel));
    if (kept.length !== content.length) {
      block.innerContent = kept;
      block.innerHTML = kept.filter((chunk): chunk is string => chunk !== null).join('');
    }
  }
  for (const inner of block.innerBlocks) dropZeroChunks(inner, false);
}

/** parse_blocks(): the block tree, as WP_Block_Parser builds it (including its handling of broken markup). */
export function parseBlocks(document: string): ParsedBlock[] {
  const escaped = NEEDS_ESCAPING.test(document);
  const blocks = parse(escaped ? escapeSpaces(document) : document);
  for (const block of blocks) {
    if (escaped) unescapeBlock(block);
    if (block.blockName !== null) dropZeroChunks(block, true);
  }
  return blocks;
}
