/**
 * Reads the rule set from the database: enabled redirects in enabled groups of the site's module,
 * in the plugin's order (group position, redirect position, id), with the settings they depend on
 * (default source flags, logging). A rule that cannot run is left out and reported.
 */
import type { Database } from '../../../db/client';
import { defaultSourceFlags, readRedirectSettings, type RedirectSettings } from '../settings';
import { SITE_MODULE } from '../types';
import { RuleIndex } from './rule-index';
import { compileRule, type CompiledRule, type RedirectRow } from './rules';

export interface RuleSnapshot {
  index: RuleIndex;
  settings: RedirectSettings;
  /** Rules left out, with why (a regular expression RE2 refuses...). */
  refused: Array<{ id: number; reason: string }>;
}

/** Rules compiled between two turns of the event loop while a large set is rebuilt (other requests go on meanwhile). */
const RULES_PER_TURN = 500;

/** Compiles rows already in order (`yieldTurn`: called between slices of rules). */
export function snapshotOf(rows: readonly RedirectRow[], settings: RedirectSettings): RuleSnapshot;
export function snapshotOf(rows: readonly RedirectRow[], settings: RedirectSettings, yieldTurn: () => Promise<void>): Promise<RuleSnapshot>;
export function snapshotOf(rows: readonly RedirectRow[], settings: RedirectSettings, yieldTurn?: () => Promise<void>): RuleSnapshot | Promise<RuleSnapshot> {
  const defaults = defaultSourceFlags(settings);
  const rules: CompiledRule[] = [];
  const refused: RuleSnapshot['refused'] = [];
  const compile = (from: number, to: number) => {
    for (let order = from; order < to; order += 1) {
      const row = rows[order];
      const rule = compileRule(row, order, defaults);
      if (rule instanceof Error) refused.push({ id: row.id, reason: rule.message });
      else rules.push(rule);
    }
  };
  const done = (): RuleSnapshot => ({ index: new RuleIndex(rules), settings, refused });
  if (!yieldTurn) {
    compile(0, rows.length);
    return done();
  }
  return (async () => {
    for (let from = 0; from < rows.length; from += RULES_PER_TURN) {
      if (from > 0) await yieldTurn();
      compile(from, Math.min(rows.length, from + RULES_PER_TURN));
    }
    return done();
  })();
}

export async function loadRules(db: Database): Promise<RuleSnapshot> {
  const [settings, groups] = await Promise.all([
    readRedirectSettings(db),
    db.read.redirectGroup.findMany({ where: { enabled: true, moduleId: SITE_MODULE }, select: { id: true, position: true } }),
  ]);
  const groupPosition = new Map(groups.map((group) => [group.id, group.position]));
  const rows =
    groups.length === 0
      ? []
      : await db.read.redirect.findMany({
          where: { enabled: true, groupId: { in: [...groupPosition.keys()] } },
          select: { id: true, url: true, matchData: true, regex: true, groupId: true, position: true, matchType: true, actionType: true, actionCode: true, actionData: true },
        });
  rows.sort((a, b) => (groupPosition.get(a.groupId) ?? 0) - (groupPosition.get(b.groupId) ?? 0) || a.position - b.position || a.id - b.id);
  return snapshotOf(rows, settings, () => new Promise((resolve) => setImmediate(resolve)));
}
