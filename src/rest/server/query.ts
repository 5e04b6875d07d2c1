/**
 * Parses query strings and form bodies the way PHP does for WordPress: `a[]=1&a[]=2` is a list,
 * `a[b]=1` an object, nested to any depth. Unlike PHP (where the last value silently wins), a plain
 * key given twice (`a=1&a=2`) is reported so the dispatcher can refuse it with a 400; so is a
 * parameter whose key or value is not acceptable text (invalid UTF-8, NUL: see client-input.ts).
 * Keys naming Object.prototype members are dropped.
 */
import { isAcceptableText, isPrototypeKey } from '../../domain/client-input';

export interface ParsedQuery {
  values: Record<string, unknown>;
  /** Plain keys that appeared more than once. */
  repeated: string[];
  /** Parameters (their base names) whose key or value is not valid UTF-8 or holds a NUL. */
  invalid: string[];
}

/** Percent-decodes; malformed or invalid UTF-8 keeps the text as sent, and says so. */
function decode(part: string): { text: string; ok: boolean } {
  try {
    const text = decodeURIComponent(part.replace(/\+/g, ' '));
    return { text, ok: isAcceptableText(text) };
  } catch {
    return { text: part, ok: false };
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
    if (isPrototypeKey(key)) return;
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
  const invalid: string[] = [];
  for (const pair of queryString.split('&')) {
    if (pair === '') continue;
    const eq = pair.indexOf('=');
    const key = decode(eq === -1 ? pair : pair.slice(0, eq));
    const decoded = eq === -1 ? { text: '', ok: true } : decode(pair.slice(eq + 1));
    const rawKey = key.text;
    const value = decoded.text;
    if (rawKey === '') continue;
    const path = splitKey(rawKey);
    if (!path) continue;
    if (isPrototypeKey(path[0])) continue;
    if ((!key.ok || !decoded.ok) && !invalid.includes(path[0])) invalid.push(path[0]);
    if (path.length === 1) {
      if (seen.has(path[0]) && !repeated.includes(path[0])) repeated.push(path[0]);
      seen.add(path[0]);
      values[path[0]] = value;
    } else {
      if (seen.has(path[0]) && typeof values[path[0]] !== 'object' && !repeated.includes(path[0])) repeated.push(path[0]);
      seen.add(path[0]);
      if (typeof values[path[0]] !== 'object') delete values[path[0]];
      assign(values, path, value);
    }
  }
  return { values: normalise(values) as Record<string, unknown>, repeated, invalid };
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
