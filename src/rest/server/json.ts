/**
 * Response encoding with pre-serialised parts. A JsonFragment wraps a value that never changes
 * (the index's route table) and keeps its JSON text once made: encodeJson() splices that text into
 * the answer instead of serialising the value again. Everything else that meets a fragment
 * (pretty printing, `_envelope`, batch bodies) sees the value itself through toJSON, so the output
 * is the same either way.
 */
import { randomUUID } from 'node:crypto';

/** Fragments met by the JSON.stringify call encodeJson() is running (null outside it). */
let splicing: JsonFragment[] | null = null;

/** The text a fragment stands as while being spliced: `"\u0000<nonce>:<n>"` once serialised. */
const MARK = `\u0000${randomUUID()}:`;
const MARK_JSON = JSON.stringify(MARK).slice(0, -1);

export class JsonFragment {
  private text: string | undefined;

  /** `value` must not change afterwards: its text is made once (or is `text`, when the caller already made it). */
  constructor(
    readonly value: unknown,
    text?: string,
  ) {
    this.text = text;
  }

  /** The value's compact JSON text. */
  json(): string {
    return (this.text ??= JSON.stringify(this.value));
  }

  toJSON(): unknown {
    if (!splicing) return this.value;
    splicing.push(this);
    return MARK + (splicing.length - 1);
  }
}

/** JSON.stringify(value) (compact), with the text of each JsonFragment met spliced in. */
export function encodeJson(value: unknown): string {
  const outer = splicing;
  const met: JsonFragment[] = [];
  splicing = met;
  let text: string;
  try {
    text = JSON.stringify(value);
  } finally {
    splicing = outer;
  }
  if (met.length === 0) return text;
  // The same skeleton with the same fragments gives the same answer: hand out the same string (made
  // flat once), which also lets the ETag memo recognise it by reference.
  // (The fragments first: comparing them is cheap, and a list's fragments are new on every answer.)
  if (last && last.fragments.length === met.length && last.fragments.every((f, i) => f === met[i]) && last.skeleton === text) return last.output;
  let out = '';
  let from = 0;
  for (let i = 0; i < met.length; i++) {
    const placeholder = `${MARK_JSON}${i}"`;
    const at = text.indexOf(placeholder, from);
    out += text.slice(from, at) + met[i].json();
    from = at + placeholder.length;
  }
  out += text.slice(from);
  last = { skeleton: text, fragments: met, output: out };
  return out;
}

/** The last spliced answer (the index and the namespace roots are sent again and again). */
let last: { skeleton: string; fragments: JsonFragment[]; output: string } | null = null;
