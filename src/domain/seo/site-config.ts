/**
 * The site-wide SEO settings as WPGraphQL for Yoast SEO's root `seo` field gives them (its
 * root-query resolver over WPSEO_Options::get_all()): templates with the site's variables
 * replaced, switches as booleans, images as attachment ids. Values our options do not hold
 * (webmaster verification codes, most breadcrumb texts, profiles other than Facebook and X,
 * Yoast Premium's redirects) are null — never made up.
 */
import type { DomainContext } from '../context';
import { GRAPHQL_NAMES, graphqlPostTypes } from '../content/post-type-objects';
import { taxonomy as taxonomyDef } from '../content/taxonomies';
import { siteOptionsOf } from '../settings/options';
import { userById } from '../users/loaders';
import { idOf } from './head-images';
import { seoSiteOf, socialText, titleOption, titleOptionText, type SeoSite } from './head-site';
import { breadcrumbsEnabled } from './schema-graph';
import { replaceVars } from './title-template';

export interface SeoContentTypeConfig {
  title: string;
  metaDesc: string;
  metaRobotsNoindex: boolean;
  schemaType: string | null;
  archive: {
    hasArchive: boolean;
    archiveLink: string | null;
    title: string;
    metaDesc: string;
    metaRobotsNoindex: boolean;
    metaRobotsNofollow: boolean;
    metaRobotsIndex: string;
    metaRobotsFollow: string;
    breadcrumbTitle: string;
  };
}

export interface SeoSiteConfig {
  meta: {
    homepage: { title: string; description: string };
    author: { title: string; description: string };
    date: { title: string; description: string };
    config: { separator: string };
    notFound: { title: string; breadcrumb: string | null };
  };
  schema: {
    companyName: string;
    personName: string | null;
    companyOrPerson: string;
    companyLogoId: number;
    personLogoId: number;
    /** The logo of whom the site represents (the company's, or the person's). */
    logoId: number;
    siteName: string;
    wordpressSiteName: string;
    siteUrl: string;
    homeUrl: string;
    inLanguage: string;
  };
  social: {
    facebookUrl: string;
    defaultImageId: number;
    twitterUsername: string;
    twitterCardType: string | null;
    otherSocials: string[];
  };
  breadcrumbs: { enabled: boolean; homeText: string; separator: string };
  /** By WPGraphQL's single name of each post type / taxonomy (post, page, mediaItem, event...). */
  contentTypes: Record<string, SeoContentTypeConfig>;
  taxonomyArchives: Record<string, { title: string; metaDesc: string; metaRobotsNoindex: boolean }>;
}

/** The taxonomies WPGraphQL serves, by their GraphQL single name. */
const GRAPHQL_TAXONOMIES: ReadonlyArray<readonly [taxonomy: string, name: string]> = [
  ['category', 'category'],
  ['post_tag', 'tag'],
  ['post_format', 'postFormat'],
  ['tribe_events_cat', 'eventsCategory'],
];

/** wp_gql_seo_replace_vars: a site-level template has no item, so only the site's variables have values. */
function siteText(site: SeoSite, key: string, extra: { pt_plural?: string; pt_single?: string } = {}): string {
  return replaceVars(titleOptionText(site, key), { sep: site.sep, sitename: site.name, sitedesc: site.tagline, now: site.now, dateFormat: site.options.date_format, timeFormat: site.options.time_format, ...extra });
}

const yes = (value: unknown): boolean => value === true || value === 'on' || value === '1' || value === 1;

function contentTypeConfig(site: SeoSite, slug: string, hasArchive: boolean, plural: string, single: string): SeoContentTypeConfig {
  const archiveNoindex = yes(titleOption(site, `noindex-ptarchive-${slug}`));
  const schemaType = titleOption(site, `schema-page-type-${slug}`);
  return {
    title: siteText(site, `title-${slug}`),
    metaDesc: siteText(site, `metadesc-${slug}`),
    metaRobotsNoindex: yes(titleOption(site, `noindex-${slug}`)),
    schemaType: typeof schemaType === 'string' ? schemaType : null,
    archive: {
      hasArchive,
      archiveLink: null,
      title: siteText(site, `title-ptarchive-${slug}`, { pt_plural: plural, pt_single: single }),
      metaDesc: siteText(site, `metadesc-ptarchive-${slug}`, { pt_plural: plural, pt_single: single }),
      metaRobotsNoindex: archiveNoindex,
      metaRobotsNofollow: false,
      metaRobotsIndex: archiveNoindex ? 'noindex' : 'index',
      metaRobotsFollow: 'follow',
      breadcrumbTitle: titleOptionText(site, `bctitle-ptarchive-${slug}`),
    },
  };
}

export async function seoSiteConfig(ctx: DomainContext): Promise<SeoSiteConfig> {
  const [site, options] = await Promise.all([seoSiteOf(ctx), siteOptionsOf(ctx)]);
  const personId = idOf(titleOption(site, 'company_or_person_user_id'));
  const person = personId ? await userById(ctx).load(personId) : null;
  const cardType = socialText(site, 'twitter_card_type');
  const others = site.social.other_social_urls;
  const contentTypes: Record<string, SeoContentTypeConfig> = {};
  for (const object of graphqlPostTypes()) {
    const name = GRAPHQL_NAMES[object.def.slug]?.[0];
    if (name) contentTypes[name] = contentTypeConfig(site, object.def.slug, object.hasArchive, object.def.name, object.def.singularName);
  }
  const taxonomyArchives: SeoSiteConfig['taxonomyArchives'] = {};
  for (const [slug, name] of GRAPHQL_TAXONOMIES) {
    taxonomyArchives[name] = {
      title: siteText(site, `title-tax-${slug}`, { pt_plural: taxonomyDef(slug)?.name }),
      metaDesc: siteText(site, `metadesc-tax-${slug}`),
      metaRobotsNoindex: yes(titleOption(site, `noindex-tax-${slug}`)),
    };
  }
  return {
    meta: {
      homepage: { title: siteText(site, 'title-home-wpseo'), description: siteText(site, 'metadesc-home-wpseo') },
      author: { title: siteText(site, 'title-author-wpseo'), description: siteText(site, 'metadesc-author-wpseo') },
      date: { title: siteText(site, 'title-archive-wpseo'), description: siteText(site, 'metadesc-archive-wpseo') },
      config: { separator: site.sep },
      notFound: { title: siteText(site, 'title-404-wpseo'), breadcrumb: null },
    },
    schema: {
      companyName: titleOptionText(site, 'company_name').trim(),
      personName: person ? person.slug : null,
      companyOrPerson: titleOptionText(site, 'company_or_person'),
      companyLogoId: idOf(titleOption(site, 'company_logo_id')),
      personLogoId: idOf(titleOption(site, 'person_logo_id')),
      logoId: idOf(titleOption(site, titleOptionText(site, 'company_or_person') === 'company' ? 'company_logo_id' : 'person_logo_id')),
      siteName: site.name,
      wordpressSiteName: options.title,
      siteUrl: site.url,
      homeUrl: site.url,
      inLanguage: site.lang,
    },
    social: {
      facebookUrl: socialText(site, 'facebook_site'),
      defaultImageId: idOf(site.social.og_default_image_id),
      twitterUsername: socialText(site, 'twitter_site'),
      twitterCardType: cardType === 'summary' || cardType === 'summary_large_image' ? cardType : null,
      otherSocials: Array.isArray(others) ? others.filter((u): u is string => typeof u === 'string') : [],
    },
    breadcrumbs: { enabled: breadcrumbsEnabled(site), homeText: titleOptionText(site, 'breadcrumbs-home'), separator: titleOptionText(site, 'breadcrumbs-sep') },
    contentTypes,
    taxonomyArchives,
  };
}
