import { filterFields, isFieldIncluded, parseFields } from '../../src/rest/server/fields';
import { restUrls } from '../../src/rest/server/urls';

describe('_fields', () => {
  const post = { id: 1, title: { rendered: 'T', raw: 'T' }, content: { rendered: 'C' }, _links: { self: [{ href: 'x' }] } };

  it('parses comma and space separated lists', () => {
    expect(parseFields('id, title.rendered  content')).toEqual(['id', 'title.rendered', 'content']);
    expect(parseFields(undefined)).toBeNull();
  });

  it('keeps nested paths on items of a list and drops _links unless named', () => {
    expect(filterFields([post], ['id', 'title.rendered'])).toEqual([{ id: 1, title: { rendered: 'T' } }]);
    expect(filterFields([post], ['id', '_links.self'])).toEqual([{ id: 1, _links: { self: [{ href: 'x' }] } }]);
  });

  it('keeps the whole _links of a single item when any link or _embedded is named', () => {
    expect(filterFields(post, ['id'])).toEqual({ id: 1 });
    expect(filterFields(post, ['id', '_embedded.author'])).toEqual({ id: 1, _links: post._links });
  });

  it('lets a parent field include its children', () => {
    expect(filterFields(post, ['title', 'title.raw'])).toEqual({ title: post.title });
  });

  it('answers whether a field is included', () => {
    expect(isFieldIncluded('_embedded', ['id'])).toBe(false);
    expect(isFieldIncluded('_embedded', ['_embedded.author'])).toBe(true);
    expect(isFieldIncluded('anything', null)).toBe(true);
  });
});

describe('REST URLs', () => {
  const pretty = restUrls({ siteUrl: 'http://example.test', restPrefix: 'wp-json', permalinks: 'pretty' });
  const plain = restUrls({ siteUrl: 'http://example.test', restPrefix: 'wp-json', permalinks: 'plain' });

  it('builds both URL forms', () => {
    expect(pretty.url('/core/v2/posts', 'page=2')).toBe('http://example.test/wp-json/core/v2/posts?page=2');
    expect(plain.url('/core/v2/posts', 'page=2')).toBe('http://example.test/index.php?rest_route=/core/v2/posts&page=2');
    expect(pretty.root()).toBe('http://example.test/wp-json/');
    expect(plain.root()).toBe('http://example.test/index.php?rest_route=/');
  });

  it('parses our own addresses back into routes and queries', () => {
    expect(pretty.parse('http://example.test/wp-json/core/v2/categories?post=5')).toEqual({ route: '/core/v2/categories', query: { post: '5' } });
    expect(plain.parse('http://example.test/index.php?rest_route=/core/v2/users/1&context=embed')).toEqual({ route: '/core/v2/users/1', query: { context: 'embed' } });
    expect(pretty.parse('https://elsewhere.example/wp-json/core/v2/users/1')).toBeNull();
  });
});
