/**
 * The vocabulary of cache tags, shared by what reads (every cached answer carries the tags of what
 * it was computed from) and what writes (every write publishes the tags of what it changed).
 *
 *   c:<id>            one Content row (post, page, attachment, revision, menu item, event, venue,
 *                     organizer) and everything keyed by it (meta, details, term links, event links)
 *   t:<id>            one term (and its meta)
 *   u:<id>            one user
 *   redirects         the redirect rules (Redirect, RedirectGroup rows)
 *   settings          the options table (site title, time zone, formats, reading settings...)
 *   list:<Model>      any list, count or aggregate over a model's rows (a new, removed or moved row
 *                     changes it); Content and Term lists are split by type and taxonomy:
 *                     list:Content:<type>, list:Term:<taxonomy>
 *   events:<YYYY-MM>  the calendar's date-window lists: an event list bounded in time carries the
 *                     months its window covers instead of list:Content:tribe_events, and a write of
 *                     an event publishes the months of its old and new span
 *   *                 "anything": an answer computed through a read path that did not account for
 *                     what it read carries it, and every write publishes it, so such answers are
 *                     always dropped by the next write (correct, only less precise)
 */

export const ANY = '*';
export const SETTINGS = 'settings';
/** The redirect rules (redirects and groups): each instance rebuilds its rule index when it hears this. */
export const REDIRECTS = 'redirects';

export const contentTag = (id: number): string => `c:${id}`;
export const termTag = (id: number): string => `t:${id}`;
export const userTag = (id: number): string => `u:${id}`;
export const listTag = (model: string, kind?: string): string => (kind === undefined ? `list:${model}` : `list:${model}:${kind}`);
export const eventMonthTag = (yearMonth: string): string => `events:${yearMonth}`;

/** Months (YYYY-MM) from the one of `startUtc` to the one of `endUtc` (`YYYY-MM-DD...` texts), at most `limit`; null beyond. */
export function monthsBetween(startUtc: string, endUtc: string, limit = 60): string[] | null {
  let year = Number(startUtc.slice(0, 4));
  let month = Number(startUtc.slice(5, 7));
  const endYear = Number(endUtc.slice(0, 4));
  const endMonth = Number(endUtc.slice(5, 7));
  if (![year, month, endYear, endMonth].every(Number.isFinite)) return null;
  const months: string[] = [];
  while (year < endYear || (year === endYear && month <= endMonth)) {
    if (months.length >= limit) return null;
    months.push(`${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}`);
    month += 1;
    if (month > 12) {
      month = 1;
      year += 1;
    }
  }
  return months;
}

/**
 * The tags one request's reads collected (shared by its `_embed` sub-requests and GraphQL
 * resolvers through the LoaderCache). `untracked()` marks an answer whose reads were not all
 * accounted for: it then carries ANY.
 */
export class ReadTags {
  private readonly tags = new Set<string>();
  private complete = true;

  add(tag: string): void {
    this.tags.add(tag);
  }

  addAll(tags: Iterable<string>): void {
    for (const tag of tags) this.tags.add(tag);
  }

  untracked(): void {
    this.complete = false;
  }

  get tracked(): boolean {
    return this.complete;
  }

  /** The tags an answer computed from these reads must carry (settings always: formats and URLs come from it). */
  list(): string[] {
    const out = new Set(this.tags);
    out.add(SETTINGS);
    if (!this.complete) out.add(ANY);
    return [...out];
  }
}
