/**
 * One event of a batch as the aggregator service sends it (Tribe__Events__Aggregator__Event::
 * translate_service_data): title, description, excerpt, start/end dates (full, or a date plus
 * start_hour / start_minute / start_meridian), timezone, all_day, url, image, cost with its
 * currency, the listing flags, categories and tags (names), `uid` / `global_id` /
 * `global_id_lineage` naming it at its origin, `venue` (one object) and `organizer` (one object or
 * a list). Read into the domain's EventInput plus what matching and linking need. A field that is
 * absent leaves the stored value unchanged when the event is updated; `null` clears it.
 */
import { DomainError } from '../../errors';
import { isNumeric, isTruthy, listToArray } from '../validators';
import type { EventInput, OrganizerInput, VenueInput } from '../types';

/** A linked venue or organizer of an imported event, with the global ids naming it at its origin. */
export interface LinkedImport<I> {
  input: I & { description?: string };
  name: string;
  globalIds: string[];
}

export interface ImportItem {
  /** Event fields without venue and organizer (those are resolved by the importer). */
  input: EventInput;
  /** Origin ids matching the event on a re-import: its global id first, then its UID. */
  globalId?: string;
  uid?: string;
  /** Further ids the event had (global_id_lineage), kept as the record's lineage. */
  lineage: string[];
  /** undefined: unchanged; null: none. */
  venue?: LinkedImport<VenueInput> | null;
  organizers?: Array<LinkedImport<OrganizerInput>> | null;
}

function itemError(message: string): DomainError {
  return new DomainError('event-import-invalid-item', message, 400);
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

function text(raw: Record<string, unknown>, name: string): string | undefined {
  const value = raw[name];
  if (value === undefined) return undefined;
  if (value === null) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  throw itemError(`The event field "${name}" must be a text.`);
}

function flag(raw: Record<string, unknown>, name: string): boolean | undefined {
  return raw[name] === undefined || raw[name] === null ? undefined : isTruthy(raw[name]);
}

function ids(value: unknown): string[] {
  if (value === undefined || value === null || value === '') return [];
  const list = Array.isArray(value) ? value : [value];
  return list.filter((v) => typeof v === 'string' || typeof v === 'number').map((v) => String(v).trim()).filter(Boolean);
}

/** A date plus optional hour/minute/meridian parts, as one time string the domain reads. */
function timeOf(raw: Record<string, unknown>, prefix: 'start' | 'end'): string | undefined {
  const date = text(raw, `${prefix}_date`);
  if (date === undefined || date === '') return undefined;
  const hour = text(raw, `${prefix}_hour`);
  if (hour === undefined || hour === '' || !/^\d{4}-\d{1,2}-\d{1,2}$/.test(date.trim())) return date;
  const minute = text(raw, `${prefix}_minute`) || '00';
  const meridian = text(raw, `${prefix}_meridian`) ?? '';
  if (!/^\d{1,2}$/.test(hour) || !/^\d{1,2}$/.test(minute) || !/^(|am|pm)$/i.test(meridian)) throw itemError(`The event's ${prefix} time is not valid.`);
  let h = Number(hour);
  if (meridian) {
    if (h < 1 || h > 12) throw itemError(`The event's ${prefix} hour is not valid.`);
    h = (h % 12) + (meridian.toLowerCase() === 'pm' ? 12 : 0);
  }
  if (h > 23 || Number(minute) > 59) throw itemError(`The event's ${prefix} time is not valid.`);
  return `${date.trim()} ${String(h).padStart(2, '0')}:${minute.padStart(2, '0')}:00`;
}

function terms(raw: Record<string, unknown>, name: string): string[] | undefined {
  const value = raw[name];
  if (value === undefined) return undefined;
  // Terms arrive as names; objects ({name}) as some services send them.
  const list = Array.isArray(value) ? value.map((v) => (isObject(v) ? v.name : v)) : listToArray(value);
  return list.filter((v) => typeof v === 'string' || typeof v === 'number').map((v) => String(v).trim()).filter(Boolean);
}

function costOf(raw: Record<string, unknown>): string | undefined {
  const cost = text(raw, 'cost');
  if (cost === undefined) return undefined;
  const symbol = text(raw, 'currency_symbol') ?? '';
  if (!symbol || cost === '' || cost.includes(symbol)) return cost;
  return text(raw, 'currency_position') === 'postfix' ? `${cost}${symbol}` : `${symbol}${cost}`;
}

function coordinate(value: unknown, limit: number): number | null | undefined {
  if (value === undefined) return undefined;
  if (value === null || value === '') return null;
  return isNumeric(value) && Math.abs(Number(value)) <= limit ? Number(value) : null;
}

function venueOf(raw: unknown): LinkedImport<VenueInput> | null | undefined {
  if (raw === undefined) return undefined;
  if (raw === null || raw === '' || (Array.isArray(raw) && raw.length === 0)) return null;
  const entry = Array.isArray(raw) ? raw[0] : raw;
  if (!isObject(entry)) throw itemError('The event venue must be an object.');
  const name = (text(entry, 'venue') ?? '').trim();
  if (name === '') return null;
  const input: VenueInput = { venue: name };
  for (const field of ['address', 'city', 'country', 'state', 'province', 'zip', 'phone', 'website', 'stateprovince', 'description'] as const) {
    const value = text(entry, field);
    if (value !== undefined) input[field] = value;
  }
  if (input.state === undefined && input.stateprovince !== undefined) input.state = input.stateprovince;
  const lat = coordinate(entry.latitude ?? entry.lat, 90);
  const lng = coordinate(entry.longitude ?? entry.lng, 180);
  if (lat !== undefined) input.lat = lat;
  if (lng !== undefined) input.lng = lng;
  return { input, name, globalIds: [...ids(entry.global_id), ...ids(entry.global_id_lineage)] };
}

function organizersOf(raw: unknown): Array<LinkedImport<OrganizerInput>> | null | undefined {
  if (raw === undefined) return undefined;
  if (raw === null || raw === '') return null;
  const entries = Array.isArray(raw) ? raw : [raw];
  const organizers: Array<LinkedImport<OrganizerInput>> = [];
  for (const entry of entries) {
    if (!isObject(entry)) throw itemError('Each event organizer must be an object.');
    const name = (text(entry, 'organizer') ?? '').trim();
    if (name === '') continue;
    const input: OrganizerInput = { organizer: name };
    for (const field of ['phone', 'website', 'email', 'description'] as const) {
      const value = text(entry, field);
      if (value !== undefined) input[field] = value;
    }
    organizers.push({ input, name, globalIds: [...ids(entry.global_id), ...ids(entry.global_id_lineage)] });
  }
  return organizers;
}

/** Reads one event of a batch; throws a DomainError naming what is wrong with it. */
export function readImportItem(raw: unknown): ImportItem {
  if (!isObject(raw)) throw itemError('Each event of a batch must be an object.');
  const input: EventInput = {};
  const title = text(raw, 'title');
  if (title !== undefined) input.title = title;
  for (const [from, to] of [['description', 'description'], ['excerpt', 'excerpt'], ['timezone', 'timezone'], ['url', 'website']] as const) {
    const value = text(raw, from);
    if (value !== undefined) input[to] = value;
  }
  const start = timeOf(raw, 'start');
  const end = timeOf(raw, 'end');
  if (start !== undefined) input.start_date = start;
  if (end !== undefined) input.end_date = end;
  else if (start !== undefined) input.end_date = start;
  const cost = costOf(raw);
  if (cost !== undefined) input.cost = cost;
  for (const [from, to] of [['all_day', 'all_day'], ['show_map', 'show_map'], ['show_map_link', 'show_map_link'], ['hide_from_listings', 'hide_from_listings'], ['sticky', 'sticky'], ['featured', 'featured']] as const) {
    const value = flag(raw, from);
    if (value !== undefined) input[to] = value;
  }
  if (typeof raw.image === 'string' || (typeof raw.image === 'number' && raw.image > 0)) input.image = raw.image;
  const categories = terms(raw, 'categories');
  const tags = terms(raw, 'tags');
  if (categories !== undefined) input.categories = categories;
  if (tags !== undefined) input.tags = tags;

  const globalId = ids(raw.global_id)[0];
  const uid = ids(raw.uid)[0];
  const item: ImportItem = { input, lineage: [...new Set([...(globalId ? [globalId] : []), ...ids(raw.global_id_lineage)])], venue: venueOf(raw.venue), organizers: organizersOf(raw.organizer) };
  if (globalId) item.globalId = globalId;
  if (uid) item.uid = uid;
  return item;
}
