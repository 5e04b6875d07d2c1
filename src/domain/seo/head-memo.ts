/**
 * Heads already made, by the name of what they are made of (headKey): posts', pages', terms',
 * authors', archives', events', venues' and organizers' heads, not attachments'. A list read again
 * gets its heads, their HTML and both as JSON text without making or serialising them again (the
 * two head fields are four fifths of a list's answer). Pure, as the rendering memos are: the name
 * holds every fact the head is made of, read in this request, so a changed fact is another name and
 * nothing ever needs dropping. Heads handed out are frozen: requests share them.
 */
import type { Content } from '../../generated/prisma-sqlite/client';
import { RenderMemo } from '../content/format/memo';
import { seoHeadHtml } from './head-html';
import { SEO_FIELD_NAMES, type SeoFields } from './meta-fields';
import type { SeoSite } from './head-site';
import type { SeoHead } from './head-types';

export interface HeadTexts {
  head: SeoHead;
  /** JSON.stringify(head). */
  json: string;
  /** seoHeadHtml(head). */
  html: string;
  /** JSON.stringify(html). */
  htmlJson: string;
}

const sizeOf = (texts: HeadTexts): number => 2 * texts.json.length + texts.html.length + texts.htmlJson.length;
const heads = new RenderMemo<HeadTexts>(2000, 32 << 20, sizeOf);

function deepFreeze(value: unknown): void {
  if (typeof value !== 'object' || value === null || Object.isFrozen(value)) return;
  Object.freeze(value);
  for (const child of Object.values(value)) deepFreeze(child);
}

/** The texts of a head, made now (the head is frozen: a kept one is shared). */
export function headTexts(head: SeoHead): HeadTexts {
  deepFreeze(head);
  const schemaJson = JSON.stringify(head.schema);
  const html = seoHeadHtml(head, schemaJson);
  return { head, json: JSON.stringify(head), html, htmlJson: JSON.stringify(html) };
}

/** The head named `key`, made by `make` when it is not kept. */
export function memoisedHead(key: string, make: () => SeoHead): HeadTexts {
  return heads.through(key, () => headTexts(make()));
}

/**
 * Short names for long texts (a key need not repeat them): the same text gets the same name while
 * it is remembered, and a name is never given to another text.
 */
export class TextNames {
  private readonly names: RenderMemo;
  private last = 0;

  constructor(maxEntries: number, maxChars: number) {
    this.names = new RenderMemo(maxEntries, maxChars);
  }

  nameOf(text: string): string {
    return this.names.through(text, () => String(++this.last));
  }
}

/** The site's facts (a request's SeoSite) by a short name, serialised once per request. */
const siteNames = new TextNames(1000, 16 << 20);
const siteNameOf = new WeakMap<SeoSite, string>();

export function siteKeyOf(site: SeoSite): string {
  let name = siteNameOf.get(site);
  if (name === undefined) siteNameOf.set(site, (name = siteNames.nameOf(JSON.stringify(site))));
  return name;
}

/** Contents by a short name: long, and read by heads only for their words, excerpts and page count. */
const contentNames = new TextNames(4000, 16 << 20);

/** The columns of an item's row a head may read (a head reads no other: its key names these). */
export type HeadRow = Pick<Content, 'id' | 'type' | 'status' | 'authorId' | 'title' | 'excerpt' | 'password' | 'date' | 'modified' | 'content'>;

/** An item's own facts for a head's key: its row's columns (the content by its short name) and its SEO fields. */
export function itemKeyFacts(row: HeadRow, seo: SeoFields): unknown[] {
  const columns = [row.id, row.type, row.status, row.authorId, row.title, row.excerpt, row.password, row.date.getTime(), row.modified.getTime(), contentNames.nameOf(row.content)];
  return [columns, SEO_FIELD_NAMES.map((name) => seo[name])];
}

/**
 * A head's name for the memo: its kind, the site's facts by their short name, and every other fact
 * it is made of as JSON (an item's own by itemKeyFacts).
 */
export function headKey(kind: string, site: SeoSite, facts: unknown): string {
  return `${siteKeyOf(site)}\u0000${kind}\u0000${JSON.stringify(facts)}`;
}

/** headKey of a singular item's facts: the site, the item's row and SEO fields, and what was read for it. */
export function itemHeadKey(kind: string, facts: { site: SeoSite; row: HeadRow; seo: SeoFields }): string {
  const { site, row, seo, ...read } = facts;
  return headKey(kind, site, [itemKeyFacts(row, seo), read]);
}
