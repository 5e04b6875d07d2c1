import { DomainError } from '../../src/domain/errors';
import { isSchemaFailure, SchemaFailure, sanitizeValue } from '../../src/schema/sanitize';
import type { ArgSchema } from '../../src/schema/types';

const clean = (value: unknown, schema: ArgSchema) => sanitizeValue(value, schema, 'x');

const categories: ArgSchema = {
  type: ['object', 'array'],
  oneOf: [
    { title: 'Term ID List', type: 'array', items: { type: 'integer' } },
    {
      title: 'Term ID Taxonomy Query',
      type: 'object',
      properties: {
        terms: { type: 'array', items: { type: 'integer' }, default: [] },
        include_children: { type: 'boolean', default: false },
        operator: { type: 'string', enum: ['AND', 'OR'], default: 'OR' },
      },
      additionalProperties: false,
    },
  ],
};

describe('scalar casts', () => {
  it.each([
    ['5', 5],
    [' 7 ', 7],
    ['-3', -3],
    ['+3', 3],
    ['2.0', 2],
    ['1e3', 1000],
    [3.9, 3],
    [-3.9, -3],
    [true, 1],
    ['12abc', 12],
    ['abc', 0],
  ])('integer %p → %p', (input, expected) => expect(clean(input, { type: 'integer' })).toBe(expected));

  it.each([
    ['1.5', 1.5],
    ['.5', 0.5],
    [2, 2],
    ['1e-1', 0.1],
    [' 4 ', 4],
  ])('number %p → %p', (input, expected) => expect(clean(input, { type: 'number' })).toBe(expected));

  it.each([
    ['false', false],
    ['FALSE', false],
    ['0', false],
    [0, false],
    ['', false],
    [false, false],
    ['true', true],
    ['True', true],
    ['1', true],
    [1, true],
    [true, true],
    ['yes', true],
  ])('boolean %p → %p', (input, expected) => expect(clean(input, { type: 'boolean' })).toBe(expected));

  it('casts strings as PHP does', () => {
    expect(clean('abc', { type: 'string' })).toBe('abc');
    expect(clean(5, { type: 'string' })).toBe('5');
    expect(clean(1.5, { type: 'string' })).toBe('1.5');
    expect(clean(0.1 + 0.2, { type: 'string' })).toBe('0.3'); // PHP prints floats with 14 digits
    expect(clean(1234567890123456, { type: 'string' })).toBe('1234567890123456');
    expect(clean(true, { type: 'string' })).toBe('1');
    expect(clean(false, { type: 'string' })).toBe('');
  });

  it('turns anything into null for null', () => {
    expect(clean('x', { type: 'null' })).toBeNull();
  });

  it('returns untyped values as they are', () => {
    const value = { a: ['1'] };
    expect(clean(value, {})).toBe(value);
    expect(clean('5', { type: 'foo' as never })).toBe('5');
  });
});

describe('arrays', () => {
  it('splits strings on commas and whitespace, dropping empty pieces', () => {
    expect(clean('1,2 3', { type: 'array' })).toEqual(['1', '2', '3']);
    expect(clean(' a,,b\t\nc, ', { type: 'array' })).toEqual(['a', 'b', 'c']);
    expect(clean('', { type: 'array' })).toEqual([]);
    expect(clean(5, { type: 'array' })).toEqual(['5']);
    expect(clean(false, { type: 'array' })).toEqual([]);
  });

  it('casts items', () => {
    expect(clean('1,2 3', { type: 'array', items: { type: 'integer' } })).toEqual([1, 2, 3]);
    expect(clean(['true', '0'], { type: 'array', items: { type: 'boolean' } })).toEqual([true, false]);
    expect(clean(['1,2', '3'], { type: 'array', items: { type: 'array', items: { type: 'integer' } } })).toEqual([[1, 2], [3]]);
  });

  it('re-indexes maps', () => {
    expect(clean({ 3: 'a', 7: 'b' }, { type: 'array' })).toEqual(['a', 'b']);
    expect(clean({ a: '1', b: '2' }, { type: 'array', items: { type: 'integer' } })).toEqual([1, 2]);
  });

  it('turns null into an empty list', () => {
    expect(clean(null, { type: 'array' })).toEqual([]);
  });

  it('reports items that become duplicates once cast', () => {
    const result = sanitizeValue(['1', 1], { type: 'array', items: { type: 'integer' }, uniqueItems: true }, 'ids');
    expect(isSchemaFailure(result)).toBe(true);
    expect(result).toEqual({ code: 'rest_duplicate_items', message: 'ids has duplicate items.', data: null });
    expect(clean(['1', 2], { type: 'array', items: { type: 'integer' }, uniqueItems: true })).toEqual([1, 2]);
  });

  it('does not modify the input', () => {
    const input = ['1', '2'];
    clean(input, { type: 'array', items: { type: 'integer' } });
    expect(input).toEqual(['1', '2']);
  });
});

describe('objects', () => {
  it('turns "" and an empty list into {}', () => {
    expect(clean('', { type: 'object' })).toEqual({});
    expect(clean([], { type: 'object' })).toEqual({});
  });

  it('casts declared properties and keeps the others', () => {
    const schema: ArgSchema = { type: 'object', properties: { count: { type: 'integer' }, on: { type: 'boolean' } } };
    expect(clean({ count: '3', on: 'false', other: '1' }, schema)).toEqual({ count: 3, on: false, other: '1' });
  });

  it('does not add defaults of missing properties', () => {
    expect(clean({}, { type: 'object', properties: { a: { type: 'integer', default: 1 } } })).toEqual({});
  });

  it('drops properties forbidden by additionalProperties: false', () => {
    const schema: ArgSchema = { type: 'object', properties: { a: { type: 'integer' } }, additionalProperties: false };
    expect(clean({ a: '1', bogus: 'x' }, schema)).toEqual({ a: 1 });
  });

  it('casts with an additionalProperties schema and with patternProperties', () => {
    expect(clean({ a: '1', b: '2' }, { type: 'object', additionalProperties: { type: 'integer' } })).toEqual({ a: 1, b: 2 });
    const schema: ArgSchema = { type: 'object', patternProperties: { '^n_': { type: 'number' } }, additionalProperties: false };
    expect(clean({ n_a: '1.5', s: 'x' }, schema)).toEqual({ n_a: 1.5 });
  });

  it('keeps a "__proto__" key from JSON as an ordinary property', () => {
    const result = clean(JSON.parse('{"__proto__": {"polluted": true}, "a": "1"}'), { type: 'object', properties: { a: { type: 'integer' } } }) as Record<string, unknown>;
    expect(Object.getPrototypeOf(result)).toBe(Object.prototype);
    expect(Object.keys(result)).toEqual(['__proto__', 'a']);
    expect(result.a).toBe(1);
    expect((result as { polluted?: unknown }).polluted).toBeUndefined();
  });

  it('does not modify the input', () => {
    const input = { a: '1', bogus: 2 };
    clean(input, { type: 'object', properties: { a: { type: 'integer' } }, additionalProperties: false });
    expect(input).toEqual({ a: '1', bogus: 2 });
  });
});

describe('several types', () => {
  const date: ArgSchema = { type: ['string', 'null'], format: 'date-time' };

  it('casts to the first type that fits', () => {
    expect(clean(null, date)).toBeNull();
    expect(clean('  2016-06-30T12:00:00 ', date)).toBe('2016-06-30T12:00:00');
    expect(clean('5', { type: ['integer', 'string'] })).toBe(5);
    expect(clean('abc', { type: ['integer', 'string'] })).toBe('abc');
    expect(clean('', { type: ['integer', 'string'] })).toBe('');
    expect(clean('1,2', { type: ['array', 'string'] })).toEqual(['1', '2']);
  });

  it('gives null when no type fits', () => {
    expect(clean({ a: 1 }, { type: ['integer', 'boolean'] })).toBeNull();
  });
});

describe('anyOf / oneOf', () => {
  it('sanitises with the matching branch', () => {
    expect(sanitizeValue('1,2', categories, 'categories')).toEqual([1, 2]);
    expect(sanitizeValue(['3', 4], categories, 'categories')).toEqual([3, 4]);
    expect(sanitizeValue({ terms: '1,2', include_children: '1', operator: 'AND' }, categories, 'categories')).toEqual({
      terms: [1, 2],
      include_children: true,
      operator: 'AND',
    });
    expect(clean('7', { anyOf: [{ type: 'integer' }, { type: 'string' }] })).toBe(7);
    expect(clean('x7', { anyOf: [{ type: 'integer' }, { type: 'string' }] })).toBe('x7');
  });

  it('returns the matching error when no branch fits', () => {
    const result = sanitizeValue({ bogus: 1 }, categories, 'categories');
    expect(result).toBeInstanceOf(SchemaFailure);
    expect(result).toEqual({
      code: 'rest_no_matching_schema',
      message: 'categories is not a valid Term ID Taxonomy Query. Reason: bogus is not a valid property of Object.',
      data: { position: 1 },
    });
  });

  it('lets branches inherit the outer type', () => {
    expect(clean('12', { type: 'integer', anyOf: [{ minimum: 10 }] })).toBe(12);
  });
});

describe('formats', () => {
  it('trims date-time and other text formats like sanitize_text_field', () => {
    expect(clean(' 2016-06-30T12:00:00\n', { type: 'string', format: 'date-time' })).toBe('2016-06-30T12:00:00');
    expect(clean('  a \t\n b  ', { type: 'string', format: 'text-field' })).toBe('a b');
    expect(clean(' user@example.com ', { type: 'string', format: 'email' })).toBe('user@example.com');
    expect(clean(' 127.0.0.1 ', { type: 'string', format: 'ip' })).toBe('127.0.0.1');
    expect(clean(' 123e4567-e89b-12d3-a456-426614174000', { type: 'string', format: 'uuid' })).toBe('123e4567-e89b-12d3-a456-426614174000');
  });

  it('strips tags and percent-encoded octets, escaping a lone "<"', () => {
    expect(clean('<b>bold</b> text<script>alert(1)</script>', { type: 'string', format: 'text-field' })).toBe('bold text');
    expect(clean('a < b', { type: 'string', format: 'text-field' })).toBe('a &lt; b');
    expect(clean('100%25 sure %41', { type: 'string', format: 'text-field' })).toBe('100 sure');
  });

  it('keeps newlines for textarea-field', () => {
    expect(clean(' line one\nline  two ', { type: 'string', format: 'textarea-field' })).toBe('line one\nline  two');
  });

  it('empties an invalid hex color', () => {
    expect(clean('#abc', { type: 'string', format: 'hex-color' })).toBe('#abc');
    expect(clean('red', { type: 'string', format: 'hex-color' })).toBe('');
  });

  it('sanitises uri like esc_url_raw', () => {
    const uri: ArgSchema = { type: 'string', format: 'uri' };
    expect(clean('https://example.com/a b?x=1&y=2', uri)).toBe('https://example.com/a%20b?x=1&y=2');
    expect(clean('example.com/page', uri)).toBe('http://example.com/page');
    expect(clean('/relative/path', uri)).toBe('/relative/path');
    expect(clean('javascript:alert(1)', uri)).toBe('');
    expect(clean('HTTP://Example.com', uri)).toBe('http://Example.com');
    expect(clean('mailto:me@example.com', uri)).toBe('mailto:me@example.com');
    expect(clean('http://example.com/<tag>"quoted"', uri)).toBe('http://example.com/tagquoted');
    expect(clean('http://example.com/a[1]', uri)).toBe('http://example.com/a%5B1%5D');
    expect(clean('http://example.com/%0d%0Ax', uri)).toBe('http://example.com/x');
    expect(clean('', uri)).toBe('');
  });

  it('only applies to strings', () => {
    expect(clean('5', { type: 'integer', format: 'uri' })).toBe(5);
  });
});

describe('the sanitize hook', () => {
  it('receives the schema-cast value and its result is returned', () => {
    const seen: unknown[] = [];
    const schema: ArgSchema = {
      type: 'integer',
      sanitize: (v) => {
        seen.push(v);
        return Math.abs(v as number);
      },
    };
    expect(sanitizeValue('-5', schema, 'per_page')).toBe(5);
    expect(seen).toEqual([-5]);
  });

  it('runs on nested schemas', () => {
    const schema: ArgSchema = { type: 'array', items: { type: 'string', sanitize: (v) => String(v).toLowerCase() } };
    expect(clean('A,B', schema)).toEqual(['a', 'b']);
  });

  it('turns a thrown DomainError into a failure carrying its status and additional errors', () => {
    const schema: ArgSchema = {
      type: 'string',
      sanitize: () => {
        throw new DomainError('rest_forbidden_status', 'Status is forbidden.', 401, {}, [new DomainError('other', 'Other.', 400, { k: 1 })]);
      },
    };
    const result = sanitizeValue('draft', schema, 'status');
    expect(isSchemaFailure(result)).toBe(true);
    expect(result).toEqual({
      code: 'rest_forbidden_status',
      message: 'Status is forbidden.',
      data: { status: 401 },
      additional: [{ code: 'other', message: 'Other.', data: { status: 400, k: 1 } }],
    });
  });

  it('rethrows other errors', () => {
    const schema: ArgSchema = {
      sanitize: () => {
        throw new Error('bug');
      },
    };
    expect(() => clean('x', schema)).toThrow('bug');
  });

  it('is not applied to a failure', () => {
    const sanitize = jest.fn();
    const result = sanitizeValue([1, 1], { type: 'array', uniqueItems: true, sanitize }, 'a');
    expect(isSchemaFailure(result)).toBe(true);
    expect(sanitize).not.toHaveBeenCalled();
  });
});

describe('isSchemaFailure', () => {
  it('does not mistake an ordinary object value for a failure', () => {
    const value = clean({ code: 'c', message: 'm', data: null }, { type: 'object' });
    expect(isSchemaFailure(value)).toBe(false);
    expect(value).toEqual({ code: 'c', message: 'm', data: null });
  });
});
