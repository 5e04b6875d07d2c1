import { DomainError } from '../../src/domain/errors';
import { processArgs } from '../../src/schema/args';
import { toPublicArgSchema } from '../../src/rest/server/print-args';
import type { ParamSource } from '../../src/schema/args';
import type { ArgSchema } from '../../src/schema/types';

/** A request whose parameters are exactly `params` (JSON nulls included, as has_param sees them). */
function source(params: Record<string, unknown>): ParamSource {
  return { has: (name) => Object.prototype.hasOwnProperty.call(params, name), get: (name) => params[name] };
}

function failure(run: () => unknown): DomainError {
  try {
    run();
  } catch (error) {
    if (error instanceof DomainError) return error;
    throw error;
  }
  throw new Error('expected a DomainError');
}

/** A subset of the posts collection args, in WordPress's declaration order. */
const postsArgs: Record<string, ArgSchema> = {
  context: { description: 'Scope under which the request is made.', type: 'string', enum: ['view', 'embed', 'edit'], default: 'view' },
  page: { description: 'Current page of the collection.', type: 'integer', default: 1, minimum: 1 },
  per_page: { description: 'Maximum number of items.', type: 'integer', default: 10, minimum: 1, maximum: 100 },
  search: { description: 'Limit results to those matching a string.', type: 'string' },
  after: { description: 'Published after.', type: 'string', format: 'date-time' },
  author: { description: 'Authors.', type: 'array', items: { type: 'integer' }, default: [] },
  sticky: { description: 'Sticky only.', type: 'boolean' },
  categories: {
    description: 'Categories.',
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
  },
};

describe('processArgs: defaults and values', () => {
  it('injects defaults and returns only declared args that are present or defaulted', () => {
    expect(processArgs(postsArgs, source({ unknown: 'x' })).values).toEqual({ context: 'view', page: 1, per_page: 10, author: [] });
  });

  it('returns sanitised values', () => {
    const { values } = processArgs(postsArgs, source({ page: '2', per_page: '5', author: '1,2 3', sticky: 'FALSE', after: '2016-06-30 12:00:00' }));
    expect(values).toEqual({ context: 'view', page: 2, per_page: 5, author: [1, 2, 3], sticky: false, after: '2016-06-30 12:00:00' });
  });

  it('validates before sanitising, so padding a date is refused', () => {
    const error = failure(() => processArgs(postsArgs, source({ after: ' 2016-06-30T12:00:00 ' })));
    expect(error.data.details).toEqual({ after: { code: 'rest_invalid_date', message: 'Invalid date.', data: null } });
  });

  it('treats a JSON null as absent, so the default applies', () => {
    expect(processArgs(postsArgs, source({ per_page: null, search: null })).values).toEqual({ context: 'view', page: 1, per_page: 10, author: [] });
  });

  it('does not inject a null default', () => {
    expect(processArgs({ a: { type: 'string', default: null } }, source({})).values).toEqual({});
  });

  it('validates and sanitises defaults too', () => {
    expect(processArgs({ n: { type: 'integer', default: '7' } }, source({})).values).toEqual({ n: 7 });
    const error = failure(() => processArgs({ n: { type: 'integer', default: 'seven' } }, source({})));
    expect(error.code).toBe('rest_invalid_param');
    expect(error.data.params).toEqual({ n: 'n is not of type integer.' });
  });

  it('does not share the default object between requests', () => {
    const args: Record<string, ArgSchema> = { ids: { type: 'array', items: { type: 'integer' }, default: [] } };
    const first = processArgs(args, source({})).values.ids as number[];
    first.push(1);
    expect(processArgs(args, source({})).values.ids).toEqual([]);
    expect(args.ids.default).toEqual([]);
  });

  it('sanitises the oneOf categories arg with its matching branch', () => {
    expect(processArgs(postsArgs, source({ categories: '4,5' })).values.categories).toEqual([4, 5]);
    expect(processArgs(postsArgs, source({ categories: { terms: '4', operator: 'AND' } })).values.categories).toEqual({ terms: [4], operator: 'AND' });
  });
});

describe('processArgs: missing required args (checklist 17)', () => {
  const args: Record<string, ArgSchema> = {
    url: { type: 'string', required: true },
    format: { type: 'string', default: 'json', required: true },
    maxwidth: { type: 'integer', default: 600 },
    name: { type: 'string', required: true },
  };

  it('lists every missing arg, in declaration order, as a list', () => {
    const error = failure(() => processArgs(args, source({ maxwidth: 'abc' })));
    expect(error).toMatchObject({ code: 'rest_missing_callback_param', message: 'Missing parameter(s): url, name', status: 400 });
    expect(error.data).toEqual({ params: ['url', 'name'] });
  });

  it('counts a JSON null as missing', () => {
    const error = failure(() => processArgs(args, source({ url: null, name: 'n' })));
    expect(error.message).toBe('Missing parameter(s): url');
    expect(error.data).toEqual({ params: ['url'] });
  });

  it('is satisfied by a default and ignores draft-4 required lists at the top level', () => {
    expect(processArgs(args, source({ url: 'u', name: 'n' })).values).toEqual({ url: 'u', format: 'json', maxwidth: 600, name: 'n' });
    expect(processArgs({ o: { type: 'object', required: ['a'] } }, source({})).values).toEqual({});
  });

  it('accepts an empty string as present', () => {
    expect(processArgs({ url: { type: 'string', required: true } }, source({ url: '' })).values).toEqual({ url: '' });
  });
});

describe('processArgs: invalid params (checklists 15 and 16)', () => {
  it.each(['0', '101'])('per_page=%s → rest_invalid_param with the range message', (perPage) => {
    const error = failure(() => processArgs(postsArgs, source({ per_page: perPage })));
    expect(error).toMatchObject({ code: 'rest_invalid_param', message: 'Invalid parameter(s): per_page', status: 400 });
    expect(error.data).toEqual({
      params: { per_page: 'per_page must be between 1 (inclusive) and 100 (inclusive)' },
      details: { per_page: { code: 'rest_out_of_bounds', message: 'per_page must be between 1 (inclusive) and 100 (inclusive)', data: null } },
    });
  });

  it('reports every bad param together, in declaration order, type errors carrying data.param', () => {
    const error = failure(() => processArgs(postsArgs, source({ author: '1,x', sticky: 'yes', page: 'abc', context: 'bogus' })));
    expect(error.message).toBe('Invalid parameter(s): context, page, author, sticky');
    expect(Object.keys(error.data.params as object)).toEqual(['context', 'page', 'author', 'sticky']);
    expect(error.data.params).toEqual({
      context: 'context is not one of view, embed, and edit.',
      page: 'page is not of type integer.',
      author: 'author[1] is not of type integer.',
      sticky: 'sticky is not of type boolean.',
    });
    expect(error.data.details).toEqual({
      context: { code: 'rest_not_in_enum', message: 'context is not one of view, embed, and edit.', data: null },
      page: { code: 'rest_invalid_type', message: 'page is not of type integer.', data: { param: 'page' } },
      author: { code: 'rest_invalid_type', message: 'author[1] is not of type integer.', data: { param: 'author[1]' } },
      sticky: { code: 'rest_invalid_type', message: 'sticky is not of type boolean.', data: { param: 'sticky' } },
    });
  });

  it('reports the oneOf categories failure with its position', () => {
    const error = failure(() => processArgs(postsArgs, source({ categories: { terms: [1], bogus: 1 } })));
    expect(error.data.details).toEqual({
      categories: {
        code: 'rest_no_matching_schema',
        message: 'categories is not a valid Term ID Taxonomy Query. Reason: bogus is not a valid property of Object.',
        data: { position: 1 },
      },
    });
  });

  it('checks missing args before validating', () => {
    const error = failure(() => processArgs({ a: { type: 'integer' }, b: { type: 'string', required: true } }, source({ a: 'x' })));
    expect(error.code).toBe('rest_missing_callback_param');
  });
});

describe('processArgs: coercions (checklist 19)', () => {
  const args: Record<string, ArgSchema> = { flag: { type: 'boolean' }, n: { type: 'integer' }, list: { type: 'array', items: { type: 'integer' } } };

  it.each([
    ['true', true],
    ['TRUE', true],
    ['False', false],
    ['1', true],
    ['0', false],
    [true, true],
    [0, false],
  ])('boolean %p → %p', (input, expected) => expect(processArgs(args, source({ flag: input })).values.flag).toBe(expected));

  it('rejects "yes" for a boolean', () => {
    const error = failure(() => processArgs(args, source({ flag: 'yes' })));
    expect(error.data.details).toEqual({ flag: { code: 'rest_invalid_type', message: 'flag is not of type boolean.', data: { param: 'flag' } } });
  });

  it('accepts "2.0" and rejects "2.5" for an integer', () => {
    expect(processArgs(args, source({ n: '2.0' })).values.n).toBe(2);
    const error = failure(() => processArgs(args, source({ n: '2.5' })));
    expect(error.data.params).toEqual({ n: 'n is not of type integer.' });
  });

  it('splits "1,2 3" into three items', () => {
    expect(processArgs(args, source({ list: '1,2 3' })).values.list).toEqual([1, 2, 3]);
    expect(processArgs(args, source({ list: '' })).values.list).toEqual([]);
  });
});

describe('processArgs: the sanitize phase', () => {
  const forbidStatus: ArgSchema = {
    type: 'string',
    sanitize: (value) => {
      if (value === 'draft') throw new DomainError('rest_forbidden_status', 'Status is forbidden.', 401);
      return value;
    },
  };

  it('wraps a sanitize failure as 400 rest_invalid_param, the inner status visible only in details', () => {
    const error = failure(() => processArgs({ status: forbidStatus }, source({ status: 'draft' })));
    expect(error).toMatchObject({ code: 'rest_invalid_param', message: 'Invalid parameter(s): status', status: 400 });
    expect(error.data).toEqual({
      params: { status: 'Status is forbidden.' },
      details: { status: { code: 'rest_forbidden_status', message: 'Status is forbidden.', data: { status: 401 } } },
    });
  });

  it('does not merge sanitize failures with validation failures', () => {
    const args = { status: forbidStatus, per_page: postsArgs.per_page };
    const error = failure(() => processArgs(args, source({ status: 'draft', per_page: '0' })));
    expect(Object.keys(error.data.params as object)).toEqual(['per_page']);
    expect(processArgs(args, source({ status: 'publish', per_page: '3' })).values).toEqual({ status: 'publish', per_page: 3 });
  });

  it('joins additional error messages and lists them in details', () => {
    const args: Record<string, ArgSchema> = {
      x: {
        sanitize: () => {
          throw new DomainError('first', 'First.', 400, {}, [new DomainError('second', 'Second.', 400)]);
        },
      },
    };
    const error = failure(() => processArgs(args, source({ x: 1 })));
    expect(error.data).toEqual({
      params: { x: 'First. Second.' },
      details: { x: { code: 'first', message: 'First.', data: { status: 400 }, additional_errors: [{ code: 'second', message: 'Second.', data: { status: 400 } }] } },
    });
  });

  it('validates validateOnSanitize args in the sanitize phase (§2.1)', () => {
    const args: Record<string, ArgSchema> = {
      per_page: postsArgs.per_page,
      after: { ...postsArgs.after, validateOnSanitize: true },
      author: { ...postsArgs.author, validateOnSanitize: true },
    };
    // per_page=abc&after=bad reports only per_page
    const first = failure(() => processArgs(args, source({ per_page: 'abc', after: 'bad' })));
    expect(first.data.params).toEqual({ per_page: 'per_page is not of type integer.' });
    // after=bad&author=x reports both
    const second = failure(() => processArgs(args, source({ author: 'x', after: 'bad' })));
    expect(second.message).toBe('Invalid parameter(s): after, author');
    expect(second.data.details).toEqual({
      after: { code: 'rest_invalid_date', message: 'Invalid date.', data: null },
      author: { code: 'rest_invalid_type', message: 'author[0] is not of type integer.', data: { param: 'author[0]' } },
    });
    expect(processArgs(args, source({ after: '2020-01-01T00:00:00', author: '3' })).values).toEqual({ per_page: 10, after: '2020-01-01T00:00:00', author: [3] });
  });
});

describe('toPublicArgSchema', () => {
  it('keeps the declared key order and appends required', () => {
    expect(JSON.stringify(toPublicArgSchema(postsArgs.context))).toBe(
      '{"description":"Scope under which the request is made.","type":"string","enum":["view","embed","edit"],"default":"view","required":false}',
    );
    const status: ArgSchema = { default: 'publish', description: 'Statuses.', type: 'array', items: { enum: ['publish', 'any'], type: 'string' } };
    expect(JSON.stringify(toPublicArgSchema(status))).toBe(
      '{"default":"publish","description":"Statuses.","type":"array","items":{"enum":["publish","any"],"type":"string"},"required":false}',
    );
  });

  it('prints required as a boolean, last, even when declared first', () => {
    expect(Object.entries(toPublicArgSchema({ required: true, type: 'string', description: 'URL.' }))).toEqual([
      ['type', 'string'],
      ['description', 'URL.'],
      ['required', true],
    ]);
    expect(toPublicArgSchema({ type: 'object', required: ['a'] }).required).toBe(true);
    expect(toPublicArgSchema({ type: 'object', required: [] }).required).toBe(false);
  });

  it('prints only the allowed keywords at the top level', () => {
    const schema: ArgSchema = {
      title: 'T',
      description: 'D',
      type: 'integer',
      format: 'f',
      minimum: 1,
      maximum: 9,
      exclusiveMinimum: true,
      exclusiveMaximum: false,
      multipleOf: 2,
      context: ['view'],
      readonly: true,
      validateOnSanitize: true,
      sanitize: (v) => v,
      validate: () => null,
    };
    expect(toPublicArgSchema(schema)).toEqual({
      title: 'T',
      description: 'D',
      type: 'integer',
      format: 'f',
      minimum: 1,
      maximum: 9,
      exclusiveMinimum: true,
      exclusiveMaximum: false,
      multipleOf: 2,
      required: false,
    });
    const strings: ArgSchema = { type: 'string', minLength: 1, maxLength: 5, pattern: '^a', sanitize: (v) => v };
    expect(Object.keys(toPublicArgSchema(strings))).toEqual(['type', 'minLength', 'maxLength', 'pattern', 'required']);
    const arrays: ArgSchema = { type: 'array', minItems: 1, maxItems: 2, uniqueItems: true, items: { type: 'string' } };
    expect(Object.keys(toPublicArgSchema(arrays))).toEqual(['type', 'minItems', 'maxItems', 'uniqueItems', 'items', 'required']);
    const objects: ArgSchema = { type: 'object', properties: [], additionalProperties: false, patternProperties: {}, minProperties: 0, maxProperties: 3 };
    expect(toPublicArgSchema(objects)).toEqual({ ...objects, required: false });
  });

  it('copies nested schemas verbatim except the hooks', () => {
    const schema: ArgSchema = {
      description: 'Meta.',
      type: 'object',
      properties: {
        validate: { type: 'string', context: ['edit'], readonly: true, sanitize: (v) => v },
        nested: { type: 'array', required: true, items: { type: 'integer', validate: () => null }, validateOnSanitize: true },
      },
      additionalProperties: { type: 'string', sanitize: (v) => v },
      patternProperties: { '^x': { type: 'number', validate: () => null } },
      anyOf: [{ title: 'A', type: 'object', sanitize: (v) => v }],
      oneOf: [{ title: 'B', type: 'object', validate: () => null }],
      sanitize: (v) => v,
    };
    const printed = toPublicArgSchema(schema);
    expect(printed).toEqual({
      description: 'Meta.',
      type: 'object',
      properties: {
        validate: { type: 'string', context: ['edit'], readonly: true },
        nested: { type: 'array', required: true, items: { type: 'integer' } },
      },
      additionalProperties: { type: 'string' },
      patternProperties: { '^x': { type: 'number' } },
      anyOf: [{ title: 'A', type: 'object' }],
      oneOf: [{ title: 'B', type: 'object' }],
      required: false,
    });
    expect(JSON.stringify(printed)).not.toMatch(/sanitize|validateOnSanitize/);
  });

  it('prints the posts categories arg exactly like the sample', () => {
    expect(JSON.stringify(toPublicArgSchema(postsArgs.categories))).toBe(
      JSON.stringify({
        description: 'Categories.',
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
        required: false,
      }),
    );
  });

  it('does not share mutable values with the schema', () => {
    const schema: ArgSchema = { type: 'array', default: [], enum: [[1]] };
    const printed = toPublicArgSchema(schema);
    (printed.default as unknown[]).push(1);
    expect(schema.default).toEqual([]);
  });
});
