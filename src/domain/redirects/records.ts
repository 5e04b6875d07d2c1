/**
 * Rows of the Redirect and RedirectGroup tables as the domain's records (src/domain/redirects/types.ts).
 */
import type { Redirect, RedirectGroup } from '../../generated/prisma-sqlite/client';
import { parseActionData, shownActionData } from './action-data';
import { parseMatchData } from './source-flags';
import { ACTION_TYPES, MATCH_TYPES, MODULES, type ActionType, type MatchType, type RedirectGroupRecord, type RedirectRecord } from './types';

export const isMatchType = (value: unknown): value is MatchType => typeof value === 'string' && (MATCH_TYPES as readonly string[]).includes(value);
export const isActionType = (value: unknown): value is ActionType => typeof value === 'string' && (ACTION_TYPES as readonly string[]).includes(value);

export function redirectRecordOf(row: Redirect): RedirectRecord {
  const matchType: MatchType = isMatchType(row.matchType) ? row.matchType : 'url';
  return {
    id: row.id,
    url: row.url,
    matchUrl: row.matchUrl,
    matchData: parseMatchData(row.matchData),
    regex: row.regex,
    groupId: row.groupId,
    position: row.position,
    title: row.title,
    enabled: row.enabled,
    matchType,
    actionType: isActionType(row.actionType) ? row.actionType : 'nothing',
    actionCode: row.actionCode,
    actionData: shownActionData(matchType, parseActionData(row.actionData)),
    hits: row.hits,
    lastAccess: row.lastAccess,
  };
}

export function groupRecordOf(row: RedirectGroup, redirects: number): RedirectGroupRecord {
  return { id: row.id, name: row.name, moduleId: row.moduleId, enabled: row.enabled, position: row.position, redirects };
}

/** A module's display name (`moduleName`): WordPress, Apache, Nginx, or "" for none. */
export function moduleNameOf(moduleId: number): string {
  return Object.prototype.hasOwnProperty.call(MODULES, moduleId) ? MODULES[moduleId as 1 | 2 | 3] : '';
}

/** Red_Module::is_valid_id(): 1, 2 or 3 (0 is within the route's bounds but names no module). */
export const isValidModuleId = (id: number): boolean => id === 1 || id === 2 || id === 3;
