/**
 * How WordPress turns stored post text into the REST API's `rendered` values.
 *
 * WordPress 6.9's display filters (formatting.php, shortcodes.php, blocks.php, post-template.php),
 * giving byte-identical output for the parts covered. Two jobs use maintained libraries:
 *  - parse_blocks(): @wordpress/block-serialization-default-parser, WordPress's own JavaScript
 *    port of WP_Block_Parser, with two named corrections (format/block-parser.ts);
 *  - the class core/heading and core/list add (WP_HTML_Tag_Processor's next_tag/add_class):
 *    parse5's standard HTML tokenizer (format/tag-processor.ts).
 * The rest is our own port, checked against WordPress's own PHP functions on generated inputs.
 * @wordpress/autop was compared too and is not used: it is the editor's variant of wpautop and
 * differs in the middle of the function (test/unit/format-packages.test.ts names where).
 * PHP's regular expressions work on bytes without the `u` flag, so every class here is ASCII-only
 * on purpose: `\s` in PHP is [ \t\n\v\f\r] (JavaScript's `\s` also matches NBSP and other
 * Unicode spaces), PHP's trim() strips " \t\n\r\0\v", and PHP's `$` also matches before a
 * final newline.
 *
 * Chains reproduced (REST `prepare_item_for_response`):
 *  - title.rendered   = the_title:   wptexturize, convert_chars, trim, capital_P_dangit (titles).
 *  - content.rendered = the_content: do_blocks (static blocks, plus the render callbacks of
 *    core/heading and core/list, which add `wp-block-heading` / `wp-block-list`), wptexturize,
 *    wpautop (removed for block content, as do_blocks does), shortcode_unautop, capital_P_dangit.
 *  - excerpt.rendered = get_the_excerpt (wp_trim_excerpt: first page and teaser of the content,
 *    strip_shortcodes, excerpt_remove_blocks, excerpt_remove_footnotes, the_content without
 *    do_blocks, wp_trim_words with ` [&hellip;]`) then the_excerpt: wptexturize, convert_chars,
 *    wpautop, shortcode_unautop.
 *
 * Not reproduced (site- or plugin-dependent, or needing I/O):
 *  - convert_smilies (depends on the site URL and the use_smilies option): `:)` stays as text.
 *  - do_shortcode / WP_Embed: shortcodes are left as written. Stock WordPress registers caption,
 *    wp_caption, gallery, playlist, audio, video and embed; those names are treated as registered
 *    (wptexturize leaves them alone, shortcode_unautop unwraps them, excerpts strip them), but
 *    their HTML output is not generated. Unregistered shortcodes are plain text, as in WordPress.
 *  - dynamic blocks other than core/heading and core/list, block supports that render_block
 *    filters add (layout classes on group/columns, duotone, …), block hooks and bindings.
 *  - wp_filter_content_tags (loading/decoding/srcset attributes on img/iframe),
 *    wp_replace_insecure_home_url, prepend_attachment, force_balance_tags on excerpt teasers.
 *
 * Deliberate limits: markup whose block tree would render to far more than its own size (nested
 * unclosed blocks, which make WP_Block_Parser copy the rest of the document into each of them and
 * WordPress run out of memory) or nests deeper than 512 blocks is rendered with its block
 * delimiters removed instead. Every scan here is linear or close to it on hostile input; where a
 * PHP regex would rescan the rest of the text for each candidate, the match is done by hand.
 *
 * The three render functions memoise their results in bounded LRU maps (the same stored text is
 * rendered on every read).
 */

export { wpautop } from './format/autop';
export { parseBlocks } from './format/block-parser';
export type { ParsedBlock } from './format/block-parser';
export { blockVersion, doBlocks, hasBlocks } from './format/blocks';
export { convertChars } from './format/chars';
export { excerptRemoveBlocks } from './format/excerpt';
export { renderContent, renderExcerpt, renderTitle } from './format/render';
export { stripShortcodes } from './format/shortcodes';
export { stripAllTags } from './format/strip-tags';
export { wptexturize } from './format/texturize';
export { wpTrimWords } from './format/trim-words';
