/**
 * What every head needs to know about the site: its name, tagline, separator, language, who it
 * represents and its social profiles, read once per request from the site's settings and Yoast's
 * options (through ctx.db.read, so a cached answer is dropped when any of them changes), once per
 * request.
 */
import { formatSiteTimeSql } from '../content/dates';
import type { DomainContext } from '../context';
import { siteOptionsOf, type SiteOptions } from '../settings/options';
import DataLoader from 'dataloader';
import { defineLoader } from '../loaders';
import { mergeSeoOption, seoOptionValue, type SeoOptionName, type SeoOptionValues } from './options';
import { plainText } from './plain-text';
import { separatorOf } from './title-template';

export interface SeoSite {
  /** The site's address without a trailing slash. */
  url: string;
  /** The home page's address (with its slash). */
  home: string;
  pretty: boolean;
  /** Yoast's website_name, else the site title. */
  name: string;
  alternateName: string;
  tagline: string;
  sep: string;
  /** `en_US` (og:locale). */
  locale: string;
  /** `en-US` (inLanguage). */
  lang: string;
  /** The site's wall clock now (current-date variables). */
  now: string;
  options: SiteOptions;
  titles: SeoOptionValues;
  social: SeoOptionValues;
}

/** Yoast's options, each read once per request however many heads need them. */
const seoOptionLoader = defineLoader('seo.options', (db) =>
  new DataLoader<SeoOptionName, Record<string, unknown>>(async (names) => {
    const rows = await db.read.option.findMany({ where: { name: { in: [...names] } } });
    return names.map((name) => mergeSeoOption(name, rows.find((row) => row.name === name)?.value));
  }),
);

/**
 * The facts made from one request's option objects (its loaders hand every head the same ones), so
 * a list of heads makes them once; a request that reads the options again gets new objects.
 */
const factsOf = new WeakMap<SeoOptionValues, { options: SiteOptions; social: SeoOptionValues; site: SeoSite }>();

/** The site facts of this request. */
export async function seoSiteOf(ctx: DomainContext): Promise<SeoSite> {
  const [options, titles, social] = await Promise.all([siteOptionsOf(ctx), seoOptionLoader(ctx).load('wpseo_titles'), seoOptionLoader(ctx).load('wpseo_social')]);
  const made = factsOf.get(titles);
  if (made && made.options === options && made.social === social) return made.site;
  const site = siteFacts(ctx, options, titles, social);
  factsOf.set(titles, { options, social, site });
  return site;
}

function text(value: unknown): string {
  return typeof value === 'string' ? value.trim() : '';
}

function siteFacts(ctx: DomainContext, options: SiteOptions, titles: SeoOptionValues, social: SeoOptionValues): SeoSite {
  const url = ctx.config.siteUrl.replace(/\/+$/, '');
  const locale = (options.language || 'en_US').replace(/-/g, '_');
  return {
    url,
    home: `${url}/`,
    pretty: ctx.config.permalinks === 'pretty',
    name: text(titles.website_name) || plainText(options.title),
    alternateName: text(titles.alternate_website_name),
    tagline: plainText(options.description),
    sep: separatorOf(titles.separator),
    locale,
    lang: locale.replace(/_/g, '-'),
    now: formatSiteTimeSql(new Date(), options),
    options,
    titles,
    social,
  };
}

/** A wpseo_titles value, its per-type default filled in. */
export function titleOption(site: SeoSite, key: string): unknown {
  return seoOptionValue(site.titles, 'wpseo_titles', key);
}

export function titleOptionText(site: SeoSite, key: string): string {
  const value = titleOption(site, key);
  return typeof value === 'string' ? value : '';
}

export function socialText(site: SeoSite, key: string): string {
  const value = seoOptionValue(site.social, 'wpseo_social', key);
  return typeof value === 'string' ? value.trim() : '';
}
