/**
 * The request-level argument step: WordPress's WP_REST_Request::has_valid_params() followed by
 * sanitize_params(), for one matched endpoint (order of operations: rest-semantics §2.1, §3.5).
 */
import { DomainError } from '../domain/errors';
import { isSchemaFailure, sanitizeValue } from './sanitize';
import type { ArgSchema, SchemaIssue } from './types';
import { validateValue } from './validate';

/** Request parameters by WordPress's precedence (JSON body, form body, query, path). */
export interface ParamSource {
  has(name: string): boolean;
  get(name: string): unknown;
}

/** Collects per-argument failures into one rest_invalid_param error. */
class InvalidParams {
  private readonly params: Record<string, string> = {};
  private readonly details: Record<string, unknown> = {};

  add(name: string, found: SchemaIssue): void {
    const all = [found, ...(found.additional ?? [])];
    // params[x] joins every message; details[x] is the error's own response body.
    this.params[name] = all.map((e) => e.message).join(' ');
    const detail: Record<string, unknown> = { code: found.code, message: found.message, data: found.data ?? null };
    if (found.additional?.length) {
      detail.additional_errors = found.additional.map((e) => ({ code: e.code, message: e.message, data: e.data ?? null }));
    }
    this.details[name] = detail;
  }

  throwIfAny(): void {
    const names = Object.keys(this.params);
    if (names.length === 0) return;
    throw new DomainError('rest_invalid_param', `Invalid parameter(s): ${names.join(', ')}`, 400, {
      params: this.params,
      details: this.details,
    });
  }
}

/** One declared argument, with what can be decided once per argument table. */
interface CompiledArg {
  name: string;
  schema: ArgSchema;
  /** Its registered default (a null default counts as none: WordPress only registers set defaults). */
  fallback: unknown;
  /** The default's clean value when the default passes both phases and no hook is involved (else undefined). */
  cleanDefault: { value: unknown } | undefined;
}

/** Whether a schema (or one nested in it) has a validate or sanitize hook, whose result we may not reuse. */
function hasHooks(schema: ArgSchema | undefined): boolean {
  if (!schema || typeof schema !== 'object') return false;
  if (schema.validate || schema.sanitize) return true;
  const nested: Array<ArgSchema | undefined> = [schema.items, ...(schema.anyOf ?? []), ...(schema.oneOf ?? [])];
  if (typeof schema.additionalProperties === 'object') nested.push(schema.additionalProperties);
  for (const map of [schema.properties, schema.patternProperties]) if (map && !Array.isArray(map)) nested.push(...Object.values(map as Record<string, ArgSchema>));
  return nested.some(hasHooks);
}

/** A clean value that can be handed out again: a scalar, or a list of scalars (copied on each use). */
function reusable(value: unknown): boolean {
  const scalar = (v: unknown) => v === null || (typeof v !== 'object' && typeof v !== 'function');
  return scalar(value) || (Array.isArray(value) && value.every(scalar));
}

/** The default's outcome of both phases, computed once (validation and sanitising are pure without hooks). */
function cleanDefaultOf(name: string, schema: ArgSchema, fallback: unknown): { value: unknown } | undefined {
  if (fallback === undefined || schema.unchecked || hasHooks(schema)) return undefined;
  if (validateValue(fallback, schema, name)) return undefined;
  const clean = sanitizeValue(fallback, schema, name);
  if (isSchemaFailure(clean) || !reusable(clean)) return undefined;
  return { value: clean };
}

const compiledTables = new WeakMap<Record<string, ArgSchema>, CompiledArg[]>();

function compiledTable(args: Record<string, ArgSchema>): CompiledArg[] {
  let table = compiledTables.get(args);
  if (!table) {
    table = Object.entries(args).map(([name, schema]) => {
      const fallback = schema.default ?? undefined;
      return { name, schema, fallback, cleanDefault: cleanDefaultOf(name, schema, fallback) };
    });
    compiledTables.set(args, table);
  }
  return table;
}

/**
 * Validates and sanitises the declared arguments of an endpoint. Throws DomainError
 * `rest_missing_callback_param` (required args absent), then `rest_invalid_param` for validation
 * failures, then `rest_invalid_param` for sanitize-phase failures (the two phases are never merged;
 * args flagged `validateOnSanitize` are validated in the second one). Returns the sanitised values of
 * the args that were given or defaulted; undeclared parameters are left to the caller.
 *
 * The argument table is compiled once (by identity): its entries, and the clean value of each
 * default that passes both phases, which is then reused instead of being checked again.
 */
export function processArgs(args: Record<string, ArgSchema>, source: ParamSource): { values: Record<string, unknown> } {
  const table = compiledTable(args);
  const present: CompiledArg[] = [];
  const raw: unknown[] = [];
  /** Whether each present value is its argument's default (so cleanDefault applies). */
  const defaulted: boolean[] = [];
  let missing: string[] | null = null;
  for (const arg of table) {
    // A null counts as absent (get_param skips nulls).
    const given = source.has(arg.name) ? source.get(arg.name) : undefined;
    if (given !== undefined && given !== null) {
      present.push(arg);
      raw.push(given);
      defaulted.push(false);
    } else if (arg.fallback !== undefined) {
      present.push(arg);
      raw.push(arg.fallback);
      defaulted.push(true);
    } else if (arg.schema.required === true) {
      (missing ??= []).push(arg.name);
    }
  }
  if (missing) {
    throw new DomainError('rest_missing_callback_param', `Missing parameter(s): ${missing.join(', ')}`, 400, { params: missing });
  }

  let invalid: InvalidParams | null = null;
  for (let i = 0; i < present.length; i++) {
    const { name, schema, cleanDefault } = present[i];
    if (schema.validateOnSanitize || schema.unchecked || (defaulted[i] && cleanDefault)) continue;
    const found = validateValue(raw[i], schema, name);
    if (found) (invalid ??= new InvalidParams()).add(name, found);
  }
  invalid?.throwIfAny();

  let failed: InvalidParams | null = null;
  const values: Record<string, unknown> = {};
  for (let i = 0; i < present.length; i++) {
    const { name, schema, cleanDefault } = present[i];
    const value = raw[i];
    if (schema.unchecked) {
      values[name] = value;
      continue;
    }
    if (defaulted[i] && cleanDefault) {
      values[name] = Array.isArray(cleanDefault.value) ? cleanDefault.value.slice() : cleanDefault.value;
      continue;
    }
    const found = schema.validateOnSanitize ? validateValue(value, schema, name) : null;
    const clean = found ?? sanitizeValue(value, schema, name);
    if (found) (failed ??= new InvalidParams()).add(name, found);
    else if (isSchemaFailure(clean)) (failed ??= new InvalidParams()).add(name, clean);
    else values[name] = clean;
  }
  failed?.throwIfAny();
  return { values };
}
