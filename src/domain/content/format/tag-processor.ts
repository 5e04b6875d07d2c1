import { Tokenizer, TokenizerMode } from 'parse5';
import type { Token, TokenHandler } from 'parse5';
import { strtr } from './php';

// ---------------------------------------------------------------------------------------------
// What the core/heading and core/list render callbacks do with WP_HTML_Tag_Processor:
// next_tag() to the first tag of a set, add_class(), get_updated_html().
// ---------------------------------------------------------------------------------------------

/*
 * parse5's tokenizer is the HTML standard's; WP_HTML_Tag_Processor follows the same standard. The
 * tokenizer alone does not know which elements hold text up to their closing tag (the tree builder
 * tells it), so this does, as the tag processor does: SCRIPT, the RCDATA elements TEXTAREA and
 * TITLE, and the raw text elements IFRAME, NOEMBED, NOFRAMES, STYLE and XMP (not NOSCRIPT: the
 * tag processor works with scripting off).
 */
export const CONTENT_STATES: ReadonlyMap<string, Tokenizer['state']> = new Map<string, Tokenizer['state']>([
  ['script', TokenizerMode.SCRIPT_DATA],
  ['textarea', TokenizerMode.RCDATA],
  ['title', TokenizerMode.RCDATA],
  ['iframe', TokenizerMode.RAWTEXT],
  ['noembed', TokenizerMode.RAWTEXT],
  ['noframes', TokenizerMode.RAWTEXT],
  ['style', TokenizerMode.RAWTEXT],
  ['xmp', TokenizerMode.RAWTEXT],
]);

const ignore = (): void => {};

/** The first start tag named in `names` (lower case), with source offsets; null when there is none. */
function findStartTag(html: string, names: ReadonlySet<string>): Token.TagToken | null {
  let found: Token.TagToken | null = null;
  const handler: TokenHandler = {
    onStartTag(token) {
      if (names.has(token.tagName)) {
        found = token;
        tokenizer.pause();
        return;
      }
      const state = CONTENT_STATES.get(token.tagName);
      if (state !== undefined) tokenizer.state = state;
    },
    onEndTag: ignore,
    onComment: ignore,
    onDoctype: ignore,
    onEof: ignore,
    onCharacter: ignore,
    onNullCharacter: ignore,
    onWhitespaceCharacter: ignore,
  };
  const tokenizer = new Tokenizer({ sourceCodeLocationInfo: true }, handler);
  tokenizer.write(html, true);
  return found;
}

const HTML_SPACE = /[\t\n\f\r ]/;

/**
 * Where the attribute that starts at `start` ends. parse5 records an attribute's end when the
 * next one is separated by whitespace; after a quoted value followed directly by another
 * attribute (`class="a"id=b`) its end is stale, so the end is found here: the name, then
 * optionally `=` and a quoted or unquoted value.
 */
function attributeEnd(html: string, start: number): number {
  let at = start + 'class'.length;
  while (HTML_SPACE.test(html[at] ?? '')) at++;
  if (html[at] !== '=') return start + 'class'.length;
  at++;
  while (HTML_SPACE.test(html[at] ?? '')) at++;
  const quote = html[at];
  if (quote === '"' || quote === "'") {
    const close = html.indexOf(quote, at + 1);
    return close === -1 ? html.length : close + 1;
  }
  while (at < html.length && html[at] !== '>' && !HTML_SPACE.test(html[at]!)) at++;
  return at;
}

const ESCAPES: ReadonlyArray<readonly [string, string]> = [['<', '&lt;'], ['>', '&gt;'], ['&', '&amp;'], ['"', '&quot;'], ["'", '&apos;']];

/**
 * add_class(): the class attribute's classes (decoded, each once, first spacing kept) plus
 * `className`, written back escaped; the markup is unchanged when the tag already has it.
 */
export function addClassToFirstTag(html: string, names: ReadonlySet<string>, className: string): string {
  const tag = findStartTag(html, names);
  if (tag === null || tag.location === null) return html;
  const existing = tag.attrs.find((attr) => attr.name === 'class');
  const seen: string[] = [];
  let value = '';
  if (existing !== undefined) {
    const tokenRe = /([\t\n\f\r ]*)([^\t\n\f\r ]+)/g;
    let t: RegExpExecArray | null;
    while ((t = tokenRe.exec(existing.value)) !== null) {
      if (seen.includes(t[2]!)) continue;
      seen.push(t[2]!);
      if (value !== '') value += t[1];
      value += t[2];
    }
  }
  if (seen.includes(className)) return html;
  value += (value.length > 0 ? ' ' : '') + className;
  const attribute = `class="${strtr(value, ESCAPES)}"`;
  const at = tag.location.attrs?.['class'];
  if (existing === undefined || at === undefined) {
    const nameEnd = tag.location.startOffset + 1 + tag.tagName.length;
    return html.slice(0, nameEnd) + ' ' + attribute + html.slice(nameEnd);
  }
  return html.slice(0, at.startOffset) + attribute + html.slice(attributeEnd(html, at.startOffset));
}
