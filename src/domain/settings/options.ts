/**
 * Site options (WordPress's wp_options) with their defaults. Stored JSON-encoded in the Option
 * table; only options that differ from the default need a row. DEFAULT_OPTIONS plays the part of
 * WordPress's install-time populate_options(): deleting a row brings the default back.
 */
import DataLoader from 'dataloader';
import { defineLoader, type LoaderCache } from '../loaders';
import type { Database, Prisma, PrismaClient } from '../../db/client';
import { isValidTimeZone, offsetMinutes } from '../content/dates';

/** The database, or the transaction a write runs in. */
export type OptionClient = PrismaClient | Prisma.TransactionClient;

export interface SiteOptions {
  title: string;
  description: string;
  email: string;
  timezone_string: string;
  gmt_offset: number;
  date_format: string;
  time_format: string;
  start_of_week: number;
  language: string;
  use_smilies: boolean;
  default_category: number;
  default_post_format: string;
  posts_per_page: number;
  show_on_front: 'posts' | 'page';
  page_on_front: number;
  page_for_posts: number;
  default_ping_status: 'open' | 'closed';
  default_comment_status: 'open' | 'closed';
  site_logo: number;
  site_icon: number;
  /** Theme menu location -> nav_menu term id (WordPress keeps these in the theme's mods). */
  nav_menu_locations: Record<string, number>;
  /** Whether application passwords are offered (the security configuration may turn them off). */
  application_passwords_enabled: boolean;
  /** Whether anybody may register an account (WordPress's "Membership" setting, off by default). */
  users_can_register: boolean;
  /** The role a registered account gets. */
  default_role: string;
  /** The media settings (Settings > Media): the registered sub-sizes, 0 meaning unbounded. */
  thumbnail_size_w: number;
  thumbnail_size_h: number;
  thumbnail_crop: boolean;
  medium_size_w: number;
  medium_size_h: number;
  medium_large_size_w: number;
  medium_large_size_h: number;
  large_size_w: number;
  large_size_h: number;
  /** Uploads go under YYYY/MM folders. */
  uploads_use_yearmonth_folders: boolean;
}

export const DEFAULT_OPTIONS: SiteOptions = {
  title: 'Content Site',
  description: '',
  email: '',
  timezone_string: '',
  gmt_offset: 0,
  date_format: 'F j, Y',
  time_format: 'g:i a',
  start_of_week: 1,
  language: 'en_US',
  use_smilies: true,
  default_category: 1,
  default_post_format: '0',
  posts_per_page: 10,
  show_on_front: 'posts',
  page_on_front: 0,
  page_for_posts: 0,
  default_ping_status: 'open',
  default_comment_status: 'open',
  site_logo: 0,
  site_icon: 0,
  nav_menu_locations: {},
  application_passwords_enabled: true,
  users_can_register: false,
  default_role: 'subscriber',
  thumbnail_size_w: 150,
  thumbnail_size_h: 150,
  thumbnail_crop: true,
  medium_size_w: 300,
  medium_size_h: 300,
  medium_large_size_w: 768,
  medium_large_size_h: 0,
  large_size_w: 1024,
  large_size_h: 1024,
  uploads_use_yearmonth_folders: true,
};

export type OptionName = keyof SiteOptions;

export function isOptionName(name: string): name is OptionName {
  return Object.prototype.hasOwnProperty.call(DEFAULT_OPTIONS, name);
}

/** Anything that reads options: the database's reads, the Prisma client, or a transaction. */
export type OptionReader = { option: Pick<PrismaClient['option'], 'findMany'> };

/** The stored rows of known options, still JSON-encoded (what get_option would find, before defaults). */
export async function readStoredOptions(client: OptionReader, names?: readonly OptionName[]): Promise<Map<OptionName, string>> {
  const rows = await client.option.findMany(names ? { where: { name: { in: [...names] } } } : undefined);
  const stored = new Map<OptionName, string>();
  for (const row of rows) if (isOptionName(row.name)) stored.set(row.name, row.value);
  return stored;
}

/** Every option with its default filled in, read through the database or a transaction. */
export async function readOptionsFrom(client: OptionReader): Promise<SiteOptions> {
  const options: SiteOptions = { ...DEFAULT_OPTIONS };
  for (const [name, value] of await readStoredOptions(client)) {
    try {
      (options as unknown as Record<string, unknown>)[name] = JSON.parse(value);
    } catch {
      // A hand-edited row that is not JSON keeps the default rather than breaking every request.
    }
  }
  return options;
}

export async function readOptions(db: Database): Promise<SiteOptions> {
  return readOptionsFrom(db.read);
}

/** Writes options (no permission check: callers are the settings resource, seeding and the CLI). */
export async function writeOptions(db: Database, changes: Partial<SiteOptions>): Promise<void> {
  const entries = Object.entries(changes).filter(([name]) => name in DEFAULT_OPTIONS);
  // Interactive: the client's write tags wrap each call (see src/cache/write-tags.ts).
  await db.prisma.$transaction(async (tx) => {
    for (const [name, value] of entries) await tx.option.upsert({ where: { name }, create: { name, value: JSON.stringify(value) }, update: { value: JSON.stringify(value) } });
  });
}

/**
 * Sets and deletes options inside the caller's transaction (no permission check). A deleted option
 * reads as its default again, as delete_option() makes get_option() fall back.
 */
export async function saveOptions(tx: OptionClient, changes: Partial<SiteOptions>, deleted: readonly OptionName[] = []): Promise<void> {
  for (const [name, value] of Object.entries(changes)) {
    if (!isOptionName(name)) continue;
    const encoded = JSON.stringify(value);
    await tx.option.upsert({ where: { name }, create: { name, value: encoded }, update: { value: encoded } });
  }
  if (deleted.length) await tx.option.deleteMany({ where: { name: { in: [...deleted] } } });
}

/**
 * gmt_offset as WordPress prints it in the index: the number as text ("0", "5.5", "-3"). With a
 * city time zone set, WordPress answers the zone's current offset instead of the stored one
 * (wp_timezone_override_offset: hours, rounded to two decimals).
 */
export function gmtOffsetText(options: SiteOptions, at: Date = new Date()): string {
  if (options.timezone_string && isValidTimeZone(options.timezone_string)) {
    return String(Math.round((offsetMinutes(at, options) / 60) * 100) / 100);
  }
  return String(options.gmt_offset);
}

const siteOptionsLoader = defineLoader('siteOptions', (db) =>
  new DataLoader<'site', SiteOptions>(async (keys) => {
    const options = await readOptions(db);
    return keys.map(() => options);
  }),
);

/** The site options, read once per request however many records need them. */
export function siteOptionsOf(holder: { loaders: LoaderCache }): Promise<SiteOptions> {
  return siteOptionsLoader(holder).load('site');
}
