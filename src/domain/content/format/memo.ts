// ---------------------------------------------------------------------------------------------
// Memoisation of the rendered values
// ---------------------------------------------------------------------------------------------


/**
 * A bounded memo for the rendered values: rendering is pure, and the same stored text is rendered
 * again on every read of a post. Least recently used values go first, approximately: values live in
 * two generations, the recent one taking up to half the bound; when it is full it becomes the old
 * one (the previous old one is dropped), and a value found in the old one moves back to the recent
 * one. A value used within the last half-bound of insertions is never dropped, and a hit in the
 * recent generation costs one lookup (a strict LRU reorders its map on every hit, and a list asks
 * a dozen times per record).
 */
export class RenderMemo<V = string> {
  private recent = new Map<string, V>();
  private recentChars = 0;
  private old = new Map<string, V>();

  /** `sizeOf`: a value's size in characters (a string's length unless told). */
  constructor(
    private readonly maxEntries: number,
    private readonly maxChars: number,
    private readonly sizeOf: (value: V) => number = (value) => (value as unknown as string).length,
  ) {}

  get(key: string): V | undefined {
    const value = this.recent.get(key);
    if (value !== undefined) return value;
    const aged = this.old.get(key);
    if (aged !== undefined) {
      this.old.delete(key);
      this.keep(key, aged);
    }
    return aged;
  }

  /** The value kept for `key`, else `make()`'s, kept. */
  through(key: string, make: () => V): V {
    let value = this.get(key);
    if (value === undefined) this.set(key, (value = make()));
    return value;
  }

  set(key: string, value: V): void {
    if (key.length + this.sizeOf(value) > this.maxChars / 8) return;
    this.old.delete(key);
    this.keep(key, value);
  }

  private keep(key: string, value: V): void {
    const previous = this.recent.get(key);
    if (previous !== undefined) this.recentChars -= key.length + this.sizeOf(previous);
    this.recent.set(key, value);
    this.recentChars += key.length + this.sizeOf(value);
    if (this.recent.size > this.maxEntries / 2 || this.recentChars > this.maxChars / 2) {
      this.old = this.recent;
      this.recent = new Map();
      this.recentChars = 0;
    }
  }
}
