/**
 * The `redirection` list front-ends read at build time to create their own redirects (the "Add
 * WPGraphQL Redirection" plugin's RootQuery.redirection: every redirect with its group's name, by
 * position; `target` is the raw `action_data` column, `code` its absint).
 *
 * Visibility (a deliberate difference): that plugin answers everybody with every row. We answer
 * administrators so, and everybody else only what the site itself answers to any visitor who asks —
 * enabled `url`-match redirects (plain and regular-expression sources) in enabled groups of the
 * site's module — so disabled rules, Apache/Nginx exports and conditional rules (cookie, IP,
 * header, login...) are not disclosed.
 */
import type { DomainContext } from '../context';
import { parseActionData } from './action-data';
import { canRedirects } from './permissions';
import { phpSerialize } from './php-serialize';
import { chunks } from './redirects';
import { SITE_MODULE } from './types';

export interface RedirectionEntry {
  origin: string;
  target: string | null;
  type: string;
  code: number;
  groupId: number;
  groupName: string;
  matchType: string;
}

/** What the plugin's column holds: a URL match's bare target, else the match's data serialised by PHP. */
function targetOf(matchType: string, actionData: string | null): string | null {
  const data = parseActionData(actionData);
  if (!data) return null;
  if (matchType === 'url') return typeof data.url === 'string' && data.url !== '' ? data.url : null;
  return phpSerialize(data);
}

/** The redirects the viewer may list, in the plugin's order (position; id breaks ties). */
export async function redirectionEntries(ctx: DomainContext): Promise<RedirectionEntry[]> {
  const everything = canRedirects(ctx.viewer, 'redirect_manage');
  const groups = await ctx.db.read.redirectGroup.findMany({
    where: everything ? {} : { enabled: true, moduleId: SITE_MODULE },
    select: { id: true, name: true },
  });
  if (groups.length === 0) return [];
  const names = new Map(groups.map((group) => [group.id, group.name]));
  const select = { id: true, url: true, actionData: true, actionCode: true, actionType: true, groupId: true, matchType: true, position: true } as const;
  const rows = [];
  // Group ids in slices: a statement holds only so many parameters.
  for (const slice of chunks([...names.keys()], 500)) {
    rows.push(...(await ctx.db.read.redirect.findMany({ where: everything ? { groupId: { in: slice } } : { groupId: { in: slice }, enabled: true, matchType: 'url' }, select })));
  }
  rows.sort((a, b) => a.position - b.position || a.id - b.id);
  return rows.map((row) => ({
    origin: row.url,
    target: targetOf(row.matchType, row.actionData),
    type: row.actionType,
    code: Math.abs(row.actionCode),
    groupId: row.groupId,
    groupName: names.get(row.groupId) ?? '',
    matchType: row.matchType,
  }));
}
