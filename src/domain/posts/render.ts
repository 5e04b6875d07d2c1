/**
 * Fields computed from records: permalinks (get_permalink, get_sample_permalink), the GUID given
 * at creation, class_list (get_post_class), password access and the rendered texts
 * (content/format.ts). Pure functions of a record and the site; nothing here reads the database.
 */
import type { Content } from '../../generated/prisma-sqlite/client';
import { renderContent, renderExcerpt, renderTitle } from '../content/format';
import { canReadContent } from '../content/permissions';
import { postType } from '../content/post-types';
import type { SiteOptions } from '../settings/options';
import type { Viewer } from '../viewer';
import { postFormatOf } from './formats';
import type { AttachedTerm } from './types';

/** What links depend on: the site address, the permalink mode and the front-page options. */
export interface Site {
  url: string;
  pretty: boolean;
  options: SiteOptions;
}

type LinkRow = Pick<Content, 'id' | 'type' | 'status' | 'slug' | 'authorId'>;

/** wp_force_plain_post_permalink(): only public statuses (and private ones the viewer reads) get pretty links. */
function forcePlainLink(row: LinkRow, viewer: Viewer, sample: boolean): boolean {
  if (row.status === 'publish') return false;
  if (row.status === 'private') return !canReadContent(viewer, row);
  if (sample && ['draft', 'pending', 'future', 'auto-draft'].includes(row.status)) return false;
  return true;
}

function isFrontPage(site: Site, row: LinkRow): boolean {
  return row.type === 'page' && site.options.show_on_front === 'page' && site.options.page_on_front === row.id;
}

/** The plain form: `?p=ID` (`?page_id=ID` for pages). */
export function plainLink(site: Site, row: Pick<Content, 'id' | 'type'>): string {
  return row.type === 'page' ? `${site.url}/?page_id=${row.id}` : `${site.url}/?p=${row.id}`;
}

/**
 * get_permalink() with the `/%postname%/` structure: `{site}/{slug}/`, pages nested under their
 * ancestors (`ancestorSlugs`, root first). Non-public records get the plain form.
 */
export function permalink(site: Site, row: LinkRow, ancestorSlugs: readonly string[], viewer: Viewer): string {
  if (isFrontPage(site, row)) return `${site.url}/`;
  if (!site.pretty || forcePlainLink(row, viewer, false) || row.slug === '') return plainLink(site, row);
  return `${site.url}/${[...ancestorSlugs.filter(Boolean), row.slug].join('/')}/`;
}

/** permalink_template (edit): the link with the slug replaced by its placeholder. */
export function permalinkTemplate(site: Site, row: LinkRow, ancestorSlugs: readonly string[], viewer: Viewer): string {
  if (isFrontPage(site, row)) return `${site.url}/`;
  const sampled = { ...row, status: ['draft', 'pending', 'future', 'auto-draft'].includes(row.status) ? 'publish' : row.status };
  if (!site.pretty || forcePlainLink(sampled, viewer, true)) return plainLink(site, row);
  if (row.type === 'page') {
    const parents = ancestorSlugs.filter(Boolean);
    return `${site.url}/${parents.length ? parents.join('/') + '/' : ''}%pagename%/`;
  }
  return `${site.url}/%postname%/`;
}

/** sanitize_html_class(): percent octets and anything but A-Z a-z 0-9 _ - removed; fallback when empty. */
function sanitizeHtmlClass(text: string, fallback: string): string {
  const clean = text.replace(/%[a-fA-F0-9][a-fA-F0-9]/g, '').replace(/[^A-Za-z0-9_-]/g, '');
  return clean === '' ? fallback : clean;
}

/** Taxonomies whose terms become classes (the public ones), in registration order, with their prefix. */
const CLASS_TAXONOMIES: ReadonlyArray<[taxonomy: string, prefix: string]> = [['category', 'category'], ['post_tag', 'tag'], ['post_format', 'post_format']];

/** Term classes by taxonomy, id and slug (a handful of regular expressions each); bounded. */
const termClasses = new Map<string, string>();
const MAX_TERM_CLASSES = 5000;

/** The class a term gives a post (`category-news`, `tag-travel`, or the id when the slug is numeric or empty). */
function termClassOf(taxonomy: string, prefix: string, term: AttachedTerm): string {
  const key = `${taxonomy}\u0000${term.id}\u0000${term.slug}`;
  let found = termClasses.get(key);
  if (found === undefined) {
    let termClass = sanitizeHtmlClass(term.slug, String(term.id));
    if (/^\s*[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?\s*$/.test(termClass) || termClass.replace(/^-+|-+$/g, '') === '') termClass = String(term.id);
    found = taxonomy === 'post_tag' ? `tag-${termClass}` : sanitizeHtmlClass(`${prefix}-${termClass}`, `${prefix}-${term.id}`);
    if (termClasses.size >= MAX_TERM_CLASSES) termClasses.clear();
    termClasses.set(key, found);
  }
  return found;
}

/**
 * get_post_class() as a REST request computes it (no `sticky`, which needs is_home(); a protected
 * post always counts as password-required because REST requests carry no password cookie).
 */
export function classList(row: Content, terms: readonly AttachedTerm[], featuredMedia: number): string[] {
  const def = postType(row.type);
  const classes = [`post-${row.id}`, row.type, `type-${row.type}`, `status-${row.status}`];
  const supportsFormats = def?.supports['post-formats'] === true;
  if (supportsFormats) classes.push(`format-${sanitizeHtmlClass(postFormatOf(terms), 'standard')}`);
  const passwordRequired = row.password !== '';
  if (passwordRequired) classes.push('post-password-required');
  if (featuredMedia && !passwordRequired) classes.push('has-post-thumbnail');
  classes.push('hentry');
  for (const [taxonomy, prefix] of CLASS_TAXONOMIES) {
    if (!def?.taxonomies.includes(taxonomy)) continue;
    for (const term of terms) {
      if (term.taxonomy !== taxonomy || !term.slug) continue;
      classes.push(termClassOf(taxonomy, prefix, term));
    }
  }
  return [...new Set(classes)];
}

export interface PasswordRequest {
  context: string;
  /** The `password` parameter of the request, if any. */
  password?: string;
  /** Whether the viewer may edit the record (edit_post). */
  canEdit: boolean;
}

/** can_access_password_content(): editors in edit context, or the right password. */
export function canAccessProtected(row: Pick<Content, 'password'>, request: PasswordRequest): boolean {
  if (row.password === '') return false;
  if (request.context === 'edit' && request.canEdit) return true;
  if (!request.password) return false;
  return request.password === row.password;
}

/** Whether content and excerpt must be hidden (post_password_required() for this request). */
export function isPasswordHidden(row: Pick<Content, 'password'>, request: PasswordRequest): boolean {
  return row.password !== '' && !canAccessProtected(row, request);
}

export const renderedTitle = (row: Pick<Content, 'title'>): string => renderTitle(row.title);

export function renderedContent(row: Pick<Content, 'content' | 'password'>, request: PasswordRequest): string {
  return isPasswordHidden(row, request) ? '' : renderContent(row.content);
}

export function renderedExcerpt(row: Pick<Content, 'excerpt' | 'content' | 'password'>, request: PasswordRequest, length?: number): string {
  return isPasswordHidden(row, request) ? '' : renderExcerpt(row.excerpt, row.content, length ?? 55);
}

/** A revision's excerpt: the stored excerpt through the_excerpt, never generated from the content. */
export function renderedRevisionExcerpt(row: Pick<Content, 'excerpt'>): string {
  return row.excerpt === '' ? '' : renderExcerpt(row.excerpt, '');
}
