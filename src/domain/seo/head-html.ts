/**
 * The head object as HTML (Yoast's `yoast_head`): the same values, one tag per key in the
 * plugin's order, the schema graph in a `yoast-schema-graph` script. Both the REST `seo_head`
 * field and the public pages print this string, so they cannot disagree with `seo_head_json`.
 */
import type { SeoHead } from './head-types';

const HTML_SPECIAL = /[&<>"']/g;
const HTML_ESCAPES: Readonly<Record<string, string>> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#039;' };

/** The head holds plain text, so every `&` is escaped (existing entities too). */
function escapeHtml(text: string): string {
  return text.search(HTML_SPECIAL) === -1 ? text : text.replace(HTML_SPECIAL, (ch) => HTML_ESCAPES[ch]);
}

const attr = (value: string | number): string => escapeHtml(String(value));

function meta(kind: 'name' | 'property', key: string, value: string | number | undefined): string {
  return value === undefined || value === '' ? '' : `<meta ${kind}="${key}" content="${attr(value)}" />\n`;
}

/** JSON for a script element: `<` escaped so no value can close the element. */
export function scriptJson(value: unknown): string {
  return scriptSafe(JSON.stringify(value));
}

const SCRIPT_UNSAFE = /[<\u2028\u2029]/g;
const SCRIPT_ESCAPES: Readonly<Record<string, string>> = { '<': '\\u003c', '\u2028': '\\u2028', '\u2029': '\\u2029' };

/** JSON text made safe inside a script element (one pass, none when nothing needs it). */
export function scriptSafe(json: string): string {
  // Three substring searches are far cheaper than a pattern's scan of a graph's few kilobytes.
  const unsafe = json.includes('<') || json.includes('\u2028') || json.includes('\u2029');
  return unsafe ? json.replace(SCRIPT_UNSAFE, (ch) => SCRIPT_ESCAPES[ch]) : json;
}

/** `schemaJson`: JSON.stringify(head.schema), when the caller has made it already. */
export function seoHeadHtml(head: SeoHead, schemaJson?: string): string {
  let out = '<!-- Search optimisation: head metadata -->\n';
  out += `<title>${escapeHtml(head.title)}</title>\n`;
  out += meta('name', 'description', head.description);
  out += meta('name', 'robots', Object.values(head.robots).join(', '));
  if (head.canonical) out += `<link rel="canonical" href="${attr(head.canonical)}" />\n`;
  out += meta('property', 'og:locale', head.og_locale);
  out += meta('property', 'og:type', head.og_type);
  out += meta('property', 'og:title', head.og_title);
  out += meta('property', 'og:description', head.og_description);
  out += meta('property', 'og:url', head.og_url);
  out += meta('property', 'og:site_name', head.og_site_name);
  out += meta('property', 'article:publisher', head.article_publisher);
  out += meta('property', 'article:published_time', head.article_published_time);
  out += meta('property', 'article:modified_time', head.article_modified_time);
  for (const image of head.og_image ?? []) {
    out += meta('property', 'og:image', image.url);
    out += meta('property', 'og:image:width', image.width);
    out += meta('property', 'og:image:height', image.height);
    out += meta('property', 'og:image:type', image.type);
  }
  out += meta('name', 'author', head.author);
  out += meta('name', 'twitter:card', head.twitter_card);
  out += meta('name', 'twitter:title', head.twitter_title);
  out += meta('name', 'twitter:description', head.twitter_description);
  out += meta('name', 'twitter:image', head.twitter_image);
  out += meta('name', 'twitter:creator', head.twitter_creator);
  out += meta('name', 'twitter:site', head.twitter_site);
  Object.entries(head.twitter_misc ?? {}).forEach(([label, data], i) => {
    out += meta('name', `twitter:label${i + 1}`, label);
    out += meta('name', `twitter:data${i + 1}`, data);
  });
  out += `<script type="application/ld+json" class="yoast-schema-graph">${schemaJson === undefined ? scriptJson(head.schema) : scriptSafe(schemaJson)}</script>\n`;
  out += '<!-- / Search optimisation. -->\n';
  return out;
}
