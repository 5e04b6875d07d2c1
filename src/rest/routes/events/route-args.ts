/**
 * The calendar's arguments as the REST route table prints them: the schemas WordPress shows in the
 * index and OPTIONS (required-checked and defaulted by the server, validated by the contract's
 * readArgs), with the hints the OpenAPI document needs.
 */
import type { TecArgs } from '../../../domain/events/args';
import type { ArgSchema } from '../../../schema/types';

/** What the OpenAPI document needs beyond the printed schema, kept with the route table's argument objects. */
export interface DocHints {
  swaggerType?: string;
  csv?: boolean;
  in?: 'path' | 'query' | 'body';
}

const DOC_HINTS = new WeakMap<ArgSchema, DocHints>();

export function docHintsOf(schema: ArgSchema): DocHints {
  return DOC_HINTS.get(schema) ?? {};
}

/** The route table's view of the arguments: printed, required-checked and defaulted by the server; checked by readArgs. */
export function routeArgs(args: TecArgs): Record<string, ArgSchema> {
  return Object.fromEntries(
    Object.entries(args).map(([name, arg]) => {
      const schema: ArgSchema = { ...arg.schema, unchecked: true };
      DOC_HINTS.set(schema, { swaggerType: arg.swaggerType, csv: arg.csv, in: arg.in });
      return [name, schema];
    }),
  );
}
