import { replaceAll, replacePairs } from './php';

// ---------------------------------------------------------------------------------------------
// convert_chars(), capital_P_dangit()
// ---------------------------------------------------------------------------------------------

/**
 * `/&([^#])(?![a-z1-4]{1,8};)/i` works on bytes in PHP: when a multibyte character follows the
 * `&`, `[^#]` takes its first byte and the lookahead sees a continuation byte, so it always matches.
 */
const CONVERT_CHARS_RE = /&(?:([^#\u0080-\uffff])(?![a-z1-4]{1,8};)|([\u0080-\uffff]))/gi;

/** convert_chars(): a bare `&` becomes `&#038;`. */
export function convertChars(content: string): string {
  return content.includes('&') ? content.replace(CONVERT_CHARS_RE, '&#038;$1$2') : content;
}

const DANGIT_PAIRS: ReadonlyArray<readonly [string, string]> = [
  [' Wordpress', ' WordPress'],
  ['&#8216;Wordpress', '&#8216;WordPress'],
  ['&#8220;Wordpress', '&#8220;WordPress'],
  ['>Wordpress', '>WordPress'],
  ['(Wordpress', '(WordPress'],
];

/** capital_P_dangit(): `the_title` replaces every "Wordpress"; other filters only after a space, quote, `>` or `(`. */
export function capitalPDangit(text: string, isTitle: boolean): string {
  if (!text.includes('Wordpress')) return text;
  return isTitle ? replaceAll(text, 'Wordpress', 'WordPress') : replacePairs(text, DANGIT_PAIRS);
}
