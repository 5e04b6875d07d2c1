/**
 * Assembles the head object from what a page says about itself, with the plugin's rules shared by
 * every kind of page: robots directives, no canonical on a noindex page, Open Graph falling back
 * to the SEO title and description, Twitter fields only when they differ, the site's profiles.
 */
import type { SeoSite } from './head-site';
import { socialText } from './head-site';
import type { OgImage, SchemaPiece, SeoHead, SeoRobots } from './head-types';
import type { SeoFields } from './meta-fields';
import { replaceVars, type TemplateValues } from './title-template';
import { utcWallClock } from '../content/dates';

/** Dates as Yoast prints them (ISO 8601 with an explicit +00:00 offset, no milliseconds). */
export function isoDate(instant: Date): string {
  const wallClock = utcWallClock(instant.getTime());
  if (wallClock !== null) return `${wallClock}+00:00`;
  // Years outside 0–9999 keep toISOString()'s own form, as before.
  return instant.toISOString().replace(/\.\d{3}Z$/, '+00:00');
}

export interface HeadInput {
  title: string;
  description: string;
  noindex: boolean;
  nofollow: boolean;
  /** The page's own address (permalink, archive link). */
  url: string;
  /** A canonical set by hand (replaces url as canonical and og:url). */
  canonical?: string;
  ogType: 'article' | 'website' | 'profile';
  ogTitle?: string;
  ogDescription?: string;
  /** Articles name the site's Facebook page (article:publisher). */
  withPublisher?: boolean;
  publishedTime?: string;
  modifiedTime?: string;
  images: OgImage[];
  author?: string;
  twitterTitle?: string;
  twitterDescription?: string;
  twitterImage?: string;
  twitterMisc?: Record<string, string>;
  graph: SchemaPiece[];
}

/** Robots_Helper: index pages get the generous snippet directives. */
export function robotsOf(noindex: boolean, nofollow: boolean): SeoRobots {
  const robots: SeoRobots = { index: noindex ? 'noindex' : 'index', follow: nofollow ? 'nofollow' : 'follow' };
  if (!noindex) {
    robots['max-snippet'] = 'max-snippet:-1';
    robots['max-image-preview'] = 'max-image-preview:large';
    robots['max-video-preview'] = 'max-video-preview:-1';
  }
  return robots;
}

/** The Twitter handle of a stored value (a URL or a name, with or without @). */
export function twitterHandle(value: string): string {
  const name = value.replace(/^https?:\/\/(www\.)?(twitter|x)\.com\//i, '').replace(/^@/, '').replace(/[/?#].*$/, '');
  return /^[A-Za-z0-9_]{1,15}$/.test(name) ? `@${name}` : '';
}

export function buildHead(site: SeoSite, input: HeadInput): SeoHead {
  const opengraph = site.social.opengraph !== false;
  const twitter = site.social.twitter !== false;
  const url = input.canonical || input.url;
  const head: Partial<SeoHead> = { title: input.title };
  if (input.description) head.description = input.description;
  head.robots = robotsOf(input.noindex, input.nofollow);
  if (!input.noindex) head.canonical = url;
  if (opengraph) {
    head.og_locale = site.locale;
    head.og_type = input.ogType;
    head.og_title = input.ogTitle || input.title;
    const ogDescription = input.ogDescription || input.description;
    if (ogDescription) head.og_description = ogDescription;
    head.og_url = url;
    head.og_site_name = site.name;
    const facebook = socialText(site, 'facebook_site');
    if (input.withPublisher && facebook) head.article_publisher = facebook;
    if (input.publishedTime) head.article_published_time = input.publishedTime;
    if (input.modifiedTime) head.article_modified_time = input.modifiedTime;
    if (input.images.length) head.og_image = input.images;
  }
  if (input.author) head.author = input.author;
  if (twitter) {
    head.twitter_card = socialText(site, 'twitter_card_type') || 'summary_large_image';
    if (input.twitterTitle && input.twitterTitle !== head.og_title) head.twitter_title = input.twitterTitle;
    if (input.twitterDescription && input.twitterDescription !== head.og_description) head.twitter_description = input.twitterDescription;
    if (input.twitterImage) head.twitter_image = input.twitterImage;
    const handle = twitterHandle(socialText(site, 'twitter_site'));
    // Singular items name a creator: the author's handle in Yoast, which falls back to the site's (we keep no user handles).
    if (handle && input.withPublisher) head.twitter_creator = handle;
    if (handle) head.twitter_site = handle;
    if (input.twitterMisc && Object.keys(input.twitterMisc).length) head.twitter_misc = input.twitterMisc;
  }
  head.schema = { '@context': 'https://schema.org', '@graph': input.graph };
  return head as SeoHead;
}

/**
 * What a singular item's own SEO fields decide in its head, the same for posts, pages, events,
 * venues, organizers and attachments: nofollow, a hand-set canonical, the Open Graph and Twitter
 * texts (templates filled with the item's values), the publisher and the modified time.
 */
export function singularHeadFields(
  seo: SeoFields,
  values: TemplateValues,
  row: { date: Date; modified: Date },
  texts: { title: string; ogDescription: string },
): Pick<HeadInput, 'nofollow' | 'canonical' | 'ogType' | 'ogTitle' | 'ogDescription' | 'withPublisher' | 'modifiedTime' | 'twitterTitle' | 'twitterDescription' | 'twitterImage'> {
  return {
    nofollow: seo['meta-robots-nofollow'] === '1',
    canonical: seo.canonical || undefined,
    ogType: 'article',
    ogTitle: replaceVars(seo['opengraph-title'], values) || texts.title,
    ogDescription: replaceVars(seo['opengraph-description'], values) || texts.ogDescription,
    withPublisher: true,
    modifiedTime: row.modified.getTime() !== row.date.getTime() ? isoDate(row.modified) : undefined,
    twitterTitle: replaceVars(seo['twitter-title'], values),
    twitterDescription: replaceVars(seo['twitter-description'], values),
    twitterImage: seo['twitter-image'] || undefined,
  };
}
