/**
 * The SEO title's width in pixels, as the editor measures it before giving it to the analysis
 * (the plugin renders the title in Arial at 20px and reads the element's width): measured here
 * from Arial's character widths (string-pixel-width's table; accented letters as their base
 * letter). Wide East Asian characters take a full em, which the table does not know.
 */
import pixelWidth from 'string-pixel-width';

/** The font size the plugin measures titles at. */
export const TITLE_FONT_SIZE = 20;

/** Hangul, CJK, kana, full-width forms: one em each in any browser font. */
const WIDE = /[\u1100-\u115F\u2E80-\u303E\u3041-\u33FF\u3400-\u4DBF\u4E00-\u9FFF\uA000-\uA4CF\uAC00-\uD7A3\uF900-\uFAFF\uFE30-\uFE4F\uFF00-\uFF60\uFFE0-\uFFE6]/u;

/** Width in whole pixels (the element's width is rounded, as offsetWidth is). */
export function titleWidth(title: string): number {
  let narrow = '';
  let wide = 0;
  for (const char of title) {
    if (WIDE.test(char)) wide += 1;
    else narrow += char;
  }
  const width = (narrow ? pixelWidth(narrow, { font: 'arial', size: TITLE_FONT_SIZE }) : 0) + wide * TITLE_FONT_SIZE;
  return Math.round(width);
}
