/*
 * The comparison suite for src/domain/content/format: inputs and WordPress's own output for each.
 * Expected values are WordPress 6.9's own output for each input (its formatting.php, shortcodes.php,
 * blocks.php and WP_Block_Parser run on the same text, with the stock shortcodes registered);
 * several inputs follow the cases of WordPress's phpunit tests for these functions.
 */

export const TEXTURIZE: Array<[string, string]> = [
  ["My \"Quoted\" Post -- test...", "My &#8220;Quoted&#8221; Post &#8212; test&#8230;"],
  ["\"Quoted String\"", "&#8220;Quoted String&#8221;"],
  ["Here is \"<a href=\"http://example.com\">a test with a link</a>\"", "Here is &#8220;<a href=\"http://example.com\">a test with a link</a>&#8220;"],
  ["Here is \"<a href=\"http://example.com\">a test with a link and a period</a>\".", "Here is &#8220;<a href=\"http://example.com\">a test with a link and a period</a>&#8220;."],
  ["A \"quote\", and \"another\" one.", "A &#8220;quote&#8221;, and &#8220;another&#8221; one."],
  ["'Single quoted' text", "&#8216;Single quoted&#8217; text"],
  ["don't won't can't", "don&#8217;t won&#8217;t can&#8217;t"],
  ["test's 'test's", "test&#8217;s &#8216;test&#8217;s"],
  ["It's the '90s, '99 was a year; '99% is not.", "It&#8217;s the &#8217;90s, &#8217;99 was a year; &#8216;99% is not."],
  ["'99' and '99\"", "&#8217;99&#8217; and &#8217;99&#8221;"],
  ["He is 6'2\" tall and 9' wide, 12\" deep.", "He is 6&#8217;2&#8243; tall and 9&#8242; wide, 12&#8243; deep."],
  ["9' 9\"", "9&#8242; 9&#8243;"],
  ["\"He said 9' is enough.\"", "&#8220;He said 9&#8242; is enough.&#8221;"],
  ["'0.42' and \"42\" and \"1,000\"", "&#8216;0.42&#8217; and &#8220;42&#8221; and &#8220;1,000&#8221;"],
  ["Hey there---and you!", "Hey there&#8212;and you!"],
  ["Hey there -- and you!", "Hey there &#8212; and you!"],
  ["Hey there--you!", "Hey there&#8211;you!"],
  ["Hey there - you!", "Hey there &#8211; you!"],
  ["-- starts", "&#8212; starts"],
  ["ends --", "ends &#8212;"],
  ["xn--80ak6aa92e.com", "xn--80ak6aa92e.com"],
  ["a&nbsp;--&nbsp;b and c\u00a0-\u00a0d", "a&nbsp;&#8212;&nbsp;b and c\u00a0&#8211;\u00a0d"],
  ["Wait...", "Wait&#8230;"],
  ["``Backticks'' are quotes", "&#8220;Backticks&#8221; are quotes"],
  ["Brand (tm) name", "Brand &#8482; name"],
  ["Brand(tm)", "Brand(tm)"],
  ["'tain't 'twere 'twas 'tis 'twill 'til 'bout 'nuff 'round 'cause 'em", "&#8217;tain&#8217;t &#8217;twere &#8217;twas &#8217;tis &#8217;twill &#8217;til &#8217;bout &#8217;nuff &#8217;round &#8217;cause &#8217;em"],
  ["1x2 and 10x20 and 3.5x4,5", "1&#215;2 and 10&#215;20 and 3.5&#215;4,5"],
  ["0x9 and 0x70 and 0.5x2", "0x9 and 0x70 and 0.5&#215;2"],
  ["9x9x9", "9x9x9"],
  ["a x b", "a x b"],
  ["Tom & Jerry &amp; friends &#038; more &#x26; &copy; &bogusentity; &1;", "Tom &#038; Jerry &amp; friends &#038; more &#x26; &copy; &#038;bogusentity; &1;"],
  ["<a href=\"a.php?x=1&y=2\" title=\"it's\">link's</a>", "<a href=\"a.php?x=1&#038;y=2\" title=\"it's\">link&#8217;s</a>"],
  ["<pre>\"quotes\" -- stay</pre> \"but\" here", "<pre>\"quotes\" -- stay</pre> &#8220;but&#8221; here"],
  ["<code>don't</code> don't <kbd>'a'</kbd> <tt>a--b</tt> <style>a--b</style> <script>x--y</script>", "<code>don't</code> don&#8217;t <kbd>'a'</kbd> <tt>a--b</tt> <style>a--b</style> <script>x--y</script>"],
  ["<pre><code>\"nested\"</code>\"still pre\"</pre>\"after\"", "<pre><code>\"nested\"</code>\"still pre\"</pre>&#8220;after&#8221;"],
  ["<PRE>\"upper\"</PRE>", "<PRE>&#8220;upper&#8221;</PRE>"],
  ["<pre class=\"x\">--</pre>--", "<pre class=\"x\">--</pre>&#8212;"],
  ["<!-- \"comment\" -- --> \"text\"", "<!-- \"comment\" -- --> &#8220;text&#8221;"],
  ["<!--[if !IE]>--><!--<![endif]-->", "<!--[if !IE]>--><!--<![endif]-->"],
  ["[gallery ids=\"1,2\"] \"text\"", "[gallery ids=\"1,2\"] &#8220;text&#8221;"],
  ["[caption id=\"a\" align=\"alignnone\"]<img src=\"a.jpg\" /> \"Caption\"[/caption]", "[caption id=\"a\" align=\"alignnone\"]<img src=\"a.jpg\" /> &#8220;Caption&#8221;[/caption]"],
  ["[[gallery ids=\"1\"]]", "[[gallery ids=\"1\"]]"],
  ["[foo bar=\"1\"]", "[foo bar=&#8221;1&#8243;]"],
  ["(\"parens\") [\"brackets\"] {\"braces\"} -\"dash\"", "(&#8220;parens&#8221;) [&#8220;brackets&#8221;] {&#8220;braces&#8221;} -&#8220;dash&#8221;"],
  ["('single') ['b'] {'c'}", "(&#8216;single&#8217;) [&#8216;b&#8217;] {&#8216;c&#8217;}"],
  ["&lt;\"a\"&gt; &lt;'b'&gt;", "&lt;&#8220;a&#8221;&gt; &lt;&#8216;b&#8217;&gt;"],
  ["\"Hello,\" she said. \"Goodbye!\"", "&#8220;Hello,&#8221; she said. &#8220;Goodbye!&#8221;"],
  ["'Hello,' she said.", "&#8216;Hello,&#8217; she said."],
  ["Line one\n\"Line two\"", "Line one\n&#8220;Line two&#8221;"],
  ["I'm \"not\" sure 'bout that", "I&#8217;m &#8220;not&#8221; sure &#8217;bout that"],
  ["a 'quote' isn't a 'problem', right?", "a &#8216;quote&#8217; isn&#8217;t a &#8216;problem&#8217;, right?"],
  ["He said \"5\" and '5'.", "He said &#8220;5&#8221; and &#8216;5&#8217;."],
  ["The '80s and 1980's", "The &#8217;80s and 1980&#8217;s"],
  ["<p>'Tis the season</p>", "<p>&#8216;Tis the season</p>"],
  ["Wordpress is WordPress", "Wordpress is WordPress"],
];

export const AUTOP: Array<[string, boolean, string]> = [
  ["Hello\n\nWorld", true, "<p>Hello</p>\n<p>World</p>\n"],
  ["Hello\nWorld", true, "<p>Hello<br />\nWorld</p>\n"],
  ["Hello\nWorld", false, "<p>Hello\nWorld</p>\n"],
  ["Hello\r\n\r\nWorld\r\nAgain", true, "<p>Hello</p>\n<p>World<br />\nAgain</p>\n"],
  ["", true, ""],
  ["  \n\t", true, ""],
  ["One\n\n\n\nTwo", true, "<p>One</p>\n<p>Two</p>\n"],
  ["<div>block</div>", true, "<div>block</div>\n"],
  ["<div>\nblock\n</div>", true, "<div>\nblock\n</div>\n"],
  ["text before\n<div>block</div>\ntext after", true, "<p>text before</p>\n<div>block</div>\n<p>text after</p>\n"],
  ["<h2>Heading</h2>\nParagraph", true, "<h2>Heading</h2>\n<p>Paragraph</p>\n"],
  ["<blockquote>Quote</blockquote>", true, "<blockquote><p>Quote</p></blockquote>\n"],
  ["<blockquote>\nQuote one\n\nQuote two\n</blockquote>", true, "<blockquote><p>\nQuote one</p>\n<p>Quote two\n</p></blockquote>\n"],
  ["<ul>\n<li>One</li>\n<li>Two</li>\n</ul>", true, "<ul>\n<li>One</li>\n<li>Two</li>\n</ul>\n"],
  ["<pre>line 1\n\nline 2\n  indented</pre>", true, "<pre>line 1\n\nline 2\n  indented</pre>\n"],
  ["Before\n<pre>code\n\nmore</pre>\nAfter", true, "<p>Before</p>\n<pre>code\n\nmore</pre>\n<p>After</p>\n"],
  ["a<br>b<br/>c<br />d", true, "<p>a<br />b<br />c<br />d</p>\n"],
  ["a<br><br>b", true, "<p>a</p>\n<p>b</p>\n"],
  ["<p>Already</p>", true, "<p>Already</p>\n"],
  ["<hr>\nAfter rule", true, "<hr>\n<p>After rule</p>\n"],
  ["<table><tr><td>cell</td></tr></table>", true, "<table>\n<tr>\n<td>cell</td>\n</tr>\n</table>\n"],
  ["<script>var a = 1;\nvar b = 2;</script>", true, "<p><script>var a = 1;\nvar b = 2;</script></p>\n"],
  ["<style>a{}\nb{}</style>\ntext", true, "<style>a{}\nb{}</style>\n<p>text</p>\n"],
  ["<a href=\"x\"\ntitle=\"y\">link</a>", true, "<p><a href=\"x\"\ntitle=\"y\">link</a></p>\n"],
  ["<!-- comment\nspanning -->\ntext", true, "<p><!-- comment\nspanning --><br />\ntext</p>\n"],
  ["<select><option>1</option>\n<option>2</option></select>", true, "<p><select><option>1</option><option>2</option></select></p>\n"],
  ["<figure><img src=\"a.jpg\">\n<figcaption>Cap</figcaption></figure>", true, "<figure><img src=\"a.jpg\"><figcaption>Cap</figcaption></figure>\n"],
  ["<object><param name=\"a\">\n<embed src=\"b\"></object>", true, "<p><object><param name=\"a\"><embed src=\"b\"></object></p>\n"],
  ["<video>\n<source src=\"a.mp4\">\n</video>", true, "<p><video><source src=\"a.mp4\"></video></p>\n"],
  ["[gallery]\n\nText", true, "<p>[gallery]</p>\n<p>Text</p>\n"],
  ["<span>inline</span>\n\n<em>inline</em>", true, "<p><span>inline</span></p>\n<p><em>inline</em></p>\n"],
  ["<svg>\n<path/>\n</svg>", true, "<p><svg>\n<path/>\n</svg></p>\n"],
  // wp_html_split() takes `<` to the next `>` as a tag, whatever an HTML tokenizer would say: no <br /> inside.
  ["5 < 6 and\n7 > 3", true, "<p>5 < 6 and\n7 > 3</p>\n"],
  ["<section>S</section><article>A</article><aside>B</aside><details><summary>s</summary>d</details>", true, "<section>S</section>\n<article>A</article>\n<aside>B</aside>\n<details>\n<summary>s</summary>\n<p>d</details>\n"],
];

export const STRIP_ALL_TAGS: Array<[string, string]> = [
  ["<p>Hello <b>World</b></p>", "Hello World"],
  ["  <p>trim me</p>  ", "trim me"],
  ["a < b and c > d", "a < b and c > d"],
  ["<script>alert(1)</script>text<style>p{}</style>", "text"],
  ["<SCRIPT type=\"x\">x</SCRIPT>kept", "kept"],
  ["<!-- comment -->text", "text"],
  ["<a href=\"x>y\">link</a>", "link"],
  ["<br/>line<br />", "line"],
  ["unclosed <b", "unclosed"],
  ["5 <3 and 4 >2", "5 2"],
  ["<?php echo 1; ?>after", "after"],
  ["<!DOCTYPE html>doc", "doc"],
];

export const CONVERT_CHARS: Array<[string, string]> = [
  ["Tom & Jerry", "Tom &#038; Jerry"],
  ["&amp; &#038; &copy; &nbsp;", "&amp; &#038; &copy; &nbsp;"],
  ["&&", "&#038;&"],
  ["a&b", "a&#038;b"],
  ["& b;", "& b;"],
  ["&\u00e9", "&#038;\u00e9"],
];

export const STRIP_SHORTCODES: Array<[string, string]> = [
  ["Before [gallery ids=\"1,2,3\"] after", "Before  after"],
  ["[caption id=\"a\"]<img src=\"a.jpg\" /> Caption[/caption] text", " text"],
  ["[[gallery]] is escaped", "[gallery] is escaped"],
  ["[foo] is not registered [/foo]", "[foo] is not registered [/foo]"],
  ["[embed]https://example.com/video[/embed] end", " end"],
  ["<a title=\"[gallery]\">[gallery]</a>", "<a title=\"[gallery]\"></a>"],
  ["[video src=\"a.mp4\" /] and [audio]", " and "],
  ["no brackets here", "no brackets here"],
  ["&#91;gallery&#93; stays", "&#91;gallery&#93; stays"],
];

export const DO_BLOCKS: Array<[string, string]> = [
  ["<!-- wp:paragraph -->\n<p>A</p>\n<!-- /wp:paragraph -->", "\n<p>A</p>\n"],
  ["<!-- wp:paragraph -->\n<p>A</p>\n<!-- /wp:paragraph -->\n\n<!-- wp:paragraph -->\n<p>B</p>\n<!-- /wp:paragraph -->", "\n<p>A</p>\n\n\n\n<p>B</p>\n"],
  ["<!-- wp:heading -->\n<h2>Old heading</h2>\n<!-- /wp:heading -->", "\n<h2 class=\"wp-block-heading\">Old heading</h2>\n"],
  ["<!-- wp:heading {\"level\":3} -->\n<h3 class=\"wp-block-heading\">Current heading</h3>\n<!-- /wp:heading -->", "\n<h3 class=\"wp-block-heading\">Current heading</h3>\n"],
  ["<!-- wp:heading -->\n<h2 class=\"has-x\" id=\"a\">Classed</h2>\n<!-- /wp:heading -->", "\n<h2 class=\"has-x wp-block-heading\" id=\"a\">Classed</h2>\n"],
  ["<!-- wp:list -->\n<ul><!-- wp:list-item -->\n<li>One</li>\n<!-- /wp:list-item --></ul>\n<!-- /wp:list -->", "\n<ul class=\"wp-block-list\">\n<li>One</li>\n</ul>\n"],
  ["<!-- wp:group {\"layout\":{\"type\":\"constrained\"}} -->\n<div class=\"wp-block-group\"><!-- wp:paragraph -->\n<p>Inside</p>\n<!-- /wp:paragraph --></div>\n<!-- /wp:group -->", "\n<div class=\"wp-block-group\">\n<p>Inside</p>\n</div>\n"],
  ["<!-- wp:separator /-->", ""],
  ["Freeform <b>HTML</b>\n<!-- wp:paragraph -->\n<p>Block</p>\n<!-- /wp:paragraph -->\nMore freeform", "Freeform <b>HTML</b>\n\n<p>Block</p>\n\nMore freeform"],
  ["<!-- wp:my-plugin/widget {\"a\":\"}\"} -->\n<div>Plugin</div>\n<!-- /wp:my-plugin/widget -->", "\n<div>Plugin</div>\n"],
  ["<!-- wp:paragraph -->\n<p>Unclosed", "\n<p>Unclosed"],
  ["<!-- /wp:paragraph -->stray closer", "<!-- /wp:paragraph -->stray closer"],
  ["<!-- wp:quote -->\n<blockquote class=\"wp-block-quote\"><!-- wp:paragraph -->\n<p>Q</p>\n<!-- /wp:paragraph --><cite>C</cite></blockquote>\n<!-- /wp:quote -->", "\n<blockquote class=\"wp-block-quote\">\n<p>Q</p>\n<cite>C</cite></blockquote>\n"],  ["<!-- wp:heading -->\n<h2 class=\"a &eacute; a\">T</h2>\n<!-- /wp:heading -->", "\n<h2 class=\"a \u00e9 wp-block-heading\">T</h2>\n"],
  ["<!-- wp:heading -->\n<h2 class=\"x\"id=\"y\">T</h2>\n<!-- /wp:heading -->", "\n<h2 class=\"x wp-block-heading\"id=\"y\">T</h2>\n"],
  ["<!-- wp:list -->\n<textarea><ul></textarea><ol><li>a</li></ol>\n<!-- /wp:list -->", "\n<textarea><ul></textarea><ol class=\"wp-block-list\"><li>a</li></ol>\n"],
  ["<!-- wp:list -->\n<ul class=\"a&amp;b &quot;q&quot;\"><li>a</li></ul>\n<!-- /wp:list -->", "\n<ul class=\"a&amp;b &quot;q&quot; wp-block-list\"><li>a</li></ul>\n"],
];

export const EXCERPT_REMOVE_BLOCKS: Array<[string, string]> = [
  ["<!-- wp:paragraph -->\n<p>Kept</p>\n<!-- /wp:paragraph -->\n\n<!-- wp:image -->\n<figure class=\"wp-block-image\"><img src=\"a.jpg\"/></figure>\n<!-- /wp:image -->", "\n<p>Kept</p>\n\n\n"],
  ["<!-- wp:columns -->\n<div class=\"wp-block-columns\"><!-- wp:column -->\n<div class=\"wp-block-column\"><!-- wp:paragraph -->\n<p>Col text</p>\n<!-- /wp:paragraph --><!-- wp:image -->\n<figure><img src=\"a.jpg\"/></figure>\n<!-- /wp:image --></div>\n<!-- /wp:column --></div>\n<!-- /wp:columns -->", "\n<p>Col text</p>\n"],
  ["<!-- wp:quote -->\n<blockquote class=\"wp-block-quote\"><!-- wp:paragraph -->\n<p>Q</p>\n<!-- /wp:paragraph --></blockquote>\n<!-- /wp:quote -->", "\n<blockquote class=\"wp-block-quote\">\n<p>Q</p>\n</blockquote>\n"],
  ["<!-- wp:list -->\n<ul><!-- wp:list-item -->\n<li>One</li>\n<!-- /wp:list-item --></ul>\n<!-- /wp:list -->", ""],
  ["No blocks at all", "No blocks at all"],
];

export const TRIM_WORDS: Array<[string, number, string, string]> = [
  ["one two three four five", 3, " [&hellip;]", "one two three [&hellip;]"],
  ["one two three", 3, " [&hellip;]", "one two three"],
  ["<p>one <b>two</b></p>\n<p>three</p>", 2, "&hellip;", "one two&hellip;"],
  ["  spaced   out\twords \n here ", 10, "&hellip;", "spaced out words here"],
  ["", 5, "&hellip;", ""],
  ["word", 0, "&hellip;", "&hellip;"],
];

export const TITLES: Array<[string, string]> = [
  ["My \"Quoted\" Post -- test...", "My &#8220;Quoted&#8221; Post &#8212; test&#8230;"],
  ["Sample \"quoted\" post", "Sample &#8220;quoted&#8221; post"],
  ["  Padded title  ", "Padded title"],
  ["Tom & Jerry's Wordpress site", "Tom &#038; Jerry&#8217;s WordPress site"],
  ["Benchmark post 20", "Benchmark post 20"],
  ["<em>Emphasis</em> \"here\"", "<em>Emphasis</em> &#8220;here&#8221;"],
];

export const CONTENTS: Array<[string, string]> = [
  ["Hello\n\nWorld", "<p>Hello</p>\n<p>World</p>\n"],
  ["<!-- wp:paragraph -->\n<p>A paragraph with \"quotes\" and an apostrophe's.</p>\n<!-- /wp:paragraph -->", "\n<p>A paragraph with &#8220;quotes&#8221; and an apostrophe&#8217;s.</p>\n"],
  ["<!-- wp:paragraph -->\n<p>Benchmark paragraph 20 with some ordinary words to render. </p>\n<!-- /wp:paragraph -->\n\n<!-- wp:paragraph -->\n<p>Second paragraph of post 20.</p>\n<!-- /wp:paragraph -->", "\n<p>Benchmark paragraph 20 with some ordinary words to render. </p>\n\n\n\n<p>Second paragraph of post 20.</p>\n"],
  ["Child.", "<p>Child.</p>\n"],
  ["First line\nSecond line\n\n\"Quoted\" paragraph -- with dash...", "<p>First line<br />\nSecond line</p>\n<p>&#8220;Quoted&#8221; paragraph &#8212; with dash&#8230;</p>\n"],
  ["[gallery ids=\"1,2\"]\n\nText after", "[gallery ids=\"1,2\"]\n<p>Text after</p>\n"],
  ["Intro\n\n<!--more-->\n\nRest", "<p>Intro</p>\n<p><!--more--></p>\n<p>Rest</p>\n"],
  ["I love Wordpress and (Wordpress)", "<p>I love WordPress and (WordPress)</p>\n"],
  ["<!-- wp:heading -->\n<h2>Old \"heading\"</h2>\n<!-- /wp:heading -->\n\n<!-- wp:list -->\n<ul><!-- wp:list-item -->\n<li>It's one</li>\n<!-- /wp:list-item --></ul>\n<!-- /wp:list -->", "\n<h2 class=\"wp-block-heading\">Old &#8220;heading&#8221;</h2>\n\n\n\n<ul class=\"wp-block-list\">\n<li>It&#8217;s one</li>\n</ul>\n"],
  ["<!-- wp:code -->\n<pre class=\"wp-block-code\"><code>if (a -- b) \"x\"</code></pre>\n<!-- /wp:code -->", "\n<pre class=\"wp-block-code\"><code>if (a -- b) \"x\"</code></pre>\n"],
  ["", ""],
  ["Smile :) please", "<p>Smile :) please</p>\n"],
];

export const EXCERPTS: Array<[string, string, number, string]> = [
  ["A short \"excerpt\".", "<!-- wp:paragraph -->\n<p>Body</p>\n<!-- /wp:paragraph -->", 55, "<p>A short &#8220;excerpt&#8221;.</p>\n"],
  ["", "<!-- wp:paragraph -->\n<p>Benchmark paragraph 20 with some ordinary words to render. Benchmark paragraph 20 with some ordinary words to render. Benchmark paragraph 20 with some ordinary words to render. Benchmark paragraph 20 with some ordinary words to render. Benchmark paragraph 20 with some ordinary words to render. Benchmark paragraph 20 with some ordinary words to render. Benchmark paragraph 20 with some ordinary words to render. Benchmark paragraph 20 with some ordinary words to render. </p>\n<!-- /wp:paragraph -->\n\n<!-- wp:paragraph -->\n<p>Second paragraph of post 20.</p>\n<!-- /wp:paragraph -->", 55, "<p>Benchmark paragraph 20 with some ordinary words to render. Benchmark paragraph 20 with some ordinary words to render. Benchmark paragraph 20 with some ordinary words to render. Benchmark paragraph 20 with some ordinary words to render. Benchmark paragraph 20 with some ordinary words to render. Benchmark paragraph 20 with some ordinary words to render. Benchmark [&hellip;]</p>\n"],
  ["", "Child.", 55, "<p>Child.</p>\n"],
  ["", "", 55, ""],
  ["   ", "Whitespace-only excerpt falls back to \"content\".", 55, "<p>Whitespace-only excerpt falls back to &#8220;content&#8221;.</p>\n"],
  ["", "one two three four five six", 3, "<p>one two three [&hellip;]</p>\n"],
  ["", "Teaser text here.\n\n<!--more-->\n\nHidden after more.", 55, "<p>Teaser text here.</p>\n"],
  ["", "Page one.\n<!--nextpage-->\nPage two.", 55, "<p>Page one.</p>\n"],
  ["", "[gallery ids=\"1\"]\n\nCaption-free [caption id=\"c\"]<img src=\"a.jpg\"> cap[/caption] text [unknown] stays", 55, "<p>Caption-free text [unknown] stays</p>\n"],
  ["", "<!-- wp:paragraph -->\n<p>Text</p>\n<!-- /wp:paragraph -->\n\n<!-- wp:image -->\n<figure class=\"wp-block-image\"><img src=\"a.jpg\" alt=\"alt text\"/><figcaption>Caption</figcaption></figure>\n<!-- /wp:image -->", 55, "<p>Text</p>\n"],
  ["", "<p>Tom &amp; Jerry</p><script>var x = 1;</script> don't", 55, "<p>Tom &amp; Jerry don&#8217;t</p>\n"],
  ["Stored with\ntwo lines", "ignored", 55, "<p>Stored with<br />\ntwo lines</p>\n"],
  ["", "I use Wordpress daily", 55, "<p>I use WordPress daily</p>\n"],
];


/** The benchmark post of core-posts-list-paginated: two paragraph blocks. */
export const BENCHMARK_RAW =
  '<!-- wp:paragraph -->\n<p>' +
  'Benchmark paragraph 20 with some ordinary words to render. '.repeat(8) +
  '</p>\n<!-- /wp:paragraph -->\n\n<!-- wp:paragraph -->\n<p>Second paragraph of post 20.</p>\n<!-- /wp:paragraph -->';
