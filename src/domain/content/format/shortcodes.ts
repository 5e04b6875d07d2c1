import { wpHtmlSplit } from './html-split';
import { escapeRegExp, strtr } from './php';

// ---------------------------------------------------------------------------------------------
// Shortcode registry (stock WordPress) and shortcode regexes
// ---------------------------------------------------------------------------------------------

/** Shortcodes a stock WordPress registers, in registration order (media.php, then WP_Embed). */
export const REGISTERED_SHORTCODES: readonly string[] = ['wp_caption', 'caption', 'gallery', 'playlist', 'audio', 'video', 'embed'];
const REGISTERED_SET = new Set(REGISTERED_SHORTCODES);

/** `@\[/?([^<>&/\[\]\x00-\x20=]++)@` (wptexturize) and `@\[([^<>&/\[\]\x00-\x20=]++)@` (strip_shortcodes). */
// eslint-disable-next-line no-control-regex
export const SHORTCODE_NAME_SCAN_WITH_CLOSERS = /\[\/?([^<>&/[\]\x00-\x20=]+)/g;
// eslint-disable-next-line no-control-regex
const SHORTCODE_NAME_SCAN = /\[([^<>&/[\]\x00-\x20=]+)/g;

/** Registered tag names found by a name scan, in registration order (array_intersect). */
export function registeredTagsIn(text: string, scan: RegExp): string[] {
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

export interface ShortcodeMatcher {
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
export function replaceShortcodeMatches(text: string, matcher: ShortcodeMatcher, replacer: (m: RegExpExecArray) => string): string {
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
