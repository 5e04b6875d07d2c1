/**
 * How WordPress turns stored post text into the REST API's `rendered` values.
 *
 * Our own TypeScript re-implementation of WordPress 6.9's display filters (formatting.php,
 * shortcodes.php, blocks.php, post-template.php, the HTML tag processor), written to give
 * byte-identical output for the parts it covers; it was checked against WordPress's own functions
 * on several hundred thousand generated inputs. PHP's regular expressions work on bytes without
 * the `u` flag, so every class here is ASCII-only on purpose: `\s` in PHP is [ \t\n\v\f\r]
 * (JavaScript's `\s` also matches NBSP and other Unicode spaces), PHP's trim() strips
 * " \t\n\r\0\v", and PHP's `$` also matches before a final newline.
 *
 * Chains reproduced (REST `prepare_item_for_response`):
 *  - title.rendered   = the_title:   wptexturize, convert_chars, trim, capital_P_dangit (titles).
 *  - content.rendered = the_content: do_blocks (static blocks, plus the render callbacks of
 *    core/heading and core/list, which add `wp-block-heading` / `wp-block-list`), wptexturize,
 *    wpautop (removed for block content, as do_blocks does), shortcode_unautop, capital_P_dangit.
 *  - excerpt.rendered = get_the_excerpt (wp_trim_excerpt: first page and teaser of the content,
 *    strip_shortcodes, excerpt_remove_blocks, excerpt_remove_footnotes, the_content without
 *    do_blocks, wp_trim_words with ` [&hellip;]`) then the_excerpt: wptexturize, convert_chars,
 *    wpautop, shortcode_unautop.
 *
 * Not reproduced (site- or plugin-dependent, or needing I/O):
 *  - convert_smilies (depends on the site URL and the use_smilies option): `:)` stays as text.
 *  - do_shortcode / WP_Embed: shortcodes are left as written. Stock WordPress registers caption,
 *    wp_caption, gallery, playlist, audio, video and embed; those names are treated as registered
 *    (wptexturize leaves them alone, shortcode_unautop unwraps them, excerpts strip them), but
 *    their HTML output is not generated. Unregistered shortcodes are plain text, as in WordPress.
 *  - dynamic blocks other than core/heading and core/list, block supports that render_block
 *    filters add (layout classes on group/columns, duotone, …), block hooks and bindings.
 *  - wp_filter_content_tags (loading/decoding/srcset attributes on img/iframe),
 *    wp_replace_insecure_home_url, prepend_attachment, force_balance_tags on excerpt teasers.
 *  - named character references other than &amp; &quot; &apos; &lt; &gt; inside a class
 *    attribute that gets `wp-block-heading`/`wp-block-list` stay as written (WordPress decodes them).
 *
 * Deliberate limits: markup whose block tree would render to far more than its own size (nested
 * unclosed blocks, which make WP_Block_Parser copy the rest of the document into each of them and
 * WordPress run out of memory) or nests deeper than 512 blocks is rendered with its block
 * delimiters removed instead. Every scan here is linear or close to it on hostile input; where a
 * PHP regex would rescan the rest of the text for each candidate, the match is done by hand.
 *
 * The three render functions memoise their results in bounded LRU maps (the same stored text is
 * rendered on every read).
 */

// ---------------------------------------------------------------------------------------------
// PHP compatibility helpers
// ---------------------------------------------------------------------------------------------

/** PCRE's `\s` without the `u` flag. */
const S = '[ \\t\\n\\v\\f\\r]';
/** wp_spaces_regexp(): `[\r\n\t ]|\xC2\xA0|&nbsp;`. */
const SP = '(?:[\\r\\n\\t ]|\\u00A0|&nbsp;)';

const PHP_TRIM_CHARS = ' \t\n\r\0\v';

/** PHP trim() with its default character list (or a given one). */
function phpTrim(text: string, chars: string = PHP_TRIM_CHARS): string {
  let start = 0;
  let end = text.length;
  while (start < end && chars.includes(text[start]!)) start++;
  while (end > start && chars.includes(text[end - 1]!)) end--;
  return start === 0 && end === text.length ? text : text.slice(start, end);
}

/** PHP str_replace() with one search string. */
function replaceAll(text: string, search: string, replacement: string): string {
  return text.includes(search) ? text.split(search).join(replacement) : text;
}

/** PHP str_replace() with arrays: each pair applied in turn to the result of the previous one. */
function replacePairs(text: string, pairs: ReadonlyArray<readonly [string, string]>): string {
  for (const [search, replacement] of pairs) text = replaceAll(text, search, replacement);
  return text;
}

/** PHP strtr() with an array: longest match first, never re-scanning replaced text. */
function strtr(text: string, pairs: ReadonlyArray<readonly [string, string]>): string {
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
function phpEmpty(text: string): boolean {
  return text === '' || text === '0';
}

/** C isspace() in the "C" locale. */
function isCSpace(ch: string | undefined): boolean {
  return ch === ' ' || ch === '\t' || ch === '\n' || ch === '\v' || ch === '\f' || ch === '\r';
}

/** Splits like preg_split with PREG_SPLIT_DELIM_CAPTURE on a regex capturing its whole match. */
function splitWithDelimiters(text: string, re: RegExp): string[] {
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

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\/-]/g, '\\$&');
}

// ---------------------------------------------------------------------------------------------
// Shortcode registry (stock WordPress) and shortcode regexes
// ---------------------------------------------------------------------------------------------

/** Shortcodes a stock WordPress registers, in registration order (media.php, then WP_Embed). */
const REGISTERED_SHORTCODES: readonly string[] = ['wp_caption', 'caption', 'gallery', 'playlist', 'audio', 'video', 'embed'];
const REGISTERED_SET = new Set(REGISTERED_SHORTCODES);

/** `@\[/?([^<>&/\[\]\x00-\x20=]++)@` (wptexturize) and `@\[([^<>&/\[\]\x00-\x20=]++)@` (strip_shortcodes). */
// eslint-disable-next-line no-control-regex
const SHORTCODE_NAME_SCAN_WITH_CLOSERS = /\[\/?([^<>&/[\]\x00-\x20=]+)/g;
// eslint-disable-next-line no-control-regex
const SHORTCODE_NAME_SCAN = /\[([^<>&/[\]\x00-\x20=]+)/g;

/** Registered tag names found by a name scan, in registration order (array_intersect). */
function registeredTagsIn(text: string, scan: RegExp): string[] {
  if (!text.includes('[')) return [];
  const found = new Set<string>();
  scan.lastIndex = 0;
  let m: RegExpExecArray | null;
  while ((m = scan.exec(text)) !== null) {
    if (REGISTERED_SET.has(m[1]!)) found.add(m[1]!);
  }
  return REGISTERED_SHORTCODES.filter((tag) => found.has(tag));
}

/**
 * get_shortcode_regex(): groups 1 `[` escape, 2 name, 3 attributes, 4 self-closing `/`,
 * 5 enclosed content, 6 `]` escape. Possessive quantifiers of the PHP pattern are plain here:
 * every loop consumes a unique partition, so backtracking cannot change what matches.
 * `enclosing` false gives the same pattern for a tag with no `[/tag]` after it (group 5 never
 * matches), which spares a scan to the end of the text for every opener.
 */
function shortcodeTail(enclosing: boolean): string {
  const enclosed = enclosing ? '([^\\[]*(?:\\[(?!\\/\\2\\])[^\\[]*)*)' : '((?!))';
  return '([^\\]\\/]*(?:\\/(?!\\])[^\\]\\/]*)*?)' + '(?:(\\/)\\]|\\](?:' + enclosed + '\\[\\/\\2\\])?)' + '(\\]?)';
}

interface ShortcodeMatcher {
  /** Finds where a match can start; group `tagGroup` is the tag name. */
  opener: RegExp;
  tagGroup: number;
  full: RegExp;
  bare: RegExp;
}

const shortcodeMatcherCache = new Map<string, ShortcodeMatcher>();
function shortcodeMatcher(tags: readonly string[]): ShortcodeMatcher {
  const key = tags.join('|');
  let matcher = shortcodeMatcherCache.get(key);
  if (!matcher) {
    const head = '\\[(\\[?)(' + tags.map(escapeRegExp).join('|') + ')(?![\\w-])';
    matcher = {
      opener: new RegExp(head, 'g'),
      tagGroup: 2,
      full: new RegExp(head + shortcodeTail(true), 'y'),
      bare: new RegExp(head + shortcodeTail(false), 'y'),
    };
    shortcodeMatcherCache.set(key, matcher);
  }
  return matcher;
}

/**
 * Replaces every match like preg_replace_callback() would, trying the full pattern only where a
 * closing `[/tag]` still follows and giving up once no `]` is left.
 */
function replaceShortcodeMatches(text: string, matcher: ShortcodeMatcher, replacer: (m: RegExpExecArray) => string): string {
  const lastBracket = text.lastIndexOf(']');
  if (lastBracket === -1) return text;
  const lastClose = new Map<string, number>();
  const { opener, full, bare } = matcher;
  opener.lastIndex = 0;
  let out = '';
  let last = 0;
  let candidate: RegExpExecArray | null;
  while ((candidate = opener.exec(text)) !== null) {
    const at = candidate.index;
    if (at > lastBracket) break;
    const tag = candidate[matcher.tagGroup]!;
    let close = lastClose.get(tag);
    if (close === undefined) {
      close = text.lastIndexOf(`[/${tag}]`);
      lastClose.set(tag, close);
    }
    const re = close > at ? full : bare;
    re.lastIndex = at;
    const m = re.exec(text);
    if (m === null) {
      opener.lastIndex = at + 1;
      continue;
    }
    out += text.slice(last, at) + replacer(m);
    last = at + m[0].length;
    opener.lastIndex = last;
  }
  return last === 0 && out === '' ? text : out + text.slice(last);
}

// ---------------------------------------------------------------------------------------------
// wp_html_split()
// ---------------------------------------------------------------------------------------------

const HTML_COMMENT_BODY = '!(?:-(?!->)[^-]*)*(?:-->)?';
const HTML_CDATA_BODY = '!\\[CDATA\\[[^\\]]*(?:\\](?!\\]>)[^\\]]*)*(?:\\]\\]>)?';

/** get_html_split_regex(): an element, a comment or a CDATA section (unterminated ones run to the end). */
const HTML_SPLIT_RE = new RegExp(
  '<(?:(?=!--)' + HTML_COMMENT_BODY + '|(?=!\\[CDATA\\[)' + HTML_CDATA_BODY + '|(?!!--|!\\[CDATA\\[)[^>]*>?)',
  'g',
);

/** wp_html_split(): text and elements alternate; elements are at the odd indexes. */
function wpHtmlSplit(text: string): string[] {
  return splitWithDelimiters(text, HTML_SPLIT_RE);
}

/** wp_replace_in_html_tags() with a single pair. */
function replaceInHtmlTags(haystack: string, needle: string, replacement: string): string {
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

// ---------------------------------------------------------------------------------------------
// wptexturize()
// ---------------------------------------------------------------------------------------------

const OPEN_Q_FLAG = '<!--oq-->';
const OPEN_SQ_FLAG = '<!--osq-->';
const APOS_FLAG = '<!--apos-->';
const OPENING_QUOTE = '&#8220;';
const CLOSING_QUOTE = '&#8221;';
const APOS = '&#8217;';
const PRIME = '&#8242;';
const DOUBLE_PRIME = '&#8243;';
const OPENING_SINGLE_QUOTE = '&#8216;';
const CLOSING_SINGLE_QUOTE = '&#8217;';
const EN_DASH = '&#8211;';
const EM_DASH = '&#8212;';

const NO_TEXTURIZE_TAGS: readonly string[] = ['pre', 'code', 'kbd', 'style', 'script', 'tt'];
const NO_TEXTURIZE_SHORTCODES: readonly string[] = ['code'];

const COCKNEY = ["'tain't", "'twere", "'twas", "'tis", "'twill", "'til", "'bout", "'nuff", "'round", "'cause", "'em"];
const COCKNEY_REPLACE = COCKNEY.map((word) => word.replace(/'/g, '&#8217;'));

const STATIC_PAIRS: ReadonlyArray<readonly [string, string]> = [
  ['...', '&#8230;'],
  ['``', OPENING_QUOTE],
  ["''", CLOSING_QUOTE],
  [' (tm)', ' &#8482;'],
  ...COCKNEY.map((word, i) => [word, COCKNEY_REPLACE[i]!] as const),
];

/** Whether any static pair can apply (the cockney words all start with an apostrophe). */
const STATIC_TEST = /\.\.\.|``|''| \(tm\)|'(?:tain't|twere|twas|tis|twill|til|bout|nuff|round|cause|em)/;

/** PHP `\Z`: end of subject, or before a final newline. */
const END_Z = '\\n?$';

/*
 * The lookbehinds of the PHP patterns are moved after the quote or dash they guard
 * (`(?<=X)'` becomes `'(?<=X')`): same matches, but V8 can then scan for the literal first,
 * which makes these replacements about ten times faster.
 */
const DYNAMIC_APOS: ReadonlyArray<readonly [RegExp, string]> = [
  // '99' and '99" are ambiguous; assume an abbreviated year at the end of a quotation.
  [new RegExp(`'(\\d\\d)'(?=${END_Z}|[.,:;!?)}\\-\\]]|&gt;|${SP})`, 'g'), `${APOS_FLAG}$1${CLOSING_SINGLE_QUOTE}`],
  [new RegExp(`'(\\d\\d)"(?=${END_Z}|[.,:;!?)}\\-\\]]|&gt;|${SP})`, 'g'), `${APOS_FLAG}$1${CLOSING_QUOTE}`],
  // '99 '99s '99's (apostrophe), but never '9 or '99% or '999 or '99.0.
  [new RegExp(`'(?=\\d\\d(?:${END_Z}|(?![%\\d]|[.,]\\d)))`, 'g'), APOS_FLAG],
  // Quoted numbers like '0.42'.
  [new RegExp(`'(?<=(?:^|${SP})')(\\d[.,\\d]*)'`, 'g'), `${OPEN_SQ_FLAG}$1${CLOSING_SINGLE_QUOTE}`],
  // Single quote at start, or preceded by (, {, <, [, ", -, or spaces.
  [new RegExp(`'(?<=(?:^|[([{"\\-]|&lt;|${SP})')`, 'g'), OPEN_SQ_FLAG],
  // Apostrophe in a word.
  [new RegExp(`'(?<!${SP}')(?!${END_Z}|[.,:;!?"'(){}[\\]\\-]|&[lg]t;|${SP})`, 'g'), APOS_FLAG],
];

const DYNAMIC_QUOTE: ReadonlyArray<readonly [RegExp, string]> = [
  // Quoted numbers like "42".
  [new RegExp(`"(?<=(?:^|${SP})")(\\d[.,\\d]*)"`, 'g'), `${OPEN_Q_FLAG}$1${CLOSING_QUOTE}`],
  // Double quote at start, or preceded by (, {, <, [, -, or spaces, and not followed by spaces.
  [new RegExp(`"(?<=(?:^|[([{\\-]|&lt;|${SP})")(?!${SP})`, 'g'), OPEN_Q_FLAG],
];

/** Dashes: `---`, spaced `--`, other `--` (not in `xn--` IDN labels), spaced `-`; the first three need `--`. */
const DASH_DOUBLE: ReadonlyArray<readonly [RegExp, string]> = [
  [/---/g, EM_DASH],
  [new RegExp(`--(?<=(?:^|${SP})--)(?=$|${SP})`, 'g'), EM_DASH],
  [/--(?<!xn--)/g, EN_DASH],
];
const DASH_SINGLE = new RegExp(`-(?<=(?:^|${SP})-)(?=$|${SP})`, 'g');

const TIMES_TEST = /x(?<=\dx)\d/;
/** `\b(\d(?(?<=0)[\d\.,]+|[\d\.,]*))x(\d[\d\.,]*)\b`: 9x9, but never 0x9999. */
const TIMES_RE = /\b(\d(?:(?<=0)[\d.,]+|(?<!0)[\d.,]*))x(\d[\d.,]*)\b/g;
const LONE_AMP_RE = /&(?!#(?:\d+|x[a-f0-9]+);|[a-z1-4]{1,8};)/gi;

const PRIME_FLAG = '<!--wp-prime-or-quote-->';
const PRIME_PATTERNS = {
  "'": {
    quote: new RegExp(`'(?=${END_Z}|[.,:;!?)}\\-\\]]|&gt;|${SP})`, 'g'),
    prime: /'(?<=\d')/g,
  },
  '"': {
    quote: new RegExp(`"(?=${END_Z}|[.,:;!?)}\\-\\]]|&gt;|${SP})`, 'g'),
    prime: /"(?<=\d")/g,
  },
} as const;
const FLAG_AFTER_DIGIT = new RegExp(`${PRIME_FLAG}(?<=\\d${PRIME_FLAG})`, 'g');
const FLAG_NO_DIGIT = new RegExp(`${PRIME_FLAG}(?<!\\d${PRIME_FLAG})`, 'g');

function applyAll(text: string, rules: ReadonlyArray<readonly [RegExp, string]>): string {
  for (const [re, replacement] of rules) text = text.replace(re, replacement);
  return text;
}

/** wptexturize_primes(): decides whether each ' or " after the opening quote is a prime or a closing quote. */
function texturizePrimes(haystack: string, needle: "'" | '"', prime: string, openQuote: string, closeQuote: string): string {
  const { quote: quotePattern, prime: primePattern } = PRIME_PATTERNS[needle];
  const sentences = haystack.split(openQuote);
  for (let key = 0; key < sentences.length; key++) {
    let sentence = sentences[key]!;
    if (!sentence.includes(needle)) continue;
    if (key !== 0 && !sentence.includes(closeQuote)) {
      let count = 0;
      sentence = sentence.replace(quotePattern, () => {
        count++;
        return PRIME_FLAG;
      });
      if (count > 1) {
        // Several closing quote candidates: prefer one not after a digit.
        let count2 = 0;
        sentence = sentence.replace(FLAG_NO_DIGIT, () => {
          count2++;
          return closeQuote;
        });
        if (count2 === 0) {
          const withPeriod = sentence.lastIndexOf(PRIME_FLAG + '.');
          const pos = withPeriod !== -1 ? withPeriod : sentence.lastIndexOf(PRIME_FLAG);
          sentence = sentence.slice(0, pos) + closeQuote + sentence.slice(pos + PRIME_FLAG.length);
        }
        sentence = sentence.replace(primePattern, prime);
        sentence = sentence.replace(FLAG_AFTER_DIGIT, prime);
        sentence = replaceAll(sentence, PRIME_FLAG, closeQuote);
      } else if (count === 1) {
        sentence = replaceAll(sentence, PRIME_FLAG, closeQuote);
        sentence = sentence.replace(primePattern, prime);
      } else {
        sentence = sentence.replace(primePattern, prime);
      }
    } else {
      sentence = sentence.replace(primePattern, prime);
      sentence = sentence.replace(quotePattern, closeQuote);
    }
    if (needle === '"' && sentence.includes('"')) sentence = replaceAll(sentence, '"', closeQuote);
    sentences[key] = sentence;
  }
  return sentences.join(openQuote);
}

/** Texturizes one run of plain text (no tags, no shortcodes). */
function texturizeText(curl: string): string {
  if (STATIC_TEST.test(curl)) curl = replacePairs(curl, STATIC_PAIRS);
  if (curl.includes("'")) {
    curl = applyAll(curl, DYNAMIC_APOS);
    curl = texturizePrimes(curl, "'", PRIME, OPEN_SQ_FLAG, CLOSING_SINGLE_QUOTE);
    curl = replaceAll(curl, APOS_FLAG, APOS);
    curl = replaceAll(curl, OPEN_SQ_FLAG, OPENING_SINGLE_QUOTE);
  }
  if (curl.includes('"')) {
    curl = applyAll(curl, DYNAMIC_QUOTE);
    curl = texturizePrimes(curl, '"', DOUBLE_PRIME, OPEN_Q_FLAG, CLOSING_QUOTE);
    curl = replaceAll(curl, OPEN_Q_FLAG, OPENING_QUOTE);
  }
  if (curl.includes('-')) {
    if (curl.includes('--')) curl = applyAll(curl, DASH_DOUBLE);
    curl = curl.replace(DASH_SINGLE, EN_DASH);
  }
  if (TIMES_TEST.test(curl)) curl = curl.replace(TIMES_RE, '$1&#215;$2');
  if (curl.includes('&')) curl = curl.replace(LONE_AMP_RE, '&#038;');
  return curl;
}

/** _get_wptexturize_split_regex(): HTML elements and comments (and registered shortcodes). */
const TEXTURIZE_HTML = '<(?:(?=!--)' + HTML_COMMENT_BODY + '|(?!!--)[^>]*>?)';

/** _get_wptexturize_shortcode_regex(); the possessive loop is emulated with a lookahead + backreference. */
function texturizeShortcodeSource(tags: readonly string[]): string {
  const tagregexp = `(?:${tags.map(escapeRegExp).join('|')})(?=[ \\t\\n\\v\\f\\r\\]\\/])`;
  return `\\[[\\/\\[]?${tagregexp}(?=((?:[^\\[\\]<>]+|<[^\\[\\]>]*>)*))\\1\\]\\]?`;
}

const TEXTURIZE_SPLIT_PLAIN = new RegExp(TEXTURIZE_HTML, 'g');
const texturizeSplitCache = new Map<string, { split: RegExp; whole: RegExp }>();
function texturizeSplitFor(tags: readonly string[]): { split: RegExp; whole: RegExp } {
  const key = tags.join('|');
  let entry = texturizeSplitCache.get(key);
  if (!entry) {
    const shortcode = texturizeShortcodeSource(tags);
    entry = {
      split: new RegExp(`${TEXTURIZE_HTML}|${shortcode}`, 'g'),
      whole: new RegExp(`^${shortcode}$`),
    };
    texturizeSplitCache.set(key, entry);
  }
  return entry;
}

/** PHP substr() for non-negative offsets and any length. */
function phpSubstr(text: string, offset: number, length: number): string {
  if (offset > text.length) return '';
  const end = length < 0 ? text.length + length : offset + length;
  return end <= offset ? '' : text.slice(offset, end);
}

/** _wptexturize_pushpop_element(). */
function pushPopElement(text: string, stack: string[], disabled: readonly string[]): void {
  let opening: boolean;
  let nameOffset: number;
  if (text.length > 1 && text[1] !== '/') {
    opening = true;
    nameOffset = 1;
  } else if (stack.length === 0) {
    return;
  } else {
    opening = false;
    nameOffset = 2;
  }
  const space = text.indexOf(' ');
  const tag = phpSubstr(text, nameOffset, space === -1 ? -1 : space - nameOffset);
  if (disabled.includes(tag)) {
    if (opening) stack.push(tag);
    else if (stack[stack.length - 1] === tag) stack.pop();
  }
}

/**
 * wptexturize(): smart quotes, apostrophes, primes, dashes, ellipses, (tm) and 9x9, outside of
 * tags, comments, registered shortcodes and <pre>/<code>/<kbd>/<style>/<script>/<tt> elements.
 */
export function wptexturize(text: string): string {
  if (text === '' || text === '0') return text;

  const tags = registeredTagsIn(text, SHORTCODE_NAME_SCAN_WITH_CLOSERS);
  const found = tags.length > 0;
  const { split, whole } = found ? texturizeSplitFor(tags) : { split: TEXTURIZE_SPLIT_PLAIN, whole: null };

  const tagStack: string[] = [];
  const shortcodeStack: string[] = [];
  let out = '';
  let last = 0;
  split.lastIndex = 0;

  const handleText = (curl: string): void => {
    if (curl === '') return;
    if (phpTrim(curl) === '') {
      out += curl;
    } else if (curl[0] === '[' && whole !== null && whole.test(curl)) {
      if (!curl.startsWith('[[') && !curl.endsWith(']]')) pushPopElement(curl, shortcodeStack, NO_TEXTURIZE_SHORTCODES);
      out += curl;
    } else if (shortcodeStack.length === 0 && tagStack.length === 0) {
      out += texturizeText(curl);
    } else {
      out += curl;
    }
  };

  let m: RegExpExecArray | null;
  while ((m = split.exec(text)) !== null) {
    handleText(text.slice(last, m.index));
    let delim = m[0];
    last = m.index + delim.length;
    if (delim[0] === '<') {
      if (!delim.startsWith('<!--')) {
        if (delim.includes('&')) delim = delim.replace(LONE_AMP_RE, '&#038;');
        pushPopElement(delim, tagStack, NO_TEXTURIZE_TAGS);
      }
      out += delim;
    } else {
      handleText(delim);
    }
  }
  handleText(text.slice(last));
  return out;
}

// ---------------------------------------------------------------------------------------------
// wpautop() and shortcode_unautop()
// ---------------------------------------------------------------------------------------------

const ALLBLOCKS =
  '(?:table|thead|tfoot|caption|col|colgroup|tbody|tr|td|th|div|dl|dd|dt|ul|ol|li|pre|form|map|area|blockquote|address|style|p|h[1-6]|hr|fieldset|legend|section|article|aside|hgroup|header|footer|nav|figure|figcaption|details|menu|summary)';

const AUTOP = {
  doubleBr: new RegExp(`<br${S}*\\/?>${S}*<br${S}*\\/?>`, 'g'),
  blockOpen: new RegExp(`(<${ALLBLOCKS}[ \\t\\n\\v\\f\\r/>])`, 'g'),
  blockClose: new RegExp(`(<\\/${ALLBLOCKS}>)`, 'g'),
  hr: new RegExp(`(<hr${S}*?\\/?>)`, 'g'),
  newlines: /\r\n|\r/g,
  optionBefore: new RegExp(`${S}*<option`, 'g'),
  optionAfter: new RegExp(`<\\/option>${S}*`, 'g'),
  objectOpen: new RegExp(`(<object[^>]*>)${S}*`, 'g'),
  objectClose: new RegExp(`${S}*<\\/object>`, 'g'),
  paramEmbed: new RegExp(`${S}*(<\\/?(?:param|embed)[^>]*>)${S}*`, 'g'),
  mediaOpen: new RegExp(`([<\\[](?:audio|video)[^>\\]]*[>\\]])${S}*`, 'g'),
  mediaClose: new RegExp(`${S}*([<\\[]\\/(?:audio|video)[>\\]])`, 'g'),
  sourceTrack: new RegExp(`${S}*(<(?:source|track)[^>]*>)${S}*`, 'g'),
  figcaptionOpen: new RegExp(`${S}*(<figcaption[^>]*>)`, 'g'),
  figcaptionClose: new RegExp(`<\\/figcaption>${S}*`, 'g'),
  manyNewlines: /\n\n+/g,
  paragraphSplit: new RegExp(`\\n${S}*\\n`),
  emptyP: new RegExp(`<p>${S}*<\\/p>`, 'g'),
  unclosedP: /<p>([^<]+)<\/(div|address|form)>/g,
  wrappedBlock: new RegExp(`<p>${S}*(<\\/?${ALLBLOCKS}[^>]*>)${S}*<\\/p>`, 'g'),
  blockquoteOpen: /<p><blockquote([^>]*)>/gi,
  pBeforeBlock: new RegExp(`<p>${S}*(<\\/?${ALLBLOCKS}[^>]*>)`, 'g'),
  pAfterBlock: new RegExp(`(<\\/?${ALLBLOCKS}[^>]*>)${S}*<\\/p>`, 'g'),
  preserveOpen: /<(script|style|svg|math)/g,
  newlineToBr: new RegExp(`(?<!<br \\/>)${S}*\\n`, 'g'),
  brAfterBlock: new RegExp(`(<\\/?${ALLBLOCKS}[^>]*>)${S}*<br \\/>`, 'g'),
  brBeforeBlock: new RegExp(`<br \\/>(${S}*<\\/?(?:p|li|div|dl|dd|dt|th|pre|td|ul|ol)[^>]*>)`, 'g'),
  finalNewline: /\n<\/p>(?=\n?$)/g,
} as const;

/**
 * `preg_replace( '|<p>(<li.+?)</p>|', '$1', $text )` with `.` = [^\n], scanning forward once:
 * a match at `<p><li` needs a `</p>` at least one character after `<li` with no newline between.
 */
function unwrapLi(text: string): string {
  if (!text.includes('<p><li')) return text;
  let out = '';
  let last = 0;
  let from = 0;
  let close = -2;
  let newline = -2;
  for (;;) {
    const at = text.indexOf('<p><li', from);
    if (at === -1) break;
    const minClose = at + 7;
    if (close !== -1 && close < minClose) close = text.indexOf('</p>', minClose);
    if (close === -1) break;
    if (newline !== -1 && newline < at + 6) newline = text.indexOf('\n', at + 6);
    if (newline !== -1 && newline < close) {
      from = at + 1;
      continue;
    }
    out += text.slice(last, at) + text.slice(at + 3, close);
    last = close + 4;
    from = last;
  }
  return last === 0 ? text : out + text.slice(last);
}

/**
 * `preg_replace_callback( '/<(script|style|svg|math).*?<\/\1>/s', … )`: newlines inside those
 * elements become placeholders. The next closer of each name is remembered, so text with many
 * unclosed openers is scanned once.
 */
function preserveNewlines(text: string): string {
  const open = AUTOP.preserveOpen;
  open.lastIndex = 0;
  const nextClose = new Map<string, number>();
  let out = '';
  let last = 0;
  let m: RegExpExecArray | null;
  while ((m = open.exec(text)) !== null) {
    const name = m[1]!;
    const closer = `</${name}>`;
    const from = m.index + m[0].length;
    let close = nextClose.get(name);
    if (close === undefined || (close !== -1 && close < from)) {
      close = text.indexOf(closer, from);
      nextClose.set(name, close);
    }
    if (close === -1) {
      open.lastIndex = m.index + 1;
      continue;
    }
    const end = close + closer.length;
    out += text.slice(last, m.index) + replaceAll(text.slice(m.index, end), '\n', '<WPPreserveNewline />');
    last = end;
    open.lastIndex = end;
  }
  return last === 0 ? text : out + text.slice(last);
}

/**
 * wpautop(): wraps text separated by blank lines in <p>…</p>\n, turns remaining single newlines
 * into <br />\n (when `br`), and keeps block-level elements, <pre> contents, and newlines inside
 * tags, <script>, <style>, <svg> and <math> untouched.
 */
export function wpautop(text: string, br = true): string {
  if (phpTrim(text) === '') return '';

  text = text + '\n';

  const preTags: Array<[string, string]> = [];
  if (text.includes('<pre')) {
    const parts = text.split('</pre>');
    const lastPart = parts.pop()!;
    text = '';
    let i = 0;
    for (const part of parts) {
      const start = part.indexOf('<pre');
      if (start === -1) {
        // Malformed HTML: WordPress drops this `</pre>`.
        text += part;
        continue;
      }
      const name = `<pre wp-pre-tag-${i}></pre>`;
      preTags.push([name, part.slice(start) + '</pre>']);
      text += part.slice(0, start) + name;
      i++;
    }
    text += lastPart;
  }

  text = text.replace(AUTOP.doubleBr, '\n\n');
  text = text.replace(AUTOP.blockOpen, '\n\n$1');
  text = text.replace(AUTOP.blockClose, '$1\n\n');
  text = text.replace(AUTOP.hr, '$1\n\n');
  text = text.replace(AUTOP.newlines, '\n');

  // Newlines inside tags and comments become placeholders.
  text = replaceInHtmlTags(text, '\n', ' <!-- wpnl --> ');

  if (text.includes('<option')) {
    text = text.replace(AUTOP.optionBefore, '<option');
    text = text.replace(AUTOP.optionAfter, '</option>');
  }
  if (text.includes('</object>')) {
    text = text.replace(AUTOP.objectOpen, '$1');
    text = text.replace(AUTOP.objectClose, '</object>');
    text = text.replace(AUTOP.paramEmbed, '$1');
  }
  if (text.includes('<source') || text.includes('<track')) {
    text = text.replace(AUTOP.mediaOpen, '$1');
    text = text.replace(AUTOP.mediaClose, '$1');
    text = text.replace(AUTOP.sourceTrack, '$1');
  }
  if (text.includes('<figcaption')) {
    text = text.replace(AUTOP.figcaptionOpen, '$1');
    text = text.replace(AUTOP.figcaptionClose, '</figcaption>');
  }

  text = text.replace(AUTOP.manyNewlines, '\n\n');

  let rebuilt = '';
  for (const paragraph of text.split(AUTOP.paragraphSplit)) {
    if (paragraph === '') continue;
    rebuilt += '<p>' + phpTrim(paragraph, '\n') + '</p>\n';
  }
  text = rebuilt;

  text = text.replace(AUTOP.emptyP, '');
  text = text.replace(AUTOP.unclosedP, '<p>$1</p></$2>');
  text = text.replace(AUTOP.wrappedBlock, '$1');
  text = unwrapLi(text);
  text = text.replace(AUTOP.blockquoteOpen, '<blockquote$1><p>');
  text = replaceAll(text, '</blockquote></p>', '</p></blockquote>');
  text = text.replace(AUTOP.pBeforeBlock, '$1');
  text = text.replace(AUTOP.pAfterBlock, '$1');

  if (br) {
    text = preserveNewlines(text);
    text = replaceAll(replaceAll(text, '<br>', '<br />'), '<br/>', '<br />');
    text = text.replace(AUTOP.newlineToBr, '<br />\n');
    text = replaceAll(text, '<WPPreserveNewline />', '\n');
  }

  text = text.replace(AUTOP.brAfterBlock, '$1');
  text = text.replace(AUTOP.brBeforeBlock, '$1');
  text = text.replace(AUTOP.finalNewline, '</p>');

  for (const [name, original] of preTags) text = replaceAll(text, name, original);

  if (text.includes('<!-- wpnl -->')) {
    text = replaceAll(replaceAll(text, ' <!-- wpnl --> ', '\n'), '<!-- wpnl -->', '\n');
  }
  return text;
}

/** shortcode_unautop(): a registered shortcode alone in a paragraph loses its <p>…</p>. */
function unautopMatcher(enclosing: boolean): RegExp {
  const tagregexp = REGISTERED_SHORTCODES.map(escapeRegExp).join('|');
  const enclosed = enclosing ? '(?:[^\\[]*(?:\\[(?!\\/\\2\\])[^\\[]*)*\\[\\/\\2\\])?' : '';
  return new RegExp(
    '<p>' + SP + '*(\\[(' + tagregexp + ')(?![\\w-])[^\\]\\/]*(?:\\/(?!\\])[^\\]\\/]*)*?(?:\\/\\]|\\]' + enclosed + '))' + SP + '*<\\/p>',
    'y',
  );
}

const UNAUTOP_MATCHER: ShortcodeMatcher = {
  opener: new RegExp('<p>' + SP + '*\\[(' + REGISTERED_SHORTCODES.map(escapeRegExp).join('|') + ')(?![\\w-])', 'g'),
  tagGroup: 1,
  full: unautopMatcher(true),
  bare: unautopMatcher(false),
};

function shortcodeUnautop(text: string): string {
  if (!text.includes('[') || !text.includes('<p>')) return text;
  return replaceShortcodeMatches(text, UNAUTOP_MATCHER, (m) => m[1]!);
}

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
function capitalPDangit(text: string, isTitle: boolean): string {
  if (!text.includes('Wordpress')) return text;
  return isTitle ? replaceAll(text, 'Wordpress', 'WordPress') : replacePairs(text, DANGIT_PAIRS);
}

// ---------------------------------------------------------------------------------------------
// wp_strip_all_tags()
// ---------------------------------------------------------------------------------------------

const SCRIPT_STYLE_TEST = /<(?:script|style)/i;
const SCRIPT_STYLE_OPEN = /<(script|style)[^>]*?>/gi;

/**
 * `preg_replace( '@<(script|style)[^>]*?>.*?</\\1>@si', '', $text )`, remembering the next closer
 * of each name so that many unclosed openers do not each rescan the rest of the text.
 */
function removeScriptStyle(text: string): string {
  if (!SCRIPT_STYLE_TEST.test(text)) return text;
  // ASCII-only lower-casing keeps every index in place.
  const lower = text.replace(/[A-Z]+/g, (run) => run.toLowerCase());
  const nextClose = new Map<string, number>();
  const open = SCRIPT_STYLE_OPEN;
  open.lastIndex = 0;
  let out = '';
  let last = 0;
  let m: RegExpExecArray | null;
  while ((m = open.exec(text)) !== null) {
    const closer = `</${m[1]!.toLowerCase()}>`;
    const from = m.index + m[0].length;
    let close = nextClose.get(closer);
    if (close === undefined || (close !== -1 && close < from)) {
      close = lower.indexOf(closer, from);
      nextClose.set(closer, close);
    }
    if (close === -1) {
      open.lastIndex = m.index + 1;
      continue;
    }
    out += text.slice(last, m.index);
    last = close + closer.length;
    open.lastIndex = last;
  }
  return last === 0 ? text : out + text.slice(last);
}

/** PHP's strip_tags() state machine (php_strip_tags_ex, no allowed tags). */
function phpStripTags(text: string): string {
  if (!text.includes('<') && !text.includes('>') && !text.includes('\0')) return text;
  let out = '';
  // Characters kept in state 0 are copied in runs: [runStart, p).
  let runStart = 0;
  let state = 0;
  let depth = 0;
  let inQ = '';
  let lc = '';
  let br = 0;
  let isXml = false;
  const n = text.length;
  for (let p = 0; p < n; p++) {
    const c = text[p]!;
    if (state === 0) {
      let keep = true;
      if (c === '\0') {
        keep = false;
      } else if (c === '<') {
        if (inQ) keep = false;
        else if (!isCSpace(text[p + 1])) {
          keep = false;
          lc = '<';
          state = 1;
        }
      } else if (c === '>') {
        if (depth) {
          depth--;
          keep = false;
        } else if (inQ) {
          keep = false;
        }
      }
      if (!keep) {
        if (runStart < p) out += text.slice(runStart, p);
        runStart = p + 1;
      }
      if (state === 0) continue;
    } else if (state === 1) {
      switch (c) {
        case '<':
          if (inQ) break;
          if (isCSpace(text[p + 1])) break;
          depth++;
          break;
        case '>':
          if (depth) {
            depth--;
            break;
          }
          if (inQ) break;
          lc = '>';
          if (isXml && p >= 1 && text[p - 1] === '-') break;
          inQ = '';
          state = 0;
          isXml = false;
          break;
        case '"':
        case "'":
          if (p !== 0 && (!inQ || c === inQ)) inQ = inQ ? '' : c;
          break;
        case '!':
          if (p >= 1 && text[p - 1] === '<') {
            state = 3;
            lc = c;
          }
          break;
        case '?':
          if (p >= 1 && text[p - 1] === '<') {
            br = 0;
            state = 2;
          }
          break;
        default:
          break;
      }
    } else if (state === 2) {
      switch (c) {
        case '(':
          if (lc !== '"' && lc !== "'") {
            lc = '(';
            br++;
          }
          break;
        case ')':
          if (lc !== '"' && lc !== "'") {
            lc = ')';
            br--;
          }
          break;
        case '>':
          if (depth) {
            depth--;
            break;
          }
          if (inQ) break;
          if (!br && p >= 1 && lc !== '"' && text[p - 1] === '?') {
            inQ = '';
            state = 0;
          }
          break;
        case '"':
        case "'":
          // A backslash-escaped quote neither opens nor closes a string.
          if (p >= 1 && text[p - 1] !== '\\') {
            if (lc === c) lc = '';
            else if (lc !== '\\') lc = c;
            if (!inQ || c === inQ) inQ = inQ ? '' : c;
          }
          break;
        case 'l':
        case 'L':
          if (p > 4 && (text[p - 1] === 'm' || text[p - 1] === 'M') && (text[p - 2] === 'x' || text[p - 2] === 'X') && text[p - 3] === '?' && text[p - 4] === '<') {
            state = 1;
            isXml = true;
          }
          break;
        default:
          break;
      }
    } else if (state === 3) {
      switch (c) {
        case '>':
          if (depth) {
            depth--;
            break;
          }
          if (inQ) break;
          inQ = '';
          state = 0;
          break;
        case '"':
        case "'":
          if (p !== 0 && text[p - 1] !== '\\' && (!inQ || c === inQ)) inQ = inQ ? '' : c;
          break;
        case '-':
          if (p >= 2 && text[p - 1] === '-' && text[p - 2] === '!') state = 4;
          break;
        case 'E':
        case 'e':
          // <!DOCTYPE: handled like an ordinary tag.
          if (p > 6 && text.slice(p - 6, p).toLowerCase() === 'doctyp') state = 1;
          break;
        default:
          break;
      }
    } else {
      // state 4: inside <!-- … -->, which only `-->` ends.
      if (c === '>' && !inQ && p >= 2 && text[p - 1] === '-' && text[p - 2] === '-') {
        inQ = '';
        state = 0;
      }
    }
    // Back in state 0 after a tag: the next run starts after this character.
    if (state === 0) runStart = p + 1;
  }
  if (state === 0 && runStart < n) out += text.slice(runStart);
  return out;
}

/** wp_strip_all_tags(): removes <script>/<style> with their contents, then every tag, then trims. */
export function stripAllTags(html: string, removeBreaks = false): string {
  let text = removeScriptStyle(html);
  text = phpStripTags(text);
  if (removeBreaks) text = text.replace(/[\r\n\t ]+/g, ' ');
  return phpTrim(text);
}

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

/*
 * A port of the parts of WP_HTML_Tag_Processor that next_tag() and add_class() use: its
 * tokenizer (text, comments, doctypes, bogus comments, tags and their attributes, the contents of
 * SCRIPT, STYLE, TEXTAREA, TITLE, IFRAME, NOEMBED, NOFRAMES and XMP) and its class rewriting.
 * Like WordPress, it gives up (changes nothing) when the markup ends inside a token.
 */

const TAG_NAME_END = ' \t\f\r\n/>';
const ATTR_NAME_END = '=/> \t\f\r\n';
const ATTR_VALUE_END = '> \t\f\r\n';
const HTML_SPACE = ' \t\f\r\n';

function isAsciiAlpha(ch: string | undefined): boolean {
  return ch !== undefined && ((ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z'));
}

function asciiUpper(text: string): string {
  return text.replace(/[a-z]+/g, (run) => run.toUpperCase());
}

/** strcspn( $html, $stop, $at ): the length of the run from `at` without any of `stop`. */
function strcspn(html: string, stop: string, at: number): number {
  let i = at;
  while (i < html.length && !stop.includes(html[i]!)) i++;
  return i - at;
}

function skipChars(html: string, chars: string, at: number): number {
  while (at < html.length && chars.includes(html[at]!)) at++;
  return at;
}

interface AttributeToken {
  start: number;
  end: number;
  valueStart: number;
  valueLength: number;
}

/** parse_next_attribute(): the next position, an attribute when one was read, or -1 for incomplete input. */
function parseNextAttribute(html: string, pos: number): { pos: number; name?: string; attr?: AttributeToken } {
  const n = html.length;
  pos = skipChars(html, ' \t\f\r\n/', pos);
  if (pos >= n) return { pos: -1 };
  const nameLength = html[pos] === '=' ? 1 + strcspn(html, ATTR_NAME_END, pos + 1) : strcspn(html, ATTR_NAME_END, pos);
  if (nameLength === 0 || pos + nameLength >= n) return { pos };
  const start = pos;
  const name = html.slice(pos, pos + nameLength);
  pos = skipChars(html, HTML_SPACE, pos + nameLength);
  if (pos >= n) return { pos: -1 };
  let valueStart = pos;
  let valueLength = 0;
  let end = start + nameLength;
  if (html[pos] === '=') {
    pos = skipChars(html, HTML_SPACE, pos + 1);
    if (pos >= n) return { pos: -1 };
    const quote = html[pos];
    if (quote === '"' || quote === "'") {
      valueStart = pos + 1;
      let endQuote = html.indexOf(quote, valueStart);
      if (endQuote === -1) endQuote = n;
      valueLength = endQuote - valueStart;
      end = endQuote + 1;
    } else {
      valueStart = pos;
      valueLength = strcspn(html, ATTR_VALUE_END, pos);
      end = valueStart + valueLength;
    }
    pos = end;
  }
  if (end >= n) return { pos: -1 };
  return { pos, name, attr: { start, end, valueStart, valueLength } };
}

/** Skips the attributes of a closing tag; the position of its `>` or `/>` end, or -1. */
function skipCloserAttributes(html: string, pos: number): number {
  for (;;) {
    const next = parseNextAttribute(html, pos);
    if (next.pos === -1) return -1;
    pos = next.pos;
    if (next.attr === undefined) return pos;
  }
}

/** skip_rcdata() / skip_rawtext(): the position after `</name…>`, or -1. */
function skipRcdata(html: string, at: number, tagName: string): number {
  const n = html.length;
  const length = tagName.length;
  while (at < n) {
    at = html.indexOf('</', at);
    if (at === -1 || at + length >= n) return -1;
    at += 2;
    let i = 0;
    while (i < length && html[at + i] !== undefined && asciiUpper(html[at + i]!) === tagName[i]) i++;
    if (i < length) {
      at += i;
      continue;
    }
    at += length;
    if (at >= n) return -1;
    const c = html[at];
    if (c !== ' ' && c !== '\t' && c !== '\r' && c !== '\n' && c !== '/' && c !== '>') continue;
    at = skipCloserAttributes(html, at);
    if (at === -1 || at >= n) return -1;
    if (html[at] === '>') return at + 1;
    if (at + 1 >= n) return -1;
    if (html[at] === '/' && html[at + 1] === '>') return at + 2;
  }
  return -1;
}

/** skip_script_data(): the position after the `</script>` that ends the element, or -1. */
function skipScriptData(html: string, at: number): number {
  const n = html.length;
  let state: 'unescaped' | 'escaped' | 'double-escaped' = 'unescaped';
  while (at < n) {
    at += strcspn(html, '-<', at);
    if (at + 8 >= n) return -1;
    if (html[at] === '-' && html[at + 1] === '-' && html[at + 2] === '>') {
      at += 3;
      state = 'unescaped';
      continue;
    }
    if (html[at++] !== '<') continue;
    if (state === 'unescaped' && html[at] === '!' && html[at + 1] === '-' && html[at + 2] === '-') {
      at = skipChars(html, '-', at + 3);
      if (at < n && html[at] === '>') {
        at++;
        continue;
      }
      state = 'escaped';
      continue;
    }
    let closing = false;
    let closerStart = 0;
    if (html[at] === '/') {
      closerStart = at - 1;
      closing = true;
      at++;
    }
    if (asciiUpper(html.slice(at, at + 6)) !== 'SCRIPT') {
      at++;
      continue;
    }
    at += 6;
    const c = html[at];
    if (c !== '>' && c !== ' ' && c !== '\n' && c !== '/' && c !== '\t' && c !== '\f' && c !== '\r') continue;
    if (state === 'escaped' && !closing) {
      state = 'double-escaped';
      continue;
    }
    if (state === 'double-escaped' && closing) {
      state = 'escaped';
      continue;
    }
    if (closing) {
      const end = skipCloserAttributes(html, closerStart);
      if (end === -1 || end >= n) return -1;
      if (html[end] === '>') return end + 1;
    }
    at++;
  }
  return -1;
}

interface StartTag {
  nameStart: number;
  nameEnd: number;
  attributes: Map<string, AttributeToken>;
}

function asciiIStartsWith(html: string, at: number, word: string): boolean {
  return asciiUpper(html.slice(at, at + word.length)) === word;
}

/**
 * next_tag() until a start tag named in `names`: that tag, or null at the end of the markup or
 * where the tag processor stops on incomplete input.
 */
function findStartTag(html: string, names: ReadonlySet<string>): StartTag | null {
  const n = html.length;
  let wasAt = 0;
  while (wasAt < n) {
    // parse_next_tag()
    let at = wasAt;
    let next = -1;
    let tag: { closing: boolean; nameStart: number; nameEnd: number } | null = null;
    while (at < n) {
      at = html.indexOf('<', at);
      if (at === -1) break;
      if (at > wasAt) {
        const c = html[at + 1];
        if (c !== '!' && c !== '/' && c !== '?' && !isAsciiAlpha(c)) {
          at++;
          continue;
        }
        next = at;
        break;
      }
      let closing = false;
      if (at + 1 < n && html[at + 1] === '/') {
        closing = true;
        at++;
      }
      if (isAsciiAlpha(html[at + 1])) {
        const nameStart = at + 1;
        let prefix = nameStart;
        while (isAsciiAlpha(html[prefix])) prefix++;
        tag = { closing, nameStart, nameEnd: prefix + strcspn(html, TAG_NAME_END, prefix) };
        break;
      }
      if (at + 1 >= n) return null;
      if (!closing && html[at + 1] === '!') {
        if (html.startsWith('--', at + 2)) {
          let closerAt = at + 4;
          if (n <= closerAt) return null;
          const dashes = skipChars(html, '-', closerAt) - closerAt;
          if (html[closerAt + dashes] === '>') {
            next = closerAt + dashes + 1;
            break;
          }
          closerAt--;
          while (++closerAt < n) {
            closerAt = html.indexOf('--', closerAt);
            if (closerAt === -1) return null;
            if (closerAt + 2 < n && html[closerAt + 2] === '>') {
              next = closerAt + 3;
              break;
            }
            if (closerAt + 3 < n && html[closerAt + 2] === '!' && html[closerAt + 3] === '>') {
              next = closerAt + 4;
              break;
            }
          }
          if (next !== -1) break;
        }
        if (n > at + 8 && asciiIStartsWith(html, at + 2, 'DOCTYPE')) {
          const closerAt = html.indexOf('>', at + 9);
          if (closerAt === -1) return null;
          next = closerAt + 1;
          break;
        }
        const closerAt = html.indexOf('>', at + 1);
        if (closerAt === -1) return null;
        next = closerAt + 1;
        break;
      }
      if (html[at + 1] === '>') {
        if (!closing) {
          at++;
          continue;
        }
        next = at + 2;
        break;
      }
      if (!closing && html[at + 1] === '?') {
        const closerAt = html.indexOf('>', at + 2);
        if (closerAt === -1) return null;
        next = closerAt + 1;
        break;
      }
      if (closing) {
        if (at + 3 > n) return null;
        const closerAt = html.indexOf('>', at + 2);
        if (closerAt === -1) return null;
        next = closerAt + 1;
        break;
      }
      at++;
    }
    if (tag === null) {
      if (next === -1) return null; // The rest is text.
      wasAt = next;
      continue;
    }

    // Attributes, then the end of the tag.
    const attributes = new Map<string, AttributeToken>();
    let pos = tag.nameEnd;
    for (;;) {
      const parsed = parseNextAttribute(html, pos);
      if (parsed.pos === -1) return null;
      pos = parsed.pos;
      if (parsed.attr === undefined) break;
      const key = parsed.name!.toLowerCase();
      if (!tag.closing && !attributes.has(key)) attributes.set(key, parsed.attr);
    }
    if (pos >= n) return null;
    const tagEnd = html.indexOf('>', pos);
    if (tagEnd === -1) return null;
    wasAt = tagEnd + 1;
    if (tag.closing) continue;

    const name = asciiUpper(html.slice(tag.nameStart, tag.nameEnd));
    if (name === 'SCRIPT') {
      wasAt = skipScriptData(html, wasAt);
      if (wasAt === -1) return null;
      continue;
    }
    if (RAW_TEXT_ELEMENTS.has(name)) {
      wasAt = skipRcdata(html, wasAt, name);
      if (wasAt === -1) return null;
      continue;
    }
    if (names.has(name)) return { nameStart: tag.nameStart, nameEnd: tag.nameEnd, attributes };
  }
  return null;
}

/** Elements whose contents are text up to their closing tag (besides SCRIPT). */
const RAW_TEXT_ELEMENTS = new Set(['TEXTAREA', 'TITLE', 'IFRAME', 'NOEMBED', 'NOFRAMES', 'STYLE', 'XMP']);

const ENTITY_PLACEHOLDER = '\uE000';

/**
 * Decodes an attribute value for class handling: numeric references and the basic named ones.
 * Other named references are kept as written (WordPress decodes them all; the rendered value is
 * the same to a browser).
 */
function decodeAttribute(value: string): string {
  if (!value.includes('&')) return value;
  return value.replace(/&(#[xX][0-9a-fA-F]+|#\d+|[a-zA-Z][a-zA-Z0-9]*);/g, (entity, body: string) => {
    if (body[0] === '#') {
      const code = body[1] === 'x' || body[1] === 'X' ? parseInt(body.slice(2), 16) : parseInt(body.slice(1), 10);
      return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : entity;
    }
    const basic = ({ amp: '&', quot: '"', apos: "'", lt: '<', gt: '>' } as Record<string, string>)[body];
    return basic ?? ENTITY_PLACEHOLDER + body + ';';
  });
}

/** WP_HTML_Tag_Processor: next_tag() to the first tag named in `names`, add_class(), get_updated_html(). */
function addClassToFirstTag(html: string, names: ReadonlySet<string>, className: string): string {
  const tag = findStartTag(html, names);
  if (tag === null) return html;
  const existing = tag.attributes.get('class');
  let value = '';
  const seen: string[] = [];
  if (existing !== undefined) {
    const classes = decodeAttribute(html.slice(existing.valueStart, existing.valueStart + existing.valueLength));
    const tokenRe = /([\t\n\f\r ]*)([^\t\n\f\r ]+)/g;
    let t: RegExpExecArray | null;
    while ((t = tokenRe.exec(classes)) !== null) {
      if (seen.includes(t[2]!)) continue;
      seen.push(t[2]!);
      if (value !== '') value += t[1];
      value += t[2];
    }
  }
  if (seen.includes(className)) return html;
  value += (value.length > 0 ? ' ' : '') + className;
  const escaped = strtr(value, [['<', '&lt;'], ['>', '&gt;'], ['&', '&amp;'], ['"', '&quot;'], ["'", '&apos;']]).replaceAll(ENTITY_PLACEHOLDER, '&');
  if (existing === undefined) return html.slice(0, tag.nameEnd) + ` class="${escaped}"` + html.slice(tag.nameEnd);
  return html.slice(0, existing.start) + `class="${escaped}"` + html.slice(existing.end);
}

/** render_block() for static blocks; core/heading and core/list get their render callbacks' class. */
function renderBlock(block: ParsedBlock): string {
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
function withinRenderBudget(blocks: ParsedBlock[], raw: string): boolean {
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
function removeBlockDelimiters(content: string): string {
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

// ---------------------------------------------------------------------------------------------
// strip_shortcodes()
// ---------------------------------------------------------------------------------------------

/** strip_shortcodes() for the stock registered shortcodes; `[[gallery]]` escapes become `[gallery]`. */
export function stripShortcodes(content: string): string {
  if (!content.includes('[')) return content;
  const tags = registeredTagsIn(content, SHORTCODE_NAME_SCAN);
  if (tags.length === 0) return content;

  // do_shortcodes_in_html_tags( $content, true, $tagnames ): hide brackets inside tags and comments.
  content = strtr(content, [['&#91;', '&#091;'], ['&#93;', '&#093;']]);
  const parts = wpHtmlSplit(content);
  for (let i = 1; i < parts.length; i += 2) {
    const element = parts[i]!;
    if (element.includes('[') || element.includes(']')) parts[i] = strtr(element, [['[', '&#91;'], [']', '&#93;']]);
  }
  content = parts.join('');

  content = replaceShortcodeMatches(content, shortcodeMatcher(tags), (m) => {
    const escapeOpen = m[1] ?? '';
    const escapeClose = m[6] ?? '';
    if (escapeOpen === '[' && escapeClose === ']') return m[0].slice(1, -1);
    return escapeOpen + escapeClose;
  });

  // unescape_invalid_shortcodes().
  return strtr(content, [['&#91;', '['], ['&#93;', ']']]);
}

// ---------------------------------------------------------------------------------------------
// wp_trim_words()
// ---------------------------------------------------------------------------------------------

/** wp_trim_words(): strips tags, keeps the first `numWords` words, appends `more` when it cut. */
export function wpTrimWords(text: string, numWords = 55, more = '&hellip;'): string {
  text = stripAllTags(text);
  numWords = Math.trunc(numWords);
  // preg_split( "/[\n\r\t ]+/", $text, $num_words + 1, PREG_SPLIT_NO_EMPTY ); limit 0 or -1 means none.
  const limit = numWords + 1;
  const words: string[] = [];
  const re = /[\n\r\t ]+/g;
  let last = 0;
  let m: RegExpExecArray | null;
  while (limit <= 0 || words.length < limit - 1) {
    m = re.exec(text);
    if (m === null) break;
    const piece = text.slice(last, m.index);
    last = m.index + m[0].length;
    if (piece !== '') words.push(piece);
  }
  const rest = text.slice(last);
  if (rest !== '') words.push(rest);

  if (words.length > numWords) {
    words.pop();
    return words.join(' ') + more;
  }
  return words.join(' ');
}

// ---------------------------------------------------------------------------------------------
// The REST `rendered` values
// ---------------------------------------------------------------------------------------------

/**
 * A bounded least-recently-used memo for the rendered values: rendering is pure, and the same
 * stored text is rendered again on every read of a post.
 */
class RenderMemo {
  private readonly entries = new Map<string, string>();
  private chars = 0;

  constructor(
    private readonly maxEntries: number,
    private readonly maxChars: number,
  ) {}

  get(key: string): string | undefined {
    const value = this.entries.get(key);
    if (value !== undefined) {
      this.entries.delete(key);
      this.entries.set(key, value);
    }
    return value;
  }

  set(key: string, value: string): void {
    const size = key.length + value.length;
    if (size > this.maxChars / 8) return;
    const previous = this.entries.get(key);
    if (previous !== undefined) {
      this.entries.delete(key);
      this.chars -= key.length + previous.length;
    }
    this.entries.set(key, value);
    this.chars += size;
    while (this.entries.size > this.maxEntries || this.chars > this.maxChars) {
      const oldest = this.entries.keys().next().value as string;
      this.chars -= oldest.length + this.entries.get(oldest)!.length;
      this.entries.delete(oldest);
    }
  }
}

const titleMemo = new RenderMemo(4000, 1 << 20);
const contentMemo = new RenderMemo(1000, 8 << 20);
const storedExcerptMemo = new RenderMemo(2000, 2 << 20);
const generatedExcerptMemo = new RenderMemo(2000, 4 << 20);
const excerptMemo = new RenderMemo(200, 1 << 20);

/** title.rendered: the_title filters (wptexturize, convert_chars, trim, capital_P_dangit). */
export function renderTitle(raw: string): string {
  let out = titleMemo.get(raw);
  if (out === undefined) {
    out = capitalPDangit(phpTrim(convertChars(wptexturize(raw))), true);
    titleMemo.set(raw, out);
  }
  return out;
}

/** The the_content chain after do_blocks (shared by content.rendered and generated excerpts). */
function theContentAfterBlocks(text: string, autop: boolean): string {
  text = wptexturize(text);
  if (autop) text = wpautop(text);
  text = shortcodeUnautop(text);
  return capitalPDangit(text, false);
}

/**
 * content.rendered: the_content as WordPress 6.9 runs it for the REST API. Block content is
 * rendered (delimiters removed) and not auto-paragraphed; classic content is.
 */
export function renderContent(raw: string): string {
  let out = contentMemo.get(raw);
  if (out === undefined) {
    out = hasBlocks(raw) ? theContentAfterBlocks(doBlocks(raw), false) : theContentAfterBlocks(raw, true);
    contentMemo.set(raw, out);
  }
  return out;
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
function generateExcerpt(rawContent: string, length: number): string {
  let text = excerptSourceContent(rawContent);
  text = stripShortcodes(text);
  text = excerptRemoveBlocks(text);
  text = excerptRemoveFootnotes(text);
  // the_content without do_blocks, so wpautop runs even for block content.
  text = theContentAfterBlocks(text, true);
  text = replaceAll(text, ']]>', ']]&gt;');
  return wpTrimWords(text, length, ' [&hellip;]');
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
  let out = memo.get(key);
  if (out === undefined) {
    const text = generated ? generateExcerpt(rawContent, length) : rawExcerpt;
    out = shortcodeUnautop(wpautop(convertChars(wptexturize(text))));
    memo.set(key, out);
  }
  return out;
}
