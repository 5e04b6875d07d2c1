/**
 * Yoast SEO's options, each one JSON row of the options table under the plugin's name:
 * `wpseo` (general state: tracking, configuration steps, integrations, dismissed alerts...),
 * `wpseo_titles` (search appearance: separator, title and description templates per type, site
 * representation, breadcrumbs) and `wpseo_social` (profiles, Open Graph and Twitter switches). Read
 * with every default filled in; written key by key. Keys are added here, next to their defaults,
 * by whoever needs them (a key without a default is not an option).
 */
import type { Database, Prisma, PrismaClient } from '../../db/client';
import { storedJsonObject } from '../stored-json';

export const SEO_OPTION_NAMES = ['wpseo', 'wpseo_titles', 'wpseo_social'] as const;
export type SeoOptionName = (typeof SEO_OPTION_NAMES)[number];

type Defaults = Readonly<Record<string, unknown>>;

/** wpseo (WPSEO_Option_Wpseo): the plugin's own state. */
const WPSEO_DEFAULTS: Defaults = {
  tracking: false,
  toggled_tracking: false,
  first_time_install: true,
  configuration_finished_steps: [],
  dismiss_configuration_workout_notice: false,
  indexables_indexing_completed: false,
  indexing_first_time: true,
  indexing_started: null,
  semrush_integration_active: true,
  semrush_country_code: 'us',
  /** The keyphrase service's tokens, sealed (src/domain/seo/semrush-tokens.ts); '' when not connected. */
  semrush_tokens: '',
  wincher_integration_active: true,
  workouts_data: { configuration: { finishedSteps: [] } },
  dismissed_alerts: {},
  wistia_embed_permission: false,
  new_post_types: [],
  new_taxonomies: [],
  show_new_content_type_notification: false,
};

/** wpseo_titles (WPSEO_Option_Titles): templates per post type and taxonomy come from `titleDefault` below. */
const TITLES_DEFAULTS: Defaults = {
  separator: 'sc-dash',
  'title-home-wpseo': '%%sitename%% %%page%% %%sep%% %%sitedesc%%',
  'title-author-wpseo': '%%name%%, Author at %%sitename%% %%page%%',
  'title-archive-wpseo': '%%date%% %%page%% %%sep%% %%sitename%%',
  'title-search-wpseo': 'You searched for %%searchphrase%% %%page%% %%sep%% %%sitename%%',
  'title-404-wpseo': 'Page not found %%sep%% %%sitename%%',
  'metadesc-home-wpseo': '',
  'metadesc-author-wpseo': '',
  'metadesc-archive-wpseo': '',
  'noindex-author-wpseo': false,
  'noindex-author-noposts-wpseo': true,
  'noindex-archive-wpseo': true,
  'breadcrumbs-enable': true,
  'breadcrumbs-home': 'Home',
  'breadcrumbs-sep': '»',
  /** Attachment pages redirect to their files (head-attachment.ts: the file is then the canonical). */
  'disable-attachment': true,
  website_name: '',
  alternate_website_name: '',
  company_or_person: 'company',
  company_name: '',
  company_logo: '',
  company_logo_id: 0,
  company_logo_meta: false,
  person_logo: '',
  person_logo_id: 0,
  person_logo_meta: false,
  company_or_person_user_id: false,
  person_name: '',
};

/** wpseo_social (WPSEO_Option_Social). */
const SOCIAL_DEFAULTS: Defaults = {
  facebook_site: '',
  twitter_site: '',
  other_social_urls: [],
  opengraph: true,
  twitter: true,
  twitter_card_type: 'summary_large_image',
  og_default_image: '',
  og_default_image_id: 0,
};

const DEFAULTS: Readonly<Record<SeoOptionName, Defaults>> = { wpseo: WPSEO_DEFAULTS, wpseo_titles: TITLES_DEFAULTS, wpseo_social: SOCIAL_DEFAULTS };
const DEFAULTS_JSON = Object.fromEntries(SEO_OPTION_NAMES.map((name) => [name, JSON.stringify(DEFAULTS[name])])) as Readonly<Record<SeoOptionName, string>>;

/** Per-type keys of wpseo_titles (enrich_defaults): title/metadesc/noindex of each public post type and taxonomy. */
export function titleDefault(key: string): unknown {
  if (titleDefaults.has(key)) return titleDefaults.get(key);
  const value = titleDefaultOf(key);
  if (titleDefaults.size >= MAX_TITLE_DEFAULTS) titleDefaults.clear();
  titleDefaults.set(key, value);
  return value;
}

/** The keys asked are the types' and taxonomies' (a few dozen); every head asks several. */
const titleDefaults = new Map<string, unknown>();
const MAX_TITLE_DEFAULTS = 256;

function titleDefaultOf(key: string): unknown {
  if (/^title-tax-/.test(key)) return '%%term_title%% Archives %%page%% %%sep%% %%sitename%%';
  if (/^title-ptarchive-/.test(key)) return '%%pt_plural%% Archive %%page%% %%sep%% %%sitename%%';
  if (/^title-/.test(key)) return '%%title%% %%page%% %%sep%% %%sitename%%';
  if (/^(metadesc|bctitle)-/.test(key)) return '';
  if (/^noindex-tax-post_format$/.test(key)) return true;
  if (/^(noindex|showdate)-/.test(key)) return false;
  if (/^display-metabox-/.test(key)) return true;
  return undefined;
}

export type SeoOptionValues = Readonly<Record<string, unknown>>;

/** An option with its defaults filled in; a row that is not a JSON object reads as the defaults. */
export function mergeSeoOption(name: SeoOptionName, stored: string | null | undefined): Record<string, unknown> {
  // A copy of its own for every caller (the defaults hold arrays and objects), made from JSON text
  // made once: cheaper than structuredClone, and every read of a request's options makes one.
  const values: Record<string, unknown> = Object.assign(Object.create(null) as Record<string, unknown>, JSON.parse(DEFAULTS_JSON[name]) as Defaults);
  const parsed = storedJsonObject(stored);
  if (!parsed) return values;
  for (const [key, value] of Object.entries(parsed)) {
    if (isSeoOptionKey(name, key) && value !== undefined) values[key] = value;
  }
  return values;
}

/** Whether `key` is a key of the option (a default, or a per-type key of wpseo_titles). */
export function isSeoOptionKey(name: SeoOptionName, key: string): boolean {
  return Object.prototype.hasOwnProperty.call(DEFAULTS[name], key) || (name === 'wpseo_titles' && titleDefault(key) !== undefined);
}

/** One option value, default filled in (per-type wpseo_titles keys included). */
export function seoOptionValue(values: SeoOptionValues, name: SeoOptionName, key: string): unknown {
  if (Object.prototype.hasOwnProperty.call(values, key)) return values[key];
  return name === 'wpseo_titles' ? titleDefault(key) : undefined;
}

/** The option as stored now (read path: the tracked fast reads). */
export async function readSeoOption(db: Database, name: SeoOptionName): Promise<Record<string, unknown>> {
  const rows = await db.read.option.findMany({ where: { name } });
  return mergeSeoOption(name, rows[0]?.value);
}

type OptionWriter = PrismaClient | Prisma.TransactionClient;

/** Sets keys of an option inside the caller's transaction (no permission check: callers are the domain's writes). Unknown keys are ignored. */
export async function writeSeoOption(tx: OptionWriter, name: SeoOptionName, changes: Readonly<Record<string, unknown>>): Promise<Record<string, unknown>> {
  const row = await tx.option.findUnique({ where: { name } });
  const values = mergeSeoOption(name, row?.value);
  for (const [key, value] of Object.entries(changes)) if (isSeoOptionKey(name, key)) values[key] = value;
  const encoded = JSON.stringify(values);
  await tx.option.upsert({ where: { name }, create: { name, value: encoded }, update: { value: encoded } });
  return values;
}
