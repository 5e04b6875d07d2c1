/**
 * EventsCategory (taxonomy tribe_events_cat) as WPGraphQL's hierarchical TermNode, over the
 * calendar's term views (link as The Events Calendar rewrites it), and the categories lists.
 */
import type { Term } from '../../../generated/prisma-sqlite/client';
import { describeEventTerms, listEventTerms } from '../../../domain/events/terms';
import { EVENT_CATEGORY } from '../../../domain/events/types';
import { termById, termChain } from '../../../domain/terms/loaders';
import type { TermListQuery } from '../../../domain/terms/query';
import { connectionOf, oneToOne, type ConnectionArgs } from '../../connection';
import type { GraphQLContext } from '../../context';
import { toGlobalId } from '../../global-id';
import { Model } from '../../model';
import { taxonomyByName } from '../../nodes';
import { uriOf } from '../content/content-node';
import { eventConnection, type EventWhere } from './connections';

export interface TermWhere {
  search?: string | null;
  include?: Array<string | number> | null;
  exclude?: Array<string | number> | null;
  slug?: string[] | null;
  name?: string[] | null;
  hideEmpty?: boolean | null;
  parent?: number | null;
  childOf?: number | null;
  objectIds?: Array<string | number> | null;
  order?: 'ASC' | 'DESC' | null;
  orderby?: string | null;
}

export class EventsCategoryModel extends Model {
  constructor(readonly term: Term, readonly termLink: string) {
    super();
  }
  get __typename(): string {
    return 'EventsCategory';
  }
  get id(): string {
    return toGlobalId('term', this.term.id);
  }
  get databaseId(): number {
    return this.term.id;
  }
  get eventsCategoryId(): number {
    return this.term.id;
  }
  get termTaxonomyId(): number {
    return this.term.id;
  }
  /** WPGraphQL answers null for WordPress's term_group 0 (no groups are kept). */
  get termGroupId(): number | null {
    return null;
  }
  get name(): string {
    return this.term.name;
  }
  get slug(): string {
    return this.term.slug;
  }
  get description(): string | null {
    return this.term.description || null;
  }
  get count(): number | null {
    return this.term.count || null;
  }
  get link(): string {
    return this.termLink;
  }
  uri(_: unknown, ctx: GraphQLContext): string | null {
    return uriOf(this.termLink, ctx.domain.config.siteUrl);
  }
  get taxonomyName(): string {
    return EVENT_CATEGORY;
  }
  async taxonomy(_: unknown, ctx: GraphQLContext) {
    return oneToOne(await taxonomyByName(ctx, EVENT_CATEGORY));
  }
  get isContentNode(): boolean {
    return false;
  }
  get isTermNode(): boolean {
    return true;
  }
  get isComment(): boolean {
    return false;
  }
  get isFrontPage(): boolean {
    return false;
  }
  get isPostsPage(): boolean {
    return false;
  }
  get isRestricted(): boolean {
    return false;
  }
  get parentDatabaseId(): number | null {
    return this.term.parentId || null;
  }
  get parentId(): string | null {
    return this.term.parentId ? toGlobalId('term', this.term.parentId) : null;
  }
  async parent(_: unknown, ctx: GraphQLContext) {
    return this.term.parentId ? oneToOne(await categoryById(ctx, this.term.parentId)) : null;
  }
  /** The ancestors, nearest first. */
  async ancestors(args: ConnectionArgs, ctx: GraphQLContext) {
    const chain = (await termChain(ctx.domain).load(this.term.id)).slice(1);
    const models = (await Promise.all(chain.map((node) => categoryById(ctx, node.id)))).filter((m): m is EventsCategoryModel => m !== null);
    return connectionOf(args, inMemory(models));
  }
  children(args: ConnectionArgs & { where?: TermWhere | null }, ctx: GraphQLContext) {
    return categoryConnection(ctx, { ...args, where: { ...(args.where ?? {}), parent: this.term.id } });
  }
  events(args: ConnectionArgs & { where?: EventWhere | null }, ctx: GraphQLContext) {
    return eventConnection(ctx, args, { term: this.term.id });
  }
  /** Only events carry event categories. */
  contentNodes(args: ConnectionArgs & { where?: EventWhere | null }, ctx: GraphQLContext) {
    return eventConnection(ctx, args, { term: this.term.id });
  }
}

function inMemory(models: EventsCategoryModel[]) {
  return {
    window: async (offset: number, limit: number) => models.slice(offset, offset + limit),
    count: async () => models.length,
    positionOf: async (id: number) => {
      const at = models.findIndex((m) => m.databaseId === id);
      return at === -1 ? null : at;
    },
    idOf: (m: EventsCategoryModel) => m.databaseId,
  };
}

export async function categoryById(ctx: GraphQLContext, id: number): Promise<EventsCategoryModel | null> {
  const term = await termById(ctx.domain).load(id);
  if (!term || term.taxonomy !== EVENT_CATEGORY) return null;
  const [view] = await describeEventTerms(ctx.domain, EVENT_CATEGORY, [term]);
  return new EventsCategoryModel(view.term, view.link);
}

const ids = (list: Array<string | number> | null | undefined) => (list ? list.map(Number).filter((n) => Number.isSafeInteger(n)) : undefined);

/** WPGraphQL's term `where` as the domain's term query (name order, empty terms shown by default). */
function termQuery(where: TermWhere): TermListQuery {
  return {
    search: where.search ?? undefined,
    include: ids(where.include),
    exclude: ids(where.exclude),
    slugs: where.slug ?? undefined,
    hideEmpty: where.hideEmpty ?? undefined,
    parent: where.parent ?? undefined,
    post: ids(where.objectIds)?.[0],
    order: where.order === 'DESC' ? 'desc' : 'asc',
    orderby: where.orderby ? where.orderby.toLowerCase().replace('term_', '') : 'name',
  };
}

/**
 * The categories list. Category lists are short: a cursor's place is found in the ordered ids of
 * the whole list, so it stays right when categories are added.
 */
export async function categoryConnection(ctx: GraphQLContext, args: ConnectionArgs & { where?: TermWhere | null }) {
  const where = args.where ?? {};
  const query = termQuery(where);
  const names = where.name?.length ? new Set(where.name) : null;
  const all: EventsCategoryModel[] = [];
  for (let page = 1; ; page++) {
    const list = await listEventTerms(ctx.domain, EVENT_CATEGORY, { ...query, page, perPage: 100 }, 'graphql');
    for (const view of list.terms) if (!names || names.has(view.term.name)) all.push(new EventsCategoryModel(view.term, view.link));
    if (list.terms.length < 100 || page * 100 >= list.total) break;
  }
  return connectionOf(args, inMemory(all));
}
