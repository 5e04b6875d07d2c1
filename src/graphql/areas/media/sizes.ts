/** MediaItemSizeEnum → WordPress's size names (`_1536X1536` is `1536x1536`). */
export function sizeName(value: string | null | undefined): string | null {
  return value ? value.replace(/^_/, '').toLowerCase() : null;
}
