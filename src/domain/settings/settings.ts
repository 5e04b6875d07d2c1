/**
 * The site settings resource (WP_REST_Settings_Controller over the settings WordPress registers in
 * register_initial_settings(), plus site_logo and site_icon): who may read and change them, and
 * the rules each value must follow before it is stored.
 *
 * Values are checked twice, as in WordPress: against the registered schema (type, enum, format:
 * the adapters do that from SETTINGS) and here, where the rules WordPress applies in
 * sanitize_option() and its settings screens live: esc_html on the title and tagline, tags
 * stripped from date formats, posts_per_page kept positive, UTC±N time zones mapped to a fixed
 * gmt_offset. Where WordPress would silently keep the old value (an unknown time zone, a page that
 * does not exist), this resource refuses the request instead, naming the setting.
 *
 * `url` is WordPress's siteurl. Here the site address is the deployment's SITE_URL, so the
 * setting is read-only: it is reported, never written.
 */
import type { Config } from '../../config';
import type { DomainContext } from '../context';
import { isValidTimeZone } from '../content/dates';
import { DomainError, forbidden } from '../errors';
import type { Viewer } from '../viewer';
import { escapeHtml } from '../text';
import {
  readOptions,
  readOptionsFrom,
  readStoredOptions,
  siteOptionsOf,
  saveOptions,
  type OptionClient,
  type OptionName,
  type SiteOptions,
} from './options';

// ---------------------------------------------------------------------------------------------
// The registered settings, in WordPress's registration order
// ---------------------------------------------------------------------------------------------

export type SettingType = 'string' | 'integer' | 'boolean';

export interface SettingDef {
  /** The REST name (WordPress's show_in_rest name). */
  name: SettingName;
  /** The option it is stored in; null for `url`, which comes from the deployment. */
  option: OptionName | null;
  type: SettingType;
  /** register_setting()'s `label` (the schema's `title`), '' when WordPress registers none. */
  label: string;
  description: string;
  /** register_setting()'s `default`, null when WordPress registers none. */
  default: string | number | boolean | null;
  format?: 'uri' | 'email';
  enum?: readonly string[];
  readonly?: boolean;
}

export type SettingName =
  | 'title' | 'description' | 'url' | 'email' | 'timezone' | 'date_format' | 'time_format' | 'start_of_week'
  | 'language' | 'use_smilies' | 'default_category' | 'default_post_format' | 'posts_per_page' | 'show_on_front'
  | 'page_on_front' | 'page_for_posts' | 'default_ping_status' | 'default_comment_status' | 'site_logo' | 'site_icon';

export const SETTINGS: readonly SettingDef[] = [
  { name: 'title', option: 'title', type: 'string', label: 'Title', description: 'Site title.', default: null },
  { name: 'description', option: 'description', type: 'string', label: 'Tagline', description: 'Site tagline.', default: null },
  { name: 'url', option: null, type: 'string', label: '', description: 'Site URL.', default: null, format: 'uri', readonly: true },
  {
    name: 'email', option: 'email', type: 'string', label: '',
    description: 'This address is used for admin purposes, like new user notification.', default: null, format: 'email',
  },
  { name: 'timezone', option: 'timezone_string', type: 'string', label: '', description: 'A city in the same timezone as you.', default: null },
  { name: 'date_format', option: 'date_format', type: 'string', label: '', description: 'A date format for all date strings.', default: null },
  { name: 'time_format', option: 'time_format', type: 'string', label: '', description: 'A time format for all time strings.', default: null },
  {
    name: 'start_of_week', option: 'start_of_week', type: 'integer', label: '',
    description: 'A day number of the week that the week should start on.', default: null,
  },
  { name: 'language', option: 'language', type: 'string', label: '', description: 'WordPress locale code.', default: 'en_US' },
  {
    name: 'use_smilies', option: 'use_smilies', type: 'boolean', label: '',
    description: 'Convert emoticons like :-) and :-P to graphics on display.', default: true,
  },
  { name: 'default_category', option: 'default_category', type: 'integer', label: '', description: 'Default post category.', default: null },
  { name: 'default_post_format', option: 'default_post_format', type: 'string', label: '', description: 'Default post format.', default: null },
  { name: 'posts_per_page', option: 'posts_per_page', type: 'integer', label: 'Maximum posts per page', description: 'Blog pages show at most.', default: 10 },
  { name: 'show_on_front', option: 'show_on_front', type: 'string', label: 'Show on front', description: 'What to show on the front page', default: null },
  {
    name: 'page_on_front', option: 'page_on_front', type: 'integer', label: 'Page on front',
    description: 'The ID of the page that should be displayed on the front page', default: null,
  },
  {
    name: 'page_for_posts', option: 'page_for_posts', type: 'integer', label: '',
    description: 'The ID of the page that should display the latest posts', default: null,
  },
  {
    name: 'default_ping_status', option: 'default_ping_status', type: 'string', label: '',
    description: 'Allow link notifications from other blogs (pingbacks and trackbacks) on new articles.', default: null, enum: ['open', 'closed'],
  },
  {
    name: 'default_comment_status', option: 'default_comment_status', type: 'string', label: 'Allow comments on new posts',
    description: 'Allow people to submit comments on new posts.', default: null, enum: ['open', 'closed'],
  },
  { name: 'site_logo', option: 'site_logo', type: 'integer', label: 'Logo', description: 'Site logo.', default: null },
  { name: 'site_icon', option: 'site_icon', type: 'integer', label: 'Icon', description: 'Site icon.', default: null },
];

export type SiteSettings = Record<SettingName, string | number | boolean>;

/** A requested change per setting: the new value, or null to reset the setting to its default. */
export type SettingChanges = Partial<Record<SettingName, unknown>>;

/** The post formats WordPress knows besides "standard" (get_post_format_slugs()). */
export const POST_FORMAT_SLUGS: readonly string[] = ['aside', 'chat', 'gallery', 'link', 'image', 'quote', 'status', 'video', 'audio'];

// ---------------------------------------------------------------------------------------------
// Permissions (every registered setting uses the default callbacks: manage_options)
// ---------------------------------------------------------------------------------------------

export function canManageSettings(viewer: Viewer): boolean {
  return viewer.can('manage_options');
}

/**
 * Why this viewer may not make these changes, or null. In WordPress 6.9 the settings route's
 * EDITABLE handler uses get_item_permissions_check (manage_options) as its permission callback, so
 * a refusal is the server's `rest_forbidden`, whichever settings were sent (the per-setting
 * `rest_cannot_update` only came with a later update_item_permissions_check).
 */
export function updateSettingsPermissionError(viewer: Viewer): DomainError | null {
  if (canManageSettings(viewer)) return null;
  return forbidden('rest_forbidden', 'Sorry, you are not allowed to do that.', viewer);
}

// ---------------------------------------------------------------------------------------------
// Reading
// ---------------------------------------------------------------------------------------------

/**
 * The admin address a fresh install has. WordPress stores the installer's email in admin_email;
 * until the option is written here, the bootstrapped administrator's address stands in for it.
 */
function installEmail(config: Config): string {
  return config.adminEmail ?? `${config.adminUser ?? 'admin'}@example.com`;
}

function settingsFrom(options: SiteOptions, config: Config): SiteSettings {
  const out = {} as SiteSettings;
  for (const def of SETTINGS) {
    if (def.option === null) out[def.name] = config.siteUrl;
    else out[def.name] = options[def.option] as string | number | boolean;
  }
  if (out.email === '') out.email = installEmail(config);
  return out;
}

/** GET /settings: every registered setting, in registration order (manage_options). */
/** Reading the settings (all of them, or the groups only managers see) needs manage_options. */
export function assertCanManageSettings(viewer: Viewer): void {
  if (!canManageSettings(viewer)) throw forbidden('rest_forbidden', 'Sorry, you are not allowed to do that.', viewer);
}

export async function getSettings(ctx: DomainContext): Promise<SiteSettings> {
  assertCanManageSettings(ctx.viewer);
  return settingsFrom(await readOptions(ctx.db), ctx.config);
}

// ---------------------------------------------------------------------------------------------
// Writing
// ---------------------------------------------------------------------------------------------

interface Issue {
  code: string;
  message: string;
}

/** One setting's value turned into the options to write, or the reason it is refused. */
type Outcome = { set: Partial<SiteOptions> } | { issue: Issue };

const ok = (set: Partial<SiteOptions>): Outcome => ({ set });
const refuse = (code: string, message: string): Outcome => ({ issue: { code, message } });

/** strip_tags() as sanitize_option applies it to date and time formats. */
function stripTags(text: string): string {
  return text.replace(/<!--[\s\S]*?-->/g, '').replace(/<\/?[a-zA-Z!?][^>]*>?/g, '');
}

const UTC_OFFSET = /^UTC([+-])(\d{1,2}(?:\.\d+)?)$/;

/**
 * A time zone as the General Settings screen takes it: a zone name (timezone_string, gmt_offset
 * cleared), "UTC+5.5"-style fixed offsets (gmt_offset set, timezone_string cleared), or "" for
 * none. Zone names must be spelled as the tz database spells them (WordPress compares exactly).
 */
export function parseTimeZone(value: string): Pick<SiteOptions, 'timezone_string' | 'gmt_offset'> | Pick<SiteOptions, 'timezone_string'> | null {
  if (value === '') return { timezone_string: '' };
  const utc = UTC_OFFSET.exec(value);
  if (utc) {
    const hours = Number(utc[2]) * (utc[1] === '-' ? -1 : 1);
    if (hours < -12 || hours > 14 || !Number.isInteger(hours * 4)) return null;
    return { timezone_string: '', gmt_offset: hours === 0 ? 0 : hours };
  }
  if (!isValidTimeZone(value)) return null;
  const canonical = new Intl.DateTimeFormat('en-US', { timeZone: value }).resolvedOptions().timeZone;
  // Intl accepts any letter case ("europe/paris"); the tz database, and WordPress, do not.
  const aliasSpelledRight = canonical.toLowerCase() !== value.toLowerCase() && value.split('/').every((part) => /^[A-Z]/.test(part));
  if (canonical !== value && !aliasSpelledRight) return null;
  return { timezone_string: value, gmt_offset: 0 };
}

async function publishedPageExists(tx: OptionClient, id: number): Promise<boolean> {
  return (await tx.content.count({ where: { id, type: 'page', status: 'publish' } })) > 0;
}

/** The stored-value rules of each setting (sanitize_option and the settings screens' choices). */
async function normalise(tx: OptionClient, def: SettingDef, value: unknown): Promise<Outcome> {
  const name = def.name;
  if (def.type === 'string' && typeof value !== 'string') return refuse('rest_invalid_type', `${name} is not of type string.`);
  if (def.type === 'integer' && !Number.isSafeInteger(value)) return refuse('rest_invalid_type', `${name} is not of type integer.`);
  if (def.type === 'boolean' && typeof value !== 'boolean') return refuse('rest_invalid_type', `${name} is not of type boolean.`);
  const text = value as string;
  const int = value as number;
  switch (name) {
    case 'title':
    case 'description':
      return ok({ [name]: escapeHtml(text) });
    case 'email':
      return ok({ email: text.trim() });
    case 'timezone': {
      const zone = parseTimeZone(text);
      return zone ? ok(zone) : refuse('invalid_timezone_string', 'The timezone you have entered is not valid. Please select a valid timezone.');
    }
    case 'date_format':
    case 'time_format':
      return ok({ [name]: stripTags(text) });
    case 'start_of_week':
      return int >= 0 && int <= 6 ? ok({ start_of_week: int }) : refuse('rest_out_of_bounds', 'start_of_week must be between 0 (inclusive) and 6 (inclusive)');
    case 'language':
      // Only English is installed; WordPress stores "" for it as well.
      return text === '' || text === 'en_US' ? ok({ language: text }) : refuse('rest_not_in_enum', 'language is not en_US.');
    case 'use_smilies':
      return ok({ use_smilies: value as boolean });
    case 'default_category': {
      const exists = (await tx.term.count({ where: { id: int, taxonomy: 'category' } })) > 0;
      return exists ? ok({ default_category: int }) : refuse('rest_term_invalid', 'Term does not exist.');
    }
    case 'default_post_format':
      return text === '0' || text === 'standard' || POST_FORMAT_SLUGS.includes(text)
        ? ok({ default_post_format: text })
        : refuse('rest_not_in_enum', `default_post_format is not one of 0, standard, ${POST_FORMAT_SLUGS.join(', ')}.`);
    case 'posts_per_page':
      // sanitize_option: 0 means 1, and a negative count below -1 (all) loses its sign.
      return ok({ posts_per_page: int === 0 ? 1 : int < -1 ? -int : int });
    case 'show_on_front':
      return text === 'posts' || text === 'page' ? ok({ show_on_front: text }) : refuse('rest_not_in_enum', 'show_on_front is not one of posts and page.');
    case 'page_on_front':
    case 'page_for_posts':
      return int === 0 || (await publishedPageExists(tx, int)) ? ok({ [name]: int }) : refuse('rest_post_invalid_id', 'Invalid post ID.');
    case 'default_ping_status':
    case 'default_comment_status':
      return text === 'open' || text === 'closed' ? ok({ [name]: text }) : refuse('rest_not_in_enum', `${name} is not one of open and closed.`);
    case 'site_logo':
    case 'site_icon': {
      const exists = int === 0 || (await tx.content.count({ where: { id: int, type: 'attachment' } })) > 0;
      return exists ? ok({ [name]: int }) : refuse('rest_post_invalid_id', 'Invalid post ID.');
    }
    default:
      return ok({});
  }
}

/** Whether a stored row still holds a value of the setting's type (what WordPress checks before a reset). */
function storedValueIsValid(def: SettingDef, raw: string): boolean {
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return false;
  }
  if (def.type === 'integer') return Number.isSafeInteger(value);
  if (def.type === 'boolean') return typeof value === 'boolean';
  return typeof value === 'string';
}

function invalidParams(issues: Map<SettingName, Issue>): DomainError {
  const params: Record<string, string> = {};
  const details: Record<string, unknown> = {};
  for (const [name, found] of issues) {
    params[name] = found.message;
    details[name] = { code: found.code, message: found.message, data: null };
  }
  return new DomainError('rest_invalid_param', `Invalid parameter(s): ${[...issues.keys()].join(', ')}`, 400, { params, details });
}

/**
 * POST/PUT/PATCH /settings: applies every change in one transaction, or none of them. A null
 * resets the setting (delete_option); unknown and read-only settings are ignored. Answers the
 * settings as they are afterwards.
 */
export async function updateSettings(ctx: DomainContext, changes: SettingChanges): Promise<SiteSettings> {
  const denied = updateSettingsPermissionError(ctx.viewer);
  if (denied) throw denied;
  const wanted = SETTINGS.filter((def) => !def.readonly && def.option !== null && changes[def.name] !== undefined);
  const options = await ctx.db.prisma.$transaction(async (tx) => {
    const set: Partial<SiteOptions> = {};
    const deleted: OptionName[] = [];
    const issues = new Map<SettingName, Issue>();
    const resets = wanted.filter((def) => changes[def.name] === null);
    const stored = resets.length ? await readStoredOptions(tx, resets.map((def) => def.option as OptionName)) : new Map<OptionName, string>();
    for (const def of wanted) {
      const option = def.option as OptionName;
      const value = changes[def.name];
      if (value === null) {
        const raw = stored.get(option);
        if (raw !== undefined && !storedValueIsValid(def, raw)) {
          throw new DomainError('rest_invalid_stored_value', `The ${def.name} property has an invalid stored value, and cannot be updated to null.`, 500);
        }
        deleted.push(option);
        continue;
      }
      const outcome = await normalise(tx, def, value);
      if ('issue' in outcome) issues.set(def.name, outcome.issue);
      else Object.assign(set, outcome.set);
    }
    if (issues.size) throw invalidParams(issues);
    await saveOptions(tx, set, deleted);
    return readOptionsFrom(tx);
  });
  return settingsFrom(options, ctx.config);
}

// ---------------------------------------------------------------------------------------------
// Public reading (WPGraphQL's settings groups)
// ---------------------------------------------------------------------------------------------

/** The registered settings as anybody reads them, plus the permalink options; `email` is null for non-managers. */
export type ReadableSettings = Omit<SiteSettings, 'email'> & {
  email: string | null;
  /** home_url(): the front-end's address is the site's here. */
  home: string;
  permalink_structure: string;
  /** category_base / tag_base: never set here, so WordPress's defaults ('' = /category/, /tag/). */
  category_base: string;
  tag_base: string;
};

/**
 * WPGraphQL shows every registered setting to anybody, except the admin e-mail, which needs
 * manage_options (docs/security.md); the REST settings route stays managers-only (getSettings).
 */
export async function readableSettings(ctx: DomainContext): Promise<ReadableSettings> {
  const settings = settingsFrom(await siteOptionsOf(ctx), ctx.config);
  return {
    ...settings,
    email: canManageSettings(ctx.viewer) ? String(settings.email) : null,
    home: ctx.config.siteUrl,
    permalink_structure: ctx.config.permalinks === 'pretty' ? '/%postname%/' : '',
    category_base: '',
    tag_base: '',
  };
}
