/**
 * Arguments given as a plain object (a GraphQL input, a domain lookup) checked against an argument
 * table exactly as a REST request's are, and seen through the same ArgsView the contracts read.
 */
import { processArgs } from './args';
import type { ArgSchema, ArgsView } from './types';

/** Drops undefined entries; `null` is kept (it resets some fields, e.g. a date). */
export function defined(values: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined));
}

/** Validates and sanitises `given` against `schemas` (throws rest_invalid_param / rest_missing_callback_param). */
export function argsViewOf(schemas: Record<string, ArgSchema>, given: Record<string, unknown>): ArgsView {
  const present = defined(given);
  const has = (name: string): boolean => Object.prototype.hasOwnProperty.call(present, name);
  const values = processArgs(schemas, { has, get: (name) => present[name] }).values;
  return {
    params: values,
    bodyParams: present,
    get: (name) => (Object.prototype.hasOwnProperty.call(values, name) ? values[name] : present[name]),
    has: (name) => Object.prototype.hasOwnProperty.call(values, name) || has(name),
  };
}
