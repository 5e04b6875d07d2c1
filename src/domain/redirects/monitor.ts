/**
 * Permalink monitoring (the plugin's Red_Monitor): when a published post, page or event of a
 * monitored type (`monitor_types`) changes its address — slug or parent — a 301 from the old path
 * to the new one is made in the group `monitor_post` (0 turns monitoring off), so no published link
 * breaks; with 'trash' among the types, trashing a record leaves a disabled redirect from its
 * address to the home page, ready to be turned on (as the plugin does).
 *
 * It runs inside the transaction of the content write, called from the two places content rows
 * are updated (posts/write.ts writeUpdate for posts and pages, events/calendar-posts.ts
 * writePostRow for the calendar's types) and the two trash paths, so every face (REST, batch,
 * GraphQL, the CLI, imports) gets it once. Same transaction because a rolled-back write must leave
 * no redirect behind and a committed rename must never be without its redirect.
 *
 * Beyond the plugin (which only adds rows): chains are shortened — redirects that pointed at the
 * old path now point at the new one, so A→B→C leaves A→C and B→C — a monitored redirect from the
 * old path is reused rather than duplicated, and the published sub-pages of a moved page get their
 * redirects too. Like the plugin, redirects whose source is the new path are disabled, so renaming
 * back cannot loop.
 *
 * Its redirects are made by the redirects domain's insertRedirect, as every other: the sanitiser
 * stores the source as a client's would be (so a lookup here compares that form), and the group's
 * position lock makes concurrent writes append in turn. That is sound inside the content write's
 * transaction: the insert, the group check and the lock all go through the caller's `tx`, and the
 * sanitiser is given the settings read there rather than reading them on another connection.
 */
import type { Prisma } from '../../db/client';
import type { Content } from '../../generated/prisma-sqlite/client';
import type { DomainContext } from '../context';
import { sanitizeEnv } from './environment';
import { hasPrettyLinks, permalinkPathIn, sitePath } from './monitor-paths';
import { insertRedirect } from './redirects';
import { sanitizeSourceUrl, type SanitizeEnv } from './sanitize';
import { defaultSourceFlags, mergeRedirectSettings, REDIRECT_SETTINGS_OPTION, type RedirectSettings } from './settings';
import type { SourceFlags } from './types';
import { matchUrlOf } from './url/match-url';

type Tx = Prisma.TransactionClient;

/** Published sub-pages a single move redirects at most (bounds the write's transaction). */
export const MAX_MONITORED_DESCENDANTS = 200;

/** What a monitored write needs to make its rows. */
interface Monitor {
  settings: RedirectSettings;
  groupId: number;
  /** The site's default source flags, never a regular expression. */
  flags: SourceFlags;
  /** What the sanitiser needs, with the settings as read inside the write's transaction. */
  env: SanitizeEnv;
}

type Row = Pick<Content, 'id' | 'type' | 'status' | 'slug' | 'authorId' | 'parentId'>;

/** The settings as they stand inside the transaction (the caller's own connection). */
async function settingsIn(tx: Tx): Promise<RedirectSettings> {
  const rows = await tx.option.findMany({ where: { name: REDIRECT_SETTINGS_OPTION } });
  return mergeRedirectSettings(rows[0]?.value);
}

/** The monitor when it is on for `type` (or for trashing), and its group still exists. */
async function monitorFor(tx: Tx, ctx: DomainContext, type: string): Promise<Monitor | null> {
  if (!hasPrettyLinks(ctx)) return null;
  const settings = await settingsIn(tx);
  const groupId = Number(settings.monitor_post);
  const types = Array.isArray(settings.monitor_types) ? settings.monitor_types : [];
  if (!Number.isInteger(groupId) || groupId <= 0 || !types.includes(type)) return null;
  if ((await tx.redirectGroup.count({ where: { id: groupId } })) === 0) {
    process.emitWarning(`permalink monitoring: group ${groupId} (monitor_post) no longer exists; no redirect made`, 'RedirectMonitorWarning');
    return null;
  }
  const flags: SourceFlags = { ...defaultSourceFlags(settings), flag_regex: false };
  return { settings, groupId, flags, env: await sanitizeEnv(ctx, tx, settings) };
}

/**
 * Appends a 301 to the monitor's group (no position: the group's count, as the plugin does; no
 * title, as the plugin's monitor gives none; never a regular expression, whatever the default).
 */
async function addRedirect(tx: Tx, monitor: Monitor, url: string, target: string, enabled: boolean): Promise<void> {
  await insertRedirect(tx, monitor.env, {
    url,
    regex: 0,
    group_id: monitor.groupId,
    match_type: 'url',
    action_type: 'url',
    action_code: 301,
    action_data: { url: target },
    enabled,
  });
}

/** A path as a redirect's source is stored (the sanitiser's form: percent-encoding decoded). */
const storedSource = (path: string): string => sanitizeSourceUrl(path, false);

const withoutTrailingSlash = (path: string): string => (path.length > 1 ? path.replace(/\/+$/, '') : path);

/** A target's path on this site (`/x/` or `http://site/x/`), or null for another site's address. */
function localTarget(ctx: DomainContext, target: string): { path: string; absolute: boolean } | null {
  if (target.startsWith('/') && !target.startsWith('//')) return { path: target, absolute: false };
  try {
    const url = new URL(target);
    const site = new URL(ctx.config.siteUrl);
    return url.origin === site.origin ? { path: url.pathname + url.search, absolute: true } : null;
  } catch {
    return null;
  }
}

/** Redirects that pointed at `from` point at `to` (any group; url matches only, whose data is `{url}`). */
async function shortenChains(tx: Tx, ctx: DomainContext, monitor: Monitor, from: string, to: string): Promise<void> {
  const toMatch = matchUrlOf(to, monitor.flags);
  const candidates = await tx.redirect.findMany({
    where: { matchType: 'url', actionType: 'url', actionData: { contains: withoutTrailingSlash(from) } },
    select: { id: true, url: true, matchUrl: true, actionData: true },
  });
  const toSource = storedSource(to);
  for (const candidate of candidates) {
    // The redirect from the new path was disabled; pointing it there would make it loop.
    if (candidate.url === to || candidate.url === toSource || candidate.matchUrl === toMatch) continue;
    let data: unknown;
    try {
      data = JSON.parse(candidate.actionData ?? '');
    } catch {
      continue;
    }
    if (data === null || typeof data !== 'object' || Array.isArray(data)) continue;
    const target = (data as Record<string, unknown>).url;
    const local = typeof target === 'string' ? localTarget(ctx, target) : null;
    if (!local || withoutTrailingSlash(local.path) !== withoutTrailingSlash(from)) continue;
    const url = local.absolute ? new URL(to, ctx.config.siteUrl).href : to;
    await tx.redirect.update({ where: { id: candidate.id }, data: { actionData: JSON.stringify({ ...(data as Record<string, unknown>), url }) } });
  }
}

/**
 * One address moved from `from` to `to`: redirects at the new address are disabled (the plugin's
 * redirection_remove_existing), chains into the old one shortened, and the monitor's redirect from
 * the old address made — or, when the group has one already (a rename back and forth), re-enabled
 * and pointed at the new address.
 */
async function recordMove(tx: Tx, ctx: DomainContext, monitor: Monitor, from: string, to: string): Promise<void> {
  const toMatch = matchUrlOf(to, monitor.flags);
  await tx.redirect.updateMany({ where: { enabled: true, OR: [{ url: { in: [...new Set([to, storedSource(to)])] } }, { regex: false, matchUrl: toMatch }] }, data: { enabled: false } });
  await shortenChains(tx, ctx, monitor, from, to);
  const existing = await tx.redirect.findFirst({
    where: { groupId: monitor.groupId, url: storedSource(from), regex: false, matchType: 'url', actionType: 'url' },
    orderBy: { id: 'asc' },
    select: { id: true },
  });
  if (existing) await tx.redirect.update({ where: { id: existing.id }, data: { enabled: true, actionData: JSON.stringify({ url: to }) } });
  else await addRedirect(tx, monitor, from, to, true);
}

/** The associated address of a path (`associated_redirect`, e.g. `/amp/` makes `/a/` → `/a/amp/`). */
function associatedOf(path: string, associated: string): string {
  return path.replace(/\/*$/, '/') + associated.replace(/^\/+/, '');
}

/** has_permalink_changed(): never from the home page, and only for a real change of address. */
function addressChanged(ctx: DomainContext, monitor: Monitor, from: string, to: string): boolean {
  if (from === '/' || from === sitePath(ctx) || from === to) return false;
  return matchUrlOf(from, monitor.flags) !== matchUrlOf(to, monitor.flags);
}

async function moveWithAssociated(tx: Tx, ctx: DomainContext, monitor: Monitor, from: string, to: string): Promise<void> {
  await recordMove(tx, ctx, monitor, from, to);
  const associated = typeof monitor.settings.associated_redirect === 'string' ? monitor.settings.associated_redirect.trim() : '';
  if (associated !== '' && associated !== '/') await recordMove(tx, ctx, monitor, associatedOf(from, associated), associatedOf(to, associated));
}

/** Published sub-pages of a moved page moved with it: each keeps the rest of its path under the new one. */
async function moveDescendants(tx: Tx, ctx: DomainContext, monitor: Monitor, page: Row, from: string, to: string): Promise<void> {
  let budget = MAX_MONITORED_DESCENDANTS;
  const seen = new Set<number>([page.id]);
  let level = [page.id];
  while (level.length && budget > 0) {
    const children = await tx.content.findMany({
      where: { parentId: { in: level }, type: page.type, status: 'publish' },
      select: { id: true, type: true, status: true, slug: true, authorId: true, parentId: true },
      orderBy: { id: 'asc' },
      take: budget,
    });
    level = [];
    for (const child of children) {
      if (seen.has(child.id)) continue;
      seen.add(child.id);
      level.push(child.id);
      budget -= 1;
      const now = await permalinkPathIn(tx, ctx, child);
      if (now === null || !now.startsWith(to)) continue;
      const before = from + now.slice(to.length);
      if (addressChanged(ctx, monitor, before, now)) await moveWithAssociated(tx, ctx, monitor, before, now);
    }
  }
}

/**
 * After an update of a record, inside its transaction (`before` is the row as it was read under
 * the write's lock). Costs nothing unless a published record's slug or parent changed.
 */
export async function monitorPermalinkChange(tx: Tx, ctx: DomainContext, before: Row, after: Row): Promise<void> {
  if (before.status !== 'publish' || after.status !== 'publish' || before.type !== after.type) return;
  if (before.slug === after.slug && before.parentId === after.parentId) return;
  const monitor = await monitorFor(tx, ctx, after.type);
  if (!monitor) return;
  const from = await permalinkPathIn(tx, ctx, before);
  const to = await permalinkPathIn(tx, ctx, after);
  if (from === null || to === null || !addressChanged(ctx, monitor, from, to)) return;
  await moveWithAssociated(tx, ctx, monitor, from, to);
  if (after.type === 'page') await moveDescendants(tx, ctx, monitor, after, from, to);
}

/**
 * Before a record goes to the trash, inside that transaction (the plugin's post_trashed): with
 * 'trash' monitored, a disabled 301 from its address to the home page, whatever its type; none for
 * a record without a pretty address (a draft's `?p=` has the path `/`), nor twice for one address.
 */
export async function monitorTrash(tx: Tx, ctx: DomainContext, before: Row): Promise<void> {
  const monitor = await monitorFor(tx, ctx, 'trash');
  if (!monitor) return;
  const from = await permalinkPathIn(tx, ctx, before);
  const home = sitePath(ctx);
  if (from === null || from === '/' || from === home) return;
  const target = JSON.stringify({ url: home });
  const existing = await tx.redirect.count({ where: { groupId: monitor.groupId, url: storedSource(from), matchType: 'url', actionType: 'url', actionData: target } });
  if (existing === 0) await addRedirect(tx, monitor, from, home, false);
}
