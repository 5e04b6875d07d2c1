/**
 * Heads already made, by the name of what they are made of (postHeadKey): a list read again gets
 * its heads, their HTML and both as JSON text without making or serialising them again (the two
 * head fields are four fifths of a list's answer). Pure, as the rendering memos are: the name holds
 * every fact the head is made of, read in this request, so a changed fact is another name and
 * nothing ever needs dropping. Heads handed out are frozen: requests share them.
 */
import { RenderMemo } from '../content/format/memo';
import { seoHeadHtml } from './head-html';
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

/** The texts of a head, made now. */
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
 * A short name for the site's facts (a request's SeoSite), so an item's key need not repeat them:
 * the same facts get the same number while it is remembered; a number is never given to other facts.
 */
const siteNames = new Map<string, number>();
const siteNameOf = new WeakMap<SeoSite, string>();
let lastSiteNumber = 0;

export function siteKeyOf(site: SeoSite): string {
  let name = siteNameOf.get(site);
  if (name === undefined) {
    const text = JSON.stringify(site);
    let number = siteNames.get(text);
    if (number === undefined) {
      if (siteNames.size >= 1000) siteNames.clear();
      siteNames.set(text, (number = ++lastSiteNumber));
    }
    name = String(number);
    siteNameOf.set(site, name);
  }
  return name;
}
