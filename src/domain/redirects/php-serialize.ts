/**
 * PHP's serialize() for the plain values the plugin stores in `action_data` (strings, booleans,
 * numbers, lists and maps of them): how its column holds a non-URL match's data, which the
 * `redirection` list shows as the plugin's GraphQL extension does (a raw column read).
 */
export function phpSerialize(value: unknown): string {
  if (value === null || value === undefined) return 'N;';
  if (typeof value === 'boolean') return `b:${value ? 1 : 0};`;
  if (typeof value === 'number') return Number.isInteger(value) ? `i:${value};` : `d:${value};`;
  if (typeof value === 'string') return `s:${Buffer.byteLength(value, 'utf8')}:"${value}";`;
  if (Array.isArray(value)) return `a:${value.length}:{${value.map((item, index) => `i:${index};${phpSerialize(item)}`).join('')}}`;
  if (typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>);
    // PHP turns numeric-string keys into integer keys.
    const key = (k: string) => (/^(0|-?[1-9]\d*)$/.test(k) ? `i:${k};` : phpSerialize(k));
    return `a:${entries.length}:{${entries.map(([k, v]) => key(k) + phpSerialize(v)).join('')}}`;
  }
  return 'N;';
}
