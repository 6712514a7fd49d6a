/** Cursor pagination and the REST facade's field validation. */
import { DomainError } from '../../../src/common/errors';
import { decodeCursor, DEFAULT_PAGE_SIZE, encodeCursor, MAX_PAGE_SIZE, pageWindow, toPage } from '../../../src/common/pagination';
import { validateFields, type FieldSpecs } from '../../../rest-facade/validate';
import { domainErrorOf } from '../../helpers/assertions';

describe('pagination', () => {
  const id = '0190a6b2-3c4d-7e5f-8a6b-7c8d9e0f1a2b';

  test('defaults and bounds of first', () => {
    expect(pageWindow({})).toEqual({ limit: DEFAULT_PAGE_SIZE, afterId: undefined });
    expect(pageWindow({ first: null, after: null })).toEqual({ limit: DEFAULT_PAGE_SIZE, afterId: undefined });
    expect(pageWindow({ first: 1 }).limit).toBe(1);
    expect(pageWindow({ first: MAX_PAGE_SIZE }).limit).toBe(MAX_PAGE_SIZE);
    expect(MAX_PAGE_SIZE).toBe(500);
    expect(DEFAULT_PAGE_SIZE).toBe(50);
  });

  test.each([0, -1, MAX_PAGE_SIZE + 1, 1.5, Number.NaN])('first = %p is VALIDATION_FAILED on first', (first) => {
    const err = domainErrorOf(() => pageWindow({ first }));
    expect(err.code).toBe('VALIDATION_FAILED');
    expect(err.details?.[0].field).toBe('first');
  });

  test('cursors round-trip and are URL-safe', () => {
    const c = encodeCursor(id);
    expect(c).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(decodeCursor(c)).toBe(id);
    expect(pageWindow({ after: c })).toEqual({ limit: DEFAULT_PAGE_SIZE, afterId: id });
  });

  test.each(['garbage', '!!!', encodeCursor('not-a-uuid'), encodeCursor(`${id}x`), encodeCursor('123'), id])(
    'cursor %j is VALIDATION_FAILED on after',
    (after) => {
      const err = domainErrorOf(() => pageWindow({ after }));
      expect(err.code).toBe('VALIDATION_FAILED');
      expect(err.details?.[0].field).toBe('after');
      expect(() => decodeCursor(after)).toThrow(DomainError);
    },
  );

  test('toPage uses the extra row to tell whether another page exists', () => {
    const rows = [{ id: 'a' }, { id: 'b' }, { id: 'c' }];
    expect(toPage(rows, 2)).toEqual({ nodes: [{ id: 'a' }, { id: 'b' }], hasNextPage: true, endCursor: encodeCursor('b') });
    expect(toPage(rows, 3)).toEqual({ nodes: rows, hasNextPage: false, endCursor: encodeCursor('c') });
    expect(toPage([], 3)).toEqual({ nodes: [], hasNextPage: false, endCursor: null });
  });
});

describe('validateFields (REST facade)', () => {
  const specs: FieldSpecs = {
    firstName: { type: 'string', required: true, max: 10 },
    email: { type: 'email' },
    rate: { type: 'number' },
    count: { type: 'integer' },
    flag: { type: 'boolean' },
    status: { type: { enum: ['active', 'pending'] as const } },
  };

  const failure = (input: unknown, where: 'body' | 'query' = 'body') => {
    const err = domainErrorOf(() => validateFields(input, specs, where));
    expect(err.code).toBe('VALIDATION_FAILED');
    return err;
  };

  test('accepts well-typed fields and returns only them', () => {
    const input = { firstName: 'Ada', email: 'ada@example.com', rate: 12.5, count: 3, flag: false, status: 'pending' };
    expect(validateFields(input, specs, 'body')).toEqual(input);
    expect(validateFields({ firstName: 'Ada' }, specs, 'body')).toEqual({ firstName: 'Ada' });
  });

  test('unknown fields are listed by name', () => {
    const err = failure({ firstName: 'Ada', nickname: 'x', extra: 1 });
    expect(err.details).toEqual([
      { field: 'nickname', message: expect.stringContaining('nickname') },
      { field: 'extra', message: expect.stringContaining('extra') },
    ]);
  });

  test.each(['constructor', 'toString', 'hasOwnProperty', '__proto__', 'valueOf'])(
    'a field named %s (an Object.prototype member) is an unknown field, not a crash',
    (name) => {
      const input = JSON.parse(`{"firstName": "Ada", "${name}": "x"}`);
      const err = failure(input);
      expect(err.details).toEqual([expect.objectContaining({ field: name })]);
    },
  );

  test.each([
    ['firstName', 5],
    ['firstName', true],
    ['firstName', ['Ada']],
    ['firstName', { a: 1 }],
    ['email', 'not-an-email'],
    ['email', 42],
    ['rate', '12.5'],
    ['rate', Number.NaN],
    ['count', 1.5],
    ['count', '3'],
    ['count', 2 ** 60],
    ['flag', 'true'],
    ['flag', 1],
    ['status', 'deleted'],
    ['status', 1],
  ])('%s = %j is a wrong type', (field, value) => {
    const err = failure({ firstName: 'Ada', [field]: value });
    expect(err.details).toEqual([expect.objectContaining({ field })]);
  });

  test('strings longer than max are refused', () => {
    expect(failure({ firstName: 'x'.repeat(11) }).details).toEqual([expect.objectContaining({ field: 'firstName' })]);
    expect(validateFields({ firstName: 'x'.repeat(10) }, specs, 'body')).toEqual({ firstName: 'x'.repeat(10) });
  });

  test('required fields: missing, null, empty and blank are refused; every problem is listed once', () => {
    for (const input of [{}, { firstName: null }, { firstName: '' }, { firstName: '   ' }]) {
      expect(failure(input).details).toEqual([{ field: 'firstName', message: expect.stringContaining('required') }]);
    }
    const err = failure({ rate: 'x', count: 'y', unknown: 1 });
    expect(err.details!.map((d) => d.field).sort()).toEqual(['count', 'firstName', 'rate', 'unknown']);
    expect(err.message).toContain('firstName');
  });

  test('null on an optional field is kept (it clears a value)', () => {
    expect(validateFields({ firstName: 'Ada', email: null, count: null, status: null }, specs, 'body')).toEqual({
      firstName: 'Ada',
      email: null,
      count: null,
      status: null,
    });
  });

  test('the body must be a JSON object; an absent body is an empty one', () => {
    failure([]);
    failure('firstName');
    failure(42);
    expect(() => validateFields(undefined, { a: { type: 'string' } }, 'body')).not.toThrow();
    expect(validateFields(null, { a: { type: 'string' } }, 'body')).toEqual({});
  });

  test('query mode parses numbers, integers and booleans from strings', () => {
    expect(validateFields({ firstName: 'Ada', rate: '12.5', count: '-3', flag: 'true', status: 'active', email: 'a@example.com' }, specs, 'query')).toEqual({
      firstName: 'Ada',
      rate: 12.5,
      count: -3,
      flag: true,
      status: 'active',
      email: 'a@example.com',
    });
    expect(validateFields({ firstName: 'Ada', flag: 'false' }, specs, 'query')).toEqual({ firstName: 'Ada', flag: false });
  });

  test.each([
    ['rate', 'abc'],
    ['rate', '1e3'],
    ['rate', ''],
    ['count', '1.5'],
    ['count', 'three'],
    ['flag', 'yes'],
    ['flag', '1'],
    ['status', 'gone'],
  ])('query %s=%j is refused', (field, value) => {
    expect(failure({ firstName: 'Ada', [field]: value }, 'query').details).toEqual([expect.objectContaining({ field })]);
  });

  test('a repeated query parameter (an array) is refused, not joined or picked', () => {
    const err = failure({ firstName: ['Ada', 'Grace'] }, 'query');
    expect(err.details).toEqual([expect.objectContaining({ field: 'firstName' })]);
    expect(failure({ firstName: 'Ada', count: ['1', '2'] }, 'query').details).toEqual([expect.objectContaining({ field: 'count' })]);
    expect(failure({ firstName: 'Ada', unknown: 'x' }, 'query').details![0].message).toContain('query parameter');
  });
});
