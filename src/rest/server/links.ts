/**
 * `_links` as WordPress serialises them: relations under https://api.w.org/ are compacted to
 * `wp:*` with a `curies` entry appended.
 */
export interface Link {
  href: string;
  embeddable?: boolean;
  [attribute: string]: unknown;
}
export type Links = Record<string, Link[]>;

export const API_REL = 'https://api.w.org/';
export const CURIES = [{ name: 'wp', href: 'https://api.w.org/{rel}', templated: true }];

/** Builds a link object with its attributes first and `href` last, as WordPress prints it. */
export function link(href: string, attributes: Record<string, unknown> = {}): Link {
  return { ...attributes, href } as Link;
}

export function compactLinks(links: Links): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  let curie = false;
  for (const [rel, list] of Object.entries(links)) {
    if (rel.startsWith(API_REL)) {
      out['wp:' + rel.slice(API_REL.length)] = list;
      curie = true;
    } else if (rel.startsWith('wp:')) {
      out[rel] = list;
      curie = true;
    } else {
      out[rel] = list;
    }
  }
  if (curie) out.curies = CURIES;
  return out;
}

/** Compacts `_links` of a record or of every record of a list, in place. */
export function compactRecordLinks(data: unknown): void {
  const records = Array.isArray(data) ? data : [data];
  for (const record of records) {
    if (record && typeof record === 'object' && '_links' in record) {
      const holder = record as { _links: Links };
      if (holder._links && !('curies' in holder._links)) holder._links = compactLinks(holder._links) as Links;
    }
  }
}
