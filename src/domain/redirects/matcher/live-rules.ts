/**
 * The rule set a process matches with, kept current through the invalidation bus: any
 * invalidation carrying `redirects` or `settings` (from this instance or another on the database)
 * marks it stale, and the next request rebuilds it once. A request first brings the bus up to date
 * (so it has heard of every write committed before it arrived), and waits for a rebuild rather
 * than match against rules known to be stale.
 */
import type { InvalidationBus } from '../../../cache/invalidation';
import { REDIRECTS, SETTINGS } from '../../../cache/tags';
import type { Database } from '../../../db/client';
import { loadRules, type RuleSnapshot } from './load';

export interface LiveRulesOptions {
  /** Told of rules left out of a rebuild (once per rule and reason). */
  onRefused?(refused: RuleSnapshot['refused']): void;
}

export class LiveRules {
  /** Bumped by every relevant invalidation. */
  private generation = 1;
  /** The generation the current snapshot was read at (or after). */
  private builtFor = 0;
  private snapshot: RuleSnapshot | null = null;
  private building: Promise<void> | null = null;
  private readonly reported = new Set<string>();

  constructor(
    private readonly db: Database,
    private readonly bus: Pick<InvalidationBus, 'syncNow' | 'onInvalidate'>,
    private readonly options: LiveRulesOptions = {},
  ) {
    bus.onInvalidate((tags) => {
      if (tags.includes(REDIRECTS) || tags.includes(SETTINGS)) this.generation += 1;
    });
  }

  /** The current snapshot: synchronous when the bus and the rules are both known current. */
  current(): RuleSnapshot | Promise<RuleSnapshot> {
    const synced = this.bus.syncNow();
    if (typeof synced === 'number') return this.fresh();
    return synced.then(() => this.fresh());
  }

  private fresh(): RuleSnapshot | Promise<RuleSnapshot> {
    if (this.snapshot && this.builtFor >= this.generation) return this.snapshot;
    return this.rebuildUntil(this.generation);
  }

  private async rebuildUntil(wanted: number): Promise<RuleSnapshot> {
    while (!this.snapshot || this.builtFor < wanted) await this.build();
    return this.snapshot;
  }

  /** One rebuild at a time; callers arriving during one share it (and loop if it started too early for them). */
  private build(): Promise<void> {
    this.building ??= this.load().finally(() => {
      this.building = null;
    });
    return this.building;
  }

  private async load(): Promise<void> {
    const generation = this.generation;
    const snapshot = await loadRules(this.db);
    if (generation >= this.builtFor) {
      this.snapshot = snapshot;
      this.builtFor = generation;
    }
    const fresh = snapshot.refused.filter(({ id, reason }) => !this.reported.has(`${id}\n${reason}`));
    if (fresh.length > 0) {
      for (const { id, reason } of fresh) this.reported.add(`${id}\n${reason}`);
      this.options.onRefused?.(fresh);
    }
  }
}
