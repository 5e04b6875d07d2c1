/**
 * A JSON object kept in a text column (an options row): its value, or null when the row is missing,
 * is not JSON or is not an object — a hand-edited row then reads as the defaults instead of
 * breaking every request.
 */
export function storedJsonObject(stored: string | null | undefined): Record<string, unknown> | null {
  if (!stored) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(stored);
  } catch {
    return null;
  }
  return parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : null;
}
