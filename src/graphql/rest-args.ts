/**
 * GraphQL arguments go through the same argument schemas as the REST collection and write
 * parameters (validation, sanitisation, defaults, WordPress's error messages), so `where` filters
 * and mutation inputs cannot drift from the REST face. Resolvers translate camel-cased GraphQL
 * names into REST parameter names and read the result as REST handlers do.
 */
import { processArgs } from '../rest/server/schema/args';
import type { ArgSchema } from '../rest/server/schema/types';
import type { ArgsView } from '../rest/server/types';

/** Drops undefined entries; `null` is kept (it resets some fields, e.g. a date). */
export function defined(values: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined));
}

export function checkedArgs(schemas: Record<string, ArgSchema>, given: Record<string, unknown>): ArgsView {
  const present = defined(given);
  const has = (name: string): boolean => Object.prototype.hasOwnProperty.call(present, name);
  const { values } = processArgs(schemas, { has, get: (name) => present[name] });
  return {
    params: values,
    bodyParams: present,
    get: (name) => (Object.prototype.hasOwnProperty.call(values, name) ? values[name] : present[name]),
    has: (name) => Object.prototype.hasOwnProperty.call(values, name) || has(name),
  };
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
