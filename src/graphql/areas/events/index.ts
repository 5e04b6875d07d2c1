/**
 * The events area of the WPGraphQL schema (graphql/events.graphql, ql-events' shape): Event,
 * Venue, Organizer and EventsCategory, their root lookups and lists, and their mutations.
 */
import { canReadRecord } from '../../../domain/events/permissions';
import { eventById, organizerById, venueById } from '../../../domain/events/loaders';
import { EVENT_CATEGORY, EVENT_TYPE, ORGANIZER_TYPE, VENUE_TYPE, type CalendarPost } from '../../../domain/events/types';
import { findBySlug } from '../../../domain/events/validators';
import type { ConnectionArgs } from '../../connection';
import type { GraphQLContext } from '../../context';
import { globalIdOf, plainIdOf } from '../../global-id';
import type { Area } from '../../model';
import { categoryById, EventsCategoryModel } from './category';
import { termByIdType, type TermIdType } from '../terms/lookups';
import { termObjectConnection, type TermConnectionArgs } from '../terms/term-connection';
import { eventConnection, organizerConnection, venueConnection, type EventWhere, type LinkedWhere } from './connections';
import { AddressLinkedDataModel, EventLinkedDataModel, OrganizerLinkedDataModel, VenueLinkedDataModel } from './linked-data';
import { mutations } from './mutations';
import { EventModel, OrganizerModel, VenueModel } from './models';

type Loader<R> = (ctx: GraphQLContext, id: number) => Promise<R | null>;

/** A record the viewer may read (WPGraphQL's model layer: the rest is null). */
function readable<R extends CalendarPost, M>(load: (ctx: GraphQLContext) => { load(id: number): Promise<R | null> }, model: (r: R) => M) {
  return async (ctx: GraphQLContext, id: number): Promise<M | null> => {
    const record = await load(ctx).load(id);
    return record && canReadRecord(ctx.viewer, record.row) ? model(record) : null;
  };
}

const eventModel = readable((ctx) => eventById(ctx.domain), (r) => new EventModel(r));
const venueModel = readable((ctx) => venueById(ctx.domain), (r) => new VenueModel(r));
const organizerModel = readable((ctx) => organizerById(ctx.domain), (r) => new OrganizerModel(r));

/** The slug a URI names: /event/<slug>/ (or ?tribe_events=<slug>). */
function slugOfUri(uri: string): string {
  const query = /[?&][a-z_]+=([^&]+)/.exec(uri);
  if (query) return decodeURIComponent(query[1]);
  const parts = uri.replace(/[?#].*$/, '').split('/').filter(Boolean);
  return decodeURIComponent(parts.at(-1) ?? '');
}

async function byIdType<M>(ctx: GraphQLContext, type: string, load: Loader<M>, id: string, idType: string | null | undefined): Promise<M | null> {
  let dbId: number | null;
  if (idType === 'DATABASE_ID') dbId = plainIdOf(id);
  else if (idType === 'SLUG') dbId = await findBySlug(ctx.domain, type, id);
  else if (idType === 'URI') dbId = await findBySlug(ctx.domain, type, slugOfUri(id));
  else dbId = globalIdOf(id, 'post');
  return dbId === null ? null : load(ctx, dbId);
}

async function byLegacy<M>(ctx: GraphQLContext, type: string, load: Loader<M>, args: { id?: string | null; uri?: string | null; slug?: string | null }, dbId: number | null | undefined): Promise<M | null> {
  if (args.id) return byIdType(ctx, type, load, args.id, 'ID');
  if (dbId !== null && dbId !== undefined) return load(ctx, dbId);
  if (args.slug) return byIdType(ctx, type, load, args.slug, 'SLUG');
  if (args.uri) return byIdType(ctx, type, load, args.uri, 'URI');
  return null;
}

type Lookup = { id: string; idType?: string | null };
type Legacy = { id?: string | null; uri?: string | null; slug?: string | null; eventId?: number | null; venueId?: number | null; organizerId?: number | null };

export const eventsArea: Area = {
  resolvers: {
    RootQuery: {
      event: (_: unknown, a: Lookup, ctx: GraphQLContext) => byIdType(ctx, EVENT_TYPE, eventModel, a.id, a.idType),
      eventBy: (_: unknown, a: Legacy, ctx: GraphQLContext) => byLegacy(ctx, EVENT_TYPE, eventModel, a, a.eventId),
      events: (_: unknown, a: ConnectionArgs & { where?: EventWhere }, ctx: GraphQLContext) => eventConnection(ctx, a),
      venue: (_: unknown, a: Lookup, ctx: GraphQLContext) => byIdType(ctx, VENUE_TYPE, venueModel, a.id, a.idType),
      venueBy: (_: unknown, a: Legacy, ctx: GraphQLContext) => byLegacy(ctx, VENUE_TYPE, venueModel, a, a.venueId),
      venues: (_: unknown, a: ConnectionArgs & { where?: LinkedWhere }, ctx: GraphQLContext) => venueConnection(ctx, a),
      organizer: (_: unknown, a: Lookup, ctx: GraphQLContext) => byIdType(ctx, ORGANIZER_TYPE, organizerModel, a.id, a.idType),
      organizerBy: (_: unknown, a: Legacy, ctx: GraphQLContext) => byLegacy(ctx, ORGANIZER_TYPE, organizerModel, a, a.organizerId),
      organizers: (_: unknown, a: ConnectionArgs & { where?: LinkedWhere }, ctx: GraphQLContext) => organizerConnection(ctx, a),
      eventsCategory: (_: unknown, a: Lookup, ctx: GraphQLContext) => termByIdType(ctx, a.id, a.idType as TermIdType | null | undefined, EVENT_CATEGORY),
      eventsCategories: (_: unknown, a: TermConnectionArgs, ctx: GraphQLContext) => termObjectConnection(ctx, [EVENT_CATEGORY], a),
    },
    RootMutation: mutations,
  } as Area['resolvers'],
  models: {
    Event: EventModel,
    Venue: VenueModel,
    Organizer: OrganizerModel,
    EventsCategory: EventsCategoryModel,
    EventLinkedData: EventLinkedDataModel,
    VenueLinkedData: VenueLinkedDataModel,
    OrganizerLinkedData: OrganizerLinkedDataModel,
    AddressLinkedData: AddressLinkedDataModel,
  },
  nodes: {
    content: { [EVENT_TYPE]: eventModel, [VENUE_TYPE]: venueModel, [ORGANIZER_TYPE]: organizerModel },
    terms: { [EVENT_CATEGORY]: categoryById },
  },
};
