/**
 * Slugs as WordPress makes them (sanitize_title_with_dashes) and the key that keeps them unique.
 */

/** Stands for the `%` of an escaped octet while the rest is cleaned (a private-use character no text sends). */
const OCTET = '\uE000';

/**
 * "Hello World!!" -> "hello-world"; accents are transliterated, tags and entities dropped. Escaped
 * octets (`%d0%bf`) are kept and other `%` signs dropped, as WordPress does, so a slug already
 * sanitised (non-ASCII letters are stored percent-encoded) comes through unchanged.
 */
export function sanitizeSlug(text: string): string {
  return text
    .replace(/<[^>]*>/g, '')
    .replace(/&[a-z0-9#]+;/gi, '')
    .replace(/\uE000/g, '')
    .replace(/%([a-fA-F0-9]{2})/g, `${OCTET}$1`)
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/ß/g, 'ss')
    .replace(/æ/gi, 'ae')
    .replace(/ø/gi, 'o')
    .toLowerCase()
    .replace(/['’"“”]/g, '')
    .replace(/[^\p{L}\p{N}_\s\uE000-]/gu, ' ')
    .replace(/\s+/g, '-')
    .replace(/-+/g, '-')
    .replace(/^-|-$/g, '')
    // Letters that have no ASCII form are kept percent-encoded, as WordPress stores them.
    .replace(/[^ -~\uE000]+/gu, (chars) => encodeURIComponent(chars).toLowerCase())
    .replace(/\uE000/g, '%')
    .slice(0, 200);
}

/** Types whose slugs are unique per parent rather than per type (WordPress's hierarchical types). */
const HIERARCHICAL = new Set(['page']);

/**
 * The value of Content.slugKey: null when the slug need not be unique (empty drafts, trash,
 * revisions, menu items); otherwise type/parent/slug. Attachments share one space with everything
 * in WordPress; we keep them per type, which only makes fewer collisions.
 */
export function slugKeyFor(record: { type: string; parentId: number; slug: string; status: string }): string | null {
  if (!record.slug || record.status === 'trash' || record.status === 'auto-draft' || record.type === 'revision' || record.type === 'nav_menu_item') return null;
  const scope = HIERARCHICAL.has(record.type) ? `${record.type}/${record.parentId}` : record.type;
  return `${scope}/${record.slug}`;
}
