/**
 * The calendar's mutations through the events contracts (src/domain/events/contract.ts,
 * linked-contract.ts, term-contract.ts): WPGraphQL's post inputs (plus the calendar fields of
 * events-additions.graphql) as The Events Calendar's argument names, checked by the plugin's
 * rules, written by the same domain functions as events/v1. Deletes trash unless `forceDelete`.
 */
import { readArgs, unrequired, type TecArgs } from '../../../domain/events/args';
import { CREATE_ARGS, eventInput, UPDATE_FIELDS_ARGS } from '../../../domain/events/contract';
import { ORGANIZER_CREATE_ARGS, VENUE_CREATE_ARGS } from '../../../domain/events/linked-contract';
import { eventById, eventTermsByEvent, organizerById, venueById } from '../../../domain/events/loaders';
import { createOrganizer, deleteOrganizer, organizerInputOf, updateOrganizer } from '../../../domain/events/organizers';
import { purgeCalendarRecord } from '../../../domain/events/purge';
import { changesOf } from '../../../domain/events/term-contract';
import { createEventTerm, deleteEventTerm, updateEventTerm } from '../../../domain/events/terms';
import { EVENT_CATEGORY, EVENT_TYPE, ORGANIZER_TYPE, VENUE_TYPE } from '../../../domain/events/types';
import { createVenue, deleteVenue, updateVenue, venueInputOf } from '../../../domain/events/venues';
import { createEvent, deleteEvent, updateEvent } from '../../../domain/events/write';
import type { GraphQLContext } from '../../context';
import { enumValue } from '../../contract-args';
import { databaseIdOf, toGlobalId } from '../../global-id';
import type { SeoFieldsInput, TaxonomySeoInput } from '../../../generated/graphql';
import type { TermSeoChanges } from '../../../domain/seo/term-seo-fields';
import { seoChangesOfInput, termSeoChangesOfInput } from '../seo/input';
import { EventsCategoryModel } from './category';
import { EventModel, OrganizerModel, VenueModel } from './models';

type Input = Record<string, unknown> & { clientMutationId?: string | null };
type TermsInput = { append?: boolean | null; nodes?: Array<{ id?: string | null; name?: string | null; slug?: string | null } | null> | null } | null | undefined;

const defined = (params: Record<string, unknown>) => Object.fromEntries(Object.entries(params).filter(([, v]) => v !== undefined && v !== null));
const checked = (ctx: GraphQLContext, args: TecArgs, params: Record<string, unknown>) => readArgs({ params: defined(params), domain: ctx.domain }, args);
const str = (value: unknown) => (value === undefined || value === null ? undefined : String(value));

function postParams(input: Input): Record<string, unknown> {
  return {
    description: input.content,
    excerpt: input.excerpt,
    slug: input.slug,
    status: typeof input.status === 'string' ? enumValue(input.status, '-') : undefined,
    author: input.authorId ? databaseIdOf(input.authorId as string, 'user') : undefined,
    date: input.date,
  };
}

/** A terms input as TEC's ids-or-names list; `append` (WPGraphQL's default) keeps the current ones. */
function termEntries(value: TermsInput, current: number[]): Array<number | string> | undefined {
  if (!value?.nodes) return undefined;
  const given = value.nodes.flatMap((node): Array<number | string> => {
    if (!node) return [];
    if (node.id) return [databaseIdOf(node.id, 'term')];
    const name = node.name ?? node.slug;
    return name ? [name] : [];
  });
  return value.append === false ? given : [...current, ...given];
}

async function eventParams(ctx: GraphQLContext, input: Input, id: number | null): Promise<Record<string, unknown>> {
  const terms = id ? await eventTermsByEvent(ctx.domain).load(id) : { categories: [], tags: [] };
  return {
    ...postParams(input),
    title: input.title,
    start_date: input.startDate,
    end_date: input.endDate,
    all_day: input.allDay,
    timezone: input.timezone,
    cost: input.cost,
    website: input.url,
    featured: input.featured,
    hide_from_listings: input.hideFromUpcoming,
    show_map: input.showMap,
    show_map_link: input.showMapLink,
    categories: termEntries(input.eventsCategories as TermsInput, terms.categories.map((t) => t.id)),
    tags: termEntries(input.tags as TermsInput, terms.tags.map((t) => t.id)),
    venue: input.venueId === undefined ? undefined : input.venueId === null || input.venueId === '' ? [] : [databaseIdOf(input.venueId as string, 'post')],
    organizer: input.organizerIds === undefined || input.organizerIds === null ? undefined : (input.organizerIds as string[]).map((o) => databaseIdOf(o, 'post')),
  };
}

function venueParams(input: Input): Record<string, unknown> {
  return {
    ...postParams(input),
    venue: input.title,
    address: input.address, city: input.city, country: input.country, province: input.province, state: input.state, stateprovince: input.stateProvince, zip: input.zip, phone: input.phone, website: input.url,
    // The plugin declares these as strings.
    show_map: str(input.showMap), show_map_link: str(input.showMapLink),
  };
}

function organizerParams(input: Input): Record<string, unknown> {
  return { ...postParams(input), organizer: input.title, email: input.email, phone: input.phone, website: input.website };
}

async function remove<T>(ctx: GraphQLContext, type: string, input: Input, read: (id: number) => Promise<T | null>, trash: (id: number) => Promise<T>): Promise<{ record: T | null; deletedId: string }> {
  const id = databaseIdOf(input.id as string, 'post');
  if (input.forceDelete === true) {
    const before = await read(id);
    await purgeCalendarRecord(ctx.domain, type, id);
    return { record: before, deletedId: toGlobalId('post', id) };
  }
  return { record: await trash(id), deletedId: toGlobalId('post', id) };
}

type Args = { input: Input };

/** Our `seo` input (checked by the domain as REST's `meta`), written in the event's transaction. */
function withSeo<E extends object>(values: E, input: Input): E {
  const seo = seoChangesOfInput(input.seo as SeoFieldsInput | null | undefined);
  return seo ? { ...values, seo } : values;
}
/** The same for an event category: Yoast's term fields (TaxonomySeoInput), in the term's transaction. */
function withTermSeo<E extends object>(changes: E, input: Input): E & { seo?: TermSeoChanges } {
  const seo = termSeoChangesOfInput(input.seo as TaxonomySeoInput | null | undefined);
  return seo ? { ...changes, seo } : changes;
}
const cmid = (input: Input) => input.clientMutationId ?? null;

export const mutations = {
  createEvent: async (_: unknown, { input }: Args, ctx: GraphQLContext) => {
    const values = await checked(ctx, CREATE_ARGS, await eventParams(ctx, input, null));
    return { clientMutationId: cmid(input), event: new EventModel(await createEvent(ctx.domain, withSeo(eventInput(values), input))) };
  },
  updateEvent: async (_: unknown, { input }: Args, ctx: GraphQLContext) => {
    const id = databaseIdOf(input.id as string, 'post');
    const values = await checked(ctx, UPDATE_FIELDS_ARGS, await eventParams(ctx, input, id));
    return { clientMutationId: cmid(input), event: new EventModel(await updateEvent(ctx.domain, id, withSeo(eventInput(values), input))) };
  },
  deleteEvent: async (_: unknown, { input }: Args, ctx: GraphQLContext) => {
    const { record, deletedId } = await remove(ctx, EVENT_TYPE, input, (id) => eventById(ctx.domain).load(id), (id) => deleteEvent(ctx.domain, id));
    return { clientMutationId: cmid(input), deletedId, event: record ? new EventModel(record) : null };
  },
  createVenue: async (_: unknown, { input }: Args, ctx: GraphQLContext) => {
    const values = await checked(ctx, VENUE_CREATE_ARGS, venueParams(input));
    return { clientMutationId: cmid(input), venue: new VenueModel(await createVenue(ctx.domain, venueInputOf(values))) };
  },
  updateVenue: async (_: unknown, { input }: Args, ctx: GraphQLContext) => {
    const values = await checked(ctx, unrequired(VENUE_CREATE_ARGS), venueParams(input));
    return { clientMutationId: cmid(input), venue: new VenueModel(await updateVenue(ctx.domain, databaseIdOf(input.id as string, 'post'), venueInputOf(values))) };
  },
  deleteVenue: async (_: unknown, { input }: Args, ctx: GraphQLContext) => {
    const { record, deletedId } = await remove(ctx, VENUE_TYPE, input, (id) => venueById(ctx.domain).load(id), (id) => deleteVenue(ctx.domain, id));
    return { clientMutationId: cmid(input), deletedId, venue: record ? new VenueModel(record) : null };
  },
  createOrganizer: async (_: unknown, { input }: Args, ctx: GraphQLContext) => {
    const values = await checked(ctx, ORGANIZER_CREATE_ARGS, organizerParams(input));
    return { clientMutationId: cmid(input), organizer: new OrganizerModel(await createOrganizer(ctx.domain, organizerInputOf(values))) };
  },
  updateOrganizer: async (_: unknown, { input }: Args, ctx: GraphQLContext) => {
    const values = await checked(ctx, unrequired(ORGANIZER_CREATE_ARGS), organizerParams(input));
    return { clientMutationId: cmid(input), organizer: new OrganizerModel(await updateOrganizer(ctx.domain, databaseIdOf(input.id as string, 'post'), organizerInputOf(values))) };
  },
  deleteOrganizer: async (_: unknown, { input }: Args, ctx: GraphQLContext) => {
    const { record, deletedId } = await remove(ctx, ORGANIZER_TYPE, input, (id) => organizerById(ctx.domain).load(id), (id) => deleteOrganizer(ctx.domain, id));
    return { clientMutationId: cmid(input), deletedId, organizer: record ? new OrganizerModel(record) : null };
  },
  createEventsCategory: async (_: unknown, { input }: Args, ctx: GraphQLContext) => {
    const changes = withTermSeo(changesOf(defined({ name: input.name, slug: input.slug, description: input.description, parent: parentOf(input) })), input);
    const view = await createEventTerm(ctx.domain, EVENT_CATEGORY, { ...changes, name: changes.name ?? '' });
    return { clientMutationId: cmid(input), eventsCategory: new EventsCategoryModel(view) };
  },
  updateEventsCategory: async (_: unknown, { input }: Args, ctx: GraphQLContext) => {
    const changes = withTermSeo(changesOf(defined({ name: input.name, slug: input.slug, description: input.description, parent: parentOf(input) })), input);
    const view = await updateEventTerm(ctx.domain, EVENT_CATEGORY, databaseIdOf(input.id as string, 'term'), changes);
    return { clientMutationId: cmid(input), eventsCategory: new EventsCategoryModel(view) };
  },
  deleteEventsCategory: async (_: unknown, { input }: Args, ctx: GraphQLContext) => {
    const id = databaseIdOf(input.id as string, 'term');
    const view = await deleteEventTerm(ctx.domain, EVENT_CATEGORY, id);
    return { clientMutationId: cmid(input), deletedId: toGlobalId('term', id), eventsCategory: new EventsCategoryModel(view) };
  },
};

function parentOf(input: Input): number | undefined {
  if (input.parentDatabaseId !== undefined && input.parentDatabaseId !== null) return Number(input.parentDatabaseId);
  if (input.parentId) return databaseIdOf(input.parentId as string, 'term');
  return undefined;
}
