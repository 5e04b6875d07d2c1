/**
 * The Events Calendar declares its REST arguments the classic way — a validate_callback and maybe
 * a sanitize_callback per argument, `type` only as a hint — so WordPress checks them in two steps:
 * every validate_callback (a `false` answer prints "Invalid parameter." with no details), then the
 * sanitize step, where an argument with a `type` and no sanitize_callback goes through
 * rest_parse_request_arg (schema validation and casting). Both faces check the calendar's
 * arguments here; the validators are in validators.ts, the REST route table prints the arguments
 * (src/rest/routes/events/route-args.ts).
 */
import type { DomainContext } from '../context';
import { DomainError, isDomainError } from '../errors';
import type { Check } from './validators';
import { isSchemaFailure, sanitizeValue, validateValue } from '../../schema';
import type { ArgSchema } from '../../schema/types';

export interface TecArg {
  /** What the index prints, in the plugin's declaration order (`type` only when the plugin declares one). */
  schema: ArgSchema;
  check?: Check;
  /** A sanitize_callback (replaces the schema cast). */
  sanitize?: (value: unknown) => unknown;
  /** The plugin's swagger_type (the documentation's parameter type when no `type` is declared). */
  swaggerType?: string;
  /** CSV list parameters (`collectionFormat: csv`). */
  csv?: boolean;
  /** Where the documentation places a parameter (path variables). */
  in?: 'path' | 'query' | 'body';
}

export type TecArgs = Record<string, TecArg>;

/** Marks every argument optional (EDIT_args: create arguments with nothing required). */
export function unrequired(args: TecArgs): TecArgs {
  return Object.fromEntries(Object.entries(args).map(([name, arg]) => [name, { ...arg, schema: { ...arg.schema, required: false } }]));
}

interface Failure {
  message: string;
  detail?: Record<string, unknown>;
}

function invalidParams(failures: Map<string, Failure>): DomainError {
  const params: Record<string, string> = {};
  const details: Record<string, unknown> = {};
  for (const [name, failure] of failures) {
    params[name] = failure.message;
    if (failure.detail) details[name] = failure.detail;
  }
  return new DomainError('rest_invalid_param', `Invalid parameter(s): ${[...failures.keys()].join(', ')}`, 400, {
    params,
    // WordPress prints an empty PHP array when no validator gave an error object.
    details: Object.keys(details).length ? details : [],
  });
}

/** Where the plugin's arguments come from: a REST request, or a GraphQL operation's input. */
export interface TecArgSource {
  params: Record<string, unknown>;
  domain: DomainContext;
}

/** has_valid_params() then sanitize_params() over the arguments present (defaults included). */
export async function readArgs(request: TecArgSource, args: TecArgs, ctx: DomainContext = request.domain): Promise<Record<string, unknown>> {
  const present = Object.keys(args).filter((name) => request.params[name] !== undefined && request.params[name] !== null);
  const invalid = new Map<string, Failure>();
  for (const name of present) {
    const check = args[name].check;
    if (!check) continue;
    let result;
    try {
      result = await check(ctx, request.params[name]);
    } catch (error) {
      if (!isDomainError(error)) throw error;
      result = error;
    }
    if (result === true) continue;
    if (isDomainError(result)) invalid.set(name, { message: result.message, detail: { code: result.code, message: result.message, data: { status: result.status, ...result.data } } });
    else invalid.set(name, { message: 'Invalid parameter.' });
  }
  if (invalid.size) throw invalidParams(invalid);

  const values: Record<string, unknown> = {};
  const failed = new Map<string, Failure>();
  for (const name of present) {
    const arg = args[name];
    const raw = request.params[name];
    if (arg.sanitize) {
      values[name] = arg.sanitize(raw);
      continue;
    }
    if (!arg.schema.type) {
      values[name] = raw;
      continue;
    }
    const schema: ArgSchema = { type: arg.schema.type, ...(arg.schema.items ? { items: arg.schema.items } : {}) };
    const found = validateValue(raw, schema, name);
    const clean = found ?? sanitizeValue(raw, schema, name);
    if (found || isSchemaFailure(clean)) {
      const issue = (found ?? clean) as { code: string; message: string; data: unknown };
      failed.set(name, { message: issue.message, detail: { code: issue.code, message: issue.message, data: issue.data ?? null } });
    } else {
      values[name] = clean;
    }
  }
  if (failed.size) throw invalidParams(failed);
  return values;
}

/** A raw parameter as an object map (inline venues, form-encoded nested values), or undefined. */
export function asRecord(value: unknown): Record<string, unknown> | undefined {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
}
