// ---------------------------------------------------------------------------------------------
// Memoisation of the rendered values
// ---------------------------------------------------------------------------------------------


/**
 * A bounded least-recently-used memo for the rendered values: rendering is pure, and the same
 * stored text is rendered again on every read of a post.
 */
export class RenderMemo {
  private readonly entries = new Map<string, string>();
  private chars = 0;

  constructor(
    private readonly maxEntries: number,
    private readonly maxChars: number,
  ) {}

  get(key: string): string | undefined {
    const value = this.entries.get(key);
    if (value !== undefined) {
      this.entries.delete(key);
      this.entries.set(key, value);
    }
    return value;
  }

  /** The value kept for `key`, else `make()`'s, kept. */
  through(key: string, make: () => string): string {
    let value = this.get(key);
    if (value === undefined) this.set(key, (value = make()));
    return value;
  }

  set(key: string, value: string): void {
    const size = key.length + value.length;
    if (size > this.maxChars / 8) return;
    const previous = this.entries.get(key);
    if (previous !== undefined) {
      this.entries.delete(key);
      this.chars -= key.length + previous.length;
    }
    this.entries.set(key, value);
    this.chars += size;
    while (this.entries.size > this.maxEntries || this.chars > this.maxChars) {
      const oldest = this.entries.keys().next().value as string;
      this.chars -= oldest.length + this.entries.get(oldest)!.length;
      this.entries.delete(oldest);
    }
  }
}
