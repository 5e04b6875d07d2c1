import { replaceVars, separatorOf, SEPARATORS, standardizeWhitespace } from '../../src/domain/seo/title-template';

describe('Yoast title templates', () => {
  const site = { sep: '-', sitename: 'My Site', sitedesc: 'Just a site' };

  it('replaces the post template of wpseo_titles', () => {
    expect(replaceVars('%%title%% %%page%% %%sep%% %%sitename%%', { ...site, title: 'Hello world!' })).toBe('Hello world! - My Site');
  });

  it('adds "Page n of m" with the separator from page 2 on', () => {
    const template = '%%title%% %%page%% %%sep%% %%sitename%%';
    expect(replaceVars(template, { ...site, title: 'News', pageNumber: 1, pageTotal: 3 })).toBe('News - My Site');
    expect(replaceVars(template, { ...site, title: 'News', pageNumber: 2, pageTotal: 3 })).toBe('News - Page 2 of 3 - My Site');
    expect(replaceVars('%%pagenumber%%/%%pagetotal%%', { ...site, pageNumber: 2, pageTotal: 3 })).toBe('2/3');
  });

  it('removes placeholders without a value and merges the separators they leave', () => {
    expect(replaceVars('%%title%% %%sep%% %%category%% %%sep%% %%sitename%%', { ...site, title: 'A' })).toBe('A - My Site');
    expect(replaceVars('%%nonsense%% %%title%%', { ...site, title: 'A' })).toBe('A');
    // An empty tagline leaves the separator at the end, as Yoast does.
    expect(replaceVars('%%sitename%% %%page%% %%sep%% %%sitedesc%%', { sep: '-', sitename: 'My Site' })).toBe('My Site -');
  });

  it('uses each separator of the option', () => {
    expect(separatorOf('sc-pipe')).toBe('|');
    expect(separatorOf('sc-ndash')).toBe('–');
    expect(separatorOf('sc-raquo')).toBe('»');
    expect(separatorOf('nope')).toBe('-');
    expect(separatorOf(undefined)).toBe('-');
    expect(Object.keys(SEPARATORS)).toHaveLength(14);
    expect(replaceVars('%%title%% %%sep%% %%sitename%%', { ...site, sep: separatorOf('sc-pipe'), title: 'T' })).toBe('T | My Site');
  });

  it('collapses whitespace and strips tags as Yoast does', () => {
    expect(replaceVars('  <b>%%title%%</b>\n\t %%sep%%  %%sitename%% ', { ...site, title: 'Bold  move' })).toBe('Bold move - My Site');
    expect(replaceVars('no variables\u00a0here  ', site)).toBe('no variables here');
    expect(standardizeWhitespace('a\n\nb')).toBe('a b');
  });

  it('knows the common variables', () => {
    const values = {
      ...site,
      title: 'T', excerpt: 'Ex', primary_category: 'News', category: 'News, Sport', tag: 'a, b', term_title: 'Term',
      name: 'Ann', date: 'May 1, 2025', pt_single: 'Post', pt_plural: 'Posts', searchphrase: 'cats', id: '7', focuskw: 'kw',
      now: '2026-11-26 10:00:00', dateFormat: 'Y-m-d',
    };
    expect(
      replaceVars('%%title%%|%%excerpt%%|%%primary_category%%|%%category%%|%%tag%%|%%term_title%%|%%name%%|%%date%%|%%pt_single%%|%%pt_plural%%|%%searchphrase%%|%%currentyear%%|%%currentdate%%|%%id%%|%%focuskw%%|%%sitedesc%%', values),
    ).toBe('T|Ex|News|News, Sport|a, b|Term|Ann|May 1, 2025|Post|Posts|cats|2026|2026-11-26|7|kw|Just a site');
  });

  it('does not read values from the prototype', () => {
    expect(replaceVars('%%constructor%%%%toString%% %%title%%', { ...site, title: 'T' })).toBe('T');
  });
});
