/**
 * The links and images of an item's rendered text, as the plugin's link builder sorts them:
 * `internal` (an address on this site), `external` (elsewhere), `image-in` and `image-ex` for
 * images. Addresses are made absolute against the item's permalink and lose their fragment;
 * fragments alone, mail, telephone and script links are no links. Pure: no database.
 */
export type LinkType = 'internal' | 'external' | 'image-in' | 'image-ex';

export interface FoundLink {
  url: string;
  type: LinkType;
}

/** Links one item may record (a text with more is cut: the counts stop there). */
export const MAX_LINKS_PER_ITEM = 500;

const ANCHOR = /<a\s[^>]*?\bhref\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+))/gi;
const IMAGE = /<img\s[^>]*?\bsrc\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+))/gi;
const IGNORED_SCHEMES = /^(mailto|tel|javascript|data|sms|ftp):/i;

function decodeEntities(value: string): string {
  return value.replace(/&amp;/g, '&').replace(/&#0*38;/g, '&').replace(/&quot;/g, '"').replace(/&#0*39;/g, "'").trim();
}

/** The site's origin and path prefix, to tell its addresses from others. */
export interface SiteAddress {
  origin: string;
  /** `/` or `/folder/`. */
  path: string;
}

export function siteAddressOf(siteUrl: string): SiteAddress {
  const url = new URL(siteUrl);
  return { origin: url.origin, path: url.pathname.replace(/\/*$/, '/') };
}

/** An address made absolute without its fragment, or null when it is no link. */
export function absoluteLink(href: string, base: string): string | null {
  const value = decodeEntities(href);
  if (value === '' || value.startsWith('#') || IGNORED_SCHEMES.test(value)) return null;
  let url: URL;
  try {
    url = new URL(value, base);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  url.hash = '';
  return url.href;
}

export function isInternal(url: string, site: SiteAddress): boolean {
  const parsed = new URL(url);
  return parsed.origin === site.origin && (parsed.pathname + '/').startsWith(site.path);
}

function collect(html: string, pattern: RegExp, base: string, site: SiteAddress, types: [LinkType, LinkType], out: FoundLink[]): void {
  for (const match of html.matchAll(pattern)) {
    if (out.length >= MAX_LINKS_PER_ITEM) return;
    const url = absoluteLink(match[1] ?? match[2] ?? match[3] ?? '', base);
    if (url !== null) out.push({ url, type: isInternal(url, site) ? types[0] : types[1] });
  }
}

/** Every link and image of `html`, in order of appearance by kind (links first). */
export function extractLinks(html: string, base: string, site: SiteAddress): FoundLink[] {
  const out: FoundLink[] = [];
  collect(html, ANCHOR, base, site, ['internal', 'external'], out);
  collect(html, IMAGE, base, site, ['image-in', 'image-ex'], out);
  return out;
}

/** `<length>:<md5>` of an address (the plugin's permalink_hash), with a trailing slash on paths without an extension. */
export function normalisedPermalink(url: string): string {
  const parsed = new URL(url);
  parsed.hash = '';
  if (!/\.[^/]{1,5}$/.test(parsed.pathname) && !parsed.pathname.endsWith('/')) parsed.pathname += '/';
  return parsed.href;
}

/** The post id a plain address names (`?p=5`, `?page_id=5`, `?post_type=x&p=5`), or null. */
export function plainPostId(url: string): number | null {
  const params = new URL(url).searchParams;
  const value = params.get('p') ?? params.get('page_id');
  return value !== null && /^[1-9]\d{0,9}$/.test(value) && Number(value) <= 2147483647 ? Number(value) : null;
}
