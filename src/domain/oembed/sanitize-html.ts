/**
 * What WordPress does with a provider's answer before handing it on (WP_oEmbed::data2html() and
 * the `oembed_dataparse` filters): the HTML of each oEmbed type; a `title` given to the iframe
 * (wp_filter_oembed_iframe_title_attribute()); for providers outside the trusted list, the markup
 * reduced to a blockquote and a sandboxed iframe with a fresh secret (wp_filter_oembed_result());
 * new lines removed outside `<pre>` (WP_oEmbed::_strip_newlines()).
 */
import { embedSecret, escAttr, escUrl } from './secret';

type ProviderData = Record<string, unknown>;

const str = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);
const numeric = (value: unknown): boolean => (typeof value === 'number' && Number.isFinite(value)) || (typeof value === 'string' && /^\s*[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?\s*$/.test(value));
const empty = (value: unknown): boolean => value === undefined || value === null || value === '' || value === 0 || value === '0' || value === false;

/** data2html() before its filters; null for an answer it cannot show. */
function baseHtml(data: ProviderData, url: string): string | null {
  switch (data.type) {
    case 'photo': {
      if (empty(data.url) || empty(data.width) || empty(data.height)) return null;
      if (typeof data.url !== 'string' || !numeric(data.width) || !numeric(data.height)) return null;
      const title = str(data.title) ?? '';
      return `<a href="${escUrl(url)}"><img src="${escUrl(data.url)}" alt="${escAttr(title)}" width="${escAttr(String(data.width))}" height="${escAttr(String(data.height))}" /></a>`;
    }
    case 'video':
    case 'rich':
      return str(data.html);
    case 'link': {
      const title = str(data.title);
      return title === null ? null : `<a href="${escUrl(url)}">${escAttr(title)}</a>`;
    }
    default:
      return null;
  }
}

interface Attribute {
  name: string;
  value: string | null;
}

/** The attributes of a start tag's inside (wp_kses_hair(), simplified). */
function attributesOf(inside: string): Attribute[] {
  const out: Attribute[] = [];
  const pattern = /([^\s"'>/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?/g;
  for (let m = pattern.exec(inside); m; m = pattern.exec(inside)) {
    const value = m[2] ?? m[3] ?? m[4];
    out.push({ name: m[1].toLowerCase(), value: value === undefined ? null : value });
  }
  return out;
}

type AllowedHtml = Record<string, ReadonlySet<string>>;

const URL_ATTRIBUTES = new Set(['href', 'src']);

function decodeAttribute(value: string): string {
  return value.replace(/&quot;/g, '"').replace(/&#0?39;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&#0?38;|&amp;/g, '&');
}

/**
 * wp_kses() with a small allow-list: allowed elements keep their allowed attributes (addresses
 * only when http(s) or relative), every other tag is removed, text stays (escaped).
 */
function kses(html: string, allowed: AllowedHtml): string {
  let out = '';
  const tag = /<(\/?)([a-zA-Z][a-zA-Z0-9-]*)([^>]*)>|<!--[\s\S]*?-->|<[^>]*>?/g;
  let last = 0;
  for (let m = tag.exec(html); m; m = tag.exec(html)) {
    out += escapeText(html.slice(last, m.index));
    last = m.index + m[0].length;
    if (!m[2]) continue;
    const name = m[2].toLowerCase();
    const attributes = allowed[name];
    if (!attributes) continue;
    if (m[1]) {
      out += `</${name}>`;
      continue;
    }
    let kept = '';
    for (const attribute of attributesOf(m[3])) {
      if (!attributes.has(attribute.name) || attribute.value === null) continue;
      let value = decodeAttribute(attribute.value);
      if (URL_ATTRIBUTES.has(attribute.name)) {
        value = escUrl(value);
        if (value === '') continue;
        kept += ` ${attribute.name}="${value}"`;
      } else {
        kept += ` ${attribute.name}="${escAttr(value)}"`;
      }
    }
    out += `<${name}${kept}>`;
  }
  return out + escapeText(html.slice(last));
}

function escapeText(text: string): string {
  return text.replace(/&(?!(?:#\d+|#x[0-9a-f]+|[a-z][a-z0-9]*);)/gi, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

const set = (...names: string[]) => new Set(names);
const IFRAME = ['src', 'width', 'height', 'frameborder', 'marginwidth', 'marginheight', 'scrolling', 'title'];
const UNTRUSTED: AllowedHtml = { a: set('href'), blockquote: set(), iframe: set(...IFRAME) };
const UNTRUSTED_WITH_SECRET: AllowedHtml = { a: set('href'), blockquote: set('data-secret'), iframe: set(...IFRAME, 'data-secret') };

/** wp_filter_oembed_result() for an untrusted provider: a blockquote and an iframe, or null without an iframe. */
function filterUntrusted(result: string): string | null {
  let html = kses(result, UNTRUSTED);
  const content = /(<blockquote>[\s\S]*?<\/blockquote>)?[\s\S]*(<iframe[\s\S]*?><\/iframe>)/.exec(html);
  if (!content || !content[2]) return null;
  html = (content[1] ?? '') + content[2];
  const src = / src=(['"])(.*?)\1/.exec(html);
  if (src) {
    const secret = embedSecret();
    const quote = src[1];
    const url = escUrl(`${decodeAttribute(src[2])}#?secret=${secret}`);
    html = html.replace(src[0], ` src=${quote}${url}${quote} data-secret=${quote}${secret}${quote}`);
    html = html.replace('<blockquote', `<blockquote data-secret="${secret}"`);
  }
  html = kses(html, UNTRUSTED_WITH_SECRET);
  if (content[1]) {
    // A blockquote to fall back on: the iframe stays hidden until the embed says it is ready.
    html = html.split('<iframe').join('<iframe style="position: absolute; visibility: hidden;"');
    html = html.split('<blockquote').join('<blockquote class="wp-embedded-content"');
  }
  return html.replace(/<iframe/gi, '<iframe class="wp-embedded-content" sandbox="allow-scripts" security="restricted"');
}

/** wp_filter_oembed_iframe_title_attribute(): the first iframe gets a title (its own, else the answer's). */
function titleIframe(result: string, data: ProviderData): string {
  if (data.type !== 'rich' && data.type !== 'video') return result;
  const iframe = /<iframe([^>]*)>/i.exec(result);
  let title = str(data.title) ?? '';
  let attributes: Attribute[] = [];
  if (iframe) {
    attributes = attributesOf(iframe[1]);
    const own = attributes.find((a) => a.name === 'title');
    if (own?.value) title = own.value;
  }
  if (title === '') return result;
  if (iframe && attributes.some((a) => a.name === 'title')) {
    const rest = attributes.filter((a) => a.name !== 'title').map((a) => (a.value === null ? a.name : `${a.name}="${a.value}"`));
    result = result.replace(iframe[0], `<iframe ${rest.join(' ')}>`);
  }
  return result.replace(/<iframe /i, `<iframe title="${escAttr(title)}" `);
}

/** _strip_newlines(): line breaks removed, except inside `<pre>`. */
function stripNewlines(html: string): string {
  if (!html.includes('\n')) return html;
  return html
    .split(/(<pre[^>]*>[\s\S]*?<\/pre>)/i)
    .map((part, i) => (i % 2 === 1 ? part : part.replace(/\r?\n/g, '')))
    .join('');
}

/** The `html` WordPress hands on for a provider's answer: false when there is nothing safe to show. */
export function providerHtml(data: ProviderData, url: string, trusted: boolean): string | false {
  let html = baseHtml(data, url);
  if (html === null) return false;
  html = titleIframe(html, data);
  if (!trusted && (data.type === 'rich' || data.type === 'video')) {
    const filtered = filterUntrusted(html);
    if (filtered === null) return false;
    html = filtered;
  }
  return stripNewlines(html);
}
