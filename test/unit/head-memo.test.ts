/** The memo of heads: a head is made once per name, its texts are the ones its own serialisers give, and kept heads are frozen. */
import { headTexts, memoisedHead, TextNames } from '../../src/domain/seo/head-memo';
import { seoHeadHtml } from '../../src/domain/seo/head-html';
import type { SeoHead } from '../../src/domain/seo/head-types';

function head(title: string): SeoHead {
  return {
    title,
    robots: { index: 'index', follow: 'follow' },
    og_locale: 'en_US',
    og_type: 'article',
    og_title: title,
    og_url: 'http://example.test/a/',
    og_site_name: 'Site "quoted" <b>',
    twitter_card: 'summary_large_image',
    schema: { '@context': 'https://schema.org', '@graph': [{ '@type': 'WebPage', name: title, description: '</script><script>' }] },
  };
}

describe('head memo', () => {
  it('makes a head once per name and a new one for another name', () => {
    let made = 0;
    const make = (title: string) => () => {
      made++;
      return head(title);
    };
    const first = memoisedHead('unit-test-key-1', make('One'));
    expect(memoisedHead('unit-test-key-1', make('One'))).toBe(first);
    expect(made).toBe(1);
    expect(memoisedHead('unit-test-key-2', make('Two')).head.title).toBe('Two');
    expect(made).toBe(2);
  });

  it('gives the texts the serialisers give, and freezes the head it keeps', () => {
    const texts = headTexts(head('Texts & "quotes"'));
    expect(texts.json).toBe(JSON.stringify(head('Texts & "quotes"')));
    expect(texts.html).toBe(seoHeadHtml(head('Texts & "quotes"')));
    expect(texts.htmlJson).toBe(JSON.stringify(texts.html));
    expect(Object.isFrozen(texts.head)).toBe(true);
    expect(Object.isFrozen(texts.head.schema['@graph'][0])).toBe(true);
    expect(() => {
      (texts.head as { title: string }).title = 'changed';
    }).toThrow(TypeError);
  });
});

describe('TextNames', () => {
  it('names the same text alike and other texts apart, never reusing a name for another text', () => {
    const names = new TextNames(4, 1000);
    const a = names.nameOf('alpha');
    expect(names.nameOf('alpha')).toBe(a);
    const b = names.nameOf('beta');
    expect(b).not.toBe(a);
    const seen = new Set([a, b]);
    for (let i = 0; i < 20; i++) seen.add(names.nameOf(`text ${i}`)); // pushes alpha out
    expect(seen.size).toBe(22);
    const again = names.nameOf('alpha');
    expect(seen.has(again)).toBe(false); // a forgotten text gets a new name, not another text's
  });
});
