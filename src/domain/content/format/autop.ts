import { replaceInHtmlTags } from './html-split';
import { escapeRegExp, phpTrim, replaceAll, S, SP } from './php';
import { REGISTERED_SHORTCODES, replaceShortcodeMatches } from './shortcodes';
import type { ShortcodeMatcher } from './shortcodes';

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

export function shortcodeUnautop(text: string): string {
  if (!text.includes('[') || !text.includes('<p>')) return text;
  return replaceShortcodeMatches(text, UNAUTOP_MATCHER, (m) => m[1]!);
}
