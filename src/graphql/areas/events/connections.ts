/**
 * The events, venues and organizers connections (root, and nested under users, categories, tags,
 * events): WPGraphQL's post-object `where` plus ql-events' calendar filters, translated onto the
 * domain's ordered lists (src/domain/events/event-window.ts, linked-window.ts), whose keyset
 * positions keep cursors in place under inserts. Pins are the parent object's filters.
 */
import { parseTimeString, beginningOfDay, endOfDay, formatIn } from '../../../domain/events/dates';
import { DEFAULT_EVENT_ORDER, eventWindowCount, eventWindowPosition, listStatusesFor, type EventOrder, type EventOrderField, type EventWindowQuery } from '../../../domain/events/event-window';
import { linkedWindow, linkedWindowCount, linkedWindowPosition, type LinkedOrderField, type LinkedWindowQuery } from '../../../domain/events/linked-window';
import { nestedEventWindow } from '../../../domain/events/nested-windows';
import type { EventBound } from '../../../domain/events/query';
import { EVENT_TAG, type LinkedKind, type OrganizerRecord, type VenueRecord } from '../../../domain/events/types';
import { DomainError } from '../../../domain/errors';
import { siteOptionsOf, type SiteOptions } from '../../../domain/settings/options';
import { termIdBy } from '../../../domain/terms/lookup';
import type { RootQueryToEventConnectionWhereArgs, RootQueryToVenueConnectionWhereArgs, TagToEventConnectionWhereArgs } from '../../../generated/graphql';
import { connectionOf, type ConnectionArgs } from '../../connection';
import type { GraphQLContext } from '../../context';
import { enumValue } from '../../contract-args';
import { databaseIdOf } from '../../global-id';
import { EventModel, OrganizerModel, VenueModel } from './models';

export type EventWhere = Partial<RootQueryToEventConnectionWhereArgs & TagToEventConnectionWhereArgs>;
export type LinkedWhere = Partial<RootQueryToVenueConnectionWhereArgs>;

/** What the parent object fixes. */
export interface EventPins {
  author?: number;
  venue?: number;
  organizer?: number;
  /** An event category or tag. */
  term?: number;
  /** Venues / organizers of this event. */
  event?: number;
}

const present = <T>(value: T | null | undefined): value is T => value !== null && value !== undefined;
const numbers = (list: ReadonlyArray<string | number | null> | null | undefined): number[] | undefined =>
  list ? list.filter(present).map((v) => databaseIdOf(v, 'post')) : undefined;
const userIds = (list: ReadonlyArray<string | number | null> | null | undefined): number[] | undefined =>
  list ? list.filter(present).map((v) => databaseIdOf(v, 'user')) : undefined;

function badDate(name: string): DomainError {
  return new DomainError('rest_invalid_param', `Invalid parameter(s): where.${name}`, 400, { params: { [`where.${name}`]: 'Invalid parameter.' } });
}

/** The date filters (strtotime-able values, read in site time), as bounds on the start and end. */
function boundsOf(where: EventWhere, options: SiteOptions, now: Date): EventBound[] {
  const bounds: EventBound[] = [];
  const at = (name: string, value: string): string => {
    const instant = parseTimeString(value, options, now);
    if (!instant) throw badDate(name);
    return formatIn(instant, options);
  };
  const add = (name: string, value: string | null | undefined, column: 'start' | 'end', op: EventBound['op']) => {
    if (present(value)) bounds.push({ column, op, at: at(name, value) });
  };
  add('startsAfter', where.startsAfter, 'start', '>');
  add('startsBefore', where.startsBefore, 'start', '<');
  add('startsOnOrAfter', where.startsOnOrAfter, 'start', '>=');
  add('startDate', where.startDate, 'start', '>=');
  add('endsAfter', where.endsAfter, 'end', '>');
  add('endsBefore', where.endsBefore, 'end', '<');
  add('endsOnOrAfter', where.endsOnOrAfter, 'end', '>=');
  add('endDate', where.endDate, 'end', '<=');
  if (present(where.onDate)) {
    const instant = parseTimeString(where.onDate, options, now);
    if (!instant) throw badDate('onDate');
    bounds.push({ column: 'start', op: '<=', at: endOfDay(instant, options) }, { column: 'end', op: '>=', at: beginningOfDay(instant, options) });
  }
  const range = (name: string, value: { start: string; end: string } | null | undefined, startBound: [column: 'start' | 'end', op: EventBound['op']], endBound: [column: 'start' | 'end', op: EventBound['op']]) => {
    if (!present(value)) return;
    bounds.push({ column: startBound[0], op: startBound[1], at: at(`${name}.start`, value.start) }, { column: endBound[0], op: endBound[1], at: at(`${name}.end`, value.end) });
  };
  range('dateOverlaps', where.dateOverlaps, ['end', '>='], ['start', '<=']);
  range('runsBetween', where.runsBetween, ['start', '>='], ['end', '<=']);
  range('startsBetween', where.startsBetween, ['start', '>='], ['start', '<=']);
  range('endsBetween', where.endsBetween, ['end', '>='], ['end', '<=']);
  return bounds;
}

const EVENT_ORDER: Record<string, EventOrderField> = {
  AUTHOR: 'author', COMMENT_COUNT: 'commentCount', DATE: 'date', END_DATE: 'end', START_DATE: 'start', IN: 'in', MENU_ORDER: 'menuOrder', MODIFIED: 'modified', NAME_IN: 'slugIn', PARENT: 'parent', SLUG: 'slug', TITLE: 'title',
};

async function tagIds(ctx: GraphQLContext, slugs: ReadonlyArray<string | null>): Promise<number[]> {
  const found = await Promise.all(slugs.filter(present).map((slug) => termIdBy(ctx.domain, EVENT_TAG, 'slug', slug)));
  return found.map((id) => id ?? -1);
}

/**
 * The post-object part of a calendar `where` (the args ql-events shares with WPGraphQL's post
 * connections), in the domain's names; `ids` is the include list, `authors` honours the author pin.
 */
function postObjectFilters(ctx: GraphQLContext, where: LinkedWhere | EventWhere, pins: EventPins) {
  const stati = where.stati?.filter(present) ?? (where.status ? [where.status] : undefined);
  const include = [...(numbers(where.in) ?? []), ...(present(where.id) ? [where.id] : [])];
  const slugs = [...(where.nameIn?.filter(present) ?? []), ...(present(where.name) ? [where.name] : [])];
  return {
    statuses: listStatusesFor(ctx.domain, stati?.map((s) => enumValue(s, '-'))),
    ids: include.length ? include : undefined,
    excludeIds: numbers(where.notIn),
    slugs: slugs.length ? slugs : undefined,
    title: where.title ?? undefined,
    search: where.search || undefined,
    authors: pins.author !== undefined ? [pins.author] : present(where.author) ? [where.author] : userIds(where.authorIn),
    authorsNotIn: userIds(where.authorNotIn),
    parentIn: present(where.parent) ? [databaseIdOf(where.parent, 'post')] : numbers(where.parentIn),
    parentNotIn: numbers(where.parentNotIn),
    hasPassword: where.hasPassword ?? undefined,
    password: where.password ?? undefined,
    template: where.template ? enumValue(where.template, '-') : undefined,
    mimeType: where.mimeType ? enumValue(where.mimeType, '/') : undefined,
  };
}

/** The domain's event list for a `where` and the parent's pins. */
async function eventQuery(ctx: GraphQLContext, where: EventWhere, pins: EventPins): Promise<EventWindowQuery> {
  const options = await siteOptionsOf(ctx.domain);
  const { ids: include, statuses: readable, ...filters } = postObjectFilters(ctx, where, pins);
  const statuses = where.contentTypes && !where.contentTypes.some((t) => t === 'TRIBE_EVENTS' || (t as string) === 'tribe_events') ? [] : readable;
  const tagsIn = [...(numbers(where.tagIn) ?? []), ...(present(where.tagId) ? [Number(where.tagId)] : []), ...(where.tagSlugIn ? await tagIds(ctx, where.tagSlugIn) : []), ...(present(where.tag) ? await tagIds(ctx, where.tag.split(',')) : [])];
  const order: EventOrder[] = (where.orderby ?? []).filter(present).map((o) => ({ field: EVENT_ORDER[o.field], direction: o.order === 'ASC' ? 'asc' : 'desc' }));
  return {
    ...filters,
    statuses,
    include,
    anonymous: ctx.viewer.isAnonymous,
    // ql-events reads events through TEC's ORM: hidden-from-listings events are listed unless filtered.
    includeHidden: true,
    bounds: boundsOf(where, options, new Date()),
    allDay: where.allDay ?? undefined,
    multiday: where.multiday ?? undefined,
    featured: where.featured ?? undefined,
    hidden: where.hidden ?? where.hiddenFromUpcoming ?? (present(where.onCalendarGrid) ? !where.onCalendarGrid : undefined),
    sticky: where.sticky ?? where.isSticky ?? undefined,
    timezone: where.timezone ?? undefined,
    venues: pins.venue !== undefined ? [pins.venue] : where.venuesIn ? where.venuesIn.filter(present) : undefined,
    venuesNotIn: where.venuesNotIn?.filter(present),
    organizers: pins.organizer !== undefined ? [pins.organizer] : present(where.organizer) ? [databaseIdOf(where.organizer, 'post')] : undefined,
    categories: pins.term !== undefined ? [pins.term] : undefined,
    tags: tagsIn.length ? tagsIn : undefined,
    tagsNotIn: numbers(where.tagNotIn),
    tagsAll: where.tagSlugAnd ? await tagIds(ctx, where.tagSlugAnd) : undefined,
    order: order.length ? order : DEFAULT_EVENT_ORDER,
  };
}

/** Events: root `events`, User.events, EventsCategory.events, Tag.events, Venue/Organizer pins. */
export async function eventConnection(ctx: GraphQLContext, args: ConnectionArgs & { where?: EventWhere | null }, pins: EventPins = {}) {
  const query = await eventQuery(ctx, args.where ?? {}, pins);
  return connectionOf(args, {
    // Sibling lists (each category's, each author's events) are read together.
    window: async (offset, limit) => (await nestedEventWindow(ctx.domain, query, offset, limit)).map((r) => new EventModel(r)),
    count: () => eventWindowCount(ctx.domain, query),
    positionOf: (id) => eventWindowPosition(ctx.domain, query, id),
    idOf: (m) => m.databaseId,
  });
}

const LINKED_ORDER: Record<string, LinkedOrderField> = {
  AUTHOR: 'authorId', COMMENT_COUNT: 'commentCount', DATE: 'date', IN: 'in', MENU_ORDER: 'menuOrder', MODIFIED: 'modified', NAME_IN: 'slugIn', PARENT: 'parentId', SLUG: 'slug', TITLE: 'title',
};

function linkedQuery(ctx: GraphQLContext, kind: LinkedKind, where: LinkedWhere, pins: EventPins): LinkedWindowQuery {
  return {
    kind,
    ...postObjectFilters(ctx, where, pins),
    event: pins.event,
    order: (where.orderby ?? []).filter(present).map((o) => ({ field: LINKED_ORDER[o.field], direction: o.order === 'ASC' ? 'asc' : 'desc' })),
  };
}

function linkedConnection<M extends VenueModel | OrganizerModel>(ctx: GraphQLContext, kind: LinkedKind, args: ConnectionArgs & { where?: LinkedWhere | null }, pins: EventPins, model: (r: VenueRecord | OrganizerRecord) => M) {
  const query = linkedQuery(ctx, kind, args.where ?? {}, pins);
  return connectionOf(args, {
    window: async (offset, limit) => (await linkedWindow(ctx.domain, query, offset, limit)).map(model),
    count: () => linkedWindowCount(ctx.domain, query),
    positionOf: (id) => linkedWindowPosition(ctx.domain, query, id),
    idOf: (m) => m.databaseId,
  });
}

export function venueConnection(ctx: GraphQLContext, args: ConnectionArgs & { where?: LinkedWhere | null }, pins: EventPins = {}) {
  return linkedConnection(ctx, 'venue', args, pins, (r) => new VenueModel(r as VenueRecord));
}

export function organizerConnection(ctx: GraphQLContext, args: ConnectionArgs & { where?: LinkedWhere | null }, pins: EventPins = {}) {
  return linkedConnection(ctx, 'organizer', args, pins, (r) => new OrganizerModel(r as OrganizerRecord));
}

