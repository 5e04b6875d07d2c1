/**
 * `_fields`: keep only the named (possibly dotted) fields of a response, as
 * rest_filter_response_fields does.
 */
import { JsonFragment } from './json';

export function parseFields(value: unknown): string[] | null {
  if (value === undefined || value === null) return null;
  return parseList(value);
}

/**
 * wp_parse_list(): a string split at commas and spaces, or a list's (or a map's) scalar values.
 * Nested lists and maps in it name nothing.
 */
export function parseList(value: unknown): string[] {
  const items =
    typeof value === 'object' && value !== null
      ? Object.values(value).filter((item) => typeof item === 'string' || typeof item === 'number' || typeof item === 'boolean').map(String)
      : String(value).split(/[\s,]+/);
  return items.map((f) => f.trim()).filter(Boolean);
}

/** Whether a top-level field (or something under it) was asked for. */
export function isFieldIncluded(field: string, fields: readonly string[] | null): boolean {
  if (!fields) return true;
  return fields.some((f) => f === field || f.startsWith(field + '.') || field.startsWith(f + '.'));
}

/** Field names to what is kept below them (true: everything). A Map: client names are never object keys. */
type Tree = Map<string, Tree | true>;

function buildTree(fields: readonly string[]): Tree {
  const tree: Tree = new Map();
  for (const field of fields) {
    let node = tree;
    const parts = field.split('.');
    for (let i = 0; i < parts.length; i++) {
      const part = parts[i];
      const existing = node.get(part);
      if (existing === true) break; // a parent already includes everything below it
      if (i === parts.length - 1) {
        node.set(part, true);
      } else {
        const child: Tree = existing ?? new Map();
        node.set(part, child);
        node = child;
      }
    }
  }
  return tree;
}

function pick(found: unknown, tree: Tree): unknown {
  const value = found instanceof JsonFragment ? found.value : found;
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return value;
  const out: Record<string, unknown> = {};
  for (const [key, sub] of tree) {
    // Own fields only: `constructor` or `__proto__` name nothing in a response.
    if (!Object.prototype.hasOwnProperty.call(value, key)) continue;
    const child = (value as Record<string, unknown>)[key];
    Object.defineProperty(out, key, { value: sub === true ? child : pick(child, sub), enumerable: true, writable: true, configurable: true });
  }
  return out;
}

/**
 * Filters a response body. In collections `_links` is an ordinary field of each item; on a single
 * item WordPress attaches links after filtering, so they survive whole whenever `_links`,
 * `_links.*` or `_embedded` is asked for.
 */
export function filterFields(data: unknown, fields: readonly string[]): unknown {
  const tree = buildTree(fields);
  if (Array.isArray(data)) return data.map((item) => pick(item, tree));
  if (typeof data !== 'object' || data === null) return data;
  const filtered = pick(data, tree) as Record<string, unknown>;
  const record = data as Record<string, unknown>;
  if ('_links' in record) {
    delete filtered._links;
    if (fields.some((f) => f === '_links' || f.startsWith('_links.') || f === '_embedded' || f.startsWith('_embedded.'))) filtered._links = record._links;
  }
  return filtered;
}
