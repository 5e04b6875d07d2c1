/**
 * Site options (WordPress's wp_options) with their defaults. Stored JSON-encoded in the Option
 * table; only options that differ from the default need a row.
 */
import type { Database } from '../../db/client';

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
};

export type OptionName = keyof SiteOptions;

export async function readOptions(db: Database): Promise<SiteOptions> {
  const rows = await db.prisma.option.findMany();
  const options: SiteOptions = { ...DEFAULT_OPTIONS };
  for (const row of rows) {
    if (!(row.name in DEFAULT_OPTIONS)) continue;
    try {
      (options as unknown as Record<string, unknown>)[row.name] = JSON.parse(row.value);
    } catch {
      // A hand-edited row that is not JSON keeps the default rather than breaking every request.
    }
  }
  return options;
}

/** Writes options (no permission check: callers are the settings resource, seeding and the CLI). */
export async function writeOptions(db: Database, changes: Partial<SiteOptions>): Promise<void> {
  const entries = Object.entries(changes).filter(([name]) => name in DEFAULT_OPTIONS);
  await db.prisma.$transaction(
    entries.map(([name, value]) =>
      db.prisma.option.upsert({ where: { name }, create: { name, value: JSON.stringify(value) }, update: { value: JSON.stringify(value) } }),
    ),
  );
}

/** gmt_offset as WordPress prints it in the index: the number as text ("0", "5.5", "-3"). */
export function gmtOffsetText(options: SiteOptions): string {
  return String(options.gmt_offset);
}
