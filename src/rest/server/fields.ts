/**
 * `_fields`: keep only the named (possibly dotted) fields of a response, as
 * rest_filter_response_fields does.
 */
export function parseFields(value: unknown): string[] | null {
  if (value === undefined || value === null) return null;
  const list = Array.isArray(value) ? value.map(String) : String(value).split(/[\s,]+/);
  const fields = list.map((f) => f.trim()).filter(Boolean);
  return fields;
}

/** Whether a top-level field (or something under it) was asked for. */
export function isFieldIncluded(field: string, fields: readonly string[] | null): boolean {
  if (!fields) return true;
  return fields.some((f) => f === field || f.startsWith(field + '.') || field.startsWith(f + '.'));
}

interface Tree {
  [key: string]: Tree | true;
}

function buildTree(fields: readonly string[]): Tree {
  const tree: Tree = {};
  for (const field of fields) {
    let node = tree;
    const parts = field.split('.');
    for (let i = 0; i < parts.length; i++) {
      const part = parts[i];
      if (node[part] === true) break; // a parent already includes everything below it
      if (i === parts.length - 1) node[part] = true;
      else node = (node[part] = (node[part] as Tree) ?? {}) as Tree;
    }
  }
  return tree;
}

function pick(value: unknown, tree: Tree): unknown {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return value;
  const out: Record<string, unknown> = {};
  for (const [key, sub] of Object.entries(tree)) {
    if (!(key in (value as object))) continue;
    const child = (value as Record<string, unknown>)[key];
    out[key] = sub === true ? child : pick(child, sub);
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
