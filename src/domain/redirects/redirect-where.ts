/**
 * The redirect list's filters (Red_Item_Filters) and orders (Red_Item::get_filtered) as Prisma
 * arguments. Unknown values of `match`, `action` and `http` filter nothing, as in the plugin.
 */
import type { Prisma } from '../../db/client';
import type { Provider } from '../../config';
import { filterValues, type Direction } from './list-query';
import { isActionType, isMatchType } from './records';
import { intval } from './sanitize';
import { ERROR_CODES, REDIRECT_CODES } from './types';

/** LIKE '%text%', case-insensitive on both engines (as MySQL's default collation is for the plugin). */
export function containsText(provider: Provider, text: string): Prisma.StringFilter {
  // The SQLite client's types know no `mode` (its LIKE already ignores ASCII case); PostgreSQL's client takes it.
  return provider === 'postgresql' ? ({ contains: text, mode: 'insensitive' } as unknown as Prisma.StringFilter) : { contains: text };
}

export function redirectWhere(filterBy: Record<string, unknown> | undefined, provider: Provider, now: Date = new Date()): Prisma.RedirectWhereInput {
  const and: Prisma.RedirectWhereInput[] = [];
  for (const [key, value] of filterValues(filterBy)) {
    switch (key) {
      case 'status':
        and.push({ enabled: value === 'enabled' });
        break;
      case 'url-match':
        and.push({ regex: value === 'regular' });
        break;
      case 'id':
        and.push({ id: intval(value) });
        break;
      case 'match':
        if (isMatchType(value)) and.push({ matchType: value });
        break;
      case 'action':
        if (isActionType(value)) and.push({ actionType: value });
        break;
      case 'http': {
        const code = intval(value);
        if ((REDIRECT_CODES as readonly number[]).includes(code) || (ERROR_CODES as readonly number[]).includes(code)) and.push({ actionCode: code });
        break;
      }
      case 'access': {
        // Not hit for a year / a month (never-hit redirects included), or never hit at all.
        if (value === 'year' || value === 'month') {
          const before = new Date(now);
          if (value === 'year') before.setUTCFullYear(before.getUTCFullYear() - 1);
          else before.setUTCMonth(before.getUTCMonth() - 1);
          and.push({ OR: [{ lastAccess: null }, { lastAccess: { lt: before } }] });
        } else {
          and.push({ lastAccess: null });
        }
        break;
      }
      case 'url':
        and.push({ url: containsText(provider, value) });
        break;
      case 'target':
        and.push({ actionData: containsText(provider, value) });
        break;
      case 'title':
        and.push({ title: containsText(provider, value) });
        break;
      case 'group':
        and.push({ groupId: intval(value) });
        break;
    }
  }
  return and.length ? { AND: and } : {};
}

/** Whether an order needs Prisma (NULLS FIRST/LAST, which the fast read path does not compile). */
export const orderNeedsPrisma = (orderby: string | undefined): boolean => orderby === 'last_access';

/** ORDER BY of the list; the id breaks ties so pages never overlap. Never-hit redirects count as the oldest. */
export function redirectOrder(orderby: string | undefined, direction: Direction | undefined): Prisma.RedirectOrderByWithRelationInput[] {
  const dir: Direction = direction === 'asc' ? 'asc' : 'desc';
  switch (orderby) {
    case 'source':
      return [{ url: dir }, { id: dir }];
    case 'last_count':
      return [{ hits: dir }, { id: dir }];
    case 'last_access':
      return [{ lastAccess: { sort: dir, nulls: dir === 'asc' ? 'first' : 'last' } }, { id: dir }];
    case 'position':
      return [{ position: dir }, { id: dir }];
    default:
      return [{ id: dir }];
  }
}
