// ---------------------------------------------------------------------------------------------
// PHP compatibility helpers
// ---------------------------------------------------------------------------------------------

/** PCRE's `\s` without the `u` flag. */
export const S = '[ \\t\\n\\v\\f\\r]';
/** wp_spaces_regexp(): `[\r\n\t ]|\xC2\xA0|&nbsp;`. */
export const SP = '(?:[\\r\\n\\t ]|\\u00A0|&nbsp;)';

const PHP_TRIM_CHARS = ' \t\n\r\0\v';

/** PHP trim() with its default character list (or a given one). */
export function phpTrim(text: string, chars: string = PHP_TRIM_CHARS): string {
  let start = 0;
  let end = text.length;
  while (start < end && chars.includes(text[start]!)) start++;
  while (end > start && chars.includes(text[end - 1]!)) end--;
  return start === 0 && end === text.length ? text : text.slice(start, end);
}

/** PHP str_replace() with one search string. */
export function replaceAll(text: string, search: string, replacement: string): string {
  return text.includes(search) ? text.split(search).join(replacement) : text;
}

/** PHP str_replace() with arrays: each pair applied in turn to the result of the previous one. */
export function replacePairs(text: string, pairs: ReadonlyArray<readonly [string, string]>): string {
  for (const [search, replacement] of pairs) text = replaceAll(text, search, replacement);
  return text;
}

/** PHP strtr() with an array: longest match first, never re-scanning replaced text. */
export function strtr(text: string, pairs: ReadonlyArray<readonly [string, string]>): string {
  if (!pairs.some(([from]) => text.includes(from))) return text;
  const sorted = [...pairs].sort((a, b) => b[0].length - a[0].length);
  let out = '';
  let i = 0;
  outer: while (i < text.length) {
    for (const [from, to] of sorted) {
      if (from !== '' && text.startsWith(from, i)) {
        out += to;
        i += from.length;
        continue outer;
      }
    }
    out += text[i];
    i++;
  }
  return out;
}

/** PHP's empty() for strings: '' and '0' are empty. */
export function phpEmpty(text: string): boolean {
  return text === '' || text === '0';
}

/** C isspace() in the "C" locale. */
export function isCSpace(ch: string | undefined): boolean {
  return ch === ' ' || ch === '\t' || ch === '\n' || ch === '\v' || ch === '\f' || ch === '\r';
}

/** Splits like preg_split with PREG_SPLIT_DELIM_CAPTURE on a regex capturing its whole match. */
export function splitWithDelimiters(text: string, re: RegExp): string[] {
  const parts: string[] = [];
  let last = 0;
  re.lastIndex = 0;
  let m: RegExpExecArray | null;
  while ((m = re.exec(text)) !== null) {
    if (m[0] === '') {
      re.lastIndex++;
      continue;
    }
    parts.push(text.slice(last, m.index), m[0]);
    last = m.index + m[0].length;
  }
  parts.push(text.slice(last));
  return parts;
}

export function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\/-]/g, '\\$&');
}
