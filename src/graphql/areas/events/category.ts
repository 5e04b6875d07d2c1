/**
 * EventsCategory (taxonomy tribe_events_cat): WPGraphQL's hierarchical TermNode over the
 * calendar's term views (links as The Events Calendar rewrites them). Lookups and lists are the
 * terms area's (any taxonomy); what is the calendar's own is the link and the events a category
 * holds.
 */
import { describeEventTerms } from '../../../domain/events/terms';
import { EVENT_CATEGORY } from '../../../domain/events/types';
import type { TermView } from '../../../domain/terms/terms';
import { termById } from '../../../domain/terms/loaders';
import type { ConnectionArgs } from '../../connection';
import type { GraphQLContext } from '../../context';
import { HierarchicalTermModel } from '../terms/term-models';
import { eventConnection, type EventWhere } from './connections';

export class EventsCategoryModel extends HierarchicalTermModel {
  get __typename(): string {
    return 'EventsCategory';
  }
  protected get objectTypes(): readonly string[] {
    return ['tribe_events'];
  }
  get eventsCategoryId(): number {
    return this.view.term.id;
  }
  events(args: ConnectionArgs & { where?: EventWhere | null }, ctx: GraphQLContext) {
    return eventConnection(ctx, args, { term: this.view.term.id });
  }
  /** Only events carry event categories. */
  override contentNodes(args: ConnectionArgs & { where?: EventWhere | null }, ctx: GraphQLContext) {
    return eventConnection(ctx, args, { term: this.view.term.id });
  }
}

/** The model of an events category by id (the node source of tribe_events_cat), or null. */
export async function categoryById(ctx: GraphQLContext, id: number): Promise<EventsCategoryModel | null> {
  const term = await termById(ctx.domain).load(id);
  if (!term || term.taxonomy !== EVENT_CATEGORY) return null;
  const [view] = await describeEventTerms(ctx.domain, EVENT_CATEGORY, [term]);
  return new EventsCategoryModel(view);
}

export const categoryModelOf = (view: TermView): EventsCategoryModel => new EventsCategoryModel(view);
