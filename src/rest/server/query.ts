/**
 * Parses query strings and form bodies the way PHP does for WordPress: `a[]=1&a[]=2` is a list,
 * `a[b]=1` an object, nested to any depth. Unlike PHP (where the last value silently wins), a plain
 * key given twice (`a=1&a=2`) is reported so the dispatcher can refuse it with a 400.
 */
export interface ParsedQuery {
  values: Record<string, unknown>;
  /** Plain keys that appeared more than once. */
  repeated: string[];
}

const FORBIDDEN_KEYS = new Set(['__proto__', 'prototype', 'constructor']);

function decode(part: string): string {
  try {
    return decodeURIComponent(part.replace(/\+/g, ' '));
  } catch {
    return part; // malformed percent-encoding: keep the text as sent, as PHP does
  }
}

/** Splits `a[b][]` into ['a', 'b', ''] (PHP also turns spaces and dots in the base name into `_`). */
function splitKey(key: string): string[] | null {
  const open = key.indexOf('[');
  if (open <= 0) return [key.replace(/[ .]/g, '_')];
  const base = key.slice(0, open).replace(/[ .]/g, '_');
  const parts = [base];
  const rest = key.slice(open);
  const re = /\[([^\]]*)\]/gy;
  let m: RegExpExecArray | null;
  let consumed = 0;
  while ((m = re.exec(rest))) {
    parts.push(m[1]);
    consumed = re.lastIndex;
  }
  if (consumed === 0) return [key.replace(/[ .[]/g, '_')];
  return parts;
}

type Node = Record<string, unknown>;

/** PHP arrays are ordered maps; we build null-prototype maps and turn all-numeric ones into lists. */
function assign(target: Node, path: string[], value: string): void {
  let node = target;
  for (let i = 0; i < path.length; i++) {
    let key = path[i];
    if (FORBIDDEN_KEYS.has(key)) return;
    if (key === '') {
      const numeric = Object.keys(node).filter((k) => /^\d+$/.test(k)).map(Number);
      key = String(numeric.length ? Math.max(...numeric) + 1 : 0);
    }
    if (i === path.length - 1) {
      node[key] = value;
      return;
    }
    const existing = node[key];
    if (typeof existing !== 'object' || existing === null) node[key] = Object.create(null);
    node = node[key] as Node;
  }
}

/** Plain objects again, with maps whose keys are all integers turned into lists (in key order). */
function normalise(value: unknown): unknown {
  if (typeof value !== 'object' || value === null) return value;
  const entries = Object.entries(value);
  if (entries.length > 0 && entries.every(([k]) => /^\d+$/.test(k))) return entries.map(([, v]) => normalise(v));
  const out: Record<string, unknown> = {};
  for (const [k, v] of entries) out[k] = normalise(v);
  return out;
}

export function parseQuery(queryString: string): ParsedQuery {
  const values: Record<string, unknown> = Object.create(null);
  const seen = new Set<string>();
  const repeated: string[] = [];
  for (const pair of queryString.split('&')) {
    if (pair === '') continue;
    const eq = pair.indexOf('=');
    const rawKey = decode(eq === -1 ? pair : pair.slice(0, eq));
    const value = eq === -1 ? '' : decode(pair.slice(eq + 1));
    if (rawKey === '') continue;
    const path = splitKey(rawKey);
    if (!path) continue;
    if (path.length === 1) {
      if (seen.has(path[0]) && !repeated.includes(path[0])) repeated.push(path[0]);
      seen.add(path[0]);
      if (FORBIDDEN_KEYS.has(path[0])) continue;
      values[path[0]] = value;
    } else {
      if (seen.has(path[0]) && typeof values[path[0]] !== 'object' && !repeated.includes(path[0])) repeated.push(path[0]);
      seen.add(path[0]);
      if (typeof values[path[0]] !== 'object') delete values[path[0]];
      assign(values, path, value);
    }
  }
  return { values: normalise(values) as Record<string, unknown>, repeated };
}

/** Serialises values back into a query string the way PHP's http_build_query does. */
export function buildQuery(values: Record<string, unknown>): string {
  const parts: string[] = [];
  const walk = (prefix: string, value: unknown): void => {
    if (value === undefined || value === null) return;
    if (Array.isArray(value)) value.forEach((v, i) => walk(`${prefix}[${i}]`, v));
    else if (typeof value === 'object') for (const [k, v] of Object.entries(value)) walk(`${prefix}[${k}]`, v);
    else parts.push(`${encodeURIComponent(prefix)}=${encodeURIComponent(typeof value === 'boolean' ? (value ? '1' : '0') : String(value))}`);
  };
  for (const [k, v] of Object.entries(values)) walk(k, v);
  return parts.join('&');
}
