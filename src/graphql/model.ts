/**
 * WPGraphQL's model layer on our side: each GraphQL object type is a class over a domain record
 * whose getters and methods are the type's fields. graphql-js's default field resolver reads a
 * property, or calls a method with (args, context, info), so a field is written once, on the
 * model, and every interface the type implements finds it there; `__typename` is how graphql-js
 * tells which object type stands behind an interface (Node, ContentNode, TermNode...).
 *
 * Models translate: who may see what, and every other rule, is the domain's (src/domain).
 */
import type { GraphQLContext } from './context';
import type { NodeSources } from './nodes';

export abstract class Model {
  abstract get __typename(): string;
}

/**
 * WPGraphQL's restricted visibility (Model::restrict_fields): a model whose object the viewer may
 * only partly see says, per field, that it answers null. The schema asks once per field of every
 * type whose model has `hides` (restricted-fields.ts), so the models write their fields whole.
 */
export interface Restricting {
  hides(field: string, ctx: GraphQLContext): boolean;
}

/** Resolvers of an area's root fields, and the models of its object types (for the coverage test). */
export interface Area {
  resolvers: {
    RootQuery?: Record<string, (root: unknown, args: never, ctx: GraphQLContext) => unknown>;
    RootMutation?: Record<string, (root: unknown, args: never, ctx: GraphQLContext) => unknown>;
  } & Record<string, unknown>;
  /** GraphQL object type name → the model class whose instances stand for it. */
  models: Record<string, abstract new (...args: never[]) => Model>;
  /** The objects of this area other areas may point at (by post type, taxonomy, or users). */
  nodes?: NodeSources;
}

/**
 * An object with an address on the site (WPGraphQL's UniformResourceIdentifiable): the flags that
 * say what lives there are all false here, and each kind overrides the one that is true for it
 * (content nodes, terms; the front page and posts page where the reading settings say so).
 */
export abstract class AddressableModel extends Model {
  get isContentNode(): boolean {
    return false;
  }
  get isTermNode(): boolean {
    return false;
  }
  get isComment(): boolean {
    return false;
  }
  isFrontPage(_args?: unknown, _ctx?: GraphQLContext): boolean | Promise<boolean> {
    return false;
  }
  isPostsPage(_args?: unknown, _ctx?: GraphQLContext): boolean | Promise<boolean> {
    return false;
  }
}
