import { buildQuery, parseQuery } from '../../src/rest/server/query';

describe('PHP-style query parsing', () => {
  it('parses plain keys and decodes them', () => {
    expect(parseQuery('a=1&b=hello+world&c=%C3%A9').values).toEqual({ a: '1', b: 'hello world', c: 'é' });
  });

  it('builds lists from [] and numeric keys', () => {
    expect(parseQuery('a[]=1&a[]=2').values).toEqual({ a: ['1', '2'] });
    expect(parseQuery('a[0]=x&a[1]=y').values).toEqual({ a: ['x', 'y'] });
  });

  it('builds nested objects', () => {
    expect(parseQuery('categories[terms][]=1&categories[terms][]=2&categories[operator]=AND').values).toEqual({ categories: { terms: ['1', '2'], operator: 'AND' } });
  });

  it('reports plain keys given twice', () => {
    const parsed = parseQuery('a=1&a=2&b[]=1&b[]=2');
    expect(parsed.repeated).toEqual(['a']);
    expect(parsed.values.b).toEqual(['1', '2']);
  });

  it('reports a plain key mixed with its bracket form', () => {
    expect(parseQuery('a=1&a[]=2').repeated).toEqual(['a']);
  });

  it('never writes to prototypes', () => {
    const parsed = parseQuery('__proto__[polluted]=1&constructor[prototype][polluted]=1&x[__proto__][y]=1');
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.getPrototypeOf(parsed.values)).toBe(Object.prototype);
  });

  it('keeps malformed percent-encoding as sent', () => {
    expect(parseQuery('a=%E0%A4%A').values).toEqual({ a: '%E0%A4%A' });
  });

  it('turns dots and spaces in names into underscores, as PHP does', () => {
    expect(parseQuery('a.b=1&c d=2').values).toEqual({ a_b: '1', c_d: '2' });
  });

  it('serialises back in PHP form', () => {
    expect(buildQuery({ per_page: 2, page: 3, categories: { terms: [1, 2] }, flag: true })).toBe('per_page=2&page=3&categories%5Bterms%5D%5B0%5D=1&categories%5Bterms%5D%5B1%5D=2&flag=1');
  });
});
