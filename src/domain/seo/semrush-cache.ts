/**
 * Related-keyphrase answers kept for a day (Yoast: the transient
 * `wpseo_semrush_related_keyphrases_<phrase>_<country>`), in this process: a lookup costs the
 * site's service credits, and an answer this old is still right. Bounded; the oldest go first.
 * A new connection (authenticate) empties it.
 */
const TTL_MS = 24 * 60 * 60 * 1000;
const MAX_ENTRIES = 1000;

export interface CachedAnswer {
  data: unknown;
  status: number;
}

export class RelatedKeyphraseCache {
  private readonly entries = new Map<string, { answer: CachedAnswer; expires: number }>();

  get(key: string, now = Date.now()): CachedAnswer | null {
    const entry = this.entries.get(key);
    if (!entry) return null;
    if (entry.expires <= now) {
      this.entries.delete(key);
      return null;
    }
    return entry.answer;
  }

  set(key: string, answer: CachedAnswer, now = Date.now()): void {
    this.entries.delete(key);
    this.entries.set(key, { answer, expires: now + TTL_MS });
    while (this.entries.size > MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value as string);
  }

  clear(): void {
    this.entries.clear();
  }
}
