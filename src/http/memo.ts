/**
 * A bounded memo of work done per distinct URL (cache keys, route families): a repeated URL skips
 * parsing. Only short strings are memoised, and the oldest entry goes when the memo is full, so
 * neither long nor ever-new URLs can make it grow without bound.
 */
export class UrlMemo<V> {
  private readonly entries = new Map<string, V>();

  constructor(
    private readonly maxEntries = 10_000,
    private readonly maxLength = 2_048,
  ) {}

  get(url: string): V | undefined {
    return this.entries.get(url);
  }

  set(url: string, value: V): void {
    if (url.length > this.maxLength) return;
    if (this.entries.size >= this.maxEntries && !this.entries.has(url)) {
      this.entries.delete(this.entries.keys().next().value as string);
    }
    this.entries.set(url, value);
  }

  get size(): number {
    return this.entries.size;
  }
}
