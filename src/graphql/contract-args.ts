/**
 * GraphQL arguments go through the resources' contracts (src/domain/<resource>/contract.ts: the
 * argument tables both faces use — validation, sanitisation, defaults, WordPress's error messages),
 * so `where` filters and mutation inputs cannot drift from the REST face. Resolvers translate
 * camel-cased GraphQL names into the contract's parameter names (WordPress's) and normalise the
 * result with the contract's own functions; errors name the GraphQL arguments the client used.
 */
import { DomainError } from '../domain/errors';
import { argsViewOf } from '../schema/args-view';
import type { ArgSchema, ArgsView } from '../schema/types';

const camel = (name: string): string => name.replace(/_([a-z])/g, (_, letter: string) => letter.toUpperCase());

/** How a REST parameter is called on the GraphQL side (`after` → `where.dateAfter`). */
export type ArgNames = (restName: string) => string;

export function argNames(prefix: string, renamed: Record<string, string> = {}): ArgNames {
  return (name) => `${prefix}.${renamed[name] ?? camel(name)}`;
}

/** A REST parameter error re-worded with the GraphQL argument names the client used. */
function renamedError(error: DomainError, names: ArgNames): DomainError {
  const rename = (record: unknown) =>
    record && typeof record === 'object' && !Array.isArray(record) ? Object.fromEntries(Object.entries(record).map(([k, v]) => [names(k), v])) : record;
  const params = error.data.params;
  const data = { ...error.data, params: Array.isArray(params) ? params.map((p) => names(String(p))) : rename(params), ...(error.data.details ? { details: rename(error.data.details) } : {}) };
  const listed = Array.isArray(data.params) ? data.params : Object.keys((data.params as Record<string, unknown>) ?? {});
  const message = error.message.replace(/:.*$/, `: ${listed.join(', ')}`);
  return new DomainError(error.code, message, error.status, data, error.additional, error.additionalData);
}

/** A GraphQL input checked against a contract's argument table, errors named as the client named the arguments. */
export function checkedArgs(schemas: Record<string, ArgSchema>, given: Record<string, unknown>, names?: ArgNames): ArgsView {
  try {
    return argsViewOf(schemas, given);
  } catch (error) {
    if (names && error instanceof DomainError && (error.code === 'rest_invalid_param' || error.code === 'rest_missing_callback_param')) throw renamedError(error, names);
    throw error;
  }
}

/** GraphQL enum values (AUTO_DRAFT, MENU_ORDER) as REST's strings (auto-draft, menu_order). */
export const enumValue = (value: string, separator = '_'): string => value.toLowerCase().replace(/_/g, separator);

export function enumValues(values: readonly string[] | null | undefined, separator = '_'): string[] | undefined {
  return values ? values.map((v) => enumValue(v, separator)) : undefined;
}

/** Nullable GraphQL input → optional. */
export function opt<T>(value: T | null | undefined): T | undefined {
  return value === null ? undefined : value;
}
