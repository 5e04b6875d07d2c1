import { HTML_COMMENT_BODY } from './html-split';
import { escapeRegExp, phpTrim, replaceAll, replacePairs, SP } from './php';
import { registeredTagsIn, SHORTCODE_NAME_SCAN_WITH_CLOSERS } from './shortcodes';

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
