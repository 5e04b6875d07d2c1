/**
 * The plugin's support routes for both faces (api-plugin.php): the health status (Red_Fixer), its
 * fixer, the database upgrade status (Red_Database_Status), the connection test, and removing all
 * redirect data (the plugin's uninstall). Our tables are created by the migrations, so the
 * database is always installed and at the plugin's latest schema: the answers are those of a
 * healthy, up-to-date install, and the fixer repairs only what can really break here (no group
 * left; a monitor group that no longer exists).
 *
 * Exported API (stable): pluginStatus, fixPlugin, pluginTest, databaseUpgradeStatus, deleteRedirectData.
 */
import type { DomainContext } from '../context';
import { requireRedirects } from './permissions';
import { IP_HEADERS } from './settings-write';
import { mergeRedirectSettings, readRedirectSettings, REDIRECT_SETTINGS_OPTION } from './settings';

/** The plugin's database schema version (REDIRECTION_DB_VERSION) our migrations correspond to. */
export const DATABASE_VERSION = '4.2';
/** The plugin's Red_Fixer::REGEX_LIMIT: more regular expressions than this are reported. */
const REGEX_LIMIT = 200;

export interface PluginStatusItem {
  id: string;
  name: string;
  message: string;
  status: 'good' | 'problem' | 'error';
}

export interface PluginStatus {
  status: PluginStatusItem[];
  debug: { database: { current: string; latest: string }; ip_header: Record<string, string | false> };
}

/** The request facts the status reports (the plugin prints the request's IP headers). */
export interface RequestFacts {
  /** Lower-case header names. */
  headers: Readonly<Record<string, string | undefined>>;
}

interface Counts {
  groups: number;
  monitorValid: boolean;
  regex: number;
}

async function counts(ctx: DomainContext): Promise<Counts> {
  const [groups, regex, settings] = await Promise.all([
    ctx.db.read.redirectGroup.findMany({ select: { id: true }, orderBy: { id: 'asc' } }),
    ctx.db.read.redirect.count({ where: { regex: true } }),
    readRedirectSettings(ctx.db),
  ]);
  const monitor = settings.monitor_post;
  return { groups: groups.length, monitorValid: monitor === 0 || groups.some((g) => g.id === monitor), regex };
}

function statusItems(c: Counts): PluginStatusItem[] {
  // Field order as the plugin prints it: the database item merges its status into {id, name}.
  const items: PluginStatusItem[] = [
    { id: 'db', name: 'Database tables', status: 'good', message: 'All tables present' },
    {
      name: 'Valid groups',
      id: 'groups',
      message: c.groups === 0 ? 'No valid groups, so you will not be able to create any redirects' : 'Valid groups detected',
      status: c.groups === 0 ? 'problem' : 'good',
    },
    // Redirects reference their group by a foreign key that deletes them with it: none can be orphaned.
    { name: 'Valid redirect group', id: 'redirect_groups', message: 'All redirects have a valid group', status: 'good' },
    {
      name: 'Post monitor group',
      id: 'monitor',
      message: c.monitorValid ? 'Post monitor group is valid' : 'Post monitor group is invalid',
      status: c.monitorValid ? 'good' : 'problem',
    },
    // One address serves both the site and its home.
    { name: 'Site and home protocol', id: 'redirect_url', message: 'Site and home are consistent', status: 'good' },
  ] as PluginStatusItem[];
  if (c.regex > REGEX_LIMIT) items.push({ name: 'Regular Expressions', id: 'regex', message: 'Too many regular expressions may impact site performance', status: 'problem' });
  return items;
}

function debugOf(request: RequestFacts): PluginStatus['debug'] {
  const ip: Record<string, string | false> = {};
  for (const variable of IP_HEADERS) {
    // HTTP_X_FORWARDED_FOR is the X-Forwarded-For header; REMOTE_ADDR is the peer, not a header (not known here).
    const header = variable.startsWith('HTTP_') ? variable.slice(5).toLowerCase().replace(/_/g, '-') : null;
    const value = header ? request.headers[header] : undefined;
    ip[variable] = value === undefined ? false : value;
  }
  return { database: { current: DATABASE_VERSION, latest: DATABASE_VERSION }, ip_header: ip };
}

/** GET /plugin: the health checks and debug facts. */
export async function pluginStatus(ctx: DomainContext, request: RequestFacts): Promise<PluginStatus> {
  requireRedirects(ctx.viewer, 'support_manage');
  return { status: statusItems(await counts(ctx)), debug: debugOf(request) };
}

/**
 * POST /plugin: with `name` and `value` (the plugin's debug save, which only resets a database
 * version, ours being fixed) a site with no group gets one; without them, each failing check is
 * fixed (no group: "new group" is created; an invalid monitor group: the first group is used).
 */
export async function fixPlugin(ctx: DomainContext, input: { name?: string; value?: string }, request: RequestFacts): Promise<PluginStatus> {
  requireRedirects(ctx.viewer, 'support_manage');
  const debugSave = input.name !== undefined && input.value !== undefined;
  await ctx.db.prisma.$transaction(async (tx) => {
    let groups = await tx.redirectGroup.findMany({ select: { id: true }, orderBy: { id: 'asc' } });
    if (groups.length === 0) {
      await tx.redirectGroup.create({ data: { name: 'new group', moduleId: 1 } });
      groups = await tx.redirectGroup.findMany({ select: { id: true }, orderBy: { id: 'asc' } });
    }
    if (debugSave) return;
    const row = await tx.option.findUnique({ where: { name: REDIRECT_SETTINGS_OPTION } });
    const settings = mergeRedirectSettings(row?.value);
    if (settings.monitor_post !== 0 && !groups.some((g) => g.id === settings.monitor_post)) {
      const value = JSON.stringify({ ...settings, monitor_post: groups[0].id });
      await tx.option.upsert({ where: { name: REDIRECT_SETTINGS_OPTION }, create: { name: REDIRECT_SETTINGS_OPTION, value }, update: { value } });
    }
  });
  return { status: statusItems(await counts(ctx)), debug: debugOf(request) };
}

/** /plugin/test: the REST API reaches the plugin. */
export function pluginTest(ctx: DomainContext): { success: true } {
  requireRedirects(ctx.viewer, 'support_manage');
  return { success: true };
}

export interface DatabaseUpgradeStatus {
  status: 'ok';
  inProgress: false;
  current: string;
  next: string;
  /** Seconds since the epoch, with microseconds (PHP's microtime(true)). */
  time: number;
  complete: number;
  result: 'error';
  reason: string;
  debug: string[];
}

/**
 * POST /plugin/data: an up-to-date database has nothing to upgrade, whatever `upgrade` says
 * (stop, skip, retry); the plugin answers that as an upgrade error with its reason.
 */
export function databaseUpgradeStatus(ctx: DomainContext, upgrade?: string): DatabaseUpgradeStatus {
  requireRedirects(ctx.viewer, 'support_manage');
  void upgrade;
  return {
    status: 'ok',
    inProgress: false,
    current: DATABASE_VERSION,
    next: DATABASE_VERSION,
    time: Date.now() / 1000,
    complete: 0,
    result: 'error',
    reason: `Your database does not need updating to ${DATABASE_VERSION}.`,
    debug: ['Stage: '],
  };
}

/**
 * POST /plugin/delete: the plugin's uninstall. Every redirect, group, log entry and the settings go,
 * in one transaction (all or nothing); nothing is recreated. Answers where the plugin sends the
 * browser next.
 */
export async function deleteRedirectData(ctx: DomainContext): Promise<{ location: string }> {
  requireRedirects(ctx.viewer, 'support_manage');
  await ctx.db.prisma.$transaction(async (tx) => {
    await tx.redirect.deleteMany({});
    await tx.redirectGroup.deleteMany({});
    await tx.redirectLog.deleteMany({});
    await tx.notFoundLog.deleteMany({});
    await tx.option.deleteMany({ where: { name: REDIRECT_SETTINGS_OPTION } });
  });
  return { location: `${ctx.config.siteUrl}/wp-admin/plugins.php` };
}
