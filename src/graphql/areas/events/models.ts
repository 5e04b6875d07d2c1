/**
 * ql-events' Event, Venue and Organizer over the calendar's records (src/domain/events): the
 * fields it reads from post meta, here from the records' typed detail, nullable where it answers
 * null for empty values. Nested venues, organizers and terms come from the domain's per-request
 * loaders, so a page of events costs a constant number of statements.
 */
import type { Content } from '../../../generated/prisma-sqlite/client';
import { costValues } from '../../../domain/events/cost';
import { parseUtc } from '../../../domain/events/dates';
import { eventLinkedData, organizerLinkedData, venueLinkedData } from '../../../domain/events/linked-data';
import { eventTermsByEvent, organizersByEvent, venuesByEvent } from '../../../domain/events/loaders';
import { canReadRecord } from '../../../domain/events/permissions';
import { EVENT_CATEGORY, type EventRecord, type OrganizerRecord, type VenueRecord } from '../../../domain/events/types';
import { connectionOfList, type ConnectionArgs } from '../../connection';
import type { GraphQLContext } from '../../context';
import type { Model } from '../../model';
import { modelsOf, termNodeById } from '../../nodes';
import { CalendarPostModel } from './calendar-post';
import { EventLinkedDataModel, OrganizerLinkedDataModel, VenueLinkedDataModel } from './linked-data';
import { organizerConnection, type LinkedWhere } from './connections';

const nonEmpty = (value: string | null | undefined): string | null => (value ? value : null);
const TAXONOMY_OF: Record<string, string> = { CATEGORY: 'category', TAG: 'post_tag', POSTFORMAT: 'post_format', EVENTSCATEGORY: EVENT_CATEGORY };
const byId = (m: { databaseId: number }) => m.databaseId;

export class VenueModel extends CalendarPostModel<VenueRecord> {
  get __typename(): string {
    return 'Venue';
  }
  protected over(row: Content): VenueModel {
    return new VenueModel(this.record, row);
  }
  get venueId(): number {
    return this.databaseId;
  }
  private get d() {
    return this.record.detail;
  }
  get country(): string | null {
    return nonEmpty(this.d.country);
  }
  get address(): string | null {
    return nonEmpty(this.d.address);
  }
  get city(): string | null {
    return nonEmpty(this.d.city);
  }
  get stateProvince(): string | null {
    return nonEmpty(this.d.stateprovince);
  }
  get state(): string | null {
    return nonEmpty(this.d.state);
  }
  get province(): string | null {
    return nonEmpty(this.d.province);
  }
  get zip(): string | null {
    return nonEmpty(this.d.zip);
  }
  get phone(): string | null {
    return nonEmpty(this.d.phone);
  }
  get url(): string | null {
    return nonEmpty(this.d.website);
  }
  get showMap(): boolean {
    return this.d.showMap;
  }
  get showMapLink(): boolean {
    return this.d.showMapLink;
  }
  get linkedData() {
    return new VenueLinkedDataModel(venueLinkedData(this.record));
  }
}

export class OrganizerModel extends CalendarPostModel<OrganizerRecord> {
  get __typename(): string {
    return 'Organizer';
  }
  protected over(row: Content): OrganizerModel {
    return new OrganizerModel(this.record, row);
  }
  get organizerId(): number {
    return this.databaseId;
  }
  get email(): string | null {
    return nonEmpty(this.record.detail.email);
  }
  get website(): string | null {
    return nonEmpty(this.record.detail.website);
  }
  get phone(): string | null {
    return nonEmpty(this.record.detail.phone);
  }
  get linkedData() {
    return new OrganizerLinkedDataModel(organizerLinkedData(this.record));
  }
}

export class EventModel extends CalendarPostModel<EventRecord> {
  get __typename(): string {
    return 'Event';
  }
  protected over(row: Content): EventModel {
    return new EventModel(this.record, row);
  }
  get eventId(): number {
    return this.databaseId;
  }
  private get d() {
    return this.record.detail;
  }
  get allDay(): boolean {
    return this.d.allDay;
  }
  /** _EventStartDate / _EventEndDate: the wall clock in the event's zone. */
  get startDate(): string {
    return this.d.startLocal;
  }
  get endDate(): string {
    return this.d.endLocal;
  }
  /** _EventDuration, in seconds (null when zero, as ql-events reads an empty meta value). */
  get duration(): number | null {
    const seconds = Math.round((parseUtc(this.d.endUtc).getTime() - parseUtc(this.d.startUtc).getTime()) / 1000);
    return seconds || null;
  }
  get showMap(): boolean {
    return this.d.showMap;
  }
  get showMapLink(): boolean {
    return this.d.showMapLink;
  }
  get currencySymbol(): string | null {
    return nonEmpty(this.d.currencySymbol);
  }
  get currencyPosition(): string | null {
    return nonEmpty(this.d.currencyPosition);
  }
  /** _EventCost: the cost as entered, without its currency symbol. */
  get cost(): string | null {
    return nonEmpty(this.d.cost);
  }
  get costMin(): string | null {
    return costValues(this.d.cost)[0] ?? null;
  }
  get costMax(): string | null {
    return costValues(this.d.cost).at(-1) ?? null;
  }
  get url(): string | null {
    return nonEmpty(this.d.website);
  }
  /** _EventPhone: TEC keeps no phone of its own on events (the venue's and organizers' are theirs). */
  get phone(): string | null {
    return null;
  }
  get hideFromUpcoming(): boolean {
    return this.d.hideFromListings;
  }
  get timezone(): string | null {
    return nonEmpty(this.d.timezone);
  }
  get timezoneAbbr(): string | null {
    return nonEmpty(this.d.timezoneAbbr);
  }
  /** _EventOrigin: imported events carry their source's lineage (Event Aggregator); the rest were made here. */
  get origin(): string {
    return this.record.lineage.length > 1 ? 'event-aggregator' : 'events-calendar';
  }
  get featured(): boolean {
    return this.d.featured;
  }

  private async readableVenues(ctx: GraphQLContext): Promise<VenueRecord[]> {
    return (await venuesByEvent(ctx.domain).load(this.record.row.id)).filter((v) => canReadRecord(ctx.viewer, v.row));
  }
  private async readableOrganizers(ctx: GraphQLContext): Promise<OrganizerRecord[]> {
    return (await organizersByEvent(ctx.domain).load(this.record.row.id)).filter((o) => canReadRecord(ctx.viewer, o.row));
  }
  /** _EventVenueID: the first venue. */
  async venue(_: unknown, ctx: GraphQLContext): Promise<VenueModel | null> {
    const [first] = await this.readableVenues(ctx);
    return first ? new VenueModel(first) : null;
  }
  /** The event's organizers in their order; a `where` runs as the organizers list pinned to the event. */
  async organizers(args: ConnectionArgs & { where?: LinkedWhere | null }, ctx: GraphQLContext) {
    if (args.where && Object.keys(args.where).length) return organizerConnection(ctx, args, { event: this.record.row.id });
    return connectionOfList(args, (await this.readableOrganizers(ctx)).map((o) => new OrganizerModel(o)), byId);
  }
  async linkedData(_: unknown, ctx: GraphQLContext) {
    const [venues, organizers] = await Promise.all([this.readableVenues(ctx), this.readableOrganizers(ctx)]);
    return new EventLinkedDataModel(eventLinkedData(this.record, venues[0] ?? null, organizers[0] ?? null));
  }

  private async termModels(ctx: GraphQLContext, which: 'categories' | 'tags' | 'all'): Promise<Model[]> {
    const terms = await eventTermsByEvent(ctx.domain).load(this.record.row.id);
    const list = which === 'categories' ? terms.categories : which === 'tags' ? terms.tags : [...terms.categories, ...terms.tags];
    return modelsOf(ctx, list.map((t) => t.id), (c, id) => termNodeById(c, id));
  }
  async eventsCategories(args: ConnectionArgs, ctx: GraphQLContext) {
    return connectionOfList(args, await this.termModels(ctx, 'categories'), byId as never);
  }
  async tags(args: ConnectionArgs, ctx: GraphQLContext) {
    return connectionOfList(args, await this.termModels(ctx, 'tags'), byId as never);
  }
  async terms(args: ConnectionArgs & { where?: { taxonomies?: string[] | null } | null }, ctx: GraphQLContext) {
    const wanted = args.where?.taxonomies;
    let models = await this.termModels(ctx, 'all');
    if (wanted?.length) {
      const names = wanted.map((t) => TAXONOMY_OF[t] ?? t);
      models = models.filter((m) => names.includes((m as Model & { taxonomyName?: string }).taxonomyName ?? ''));
    }
    return connectionOfList(args, models, byId as never);
  }
}
