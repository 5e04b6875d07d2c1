/**
 * Status and date rules of wp_insert_post / wp_update_post as the REST controller drives them:
 * which date a write ends with, whether it floats, and publish <-> future by that date.
 */
import { parseGmtDate, parseSiteDate, type SiteZone } from '../content/dates';
import { FLOATING_STATUSES } from './types';

/** What the request says about the date. */
export type DateInput = { kind: 'set'; instant: Date } | { kind: 'reset' } | null;

export interface DatedStatus {
  status: string;
  date: Date;
  /** No fixed date yet (post_date_gmt = 0000-00-00 00:00:00 in WordPress). */
  floating: boolean;
}

/** WordPress keeps whole seconds. */
export function nowToTheSecond(): Date {
  return new Date(Math.floor(Date.now() / 1000) * 1000);
}

/**
 * rest_get_date_with_gmt() over `date` / `date_gmt`: `date` wins when both are sent, either one
 * sent as null resets the date, and an unparseable value is ignored.
 */
export function dateInputOf(date: string | null | undefined, dateGmt: string | null | undefined, zone: SiteZone): DateInput {
  if (date === null || dateGmt === null) return { kind: 'reset' };
  if (date) {
    const instant = parseSiteDate(date, zone);
    return instant ? { kind: 'set', instant } : null;
  }
  if (dateGmt) {
    const instant = parseGmtDate(dateGmt);
    return instant ? { kind: 'set', instant } : null;
  }
  return null;
}

function sameSecond(a: Date, b: Date): boolean {
  return Math.floor(a.getTime() / 1000) === Math.floor(b.getTime() / 1000);
}

/**
 * The status and date a write ends with. Drafts and pending posts without an explicit date float
 * (their date follows each save); publishing one fixes its current date; a `null` date resets it
 * to now. Then `publish` with a date a minute or more ahead becomes `future`, and `future` with a
 * date less than a minute ahead becomes `publish`.
 */
export function resolveStatusAndDate(existing: DatedStatus | null, requestedStatus: string | undefined, input: DateInput, now: Date): DatedStatus {
  let status = requestedStatus ?? existing?.status ?? 'draft';
  let date: Date;
  let floating: boolean;
  const explicit = input?.kind === 'set' && !(existing && sameSecond(existing.date, input.instant)) ? input.instant : null;
  if (explicit) {
    date = explicit;
    floating = false;
  } else if (input?.kind === 'reset' || !existing) {
    date = now;
    floating = FLOATING_STATUSES.has(status);
  } else if (existing.floating) {
    floating = FLOATING_STATUSES.has(status);
    date = floating ? now : existing.date;
  } else {
    date = existing.date;
    floating = false;
  }
  const ahead = date.getTime() - now.getTime();
  if (status === 'publish' && !floating && ahead >= 60_000) status = 'future';
  else if (status === 'future' && ahead < 60_000) status = 'publish';
  return { status, date, floating };
}
