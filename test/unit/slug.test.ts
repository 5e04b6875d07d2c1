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
  ])('%s -> %s', (input, expected) => {
    expect(sanitizeSlug(input)).toBe(expected);
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
