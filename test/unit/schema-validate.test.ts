import { DomainError } from '../../src/domain/errors';
import type { ArgSchema } from '../../src/schema/types';
import { validateValue } from '../../src/schema/validate';

const ok = (value: unknown, schema: ArgSchema) => expect(validateValue(value, schema, 'x')).toBeNull();
const typeError = (param: string, type: string) => ({ code: 'rest_invalid_type', message: `${param} is not of type ${type}.`, data: { param } });
const plainIssue = (code: string, message: string) => ({ code, message, data: null });

/** The posts collection `categories` arg (core-posts-options sample). */
const categories: ArgSchema = {
  description: 'Limit result set to items with specific terms assigned in the categories taxonomy.',
  type: ['object', 'array'],
  oneOf: [
    { title: 'Term ID List', description: 'Match terms with the listed IDs.', type: 'array', items: { type: 'integer' } },
    {
      title: 'Term ID Taxonomy Query',
      description: 'Perform an advanced term query.',
      type: 'object',
      properties: {
        terms: { description: 'Term IDs.', type: 'array', items: { type: 'integer' }, default: [] },
        include_children: { description: 'Whether to include child terms.', type: 'boolean', default: false },
        operator: { description: 'Whether items must be assigned all or any.', type: 'string', enum: ['AND', 'OR'], default: 'OR' },
      },
      additionalProperties: false,
    },
  ],
};

describe('type: integer', () => {
  it.each([5, 0, -3, '5', ' 5 ', '-3', '+3', '2.0', 2.0, '1e3', '9007199254740991'])('accepts %p', (v) => ok(v, { type: 'integer' }));

  it.each(['12345678901234567890', '9007199254740993', 1e20, '-99999999999999999999'])('refuses %p beyond the safe integer range as out of bounds', (v) => {
    expect(validateValue(v, { type: 'integer' }, 'page')).toEqual(plainIssue('rest_out_of_bounds', 'page must be between -9007199254740991 (inclusive) and 9007199254740991 (inclusive)'));
    expect(validateValue(v, { type: 'integer', minimum: 1 }, 'page')?.code).toBe('rest_out_of_bounds');
  });

  it.each(['1e309', '-1e309', Infinity])('refuses %p (no finite number) as a number', (v) => {
    expect(validateValue(v, { type: 'number' }, 'n')).toEqual(typeError('n', 'number'));
  });

  it.each(['2.5', 2.5, 'abc', '', ' ', true, false, null, [], {}, '0x1A', '5 apples'])('rejects %p with rest_invalid_type', (v) => {
    expect(validateValue(v, { type: 'integer' }, 'page')).toEqual(typeError('page', 'integer'));
  });

  it('checks bounds before the integer test', () => {
    expect(validateValue('2.5', { type: 'integer', maximum: 2 }, 'n')).toEqual(plainIssue('rest_out_of_bounds', 'n must be less than or equal to 2'));
  });

  it('checks multipleOf before the integer test', () => {
    expect(validateValue('2.5', { type: 'integer', multipleOf: 2 }, 'n')).toEqual(plainIssue('rest_invalid_multiple', 'n must be a multiple of 2.'));
  });
});

describe('type: number', () => {
  it.each([1.5, 0, '1.5', '.5', '-.5', '5.', '1e3', ' 2 ', '+1'])('accepts %p', (v) => ok(v, { type: 'number' }));
  it.each([true, false, 'abc', '', '.', '0x1A', null, [1]])('rejects %p', (v) => {
    expect(validateValue(v, { type: 'number' }, 'lat')).toEqual(typeError('lat', 'number'));
  });
});

describe('type: boolean', () => {
  it.each([true, false, 0, 1, 'true', 'false', 'TRUE', 'False', '1', '0'])('accepts %p', (v) => ok(v, { type: 'boolean' }));
  it.each(['yes', 'no', 2, -1, '', 'on', null, 1.5, []])('rejects %p', (v) => {
    expect(validateValue(v, { type: 'boolean' }, 'sticky')).toEqual(typeError('sticky', 'boolean'));
  });
});

describe('type: string and null', () => {
  it('accepts only real strings for string', () => {
    ok('', { type: 'string' });
    ok('abc', { type: 'string' });
    expect(validateValue(123, { type: 'string' }, 'search')).toEqual(typeError('search', 'string'));
    expect(validateValue(true, { type: 'string' }, 'search')).toEqual(typeError('search', 'string'));
    expect(validateValue(null, { type: 'string' }, 'search')).toEqual(typeError('search', 'string'));
  });

  it('accepts only null for null', () => {
    ok(null, { type: 'null' });
    expect(validateValue('', { type: 'null' }, 'n')).toEqual(typeError('n', 'null'));
    expect(validateValue(0, { type: 'null' }, 'n')).toEqual(typeError('n', 'null'));
  });

  it('lets untyped and unknown-typed values through', () => {
    ok({ a: 1 }, {});
    ok('anything', { type: 'foo' as never });
  });
});

describe('type: array', () => {
  it.each([[[1, 2]], [[]], ['1,2 3'], [''], [5], [true], [{ 0: 'a', 1: 'b' }], [{}]])('accepts %p', (v) => ok(v, { type: 'array' }));

  it.each([[{ a: 1 }], [null], [{ 0: 'a', b: 'c' }]])('rejects %p', (v) => {
    expect(validateValue(v, { type: 'array' }, 'author')).toEqual(typeError('author', 'array'));
  });

  it('splits strings on commas and whitespace before checking items', () => {
    ok('1,2 3\t4,,5', { type: 'array', items: { type: 'integer' } });
    expect(validateValue('1, 2 ,x', { type: 'array', items: { type: 'integer' } }, 'author')).toEqual(typeError('author[2]', 'integer'));
  });

  it('names items by index', () => {
    expect(validateValue(['x'], { type: 'array', items: { type: 'integer' } }, 'author')).toEqual(typeError('author[0]', 'integer'));
    expect(validateValue([[1], ['a']], { type: 'array', items: { type: 'array', items: { type: 'integer' } } }, 'm')).toEqual(
      typeError('m[1][0]', 'integer'),
    );
  });

  it('checks minItems and maxItems with singular and plural wording', () => {
    expect(validateValue([], { type: 'array', minItems: 1 }, 'a')).toEqual(plainIssue('rest_too_few_items', 'a must contain at least 1 item.'));
    expect(validateValue([1], { type: 'array', minItems: 2 }, 'a')).toEqual(plainIssue('rest_too_few_items', 'a must contain at least 2 items.'));
    expect(validateValue([1, 2], { type: 'array', maxItems: 1 }, 'a')).toEqual(plainIssue('rest_too_many_items', 'a must contain at most 1 item.'));
    expect(validateValue('1,2,3', { type: 'array', maxItems: 2 }, 'a')).toEqual(plainIssue('rest_too_many_items', 'a must contain at most 2 items.'));
    ok([1, 2], { type: 'array', minItems: 2, maxItems: 2 });
  });

  it('prints large counts with thousands separators', () => {
    const list = Array.from({ length: 1001 }, (_, i) => i);
    expect(validateValue(list, { type: 'array', maxItems: 1000 }, 'a')?.message).toBe('a must contain at most 1,000 items.');
  });

  it('checks uniqueItems, ignoring object key order but not value types', () => {
    const schema: ArgSchema = { type: 'array', uniqueItems: true };
    expect(validateValue([1, 2, 1], schema, 'format')).toEqual(plainIssue('rest_duplicate_items', 'format has duplicate items.'));
    expect(validateValue('a,b,a', schema, 'format')).toEqual(plainIssue('rest_duplicate_items', 'format has duplicate items.'));
    expect(validateValue([{ a: 1, b: 2 }, { b: 2, a: 1 }], schema, 'f')).toEqual(plainIssue('rest_duplicate_items', 'f has duplicate items.'));
    ok([1, '1'], schema);
    ok([{ a: 1 }, { a: 2 }], schema);
  });

  it('checks items before minItems', () => {
    expect(validateValue(['x'], { type: 'array', items: { type: 'integer' }, minItems: 2 }, 'a')).toEqual(typeError('a[0]', 'integer'));
  });
});

describe('type: object', () => {
  it.each([[{}], [{ a: 1 }], [''], [[]], [Object.assign(Object.create(null), { a: 1 })]])('accepts %p', (v) => ok(v, { type: 'object' }));
  it.each([['x'], [[1]], [5], [true], [null]])('rejects %p', (v) => {
    expect(validateValue(v, { type: 'object' }, 'meta')).toEqual(typeError('meta', 'object'));
  });

  it('validates declared properties with child names param[key]', () => {
    const schema: ArgSchema = { type: 'object', properties: { count: { type: 'integer' }, tags: { type: 'array', items: { type: 'string' } } } };
    ok({ count: '3', tags: ['a'], other: 'kept' }, schema);
    expect(validateValue({ count: 'x' }, schema, 'meta')).toEqual(typeError('meta[count]', 'integer'));
    expect(validateValue({ tags: [1] }, schema, 'meta')).toEqual(typeError('meta[tags][0]', 'string'));
  });

  it('forbids undeclared properties when additionalProperties is false', () => {
    const schema: ArgSchema = { type: 'object', properties: { a: { type: 'string' } }, additionalProperties: false };
    ok({ a: 'x' }, schema);
    expect(validateValue({ a: 'x', bogus: 1 }, schema, 'meta')).toEqual(
      plainIssue('rest_additional_properties_forbidden', 'bogus is not a valid property of Object.'),
    );
  });

  it('applies an additionalProperties schema to undeclared properties', () => {
    const schema: ArgSchema = { type: 'object', properties: { a: { type: 'string' } }, additionalProperties: { type: 'integer' } };
    ok({ a: 'x', b: '2' }, schema);
    expect(validateValue({ a: 'x', b: 'y' }, schema, 'meta')).toEqual(typeError('meta[b]', 'integer'));
  });

  it('prefers patternProperties over additionalProperties', () => {
    const schema: ArgSchema = { type: 'object', patternProperties: { '^n_': { type: 'integer' } }, additionalProperties: false };
    ok({ n_a: 1 }, schema);
    expect(validateValue({ n_a: 'z' }, schema, 'o')).toEqual(typeError('o[n_a]', 'integer'));
    expect(validateValue({ s_a: 'z' }, schema, 'o')).toEqual(plainIssue('rest_additional_properties_forbidden', 's_a is not a valid property of Object.'));
  });

  it('supports draft-4 required lists', () => {
    const schema: ArgSchema = { type: 'object', properties: { a: { type: 'string' }, b: { type: 'string' } }, required: ['a', 'b'] };
    expect(validateValue({ a: 'x' }, schema, 'obj')).toEqual(plainIssue('rest_property_required', 'b is a required property of obj.'));
    ok({ a: 'x', b: null }, { type: 'object', required: ['a', 'b'] }); // present, even if null
  });

  it('supports draft-3 per-property required flags', () => {
    const schema: ArgSchema = { type: 'object', properties: { a: { type: 'string', required: true }, b: { type: 'string', required: false } } };
    ok({ a: 'x' }, schema);
    expect(validateValue({ b: 'x' }, schema, 'obj')).toEqual(plainIssue('rest_property_required', 'a is a required property of obj.'));
    expect(validateValue('', schema, 'obj')).toEqual(plainIssue('rest_property_required', 'a is a required property of obj.'));
  });

  it('checks required before property values', () => {
    const schema: ArgSchema = { type: 'object', properties: { a: { type: 'integer' } }, required: ['b'] };
    expect(validateValue({ a: 'x' }, schema, 'obj')?.code).toBe('rest_property_required');
  });

  it('checks minProperties and maxProperties', () => {
    expect(validateValue({}, { type: 'object', minProperties: 1 }, 'o')).toEqual(plainIssue('rest_too_few_properties', 'o must contain at least 1 property.'));
    expect(validateValue({ a: 1 }, { type: 'object', minProperties: 2 }, 'o')).toEqual(
      plainIssue('rest_too_few_properties', 'o must contain at least 2 properties.'),
    );
    expect(validateValue({ a: 1, b: 2 }, { type: 'object', maxProperties: 1 }, 'o')).toEqual(
      plainIssue('rest_too_many_properties', 'o must contain at most 1 property.'),
    );
    ok({ a: 1 }, { type: 'object', minProperties: 1, maxProperties: 1 });
  });

  it('treats an empty properties list as no declared properties', () => {
    ok({ a: 1 }, { type: 'object', properties: [] });
    expect(validateValue({ a: 1 }, { type: 'object', properties: [], additionalProperties: false }, 'o')?.code).toBe(
      'rest_additional_properties_forbidden',
    );
  });
});

describe('several types', () => {
  it('picks the first listed type that fits', () => {
    const date: ArgSchema = { type: ['string', 'null'], format: 'date-time' };
    ok(null, date);
    ok('2016-06-30T12:00:00', date);
    expect(validateValue(123, date, 'date')).toEqual(typeError('date', 'string,null'));
    expect(validateValue('bad', date, 'date')).toEqual(plainIssue('rest_invalid_date', 'Invalid date.'));
  });

  it('prefers string for an empty string', () => {
    ok('', { type: ['integer', 'string'], minLength: 0 });
    // "" read as an array would pass; as the preferred string it must satisfy minLength.
    expect(validateValue('', { type: ['array', 'string'], minLength: 1 }, 's')).toEqual(plainIssue('rest_too_short', 's must be at least 1 character long.'));
  });

  it('applies the checks of the chosen type', () => {
    expect(validateValue('5', { type: ['integer', 'string'], minimum: 10 }, 'n')).toEqual(
      plainIssue('rest_out_of_bounds', 'n must be greater than or equal to 10'),
    );
    ok('abc', { type: ['integer', 'string'], minimum: 10 });
    ok('abc', { type: ['boolean', 'string'] });
  });

  it('lets a value through when the list names an unknown type (WordPress back-compat)', () => {
    ok('abc', { type: ['integer', 'foo'] as never });
  });
});

describe('enum', () => {
  const context: ArgSchema = { type: 'string', enum: ['view', 'embed', 'edit'] };

  it('prints the options as an English list', () => {
    ok('edit', context);
    expect(validateValue('bogus', context, 'context')).toEqual(plainIssue('rest_not_in_enum', 'context is not one of view, embed, and edit.'));
    expect(validateValue('x', { type: 'string', enum: ['AND', 'OR'] }, 'op')).toEqual(plainIssue('rest_not_in_enum', 'op is not one of AND and OR.'));
    expect(validateValue('x', { type: 'string', enum: ['a'] }, 'p')).toEqual(plainIssue('rest_not_in_enum', 'p is not a.'));
  });

  it('compares the value sanitised to the type', () => {
    ok('2', { type: 'integer', enum: [1, 2] });
    ok('2.0', { type: 'integer', enum: [2] });
    ok('1.5', { type: 'number', enum: [1.5] });
    ok('TRUE', { type: 'boolean', enum: [true] });
    expect(validateValue('3', { type: 'integer', enum: [1, 2] }, 'n')).toEqual(plainIssue('rest_not_in_enum', 'n is not one of 1 and 2.'));
    expect(validateValue('2', { enum: [2] }, 'n')).toEqual(plainIssue('rest_not_in_enum', 'n is not 2.')); // untyped: strict
    expect(validateValue('Edit', context, 'context')?.code).toBe('rest_not_in_enum'); // case matters
  });

  it('prints non-scalar options as JSON and booleans as PHP does', () => {
    expect(validateValue([3], { type: 'array', enum: [[1, 2], { a: 'b/c' }] }, 'v')?.message).toBe('v is not one of [1,2] and {"a":"b\\/c"}.');
    ok([1, 2], { type: 'array', enum: [[1, 2]] });
    ok('1,2', { type: 'array', items: { type: 'integer' }, enum: [[1, 2]] });
    expect(validateValue(false, { type: 'boolean', enum: [true] }, 'b')?.message).toBe('b is not 1.');
  });

  it('applies to array items with indexed names', () => {
    const status: ArgSchema = { type: 'array', items: { enum: ['publish', 'draft'], type: 'string' } };
    ok('publish,draft', status);
    expect(validateValue('publish,bogus', status, 'status')).toEqual(plainIssue('rest_not_in_enum', 'status[1] is not one of publish and draft.'));
  });

  it('ignores sanitize hooks when comparing', () => {
    ok('a', { type: 'string', enum: ['a'], sanitize: () => 'zzz' });
    expect(validateValue('b', { type: 'string', enum: ['a'], sanitize: () => 'a' }, 'p')?.code).toBe('rest_not_in_enum');
  });

  it('is skipped when empty', () => ok('x', { type: 'string', enum: [] }));
});

describe('minimum / maximum', () => {
  const perPage: ArgSchema = { type: 'integer', default: 10, minimum: 1, maximum: 100 };

  it.each([0, 101, '0', '101', -5])('rejects per_page=%p with the inclusive range message', (v) => {
    expect(validateValue(v, perPage, 'per_page')).toEqual(plainIssue('rest_out_of_bounds', 'per_page must be between 1 (inclusive) and 100 (inclusive)'));
  });

  it.each([1, 100, '50'])('accepts per_page=%p', (v) => ok(v, perPage));

  it('words each exclusive combination', () => {
    const range = (exclusiveMinimum: boolean, exclusiveMaximum: boolean): ArgSchema => ({ type: 'number', minimum: 1, maximum: 5, exclusiveMinimum, exclusiveMaximum });
    expect(validateValue(1, range(true, true), 'n')?.message).toBe('n must be between 1 (exclusive) and 5 (exclusive)');
    expect(validateValue(5, range(true, true), 'n')?.message).toBe('n must be between 1 (exclusive) and 5 (exclusive)');
    expect(validateValue(1, range(true, false), 'n')?.message).toBe('n must be between 1 (exclusive) and 5 (inclusive)');
    ok(5, range(true, false));
    expect(validateValue(5, range(false, true), 'n')?.message).toBe('n must be between 1 (inclusive) and 5 (exclusive)');
    ok(1, range(false, true));
    ok(3, range(true, true));
  });

  it('words one-sided bounds', () => {
    expect(validateValue(0, { type: 'integer', minimum: 1 }, 'page')).toEqual(plainIssue('rest_out_of_bounds', 'page must be greater than or equal to 1'));
    expect(validateValue(1, { type: 'integer', minimum: 1, exclusiveMinimum: true }, 'p')?.message).toBe('p must be greater than 1');
    expect(validateValue(6, { type: 'integer', maximum: 5 }, 'p')?.message).toBe('p must be less than or equal to 5');
    expect(validateValue(5, { type: 'integer', maximum: 5, exclusiveMaximum: true }, 'p')?.message).toBe('p must be less than 5');
    ok(1, { type: 'integer', minimum: 1 });
    ok(5, { type: 'integer', maximum: 5 });
  });

  it('prints bounds as integers', () => {
    expect(validateValue(0.1, { type: 'number', minimum: 0.5 }, 'n')?.message).toBe('n must be greater than or equal to 0');
    expect(validateValue(3, { type: 'number', minimum: 0.5, maximum: 2.9 }, 'n')?.message).toBe('n must be between 0 (inclusive) and 2 (inclusive)');
  });

  it('is checked after the type', () => {
    expect(validateValue('abc', perPage, 'per_page')).toEqual(typeError('per_page', 'integer'));
  });
});

describe('multipleOf', () => {
  it('accepts multiples and rejects others', () => {
    ok(9, { type: 'integer', multipleOf: 3 });
    ok('9', { type: 'integer', multipleOf: 3 });
    ok(0.75, { type: 'number', multipleOf: 0.25 });
    ok(-6, { type: 'integer', multipleOf: 3 });
    expect(validateValue(10, { type: 'integer', multipleOf: 3 }, 'n')).toEqual(plainIssue('rest_invalid_multiple', 'n must be a multiple of 3.'));
    expect(validateValue(0.3, { type: 'number', multipleOf: 0.25 }, 'n')?.message).toBe('n must be a multiple of 0.25.');
  });
});

describe('minLength / maxLength / pattern', () => {
  it('counts code points, not UTF-16 units', () => {
    ok('😀😀', { type: 'string', maxLength: 2 });
    ok('é', { type: 'string', minLength: 1, maxLength: 1 });
    expect(validateValue('😀😀😀', { type: 'string', maxLength: 2 }, 's')).toEqual(plainIssue('rest_too_long', 's must be at most 2 characters long.'));
  });

  it('uses the singular for 1', () => {
    expect(validateValue('', { type: 'string', minLength: 1 }, 's')).toEqual(plainIssue('rest_too_short', 's must be at least 1 character long.'));
    expect(validateValue('ab', { type: 'string', maxLength: 1 }, 's')).toEqual(plainIssue('rest_too_long', 's must be at most 1 character long.'));
    expect(validateValue('a', { type: 'string', minLength: 3 }, 's')?.message).toBe('s must be at least 3 characters long.');
  });

  it('matches patterns unanchored and in unicode mode', () => {
    ok('abc-123-def', { type: 'string', pattern: '\\d{3}' });
    ok('été', { type: 'string', pattern: '^\\p{L}+$' });
    expect(validateValue('abc', { type: 'string', pattern: '^\\d+$' }, 'slug')).toEqual(plainIssue('rest_invalid_pattern', 'slug does not match pattern ^\\d+$.'));
  });

  it('tolerates PCRE-only escapes and never matches an invalid pattern', () => {
    ok('a-b', { type: 'string', pattern: '^a\\-b$' });
    expect(validateValue('a', { type: 'string', pattern: '(' }, 's')?.code).toBe('rest_invalid_pattern');
  });
});

describe('formats', () => {
  it.each([
    '2016-06-30T12:00:00',
    '2016-06-30t12:00:00',
    '2016-06-30 12:00:00',
    '2016-06-30T12:00:00Z',
    '2016-06-30T12:00:00.123456',
    '2016-06-30T12:00:00+02:00',
    '2016-06-30T12:00:00-05',
    '2016-02-30T00:00:00',
  ])('accepts the date-time %p', (v) => ok(v, { type: 'string', format: 'date-time' }));

  it.each(['2016-06-30', '2016-06-30T12:00', '2016-13-01T00:00:00', '2016-06-32T00:00:00', '2016-06-30T25:00:00', '2016-06-30T12:00:00z', '2016-06-30T12:00:00-0500', 'now', ''])(
    'rejects the date-time %p',
    (v) => expect(validateValue(v, { type: 'string', format: 'date-time' }, 'after')).toEqual(plainIssue('rest_invalid_date', 'Invalid date.')),
  );

  it('checks emails with WordPress is_email rules', () => {
    ok('user@example.com', { type: 'string', format: 'email' });
    ok("o'neil+tag@mail.example.co", { type: 'string', format: 'email' });
    for (const bad of ['a@b.c', 'user@localhost', 'user@@example.com', 'us er@example.com', 'user@exa..mple.com', 'user@-example.com', 'user@.example.com']) {
      expect(validateValue(bad, { type: 'string', format: 'email' }, 'email')).toEqual(plainIssue('rest_invalid_email', 'Invalid email address.'));
    }
  });

  it('checks hex colors', () => {
    ok('#fff', { type: 'string', format: 'hex-color' });
    ok('#A0b1C2', { type: 'string', format: 'hex-color' });
    for (const bad of ['fff', '#ffff', '#ggg', '']) {
      expect(validateValue(bad, { type: 'string', format: 'hex-color' }, 'c')).toEqual(plainIssue('rest_invalid_hex_color', 'Invalid hex color.'));
    }
  });

  it('checks UUIDs (lower-case, as wp_is_uuid)', () => {
    ok('123e4567-e89b-12d3-a456-426614174000', { type: 'string', format: 'uuid' });
    expect(validateValue('123E4567-E89B-12D3-A456-426614174000', { type: 'string', format: 'uuid' }, 'id')).toEqual(
      plainIssue('rest_invalid_uuid', 'id is not a valid UUID.'),
    );
    expect(validateValue('nope', { type: 'string', format: 'uuid' }, 'id')?.code).toBe('rest_invalid_uuid');
  });

  it.each(['127.0.0.1', '255.255.255.255', '::1', '::', '2001:db8::8a2e:370:7334', '2001:0db8:0000:0000:0000:ff00:0042:8329', '::ffff:192.168.1.1', '1:2:3:4:5:6:1.2.3.4'])(
    'accepts the IP %p',
    (v) => ok(v, { type: 'string', format: 'ip' }),
  );

  it.each(['256.0.0.1', '1.2.3', '1::2::3', '12345::1', '1:2:3:4:5:6:7:8:9', 'fe80::1%eth0', '::ffff:1.2.3.04', 'localhost'])('rejects the IP %p', (v) => {
    expect(validateValue(v, { type: 'string', format: 'ip' }, 'ip')).toEqual(plainIssue('rest_invalid_ip', 'ip is not a valid IP address.'));
  });

  it('does not validate uri, text-field or textarea-field', () => {
    ok('not a url at all', { type: 'string', format: 'uri' });
    ok('<b>x</b>', { type: 'string', format: 'text-field' });
    ok('a\nb', { type: 'string', format: 'textarea-field' });
  });

  it('applies to untyped values but not to other types', () => {
    expect(validateValue('x', { format: 'date-time' }, 'd')?.code).toBe('rest_invalid_date');
    ok(5, { type: 'integer', format: 'date-time' });
    ok(null, { type: ['string', 'null'], format: 'email' });
  });

  it('comes after the type and enum checks', () => {
    expect(validateValue(5, { type: 'string', format: 'date-time' }, 'd')).toEqual(typeError('d', 'string'));
    expect(validateValue('x', { type: 'string', format: 'date-time', enum: ['y'] }, 'd')?.code).toBe('rest_not_in_enum');
  });
});

describe('anyOf', () => {
  const schema: ArgSchema = {
    anyOf: [
      { title: 'Number', type: 'integer' },
      { title: 'Word', type: 'string', pattern: '^[a-z]+$' },
    ],
  };

  it('accepts a value matching any branch', () => {
    ok('5', schema);
    ok('abc', schema);
  });

  it('reports the branch left after dropping top-level type errors, with its title and position', () => {
    expect(validateValue('ABC', schema, 'v')).toEqual({
      code: 'rest_no_matching_schema',
      message: 'v is not a valid Word. Reason: v does not match pattern ^[a-z]+$.',
      data: { position: 1 },
    });
  });

  it('uses the generic wording for an untitled branch', () => {
    const untitled: ArgSchema = { anyOf: [{ type: 'integer', minimum: 5 }] };
    expect(validateValue(1, untitled, 'v')).toEqual({
      code: 'rest_no_matching_schema',
      message: 'v does not match the expected format. Reason: v must be greater than or equal to 5',
      data: { position: 0 },
    });
  });

  it('lists every title when only type errors remain', () => {
    expect(validateValue(true, { anyOf: [{ title: 'A', type: 'integer' }, { title: 'B', type: 'string' }, { title: 'C', type: 'null' }] }, 'v')).toEqual(
      plainIssue('rest_no_matching_schema', 'v is not a valid A, B, and C.'),
    );
    expect(validateValue(true, { anyOf: [{ title: 'A', type: 'integer' }, { type: 'string' }] }, 'v')).toEqual(
      plainIssue('rest_no_matching_schema', 'v does not match any of the expected formats.'),
    );
  });

  it('lets branches inherit the outer type', () => {
    const inherit: ArgSchema = { type: 'integer', anyOf: [{ minimum: 10 }, { maximum: 0 }] };
    ok(11, inherit);
    ok(-1, inherit);
    expect(validateValue(5, inherit, 'v')?.code).toBe('rest_no_matching_schema');
    expect(validateValue('abc', inherit, 'v')).toEqual(plainIssue('rest_no_matching_schema', 'v does not match any of the expected formats.'));
  });

  it('takes the type of the matching branch when the outer schema has none', () => {
    expect(validateValue('x', { anyOf: [{ type: 'string' }], enum: ['y'] }, 'v')).toEqual(plainIssue('rest_not_in_enum', 'v is not y.'));
  });
});

describe('oneOf with the posts categories arg', () => {
  it('accepts a term ID list, as a list or a string', () => {
    ok([1, 2], categories);
    ok('1,2', categories);
    ok(['3'], categories);
  });

  it('accepts a taxonomy query', () => {
    ok({ terms: [1], include_children: 'true', operator: 'AND' }, categories);
    ok({ terms: '1,2' }, categories);
  });

  it('explains an unknown property of the taxonomy query', () => {
    expect(validateValue({ terms: [1], bogus: 1 }, categories, 'categories')).toEqual({
      code: 'rest_no_matching_schema',
      message: 'categories is not a valid Term ID Taxonomy Query. Reason: bogus is not a valid property of Object.',
      data: { position: 1 },
    });
  });

  it('explains a bad property value of the taxonomy query', () => {
    expect(validateValue({ operator: 'XOR' }, categories, 'categories')).toEqual({
      code: 'rest_no_matching_schema',
      message: 'categories is not a valid Term ID Taxonomy Query. Reason: categories[operator] is not one of AND and OR.',
      data: { position: 1 },
    });
  });

  it('keeps nested type errors, which point at the intended branch', () => {
    expect(validateValue('1,x', categories, 'categories')).toEqual({
      code: 'rest_no_matching_schema',
      message: 'categories is not a valid Term ID List. Reason: categories[1] is not of type integer.',
      data: { position: 0 },
    });
  });

  it('rejects a value matching both branches', () => {
    expect(validateValue('', categories, 'categories')).toEqual({
      code: 'rest_one_of_multiple_matches',
      message: 'categories matches Term ID List and Term ID Taxonomy Query, but should match only one.',
      data: { positions: [0, 1] },
    });
  });

  it('reports matching several untitled branches generically', () => {
    expect(validateValue(5, { oneOf: [{ type: 'integer' }, { type: 'number' }] }, 'v')).toEqual({
      code: 'rest_one_of_multiple_matches',
      message: 'v matches more than one of the expected formats.',
      data: { positions: [0, 1] },
    });
  });

  it('blames the object branch sharing most property names', () => {
    const schema: ArgSchema = {
      oneOf: [
        { title: 'Point', type: 'object', properties: { x: { type: 'integer' }, y: { type: 'integer' } }, required: ['x', 'y'] },
        { title: 'Named', type: 'object', properties: { name: { type: 'string' } }, required: ['name'] },
      ],
    };
    expect(validateValue({ x: 1 }, schema, 'p')).toEqual({
      code: 'rest_no_matching_schema',
      message: 'p is not a valid Point. Reason: y is a required property of p.',
      data: { position: 0 },
    });
    expect(validateValue({ name: 5 }, schema, 'p')?.message).toBe('p is not a valid Named. Reason: p[name] is not of type string.');
  });
});

describe('the validate hook', () => {
  it('runs last, with the raw value and the param name', () => {
    const seen: unknown[] = [];
    const schema: ArgSchema = {
      type: 'integer',
      validate: (value, param) => {
        seen.push([value, param]);
        return value === '13' ? { code: 'unlucky', message: `${param} is unlucky.` } : null;
      },
    };
    ok('12', schema);
    expect(validateValue('13', schema, 'n')).toEqual({ code: 'unlucky', message: 'n is unlucky.', data: null });
    expect(validateValue('x', schema, 'n')).toEqual(typeError('n', 'integer'));
    expect(seen).toEqual([
      ['12', 'x'],
      ['13', 'n'],
    ]);
  });

  it('keeps the data it returns and converts a thrown DomainError', () => {
    expect(validateValue(1, { validate: () => ({ code: 'c', message: 'm', data: { a: 1 } }) }, 'v')).toEqual({ code: 'c', message: 'm', data: { a: 1 } });
    const throwing: ArgSchema = {
      validate: () => {
        throw new DomainError('rest_forbidden_status', 'Status is forbidden.', 401, { extra: true });
      },
    };
    expect(validateValue(1, throwing, 'status')).toEqual({ code: 'rest_forbidden_status', message: 'Status is forbidden.', data: { status: 401, extra: true } });
  });

  it('rethrows anything that is not a DomainError', () => {
    const broken: ArgSchema = {
      validate: () => {
        throw new TypeError('bug');
      },
    };
    expect(() => validateValue(1, broken, 'v')).toThrow(TypeError);
  });

  it('runs on nested schemas too', () => {
    const schema: ArgSchema = { type: 'array', items: { type: 'string', validate: (v, p) => (v === 'no' ? { code: 'nope', message: `${p} nope` } : null) } };
    expect(validateValue('yes,no', schema, 'list')).toEqual({ code: 'nope', message: 'list[1] nope', data: null });
  });
});
