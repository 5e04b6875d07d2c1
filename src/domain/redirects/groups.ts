/**
 * Redirect groups: the list (filters status, module, name; ordered by name or id), create, update,
 * and the bulk actions. Disabling or enabling a group does the same to its redirects, and deleting
 * one deletes its redirects (Red_Group::enable/disable/delete); the last group deleted is replaced by
 * a fresh "Redirections", as the plugin does, so redirects always have somewhere to go.
 *
 * API (stable; both faces call these):
 *   listGroups(ctx, query)              -> { items, total, defaultGroupId }
 *   getGroup(ctx, id)                   -> RedirectGroupRecord        (redirect_group_invalid, 400)
 *   createGroup(ctx, input)             -> RedirectGroupRecord        (redirect_group_invalid, 400)
 *   updateGroup(ctx, id, input)         -> RedirectGroupRecord        (redirect_group_invalid, 400)
 *   bulkGroups(ctx, action, target)     -> number of groups acted on
 *   defaultGroupId(ctx)                 -> the group new redirects go to by default
 */
import type { Prisma } from '../../db/client';
import { viaPrisma } from '../../db/read-audit';
import type { DomainContext } from '../context';
import { DomainError } from '../errors';
import { sanitizeTextField } from '../text';
import type { Tx } from './environment';
import { filterValues, pageWindow, type Direction, type ListQuery, type ListResult } from './list-query';
import { canRedirects, requireRedirects } from './permissions';
import { groupRecordOf, isValidModuleId } from './records';
import { containsText } from './redirect-where';
import { chunks, type BulkTarget } from './redirects';
import { intval } from './sanitize';
import { readRedirectSettings } from './settings';
import type { RedirectGroupRecord } from './types';

export interface GroupList extends ListResult<RedirectGroupRecord> {
  /** The group the list marks `default` (setting last_group_id, or the first group when it is 0). */
  defaultGroupId: number;
}

export interface GroupInput {
  name?: unknown;
  moduleId?: unknown;
  /** "enabled" / "disabled" (or a boolean); absent keeps the group as it is (enabled when new). */
  status?: unknown;
}

export const GROUP_BULK_ACTIONS = ['delete', 'enable', 'disable'] as const;
export type GroupBulkAction = (typeof GROUP_BULK_ACTIONS)[number];

const invalid = (message: string, line: number): DomainError => new DomainError('redirect_group_invalid', message, 400, { error_code: line });

/** Group names: text only, trimmed, at most 50 characters. */
export function groupNameOf(value: unknown): string {
  const text = typeof value === 'string' || typeof value === 'number' ? sanitizeTextField(String(value)) : '';
  return Array.from(text).slice(0, 50).join('').trim();
}

function statusOf(value: unknown): boolean | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  return !(value === false || value === 'disabled' || value === 'false' || value === 0 || value === '0');
}

function requireGroupReader(ctx: DomainContext): void {
  if (!canRedirects(ctx.viewer, 'group_manage') && !canRedirects(ctx.viewer, 'redirect_manage')) requireRedirects(ctx.viewer, 'group_manage');
}

export function groupWhere(filterBy: Record<string, unknown> | undefined, provider: DomainContext['db']['provider']): Prisma.RedirectGroupWhereInput {
  const and: Prisma.RedirectGroupWhereInput[] = [];
  for (const [key, value] of filterValues(filterBy)) {
    if (key === 'status') and.push({ enabled: value === 'enabled' });
    else if (key === 'module') and.push({ moduleId: intval(value) });
    else if (key === 'name') and.push({ name: containsText(provider, value.trim()) });
  }
  return and.length ? { AND: and } : {};
}

function groupOrder(orderby: string | undefined, direction: Direction | undefined): Prisma.RedirectGroupOrderByWithRelationInput[] {
  const dir: Direction = direction === 'asc' ? 'asc' : 'desc';
  return orderby === 'id' ? [{ id: dir }] : [{ name: dir }, { id: dir }];
}

/** The default group: setting last_group_id, or (0, as at install) the first group. */
export async function defaultGroupId(ctx: DomainContext): Promise<number> {
  const settings = await readRedirectSettings(ctx.db);
  if (settings.last_group_id > 0) return settings.last_group_id;
  const first = await ctx.db.read.redirectGroup.findMany({ orderBy: { id: 'asc' }, take: 1, select: { id: true } });
  return first[0]?.id ?? 0;
}

const WITH_COUNT = { _count: { select: { redirects: true } } } as const;
const COUNT_REASON = 'each group shows how many redirects it holds (one COUNT subquery)';

export async function listGroups(ctx: DomainContext, query: ListQuery = {}): Promise<GroupList> {
  requireGroupReader(ctx);
  const where = groupWhere(query.filterBy, ctx.db.provider);
  const { take, skip } = pageWindow(query);
  const [rows, total, defaultId] = await Promise.all([
    ctx.db.read.redirectGroup.findMany(viaPrisma({ where, orderBy: groupOrder(query.orderby, query.direction), skip, take, include: WITH_COUNT }, COUNT_REASON)),
    ctx.db.read.redirectGroup.count({ where }),
    defaultGroupId(ctx),
  ]);
  return { items: rows.map((row) => groupRecordOf(row, row._count.redirects)), total, defaultGroupId: defaultId };
}

async function groupById(client: Pick<Tx, 'redirectGroup'>, id: number): Promise<RedirectGroupRecord | null> {
  if (!Number.isInteger(id) || id <= 0 || id > 2147483647) return null;
  const row = await client.redirectGroup.findUnique(viaPrisma({ where: { id }, include: WITH_COUNT }, COUNT_REASON));
  return row ? groupRecordOf(row, row._count.redirects) : null;
}

export async function getGroup(ctx: DomainContext, id: number): Promise<RedirectGroupRecord> {
  requireGroupReader(ctx);
  const group = await groupById(ctx.db.read as unknown as Pick<Tx, 'redirectGroup'>, id);
  if (!group) throw invalid('Invalid group details', 288);
  return group;
}

/** Red_Group::create inside a transaction: a name, a valid module; appended to its module's groups. */
export async function insertGroup(tx: Tx, name: string, moduleId: number, enabled = true): Promise<number> {
  const position = await tx.redirectGroup.count({ where: { moduleId } });
  const row = await tx.redirectGroup.create({ data: { name, moduleId, enabled, position } });
  return row.id;
}

export async function createGroup(ctx: DomainContext, input: GroupInput): Promise<RedirectGroupRecord> {
  requireRedirects(ctx.viewer, 'group_add');
  const name = groupNameOf(input.name);
  const moduleId = intval(input.moduleId);
  if (name === '' || !isValidModuleId(moduleId)) throw invalid('Invalid group or parameters', 267);
  const id = await ctx.db.prisma.$transaction((tx) => insertGroup(tx, name, moduleId, statusOf(input.status) ?? true));
  return (await groupById(ctx.db.prisma, id)) as RedirectGroupRecord;
}

/** Enables or disables groups and every redirect in them. */
async function setStatus(tx: Tx, ids: number[], enabled: boolean): Promise<void> {
  for (const slice of chunks(ids, 500)) {
    await tx.redirectGroup.updateMany({ where: { id: { in: slice } }, data: { enabled } });
    await tx.redirect.updateMany({ where: { groupId: { in: slice } }, data: { enabled } });
  }
}

/**
 * Red_Group::update: a new name (required, as on create) and module (an invalid one keeps the old
 * module, as the plugin does); `status`, when sent, enables or disables the group and its redirects.
 */
export async function updateGroup(ctx: DomainContext, id: number, input: GroupInput): Promise<RedirectGroupRecord> {
  requireRedirects(ctx.viewer, 'group_add');
  const name = groupNameOf(input.name);
  const moduleId = intval(input.moduleId);
  await ctx.db.prisma.$transaction(async (tx) => {
    const row = Number.isInteger(id) && id > 0 && id <= 2147483647 ? await tx.redirectGroup.findUnique({ where: { id } }) : null;
    if (!row || name === '') throw invalid('Invalid group details', 288);
    await tx.redirectGroup.update({ where: { id }, data: { name, moduleId: isValidModuleId(moduleId) ? moduleId : row.moduleId } });
    const enabled = statusOf(input.status);
    if (enabled !== undefined && enabled !== row.enabled) await setStatus(tx, [id], enabled);
  });
  return (await groupById(ctx.db.prisma, id)) as RedirectGroupRecord;
}

/** Deletes groups with their redirects; a site left without groups gets a new "Redirections". */
async function deleteGroups(tx: Tx, ids: number[]): Promise<void> {
  for (const slice of chunks(ids, 500)) {
    await tx.redirect.deleteMany({ where: { groupId: { in: slice } } });
    await tx.redirectGroup.deleteMany({ where: { id: { in: slice } } });
  }
  if ((await tx.redirectGroup.count()) === 0) await tx.redirectGroup.create({ data: { name: 'Redirections', moduleId: 1, position: 0 } });
}

/**
 * route_bulk for groups: `items` (unknown ids are skipped, as the plugin does) or `global` with
 * `filterBy` (every matching group).
 */
export async function bulkGroups(ctx: DomainContext, action: GroupBulkAction, target: BulkTarget): Promise<number> {
  requireRedirects(ctx.viewer, action === 'delete' ? 'group_delete' : 'group_add');
  return ctx.db.prisma.$transaction(async (tx) => {
    let ids: number[];
    if (Array.isArray(target.items)) {
      const wanted = [...new Set(target.items.map(intval))].filter((id) => id > 0);
      ids = [];
      for (const slice of chunks(wanted, 500)) ids.push(...(await tx.redirectGroup.findMany({ where: { id: { in: slice } }, select: { id: true } })).map((g) => g.id));
    } else if (target.global === true) {
      ids = (await tx.redirectGroup.findMany({ where: groupWhere(target.filterBy, ctx.db.provider), select: { id: true } })).map((g) => g.id);
    } else {
      ids = [];
    }
    if (ids.length === 0) return 0;
    if (action === 'delete') await deleteGroups(tx, ids);
    else await setStatus(tx, ids, action === 'enable');
    return ids.length;
  });
}
