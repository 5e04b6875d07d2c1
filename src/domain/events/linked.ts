/**
 * Venues and organizers — The Events Calendar's "linked posts" — share one set of rules: reading
 * one (unpublished ones need read rights), the archive (title order, search, `event`,
 * `has_events`, `only_with_upcoming`, statuses), creating (a duplicate of an existing record is
 * reused), updating and trashing. venues.ts and organizers.ts describe each kind's fields.
 */
import { windowOffset } from '../paging';
import type DataLoader from 'dataloader';
import type { Prisma } from '../../db/client';
import type { DomainContext } from '../context';
import { DomainError, forbidden } from '../errors';
import { contentById } from '../posts/loaders';
import { withSlugRetry } from '../posts/write';
import { siteOptionsOf } from '../settings/options';
import { isStorableId } from '../terms/loaders';
import { writeImage, writePostRow, trashRow, type PostFields, type Tx } from './calendar-posts';
import { listTag } from '../../cache/tags';
import { idsContaining } from '../search/text-match';
import { formatUtc } from './dates';
import { MAX_PER_PAGE } from './limits';
import { canCreateOfType, canDeleteRecord, canEditEvents, canEditRecord, canReadRecord } from './permissions';
import { EVENT_FILTER_STATUSES, type CalendarPost, type LinkedKind } from './types';
import { isEmpty } from './validators';

/** What distinguishes venues from organizers. */
export interface LinkedKindDef<R extends CalendarPost, I extends PostFieldsWithName> {
  kind: LinkedKind;
  type: string;
  /** The record by id through the request's loader. */
  byId: (ctx: DomainContext) => DataLoader<number, R | null>;
  /** The detail row's fields for a create (all) or an update (the given ones). */
  detailData(input: I, existing: R | null): Record<string, unknown>;
  /** Whether an existing record holds the same values as a create input (duplicates are reused). */
  sameAs(record: R, input: I): boolean;
  writeDetail(tx: Tx, id: number, data: Record<string, unknown>, create: boolean): Promise<void>;
  /** Plural label in messages ("venue", "organizer"). */
  label: string;
}

export type PostFieldsWithName = PostFields & { venue?: string; organizer?: string };

export function invalidParam(name: string): DomainError {
  return new DomainError('rest_invalid_param', `Invalid parameter(s): ${name}`, 400, { params: { [name]: 'Invalid parameter.' }, details: [] });
}

/** The record an id names, or the `id` argument's failure (TEC validates it as is_venue_id / is_organizer_id). */
async function findRecord<R extends CalendarPost>(ctx: DomainContext, def: LinkedKindDef<R, PostFieldsWithName>, id: number): Promise<R> {
  const record = isStorableId(id) ? await def.byId(ctx).load(id) : null;
  if (!record) throw invalidParam('id');
  return record;
}

/** GET /{venues|organizers}/{id}. */
export async function getLinked<R extends CalendarPost>(ctx: DomainContext, def: LinkedKindDef<R, PostFieldsWithName>, id: number): Promise<R> {
  const record = await findRecord(ctx, def, id);
  if (!canReadRecord(ctx.viewer, record.row)) throw new DomainError(`${def.kind}-not-accessible`, `The requested ${def.label} is not accessible`, 403);
  return record;
}

// ---------------------------------------------------------------------------------------------
// Archive
// ---------------------------------------------------------------------------------------------

export interface LinkedListQuery {
  page: number;
  /** At most MAX_PER_PAGE.rest (a page) or .graphql (an offset window); default: the site's posts_per_page. */
  perPage?: number;
  /** A window starting anywhere (GraphQL cursors); REST pages by `page`. */
  offset?: number;
  search?: string;
  /** Only the records linked to this event. */
  event?: number;
  hasEvents?: boolean;
  onlyWithUpcoming?: boolean;
  /** Statuses asked for; absent: every status for editors, published for the others. */
  statuses?: string[];
}

export interface LinkedList<R> {
  records: R[];
  total: number;
  page: number;
  perPage: number;
  /** The statuses the list was read with (they appear in its rest_url). */
  statuses: string[];
}

const ANY = ['publish', 'future', 'draft', 'pending', 'private'];

function statusesFor(ctx: DomainContext, asked: string[] | undefined): string[] {
  if (!asked) return canEditEvents(ctx.viewer) ? ['any'] : ['publish'];
  return asked;
}

function expandStatuses(statuses: string[]): string[] {
  return [...new Set(statuses.flatMap((s) => (s === 'any' ? ANY : (EVENT_FILTER_STATUSES as readonly string[]).includes(s) ? [s] : [])))];
}

async function linkedWhere(ctx: DomainContext, def: LinkedKindDef<CalendarPost, PostFieldsWithName>, query: LinkedListQuery, statuses: string[]): Promise<Prisma.ContentWhereInput> {
  const and: Prisma.ContentWhereInput[] = [{ type: def.type }, { status: { in: expandStatuses(statuses) } }];
  const links = def.kind === 'venue' ? 'venueEvents' : 'organizerEvents';
  if (query.event !== undefined) and.push({ [links]: { some: { eventId: isStorableId(query.event) ? query.event : -1 } } });
  if (query.hasEvents === true) and.push({ [links]: { some: {} } });
  if (query.hasEvents === false) and.push({ [links]: { none: {} } });
  if (query.onlyWithUpcoming) {
    and.push({ [links]: { some: { event: { status: 'publish', event: { endUtc: { gte: formatUtc(new Date()) } } } } } });
  }
  if (query.search) {
    // find_like(): the name, the description or any of the record's fields, matched literally.
    const [own, detail] = await Promise.all([
      idsContaining(ctx, 'Content', ['title', 'content'], query.search, { type: def.type }, [listTag('Content', def.type)]),
      def.kind === 'venue'
        ? idsContaining(ctx, 'VenueDetail', ['address', 'city', 'country', 'province', 'state', 'zip', 'phone', 'website', 'stateprovince'], query.search, {}, [listTag('VenueDetail')], 'contentId')
        : idsContaining(ctx, 'OrganizerDetail', ['phone', 'website', 'email'], query.search, {}, [listTag('OrganizerDetail')], 'contentId'),
    ]);
    and.push({ id: { in: [...new Set([...own, ...detail])] } });
  }
  return { AND: and };
}

/** GET /{venues|organizers}: one page in title order, with the total under the same filters. */
export async function listLinked<R extends CalendarPost>(ctx: DomainContext, def: LinkedKindDef<R, PostFieldsWithName>, query: LinkedListQuery): Promise<LinkedList<R>> {
  const statuses = statusesFor(ctx, query.statuses);
  const where = await linkedWhere(ctx, def as unknown as LinkedKindDef<CalendarPost, PostFieldsWithName>, query, statuses);
  const perPage = Math.min(query.offset === undefined ? MAX_PER_PAGE.rest : MAX_PER_PAGE.graphql, query.perPage ?? (await siteOptionsOf(ctx)).posts_per_page) || 20;
  const offset = windowOffset(query.offset, query.page, perPage);
  const [total, rows] = await Promise.all([
    ctx.db.read.content.count({ where }),
    ctx.db.read.content.findMany({ where, orderBy: [{ title: 'asc' }, { id: 'asc' }], skip: offset, take: perPage, select: { id: true } }),
  ]);
  const records = (await def.byId(ctx).loadMany(rows.map((r) => r.id))).filter((r): r is R => r !== null && !(r instanceof Error));
  if (records.length === 0 && query.page > 1 && query.offset === undefined) {
    throw new DomainError(`${def.kind}-archive-page-not-found`, `The requested ${def.label} archive page does not exist`, 404);
  }
  return { records, total, page: query.page, perPage, statuses };
}

// ---------------------------------------------------------------------------------------------
// Writes
// ---------------------------------------------------------------------------------------------

/** can_create: the type's edit_posts. */
export function canCreateLinked(ctx: DomainContext, type: string): boolean {
  return canCreateOfType(ctx.viewer, type);
}

/** can_edit / can_delete: the meta capability on the record (none for a missing one). */
export async function canWriteLinked(ctx: DomainContext, type: string, id: number, action: 'edit' | 'delete'): Promise<boolean> {
  const row = isStorableId(id) ? await contentById(ctx).load(id) : null;
  if (!row || row.type !== type) return false;
  return action === 'edit' ? canEditRecord(ctx.viewer, row) : canDeleteRecord(ctx.viewer, row);
}

/** Finds an identical record to reuse (the plugin's avoid-duplicates default). */
async function duplicateOf<R extends CalendarPost>(tx: Tx, ctx: DomainContext, def: LinkedKindDef<R, PostFieldsWithName>, name: string, input: PostFieldsWithName): Promise<number | null> {
  const candidates = await tx.content.findMany({ where: { type: def.type, title: name, status: { not: 'trash' } }, select: { id: true }, orderBy: { id: 'asc' } });
  for (const candidate of candidates) {
    const record = await def.byId(ctx).load(candidate.id);
    if (record && def.sameAs(record, input)) return candidate.id;
  }
  return null;
}

/** Creates (or reuses) a record inside a transaction; returns its id. Used by inline entries of events too. */
export async function insertLinked<R extends CalendarPost, I extends PostFieldsWithName>(tx: Tx, ctx: DomainContext, def: LinkedKindDef<R, I>, input: I): Promise<number> {
  const name = (def.kind === 'venue' ? input.venue : input.organizer) ?? '';
  if (isEmpty(name)) throw new DomainError(`could-not-create-${def.kind}`, `The ${def.label} could not be created from the provided data`, 400);
  const generic = def as unknown as LinkedKindDef<R, PostFieldsWithName>;
  const duplicate = await duplicateOf(tx, ctx, generic, name, input);
  if (duplicate !== null) return duplicate;
  const options = await siteOptionsOf(ctx);
  const row = await writePostRow(tx, ctx, options, def.type, null, { ...input, title: name });
  await def.writeDetail(tx, row.id, def.detailData(input, null), true);
  await writeImage(tx, ctx, row.id, input.image);
  return row.id;
}

export async function createLinked<R extends CalendarPost, I extends PostFieldsWithName>(ctx: DomainContext, def: LinkedKindDef<R, I>, input: I): Promise<R> {
  if (!canCreateLinked(ctx, def.type)) throw forbidden('rest_forbidden', 'Sorry, you are not allowed to do that.', ctx.viewer);
  const id = await withSlugRetry(() => ctx.db.prisma.$transaction((tx) => insertLinked(tx, ctx, def, input)));
  ctx.loaders.clear();
  return (await def.byId(ctx).load(id)) as R;
}

export async function updateLinked<R extends CalendarPost, I extends PostFieldsWithName>(ctx: DomainContext, def: LinkedKindDef<R, I>, id: number, input: I): Promise<R> {
  const generic = def as unknown as LinkedKindDef<R, PostFieldsWithName>;
  const record = await findRecord(ctx, generic, id);
  if (!canEditRecord(ctx.viewer, record.row)) throw forbidden('rest_forbidden', 'Sorry, you are not allowed to do that.', ctx.viewer);
  const name = def.kind === 'venue' ? input.venue : input.organizer;
  if (name !== undefined && isEmpty(name)) throw new DomainError(`could-not-update-${def.kind}`, `The ${def.label} could not be updated`, 400);
  const options = await siteOptionsOf(ctx);
  await withSlugRetry(() =>
    ctx.db.prisma.$transaction(async (tx) => {
      const current = await tx.content.findUnique({ where: { id } });
      if (!current || current.type !== def.type) throw invalidParam('id');
      await writePostRow(tx, ctx, options, def.type, current, { ...input, ...(name !== undefined ? { title: name } : {}) });
      await def.writeDetail(tx, id, def.detailData(input, record), false);
      await writeImage(tx, ctx, id, input.image);
    }),
  );
  ctx.loaders.clear();
  return (await def.byId(ctx).load(id)) as R;
}

/** DELETE: always to the trash (TEC ignores `force`); 410 when it is there already. */
export async function deleteLinked<R extends CalendarPost>(ctx: DomainContext, def: LinkedKindDef<R, PostFieldsWithName>, id: number): Promise<R> {
  const record = await findRecord(ctx, def, id);
  if (!canDeleteRecord(ctx.viewer, record.row)) throw forbidden('rest_forbidden', 'Sorry, you are not allowed to do that.', ctx.viewer);
  await ctx.db.prisma.$transaction((tx) => trashRow(tx, ctx, id, () => new DomainError(`${def.kind}-is-in-trash`, `The ${def.label} is already trashed`, 410)));
  ctx.loaders.clear();
  return (await def.byId(ctx).load(id)) as R;
}


/** A text field of a raw input map (numbers and booleans as PHP prints them); undefined when absent. */
export function textField(raw: Record<string, unknown>, name: string): string | undefined {
  const value = raw[name];
  if (value === undefined || value === null) return undefined;
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return String(value);
  if (typeof value === 'boolean') return value ? '1' : '';
  return undefined;
}

/** The post fields of a raw input map (TEC's argument names). */
export function postFieldsOf(raw: Record<string, unknown>): PostFieldsWithName {
  const fields: PostFieldsWithName = {};
  for (const name of ['description', 'excerpt', 'slug', 'status', 'date', 'date_utc', 'venue', 'organizer'] as const) {
    const value = textField(raw, name);
    if (value !== undefined) fields[name] = value;
  }
  if (raw.author !== undefined && raw.author !== null && Number(raw.author) > 0) fields.author = Number(raw.author);
  if (typeof raw.image === 'string' || typeof raw.image === 'number') fields.image = raw.image;
  return fields;
}
