import { sanitizeSlug, slugKeyFor } from '../../src/domain/content/slug';

describe('sanitizeSlug (sanitize_title_with_dashes)', () => {
  it.each([
    ['Hello World!!', 'hello-world'],
    ['My "Quoted" Post -- test...', 'my-quoted-post-test'],
    ['Crème brûlée à la carte', 'creme-brulee-a-la-carte'],
    ['snake_case_name', 'snake_case_name'],
    ['  --spaces  and   dashes--  ', 'spaces-and-dashes'],
    ['<b>Bold</b> &amp; more', 'bold-more'],
    ['привет мир', '%d0%bf%d1%80%d0%b8%d0%b2%d0%b5%d1%82-%d0%bc%d0%b8%d1%80'],
    // Escaped octets are kept (lower-cased), other percent signs dropped, as WordPress does.
    ['%D0%BF%D1%80%D0%B8', '%d0%bf%d1%80%d0%b8'],
    ['100% sure', '100-sure'],
  ])('%s -> %s', (input, expected) => {
    expect(sanitizeSlug(input)).toBe(expected);
  });

  it('leaves a sanitised slug as it is (a slug sent back through the API does not change)', () => {
    for (const text of ['привет мир', 'Crème brûlée', 'Hello World!!', '日本語のタイトル']) {
      const slug = sanitizeSlug(text);
      expect(sanitizeSlug(slug)).toBe(slug);
    }
  });
});

describe('slugKeyFor', () => {
  it('scopes slugs per type, per parent for pages, and frees drafts without slugs and trash', () => {
    expect(slugKeyFor({ type: 'post', parentId: 0, slug: 'a', status: 'publish' })).toBe('post/a');
    expect(slugKeyFor({ type: 'page', parentId: 4, slug: 'a', status: 'publish' })).toBe('page/4/a');
    expect(slugKeyFor({ type: 'post', parentId: 0, slug: '', status: 'draft' })).toBeNull();
    expect(slugKeyFor({ type: 'post', parentId: 0, slug: 'a__trashed', status: 'trash' })).toBeNull();
    expect(slugKeyFor({ type: 'revision', parentId: 3, slug: '3-revision-v1', status: 'inherit' })).toBeNull();
  });
});
