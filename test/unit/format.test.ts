import {
  blockVersion,
  convertChars,
  doBlocks,
  excerptRemoveBlocks,
  hasBlocks,
  parseBlocks,
  renderContent,
  renderExcerpt,
  renderTitle,
  stripAllTags,
  stripShortcodes,
  wpautop,
  wptexturize,
  wpTrimWords,
} from '../../src/domain/content/format';

import {
  TEXTURIZE,
  AUTOP,
  STRIP_ALL_TAGS,
  CONVERT_CHARS,
  STRIP_SHORTCODES,
  DO_BLOCKS,
  EXCERPT_REMOVE_BLOCKS,
  TRIM_WORDS,
  TITLES,
  CONTENTS,
  EXCERPTS,
  BENCHMARK_RAW,
} from './format-cases';

describe('reference samples (rest-semantics.md 6.3, checklist 27)', () => {
  const sampleContent = '<!-- wp:paragraph -->\n<p>A paragraph with "quotes" and an apostrophe\'s.</p>\n<!-- /wp:paragraph -->';

  it('renders the title with smart quotes, dashes and ellipsis', () => {
    expect(renderTitle('My "Quoted" Post -- test...')).toBe('My &#8220;Quoted&#8221; Post &#8212; test&#8230;');
    expect(renderTitle('Sample "quoted" post')).toBe('Sample &#8220;quoted&#8221; post');
  });

  it('renders block content without the delimiters and without wpautop', () => {
    expect(renderContent(sampleContent)).toBe('\n<p>A paragraph with &#8220;quotes&#8221; and an apostrophe&#8217;s.</p>\n');
  });

  it('auto-paragraphs classic content', () => {
    expect(renderContent('Hello\n\nWorld')).toBe('<p>Hello</p>\n<p>World</p>\n');
    expect(renderContent('Child.')).toBe('<p>Child.</p>\n');
  });

  it('passes a stored excerpt through the excerpt filters', () => {
    expect(renderExcerpt('A short "excerpt".', sampleContent)).toBe('<p>A short &#8220;excerpt&#8221;.</p>\n');
  });

  it('generates the excerpt from content when none is stored', () => {
    expect(renderExcerpt('', 'Child.')).toBe('<p>Child.</p>\n');
  });

  it('keeps the whitespace between top-level blocks', () => {
    expect(renderContent(BENCHMARK_RAW)).toBe(
      '\n<p>' + 'Benchmark paragraph 20 with some ordinary words to render. '.repeat(8) + '</p>\n\n\n\n<p>Second paragraph of post 20.</p>\n',
    );
  });

  it('trims a generated excerpt to the requested number of words and appends [&hellip;]', () => {
    // The captured list shows a 30-word excerpt for this post.
    expect(renderExcerpt('', BENCHMARK_RAW, 30)).toBe(
      '<p>' + 'Benchmark paragraph 20 with some ordinary words to render. '.repeat(3) + 'Benchmark paragraph 20 [&hellip;]</p>\n',
    );
    expect(renderExcerpt('', BENCHMARK_RAW)).toBe(
      '<p>' + 'Benchmark paragraph 20 with some ordinary words to render. '.repeat(6) + 'Benchmark [&hellip;]</p>\n',
    );
  });
});

describe('hasBlocks / blockVersion', () => {
  it.each([
    ['<!-- wp:paragraph -->\n<p>x</p>\n<!-- /wp:paragraph -->', true, 1],
    ['<!-- wp:separator /-->', true, 1],
    ['<p>classic</p>', false, 0],
    ['<!--wp:paragraph-->no space', false, 0],
    ['<!-- more -->', false, 0],
    ['', false, 0],
  ])('%j', (raw, has, version) => {
    expect(hasBlocks(raw)).toBe(has);
    expect(blockVersion(raw)).toBe(version);
  });
});

describe('wptexturize', () => {
  it.each(TEXTURIZE)('%j', (input, expected) => {
    expect(wptexturize(input)).toBe(expected);
  });

  it('leaves "0" and the empty string alone', () => {
    expect(wptexturize('')).toBe('');
    expect(wptexturize('0')).toBe('0');
  });

  it('never changes text inside tags or comments', () => {
    const html = '<a href="/x?a=1" title="it\'s -- &quot;q&quot;..." data-x=\'"y"\'><!-- "c" -- \'d\' ... --></a>';
    expect(wptexturize(html)).toBe(html);
  });
});

describe('wpautop', () => {
  it.each(AUTOP)('%j (br: %p)', (input, br, expected) => {
    expect(wpautop(input, br)).toBe(expected);
  });

  it('converts single newlines to <br /> by default', () => {
    expect(wpautop('a\nb')).toBe('<p>a<br />\nb</p>\n');
  });
});

describe('wp_strip_all_tags', () => {
  it.each(STRIP_ALL_TAGS)('%j', (input, expected) => {
    expect(stripAllTags(input)).toBe(expected);
  });

  it('can collapse line breaks', () => {
    expect(stripAllTags('<p>a</p>\n\n<p>b\tc</p>', true)).toBe('a b c');
  });
});

describe('convert_chars', () => {
  it.each(CONVERT_CHARS)('%j', (input, expected) => {
    expect(convertChars(input)).toBe(expected);
  });
});

describe('strip_shortcodes (stock shortcodes)', () => {
  it.each(STRIP_SHORTCODES)('%j', (input, expected) => {
    expect(stripShortcodes(input)).toBe(expected);
  });
});

describe('blocks', () => {
  it.each(DO_BLOCKS)('do_blocks %j', (input, expected) => {
    expect(doBlocks(input)).toBe(expected);
  });

  it.each(EXCERPT_REMOVE_BLOCKS)('excerpt_remove_blocks %j', (input, expected) => {
    expect(excerptRemoveBlocks(input)).toBe(expected);
  });

  it('parses nested blocks like WP_Block_Parser', () => {
    const doc =
      'Lead<!-- wp:group {"tagName":"section"} --><section><!-- wp:paragraph --><p>A</p><!-- /wp:paragraph --></section><!-- /wp:group -->' +
      '<!-- wp:acme/thing {"x":1} /-->';
    const blocks = parseBlocks(doc);
    expect(blocks.map((b) => b.blockName)).toEqual([null, 'core/group', 'acme/thing']);
    expect(blocks[0]!.innerHTML).toBe('Lead');
    expect(blocks[1]!.attrs).toEqual({ tagName: 'section' });
    expect(blocks[1]!.innerContent).toEqual(['<section>', null, '</section>']);
    expect(blocks[1]!.innerBlocks[0]!.blockName).toBe('core/paragraph');
    expect(blocks[1]!.innerBlocks[0]!.innerHTML).toBe('<p>A</p>');
    expect(blocks[2]!.attrs).toEqual({ x: 1 });
  });
});

describe('wp_trim_words', () => {
  it.each(TRIM_WORDS)('%j to %p words', (input, words, more, expected) => {
    expect(wpTrimWords(input, words, more)).toBe(expected);
  });
});

describe('renderTitle', () => {
  it.each(TITLES)('%j', (input, expected) => {
    expect(renderTitle(input)).toBe(expected);
  });
});

describe('renderContent', () => {
  it.each(CONTENTS)('%j', (input, expected) => {
    expect(renderContent(input)).toBe(expected);
  });

  it('gives the same answer when asked again', () => {
    const raw = 'Again "and" again\n\n--';
    const first = renderContent(raw);
    expect(renderContent(raw)).toBe(first);
    expect(first).toBe('<p>Again &#8220;and&#8221; again</p>\n<p>&#8212;</p>\n');
  });
});

describe('renderExcerpt', () => {
  it.each(EXCERPTS)('excerpt %j, content %j, %p words', (excerpt, content, length, expected) => {
    expect(renderExcerpt(excerpt, content, length)).toBe(expected);
  });

  it('keys generated excerpts by length', () => {
    const content = 'one two three four five six';
    expect(renderExcerpt('', content, 2)).toBe('<p>one two [&hellip;]</p>\n');
    expect(renderExcerpt('', content, 5)).toBe('<p>one two three four five [&hellip;]</p>\n');
    expect(renderExcerpt('', content)).toBe('<p>one two three four five six</p>\n');
  });
});

describe('edge cases found by comparing with WordPress', () => {
  it('treats only ASCII whitespace as the end of a shortcode name (PHP regexes work on bytes)', () => {
    expect(wptexturize('[gallery\u00a0ids="1"] "x"')).toBe('[gallery\u00a0ids=&#8221;1&#8243;] &#8220;x&#8221;');
    expect(wptexturize('[gallery ids="1"] "x"')).toBe('[gallery ids="1"] &#8220;x&#8221;');
  });

  it('always escapes an ampersand followed by a multibyte character', () => {
    expect(convertChars('&\u00e9t\u00e9; &amp;')).toBe('&#038;\u00e9t\u00e9; &amp;');
  });

  it('strips PHP-style tags the way strip_tags() does', () => {
    expect(stripAllTags('<?\\\'?>"after')).toBe('"after');
    expect(stripAllTags('a <?php echo "?>"; ?> b')).toBe('a  b');
  });

  it('unwraps list items and keeps newlines inside <script>', () => {
    expect(wpautop('<p><li>one</p>\n<p><li>two</p>')).toBe('<li>one</p>\n<li>two</p>\n');
    expect(renderContent('<script>\nvar a = "x";\n</script>\n\nText')).toBe('<p><script>\nvar a = "x";\n</script></p>\n<p>Text</p>\n');
  });

  it('does not wrap stock shortcodes standing alone in paragraphs', () => {
    expect(renderContent('[caption id="a"]<img src="a.jpg"> Text[/caption]\n\n[gallery]')).toBe(
      '[caption id="a"]<img src="a.jpg"> Text[/caption]\n[gallery]\n',
    );
  });

  it('copies the rest of the document into unclosed nested blocks, as WP_Block_Parser does', () => {
    const raw = '<!-- wp:group -->\n<div class="wp-block-group"><!-- wp:paragraph -->\n<p>Unclosed "nested"';
    expect(renderContent(raw)).toBe(
      '\n<div class="wp-block-group">\n<p>Unclosed &#8220;nested&#8221;\n<div class="wp-block-group"><!-- wp:paragraph -->\n<p>Unclosed &#8220;nested&#8221;',
    );
    expect(renderExcerpt('', raw)).toBe('<p>Unclosed &#8220;nested&#8221; Unclosed &#8220;nested&#8221;</p>\n');
  });

  it('falls back to removing the delimiters when that copying would explode', () => {
    const raw = '<!-- wp:group -->x'.repeat(3000);
    expect(doBlocks(raw)).toBe('x'.repeat(3000));
  });
});

describe('pathological input', () => {
  it('stays linear on unterminated shortcodes, block comments and tags', () => {
    const inputs = [
      '[gallery '.repeat(5000) + 'x',
      '[caption ' + 'a '.repeat(20000),
      '<!-- wp:paragraph {' + '"a":"}'.repeat(5000),
      '<!-- wp:heading -->' + '<h2 class="'.repeat(3000),
      '<!--' + '-'.repeat(20000),
      "'".repeat(20000) + '"'.repeat(20000),
      '<p>'.repeat(5000) + '\n\n'.repeat(5000),
      '<p><li'.repeat(10000),
      '<!-- wp:heading --><script>'.repeat(2000),
      '[caption]'.repeat(10000) + 'x',
      '<!-- wp:group -->'.repeat(10000),
      '<script>'.repeat(10000) + '\n'.repeat(100),
    ];
    const started = Date.now();
    for (const input of inputs) {
      renderContent(input);
      renderExcerpt('', input);
      renderTitle(input);
    }
    expect(Date.now() - started).toBeLessThan(5000);
  });
});
