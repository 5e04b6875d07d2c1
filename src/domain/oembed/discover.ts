/**
 * oEmbed discovery (WP_oEmbed::discover()): the `<link rel="alternate">` tags of a page's head that
 * name an oEmbed endpoint, JSON preferred to XML. Only the head is read, and the page itself is
 * fetched only up to 150 KB, as WordPress does.
 */

export const DISCOVERY_BYTES = 153600;

const LINK_TYPES: Record<string, 'json' | 'xml'> = {
  'application/json+oembed': 'json',
  'text/xml+oembed': 'xml',
  // Incorrect, but used by at least Vimeo.
  'application/xml+oembed': 'xml',
};

/** shortcode_parse_atts(): name="value", name='value' and name=value pairs, names lower-cased. */
function linkAttributes(text: string): Record<string, string> {
  const out: Record<string, string> = {};
  const pattern = /([\w-]+)\s*=\s*"([^"]*)"(?:\s|$)|([\w-]+)\s*=\s*'([^']*)'(?:\s|$)|([\w-]+)\s*=\s*([^\s'"]+)(?:\s|$)/g;
  const source = text.replace(/[\u00a0\u200b]/g, ' ') + ' ';
  for (let m = pattern.exec(source); m; m = pattern.exec(source)) {
    const name = (m[1] ?? m[3] ?? m[5]).toLowerCase();
    out[name] = m[2] ?? m[4] ?? m[6] ?? '';
  }
  return out;
}

/** htmlspecialchars_decode(). */
function decodeSpecialChars(text: string): string {
  return text.replace(/&quot;/g, '"').replace(/&#0*39;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');
}

/** The oEmbed endpoint a page announces, or null. */
export function discoverEndpoint(page: string): string | null {
  let html = page;
  const headEnd = html.toLowerCase().indexOf('</head>');
  if (headEnd > 0) html = html.slice(0, headEnd);
  const lower = html.toLowerCase();
  if (!Object.keys(LINK_TYPES).some((type) => lower.indexOf(type) > 0)) return null;
  const found: Partial<Record<'json' | 'xml', string>> = {};
  const links = /<link([^<>]+?)\/?>/gi;
  for (let m = links.exec(html); m; m = links.exec(html)) {
    const attributes = linkAttributes(m[1]);
    const format = attributes.type ? LINK_TYPES[attributes.type] : undefined;
    if (!format || !attributes.href) continue;
    found[format] = decodeSpecialChars(attributes.href);
    if (format === 'json') break;
  }
  return found.json ?? found.xml ?? null;
}
