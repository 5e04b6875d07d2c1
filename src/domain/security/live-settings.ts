/**
 * The security rules a process enforces, kept current through the invalidation bus as the
 * redirects' rule set is (src/domain/redirects/matcher/live-rules.ts): a write of the settings
 * publishes `settings`, any invalidation carrying it (from this instance or another on the
 * database) marks the rules stale and reads them again. A request first brings
 * the bus up to date, so a change committed before it arrived applies to it.
 */
import type { InvalidationBus } from '../../cache/invalidation';
import { SETTINGS } from '../../cache/tags';
import type { Database } from '../../db/client';
import { compileRules, type SecurityRules } from './rules';
import { readSecuritySettings } from './settings';

export class LiveSecurityRules {
  private generation = 1;
  private builtFor = 0;
  private rules: SecurityRules | null = null;
  private loading: Promise<SecurityRules> | null = null;

  constructor(
    private readonly db: Database,
    private readonly bus: Pick<InvalidationBus, 'syncNow' | 'onInvalidate'>,
  ) {
    bus.onInvalidate((tags) => {
      if (!tags.includes(SETTINGS)) return;
      this.generation += 1;
      // Read again at once (when serving already), so the next request need not wait for it; a
      // failure here is retried by that request.
      if (this.rules) this.reload().catch(() => undefined);
    });
  }

  /** The current rules: synchronous when the bus and the rules are both known current. */
  current(): SecurityRules | Promise<SecurityRules> {
    const synced = this.bus.syncNow();
    if (typeof synced === 'number') return this.fresh();
    return synced.then(() => this.fresh());
  }

  /**
   * The rules as this process last heard of them, without asking the bus first: for checks later
   * in a request whose start (`current`) already brought the bus up to date.
   */
  known(): SecurityRules | Promise<SecurityRules> {
    return this.fresh();
  }

  private fresh(): SecurityRules | Promise<SecurityRules> {
    if (this.rules && this.builtFor >= this.generation) return this.rules;
    return this.reload();
  }

  private async reload(): Promise<SecurityRules> {
    while (!this.rules || this.builtFor < this.generation) {
      this.loading ??= this.load().finally(() => {
        this.loading = null;
      });
      await this.loading;
    }
    return this.rules;
  }

  private async load(): Promise<SecurityRules> {
    const generation = this.generation;
    const rules = compileRules(await readSecuritySettings(this.db));
    if (generation >= this.builtFor) {
      this.rules = rules;
      this.builtFor = generation;
    }
    return rules;
  }
}
