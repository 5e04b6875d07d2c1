/**
 * PHP's URL codecs on bytes (urldecode, rawurldecode, rawurlencode, urlencode), which the plugin's
 * URL rules are written in. Decoding never fails: a `%` not followed by two hex digits stays as it
 * is, and bytes that are not UTF-8 survive a decode/encode round trip unchanged.
 */

const HEX = '0123456789ABCDEF';

function hexValue(code: number): number {
  if (code >= 48 && code <= 57) return code - 48;
  if (code >= 65 && code <= 70) return code - 55;
  if (code >= 97 && code <= 102) return code - 87;
  return -1;
}

/** The bytes `text` percent-decodes to (`plus`: `+` is a space, as urldecode has it). */
export function percentDecodeBytes(text: string, plus: boolean): Buffer {
  const input = Buffer.from(text, 'utf8');
  if (!input.includes(37) && !(plus && input.includes(43))) return input;
  const out = Buffer.allocUnsafe(input.length);
  let n = 0;
  for (let i = 0; i < input.length; i += 1) {
    const byte = input[i];
    if (byte === 37 && i + 2 < input.length) {
      const high = hexValue(input[i + 1]);
      const low = hexValue(input[i + 2]);
      if (high >= 0 && low >= 0) {
        out[n++] = high * 16 + low;
        i += 2;
        continue;
      }
    }
    out[n++] = plus && byte === 43 ? 32 : byte;
  }
  return out.subarray(0, n);
}

const UTF8 = new TextDecoder('utf-8', { fatal: true });

/**
 * Percent-decoded text: runs of escapes that form UTF-8 are decoded, any other run is kept as sent
 * (so `100%` or `%FF` read as themselves).
 */
export function percentDecode(text: string, plus = false): string {
  if (!text.includes('%') && !(plus && text.includes('+'))) return text;
  const source = plus ? text.replace(/\+/g, ' ') : text;
  return source.replace(/(?:%[0-9A-Fa-f]{2})+/g, (run) => {
    try {
      return UTF8.decode(percentDecodeBytes(run, false));
    } catch {
      return run;
    }
  });
}

/** rawurlencode: every byte but `A-Za-z0-9-_.~` as `%XX`. */
export function rawUrlEncode(bytes: Buffer): string {
  let out = '';
  for (const byte of bytes) {
    const unreserved = (byte >= 48 && byte <= 57) || (byte >= 65 && byte <= 90) || (byte >= 97 && byte <= 122) || byte === 45 || byte === 95 || byte === 46 || byte === 126;
    out += unreserved ? String.fromCharCode(byte) : `%${HEX[byte >> 4]}${HEX[byte & 15]}`;
  }
  return out;
}

/** urlencode (http_build_query's): as rawurlencode, but a space is `+` and `~` is encoded. */
export function formEncode(text: string): string {
  return rawUrlEncode(Buffer.from(text, 'utf8')).replace(/%20/g, '+').replace(/~/g, '%7E');
}
