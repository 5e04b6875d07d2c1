/**
 * The schema.org pieces of Yoast's graph (src/generators/schema/): WebSite, Organization or the
 * Person the site represents, WebPage (and its kinds), Article, BreadcrumbList, ImageObject,
 * Person for authors. Ids follow the plugin's (`<home>#website`, `<url>#breadcrumb`...), so
 * pieces refer to each other by `@id`.
 */
import { createHash } from 'node:crypto';
import { RenderMemo } from '../content/format/memo';
import type { SeoSite } from './head-site';
import { socialText, titleOption, titleOptionText } from './head-site';
import type { OgImage, SchemaPiece } from './head-types';

export const websiteId = (site: SeoSite): string => `${site.home}#website`;
export const organizationId = (site: SeoSite): string => `${site.home}#organization`;
export const logoId = (site: SeoSite): string => `${site.home}#/schema/logo/image/`;

/** The few authors of a site, hashed again for every post's graph otherwise. */
const personHashes = new RenderMemo(2000, 1 << 20);

/** Schema_IDs::PERSON_HASH plus a stable hash of the user (Yoast's wp_hash of login and id). */
export function personId(site: SeoSite, user: { id: number; login: string }): string {
  const key = `${user.login}${user.id}`;
  return `${site.home}#/schema/person/${personHashes.through(key, () => createHash('md5').update(key).digest('hex'))}`;
}

export interface SchemaPerson {
  id: number;
  login: string;
  name: string;
  description: string;
  url: string;
  avatar: string;
  /** The author archive. */
  link: string;
}

/** Who the site represents (Yoast's company_or_person), or null when nobody is set. */
export type Represents = { kind: 'organization'; name: string; logo: OgImage | null } | { kind: 'person'; person: SchemaPerson; logo: OgImage | null } | null;

export function imageObject(site: SeoSite, id: string, image: OgImage, caption: string): SchemaPiece {
  const piece: SchemaPiece = { '@type': 'ImageObject', inLanguage: site.lang, '@id': id, url: image.url, contentUrl: image.url };
  if (image.width) piece.width = image.width;
  if (image.height) piece.height = image.height;
  if (caption) piece.caption = caption;
  return piece;
}

function sameAs(site: SeoSite): string[] {
  const out: string[] = [];
  const facebook = socialText(site, 'facebook_site');
  if (facebook) out.push(facebook);
  const twitter = socialText(site, 'twitter_site');
  if (twitter) out.push(/^https?:/.test(twitter) ? twitter : `https://x.com/${twitter.replace(/^@/, '')}`);
  const others = site.social.other_social_urls;
  if (Array.isArray(others)) for (const url of others) if (typeof url === 'string' && url.trim()) out.push(url.trim());
  return out;
}

export function publisherId(site: SeoSite, represents: Represents): string | null {
  if (!represents) return null;
  return represents.kind === 'organization' ? organizationId(site) : personId(site, represents.person);
}

export function websitePiece(site: SeoSite, represents: Represents): SchemaPiece {
  const piece: SchemaPiece = { '@type': 'WebSite', '@id': websiteId(site), url: site.home, name: site.name, description: site.tagline };
  if (site.alternateName) piece.alternateName = site.alternateName;
  const publisher = publisherId(site, represents);
  if (publisher) piece.publisher = { '@id': publisher };
  piece.potentialAction = [
    {
      '@type': 'SearchAction',
      target: { '@type': 'EntryPoint', urlTemplate: `${site.home}?s={search_term_string}` },
      'query-input': { '@type': 'PropertyValueSpecification', valueRequired: true, valueName: 'search_term_string' },
    },
  ];
  piece.inLanguage = site.lang;
  return piece;
}

export function organizationPiece(site: SeoSite, name: string, logo: OgImage | null): SchemaPiece {
  const piece: SchemaPiece = { '@type': 'Organization', '@id': organizationId(site), name, url: site.home };
  if (logo) {
    piece.logo = imageObject(site, logoId(site), logo, name);
    piece.image = { '@id': logoId(site) };
  }
  const profiles = sameAs(site);
  if (profiles.length) piece.sameAs = profiles;
  return piece;
}

/** An author (or the person the site represents: then also an Organization, with the site's profiles). */
export function personPiece(site: SeoSite, person: SchemaPerson, asPublisher: OgImage | null | false): SchemaPiece {
  const id = personId(site, person);
  const piece: SchemaPiece = { '@type': asPublisher === false ? 'Person' : ['Person', 'Organization'], '@id': id, name: person.name };
  const imageId = `${site.home}#/schema/person/image/`;
  const image = asPublisher || (person.avatar ? { url: person.avatar } : null);
  if (image) {
    piece.image = imageObject(site, imageId, image, person.name);
    if (asPublisher) piece.logo = { '@id': imageId };
  }
  if (person.description) piece.description = person.description;
  const profiles = [...(person.url ? [person.url] : []), ...(asPublisher === false ? [] : sameAs(site))];
  if (profiles.length) piece.sameAs = profiles;
  piece.url = person.link;
  return piece;
}

/** The site's own pieces: WebSite and who it represents. */
export function sitePieces(site: SeoSite, represents: Represents): SchemaPiece[] {
  const pieces = [websitePiece(site, represents)];
  if (represents?.kind === 'organization') pieces.push(organizationPiece(site, represents.name, represents.logo));
  else if (represents?.kind === 'person') pieces.push(personPiece(site, represents.person, represents.logo));
  return pieces;
}

export interface Crumb {
  name: string;
  url?: string;
}

/** BreadcrumbList: Home first, the current page last (without `item`). */
export function breadcrumbPiece(url: string, crumbs: readonly Crumb[]): SchemaPiece {
  return {
    '@type': 'BreadcrumbList',
    '@id': `${url}#breadcrumb`,
    itemListElement: crumbs.map((crumb, i) => {
      const item: SchemaPiece = { '@type': 'ListItem', position: i + 1, name: crumb.name };
      if (crumb.url && i < crumbs.length - 1) item.item = crumb.url;
      return item;
    }),
  };
}

/** The breadcrumb trail's first crumb. */
export function homeCrumb(site: SeoSite): Crumb {
  return { name: titleOptionText(site, 'breadcrumbs-home') || 'Home', url: site.home };
}

export function breadcrumbsEnabled(site: SeoSite): boolean {
  return titleOption(site, 'breadcrumbs-enable') !== false;
}

export interface WebPageFacts {
  type: string | string[];
  url: string;
  name: string;
  description?: string;
  datePublished?: string;
  dateModified?: string;
  primaryImage?: OgImage;
  /** A Person's id (ProfilePage's mainEntity, or `author` of a page). */
  about?: string;
  withBreadcrumb: boolean;
}

export function primaryImageId(url: string): string {
  return `${url}#primaryimage`;
}

export function webPagePiece(site: SeoSite, facts: WebPageFacts): SchemaPiece {
  const piece: SchemaPiece = { '@type': facts.type, '@id': facts.url, url: facts.url, name: facts.name, isPartOf: { '@id': websiteId(site) } };
  if (facts.primaryImage) {
    piece.primaryImageOfPage = { '@id': primaryImageId(facts.url) };
    piece.image = { '@id': primaryImageId(facts.url) };
    piece.thumbnailUrl = facts.primaryImage.url;
  }
  if (facts.about) piece.about = { '@id': facts.about };
  if (facts.datePublished) piece.datePublished = facts.datePublished;
  if (facts.dateModified) piece.dateModified = facts.dateModified;
  if (facts.description) piece.description = facts.description;
  if (facts.withBreadcrumb) piece.breadcrumb = { '@id': `${facts.url}#breadcrumb` };
  piece.inLanguage = site.lang;
  piece.potentialAction = [{ '@type': 'ReadAction', target: [facts.url] }];
  return piece;
}
