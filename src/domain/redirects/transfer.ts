/**
 * Import and export of redirects (the plugin's Red_FileIO glue): which redirects and groups an
 * export holds, and how a parsed file becomes rows. The file formats themselves are io/index.ts.
 *
 * API (stable; both faces call these):
 *   exportRedirectFile(ctx, module, format)   -> { data, total }   (redirect_export_invalid_module, 400)
 *   importRedirectFile(ctx, groupId, file)    -> { imported }      (redirect_import_invalid_group / _file, 400)
 *   pluginImporters(ctx)                      -> { importers: [] }
 *   importFromPlugins(ctx, plugins)           -> { imported: 0 }
 */
import { lockName } from '../../db/locks';
import { viaPrisma } from '../../db/read-audit';
import type { DomainContext } from '../context';
import { DomainError } from '../errors';
import { sanitizeEnv, type Tx } from './environment';
import { siteOptionsOf } from '../settings/options';
import { groupNameOf, insertGroup } from './groups';
import { siteDateFormatter } from './last-access';
import { exportRedirects, parseImport, type ExportFormat, type ParsedImport } from './io/index';
import { requireRedirects } from './permissions';
import { groupRecordOf, isValidModuleId, redirectRecordOf } from './records';
import { insertSanitized } from './redirects';
import { sanitizeRedirect, type SanitizeEnv } from './sanitize';
import { defaultSourceFlags, readRedirectSettings } from './settings';
import type { RedirectInput } from './types';

export const EXPORT_MODULES = ['1', '2', '3', 'all'] as const;
export type ExportModule = (typeof EXPORT_MODULES)[number];

/** The largest file an import reads (the text is parsed in memory). */
export const IMPORT_MAX_BYTES = 20 * 1024 * 1024;

export interface ImportFile {
  /** The uploaded file's name: its extension decides the format (.csv/.txt, .json, else Apache). */
  name: string;
  text: string;
}

const failure = (code: string, message: string, line: number): DomainError => new DomainError(code, message, 400, { error_code: line });
const COUNT_REASON = 'each exported group shows how many redirects it holds (one COUNT subquery)';

/**
 * Red_FileIO::export: `all` is every group and every enabled redirect; a module is its groups and
 * the enabled redirects of its enabled groups. Redirects come in group and position order.
 */
export async function exportRedirectFile(ctx: DomainContext, module: string, format: ExportFormat): Promise<{ data: string; total: number }> {
  requireRedirects(ctx.viewer, 'io_manage');
  const all = module === 'all';
  const moduleId = Number(module);
  if (!all && !isValidModuleId(moduleId)) throw failure('redirect_export_invalid_module', 'Invalid module', 46);
  const [groups, rows, settings] = await Promise.all([
    ctx.db.read.redirectGroup.findMany(viaPrisma({ where: all ? {} : { moduleId }, orderBy: { id: 'asc' as const }, include: { _count: { select: { redirects: true } } } }, COUNT_REASON)),
    ctx.db.read.redirect.findMany({
      where: all ? { enabled: true } : { enabled: true, group: { is: { moduleId, enabled: true } } },
      orderBy: [{ groupId: 'asc' }, { position: 'asc' }, { id: 'asc' }],
    }),
    readRedirectSettings(ctx.db),
  ]);
  const redirects = rows.map(redirectRecordOf);
  const input = {
    groups: groups.map((row) => groupRecordOf(row, row._count.redirects)),
    redirects,
    defaults: defaultSourceFlags(settings),
    now: new Date(),
    // Read by the formats that use them (the Apache file's HTTPS rule, the JSON's last_access).
    https: settings.https,
    dateFormatter: siteDateFormatter(await siteOptionsOf(ctx)),
  };
  const data = exportRedirects(format, input);
  return { data, total: redirects.length };
}

const isJsonFile = (name: string): boolean => /\.json$/i.test(name);

function parsed(file: ImportFile): ParsedImport {
  try {
    return parseImport(file.name, file.text);
  } catch (error) {
    if (error instanceof DomainError) throw error;
    throw failure('redirect_import_invalid_file', 'Invalid file', 89);
  }
}

/** Appends to groups without counting each group's redirects again for every row. */
class Positions {
  private readonly next = new Map<number, number>();
  constructor(private readonly tx: Tx) {}
  async take(groupId: number): Promise<number> {
    let position = this.next.get(groupId);
    if (position === undefined) {
      await lockName(this.tx, `redirect-group-${groupId}`);
      position = await this.tx.redirect.count({ where: { groupId } });
    }
    this.next.set(groupId, position + 1);
    return position;
  }
}

/** One imported redirect through the sanitiser; a redirect it refuses is skipped (not counted), as the plugin skips failed creates. */
async function importOne(tx: Tx, env: SanitizeEnv, positions: Positions, input: RedirectInput): Promise<boolean> {
  let data;
  try {
    data = await sanitizeRedirect(input, env);
  } catch (error) {
    if (error instanceof DomainError && error.status < 500) return false;
    throw error;
  }
  if (data.position === null) data.position = await positions.take(data.groupId);
  await insertSanitized(tx, data);
  return true;
}

/** A redirect of the file without the id it had there; a URL match's bare target becomes `{url}`. */
function asInput(redirect: RedirectInput, groupId: number): RedirectInput {
  const input: Record<string, unknown> = Object.create(null);
  for (const key of Object.keys(redirect)) if (key !== 'id' && key !== '__proto__') input[key] = (redirect as Record<string, unknown>)[key];
  if ((input.match_type ?? 'url') === 'url' && typeof input.action_data === 'string') input.action_data = { url: input.action_data };
  input.group_id = groupId;
  return input as RedirectInput;
}

/**
 * Red_FileIO::import: JSON recreates its groups (ids remapped; a redirect whose group the file does
 * not hold goes to a new group "Group"); the other formats import into an existing group. All in
 * one transaction: the import lands whole or not at all.
 */
export async function importRedirectFile(ctx: DomainContext, groupId: number, file: ImportFile | null): Promise<{ imported: number }> {
  requireRedirects(ctx.viewer, 'io_manage');
  if (!file) throw failure('redirect_import_invalid_file', 'Invalid file', 89);
  const json = isJsonFile(file.name);
  const groupExists = async (client: Pick<Tx, 'redirectGroup'>) =>
    Number.isInteger(groupId) && groupId > 0 && groupId <= 2147483647 && (await client.redirectGroup.findUnique({ where: { id: groupId }, select: { id: true } })) !== null;
  // The group is checked before the file is read, as the plugin does.
  if (!json && !(await groupExists(ctx.db.prisma))) throw failure('redirect_import_invalid_group', 'Invalid group', 86);
  const content = parsed(file);
  const imported = await ctx.db.prisma.$transaction(async (tx) => {
    if (!json && !(await groupExists(tx))) throw failure('redirect_import_invalid_group', 'Invalid group', 86);
    const env = await sanitizeEnv(ctx, tx);
    const positions = new Positions(tx);
    const groupMap = new Map<number, number>();
    if (json) {
      for (const group of content.groups) {
        const name = groupNameOf(group.name);
        if (name !== '' && isValidModuleId(group.moduleId)) groupMap.set(group.id, await insertGroup(tx, name, group.moduleId, group.enabled !== false));
      }
    }
    let count = 0;
    for (const redirect of content.redirects) {
      let target = groupId;
      if (json) {
        const old = Number((redirect as { group_id?: unknown }).group_id);
        let mapped = groupMap.get(old);
        if (mapped === undefined) {
          mapped = await insertGroup(tx, 'Group', 1);
          groupMap.set(old, mapped);
        }
        target = mapped;
      }
      if (await importOne(tx, env, positions, asInput(redirect, target))) count += 1;
    }
    return count;
  }, { timeout: 120_000 });
  return { imported };
}

/** Other redirect plugins' data this site could import: none (no such plugin's tables or options exist here). */
export async function pluginImporters(ctx: DomainContext): Promise<{ importers: unknown[] }> {
  requireRedirects(ctx.viewer, 'io_manage');
  return { importers: [] };
}

/** Imports from other redirect plugins: there is never anything to import. */
export async function importFromPlugins(ctx: DomainContext, plugins: unknown): Promise<{ imported: number }> {
  void plugins;
  requireRedirects(ctx.viewer, 'io_manage');
  return { imported: 0 };
}
