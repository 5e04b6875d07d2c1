import { stripAllTags } from './strip-tags';

// ---------------------------------------------------------------------------------------------
// wp_trim_words()
// ---------------------------------------------------------------------------------------------

/** wp_trim_words(): strips tags, keeps the first `numWords` words, appends `more` when it cut. */
export function wpTrimWords(text: string, numWords = 55, more = '&hellip;'): string {
  text = stripAllTags(text);
  numWords = Math.trunc(numWords);
  // preg_split( "/[\n\r\t ]+/", $text, $num_words + 1, PREG_SPLIT_NO_EMPTY ); limit 0 or -1 means none.
  const limit = numWords + 1;
  const words: string[] = [];
  const re = /[\n\r\t ]+/g;
  let last = 0;
  let m: RegExpExecArray | null;
  while (limit <= 0 || words.length < limit - 1) {
    m = re.exec(text);
    if (m === null) break;
    const piece = text.slice(last, m.index);
    last = m.index + m[0].length;
    if (piece !== '') words.push(piece);
  }
  const rest = text.slice(last);
  if (rest !== '') words.push(rest);

  if (words.length > numWords) {
    words.pop();
    return words.join(' ') + more;
  }
  return words.join(' ');
}
