/**
 * The Events Calendar's argument validators (Tribe__Validator__Base, Tribe__Events__Validator__Base,
 * Tribe__Events__REST__V1__Validator__Base): the predicates its REST arguments declare as
 * validate_callback. Each answers true/false (false is WordPress's "Invalid parameter."), or a
 * DomainError where TEC returns a WP_Error. Lookups go through the request's loaders.
 */
import { decodePercent } from '../client-input';
import { isValidTimeZone } from '../content/dates';
import type { DomainContext } from '../context';
import { DomainError } from '../errors';
import { contentById } from '../posts/loaders';
import { siteOptionsOf } from '../settings/options';
import { isStorableId } from '../terms/loaders';
import { parseTimeString, isValidEventTimezone } from './dates';
import { canEditEvents } from './permissions';
import { EVENT_FILTER_STATUSES, EVENT_TYPE, EVENT_WRITE_STATUSES, LINKED_TYPE, ORGANIZER_TYPE, VENUE_TYPE, type LinkedKind } from './types';

export type CheckResult = boolean | DomainError;
export type Check = (ctx: DomainContext, value: unknown) => CheckResult | Promise<CheckResult>;

const NUMERIC = /^[ \t\n\r\v\f]*[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?[ \t\n\r\v\f]*$/;

/** PHP's is_numeric(). */
export function isNumeric(value: unknown): boolean {
  return (typeof value === 'number' && Number.isFinite(value)) || (typeof value === 'string' && NUMERIC.test(value));
}

/** PHP's empty(). */
export function isEmpty(value: unknown): boolean {
  if (value === undefined || value === null || value === false || value === 0 || value === '' || value === '0') return true;
  if (Array.isArray(value)) return value.length === 0;
  if (typeof value === 'object') return Object.keys(value as object).length === 0;
  return false;
}

/** Tribe__Utils__Array::list_to_array(): a CSV string or a list, trimmed, empty entries dropped, numbers as numbers. */
export function listToArray(value: unknown): Array<string | number> {
  if (value === null || value === undefined || value === '') return [];
  let items: unknown[];
  if (Array.isArray(value)) items = value;
  else if (typeof value === 'object') items = Object.values(value as object);
  else {
    // Not URL-encoded (or not valid UTF-8 once decoded): taken as it is.
    const text = decodePercent(String(value).replace(/\+/g, ' '));
    items = text.split(/\s*,\s*/);
  }
  const out: Array<string | number> = [];
  for (const item of items) {
    if (item === '' || item === null || item === undefined) continue;
    if (isNumeric(item)) out.push(Number(item));
    else if (typeof item === 'string') out.push(item);
    else if (typeof item === 'number' || typeof item === 'boolean') out.push(String(item));
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Scalars
// ---------------------------------------------------------------------------------------------

export const isString: Check = (_ctx, value) => typeof value === 'string' && !isEmpty(value);

export const isStringOrEmpty: Check = (ctx, value) => isEmpty(value) || isString(ctx, value);

export const isPositiveInt: Check = (_ctx, value) => isNumeric(value) && Number.isInteger(Number(value)) && Number(value) > 0;

export const isPositiveIntList: Check = (ctx, value) => {
  const list = listToArray(value);
  return list.length > 0 && list.every((v) => isPositiveInt(ctx, v) === true);
};

/** is_time(): numeric (a timestamp) or a time string strtotime reads. */
export const isTime: Check = async (ctx, value) => {
  if (isNumeric(value)) return true;
  if (typeof value !== 'string') return false;
  return parseTimeString(value, await siteOptionsOf(ctx)) !== null;
};

/** FILTER_VALIDATE_URL, or nothing at all. */
export const isUrlOrEmpty: Check = (_ctx, value) => {
  if (isEmpty(value)) return true;
  if (typeof value !== 'string' || /\s/.test(value)) return false;
  try {
    const url = new URL(value);
    return /^[a-z][a-z0-9+.-]*:$/i.test(url.protocol) && (url.hostname !== '' || url.protocol === 'mailto:');
  } catch {
    return false;
  }
};

export const isTimezoneOrEmpty: Check = (_ctx, value) => isEmpty(value) || (typeof value === 'string' && (isValidEventTimezone(value) || isValidTimeZone(value)));

/** A status a calendar record may be written with. */
export const isWritableStatus: Check = (_ctx, value) => typeof value === 'string' && (EVENT_WRITE_STATUSES as readonly string[]).includes(value);

export const isUserId: Check = async (ctx, value) => {
  if (!isNumeric(value) || !isStorableId(Number(value))) return false;
  return (await ctx.db.read.user.count({ where: { id: Number(value) } })) > 0;
};

/** An attachment that is an image, or (for users who may upload) an image address. */
export const isImageOrEmpty: Check = async (ctx, value) => {
  if (isEmpty(value)) return true;
  if (isNumeric(value)) {
    const id = Number(value);
    const row = isStorableId(id) ? await contentById(ctx).load(id) : null;
    return row !== null && row.type === 'attachment' && (row.mimeType.startsWith('image/') || row.mimeType === '');
  }
  return typeof value === 'string' && ctx.viewer.can('upload_files') && isImageAddress(value);
};

/** An http(s) address whose path names an image file. */
export function isImageAddress(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && /\.(jpe?g|png|gif|webp|avif|bmp|ico|svg)$/i.test(url.pathname);
  } catch {
    return false;
  }
}

// ---------------------------------------------------------------------------------------------
// Records
// ---------------------------------------------------------------------------------------------

async function isOfType(ctx: DomainContext, value: unknown, type: string): Promise<boolean> {
  if (!isNumeric(value) || !Number.isInteger(Number(value)) || !isStorableId(Number(value))) return false;
  const row = await contentById(ctx).load(Number(value));
  return row !== null && row.type === type;
}

export const isEventId: Check = (ctx, value) => !isEmpty(value) && isOfType(ctx, value, EVENT_TYPE);
export const isVenueId: Check = (ctx, value) => isOfType(ctx, value, VENUE_TYPE);
export const isOrganizerId: Check = (ctx, value) => isOfType(ctx, value, ORGANIZER_TYPE);

async function allOfType(ctx: DomainContext, value: unknown, type: string): Promise<boolean> {
  const list = listToArray(value);
  if (list.length === 0) return false;
  for (const item of list) if (!(await isOfType(ctx, item, type))) return false;
  return true;
}

export const isVenueIdList: Check = (ctx, value) => allOfType(ctx, value, VENUE_TYPE);
export const isOrganizerIdList: Check = (ctx, value) => allOfType(ctx, value, ORGANIZER_TYPE);

/** The record of a type with this slug (get_page_by_path), or null. */
export async function findBySlug(ctx: DomainContext, type: string, slug: unknown): Promise<number | null> {
  if (typeof slug !== 'string' || isEmpty(slug)) return null;
  const row = await ctx.db.read.content.findFirst({ where: { type, slug: slug.toLowerCase() }, orderBy: { id: 'asc' }, select: { id: true } });
  return row?.id ?? null;
}

export const slugCheck = (type: string): Check => async (ctx, value) => (await findBySlug(ctx, type, value)) !== null;

/** term_exists() of every entry of a CSV list or list: by id when numeric, else by slug or name. */
export function termsOf(taxonomy: string): Check {
  return async (ctx, value) => {
    const list = listToArray(value);
    if (list.length === 0) return false;
    for (const entry of list) if ((await findTermId(ctx, taxonomy, entry)) === null) return false;
    return true;
  };
}

export async function findTermId(ctx: DomainContext, taxonomy: string, entry: string | number): Promise<number | null> {
  if (typeof entry === 'number') {
    if (!Number.isInteger(entry) || !isStorableId(entry)) return null;
    const term = await ctx.db.read.term.findFirst({ where: { id: entry, taxonomy }, select: { id: true } });
    return term?.id ?? null;
  }
  const term = await ctx.db.read.term.findFirst({ where: { taxonomy, OR: [{ slug: entry }, { name: entry }] }, orderBy: { id: 'asc' }, select: { id: true } });
  return term?.id ?? null;
}

/**
 * Archive_Base::filter_post_status_list(): editors may ask for any registered statuses, others
 * only for `publish`. Returns the list, or false.
 */
export function postStatusList(ctx: DomainContext, value: unknown): string[] | false {
  const list = listToArray(value).map(String);
  if (!canEditEvents(ctx.viewer)) return list.length === 1 && list[0] === 'publish' ? list : false;
  return list.length > 0 && list.every((s) => (EVENT_FILTER_STATUSES as readonly string[]).includes(s)) ? list : false;
}

export const isPostStatusList: Check = (ctx, value) => postStatusList(ctx, value) !== false;

/** supports_ticketed(): asking for ticketed events needs Event Tickets, which this site does not run. */
export const supportsTicketed: Check = (_ctx, value) => {
  if (!isTruthy(value)) return true;
  return new DomainError('event-tickets-not-active', 'Event Tickets plugin is not activated.', 400);
};

/** tribe_is_truthy(). */
export function isTruthy(value: unknown): boolean {
  if (typeof value === 'boolean') return value;
  if (typeof value === 'number') return value !== 0;
  if (typeof value === 'string') return ['1', 'yes', 'true', 'on'].includes(value.trim().toLowerCase());
  return false;
}

// ---------------------------------------------------------------------------------------------
// Linked records given inline with an event
// ---------------------------------------------------------------------------------------------

function isAssociative(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The entries of a `venue` / `organizer` input: one id, a CSV of ids, one object, or a list of both. */
export function linkedEntries(value: unknown): unknown[] {
  if (Array.isArray(value)) return value;
  if (isAssociative(value)) {
    // A form-encoded list (organizer[0]=5&organizer[1]=6) arrives as an object with index keys.
    const keys = Object.keys(value);
    if (keys.length > 0 && keys.every((k) => /^\d+$/.test(k))) return Object.values(value);
    return [value];
  }
  if (typeof value === 'string') return value.split(/\s*,\s*/);
  return [value];
}

/**
 * is_linked_post_id_or_entry_or_empty(): nothing; ids of existing records of the kind; `{id}` of
 * one; or objects that pass the kind's create arguments (`entryCheck`).
 */
export function linkedCheck(kind: LinkedKind, entryCheck: (ctx: DomainContext, entry: Record<string, unknown>) => Promise<boolean>): Check {
  return async (ctx, value) => {
    if (isEmpty(value)) return true;
    const entries = linkedEntries(value);
    if (entries.every((e) => isEmpty(e))) return true;
    for (const entry of entries) {
      if (isNumeric(entry)) {
        if (!(await isOfType(ctx, entry, LINKED_TYPE[kind]))) return false;
        continue;
      }
      if (!isAssociative(entry)) return false;
      if (!isEmpty(entry.id)) {
        if (await isOfType(ctx, entry.id, LINKED_TYPE[kind])) continue;
        return false;
      }
      if (!(await entryCheck(ctx, entry))) return false;
    }
    return true;
  };
}
