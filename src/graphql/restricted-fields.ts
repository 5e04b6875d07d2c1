/**
 * Applies the models' restricted visibility (model.ts `Restricting`) to the schema: every nullable
 * field of an object type whose model class defines `hides` answers null when the model hides it
 * from the viewer, before its own resolver runs. Non-null fields are left alone: WPGraphQL's model
 * would answer null there too, which graphql-php turns into an error that nulls the whole object
 * (of our types, only Post.isSticky is non-null and outside the allow-list).
 */
import { defaultFieldResolver, isNonNullType, isObjectType, type GraphQLFieldResolver, type GraphQLSchema } from 'graphql';
import type { GraphQLContext } from './context';
import type { Area, Restricting } from './model';

function restricting(model: unknown): boolean {
  const proto = (model as { prototype?: Partial<Restricting> }).prototype;
  return typeof proto?.hides === 'function';
}

export function maskRestrictedFields(schema: GraphQLSchema, areas: readonly Area[]): void {
  for (const area of areas) {
    for (const [typeName, model] of Object.entries(area.models)) {
      const type = schema.getType(typeName);
      if (!restricting(model) || !isObjectType(type)) continue;
      for (const field of Object.values(type.getFields())) {
        if (isNonNullType(field.type)) continue;
        const resolve: GraphQLFieldResolver<unknown, GraphQLContext> = field.resolve ?? defaultFieldResolver;
        field.resolve = (source, args, ctx: GraphQLContext, info) => ((source as Restricting).hides(info.fieldName, ctx) ? null : resolve(source, args, ctx, info));
      }
    }
  }
}
