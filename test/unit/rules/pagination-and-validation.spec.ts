/** Cursor pagination and the REST facade's input validation (the one validator, src/validation/validator.ts). */
import { DEFAULT_PAGE_SIZE, encodeCursor, MAX_PAGE_SIZE, pageWindow, toPage, UUID_IDS } from '../../../src/common/pagination';
import { inputSchema } from '../../../rest-facade/route';
import { restRoutes, routeKey } from '../../../rest-facade/router';
import { Body, Bool, Email, Int, MAX_TEXT, Nullable, Num, Omittable, OneOf, RequiredText, Text } from '../../../src/validation/kit';
import { validateInput, type InputLocation } from '../../../src/validation/validator';
import { domainErrorOf } from '../../helpers/assertions';

describe('pagination', () => {
  const id = '0190a6b2-3c4d-7e5f-8a6b-7c8d9e0f1a2b';

  test('defaults and bounds of first', () => {
    expect(pageWindow({})).toMatchObject({ limit: DEFAULT_PAGE_SIZE, afterId: undefined, beforeId: undefined, backward: false });
    expect(pageWindow({ first: null, after: null })).toMatchObject({ limit: DEFAULT_PAGE_SIZE, afterId: undefined, beforeId: undefined, backward: false });
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
    expect(UUID_IDS.decode(c)).toBe(id);
    expect(pageWindow({ after: c })).toMatchObject({ limit: DEFAULT_PAGE_SIZE, afterId: id, beforeId: undefined, backward: false });
    expect(pageWindow({ last: 5, before: c })).toMatchObject({ limit: 5, afterId: undefined, beforeId: id, backward: true });
  });

  test.each(['garbage', '!!!', encodeCursor('not-a-uuid'), encodeCursor(`${id}x`), encodeCursor('123'), id])(
    'cursor %j is VALIDATION_FAILED on after',
    (after) => {
      const err = domainErrorOf(() => pageWindow({ after }));
      expect(err.code).toBe('VALIDATION_FAILED');
      expect(err.details?.[0].field).toBe('after');
      expect(UUID_IDS.decode(after)).toBeNull();
    },
  );

  test('toPage uses the extra row to tell whether another page exists, and turns a backward read round', () => {
    const rows = [{ id: 'a' }, { id: 'b' }, { id: 'c' }];
    const forward = (limit: number, afterId?: string) => ({ limit, afterId, backward: false });
    expect(toPage(rows, forward(2))).toMatchObject({
      nodes: [{ id: 'a' }, { id: 'b' }],
      hasNextPage: true,
      hasPreviousPage: false,
      startCursor: encodeCursor('a'),
      endCursor: encodeCursor('b'),
    });
    expect(toPage(rows, forward(3, 'x'))).toMatchObject({ nodes: rows, hasNextPage: false, hasPreviousPage: true, endCursor: encodeCursor('c') });
    expect(toPage([], forward(3))).toMatchObject({ nodes: [], hasNextPage: false, startCursor: null, endCursor: null });
    // Read newest first (c, b, a) for `last: 2`: the page is b, c, and more precede it.
    const backward = toPage([...rows].reverse(), { limit: 2, backward: true });
    expect(backward).toMatchObject({ nodes: [{ id: 'b' }, { id: 'c' }], hasPreviousPage: true, hasNextPage: false });
  });

  test('first with last, or a size out of range, is VALIDATION_FAILED naming it', () => {
    expect(domainErrorOf(() => pageWindow({ first: 1, last: 1 })).details?.[0].field).toBe('last');
    expect(domainErrorOf(() => pageWindow({ last: 0 })).details?.[0].field).toBe('last');
    expect(domainErrorOf(() => pageWindow({ before: 'garbage', last: 1 })).details?.[0].field).toBe('before');
  });
});

describe('validateInput (REST bodies and query strings)', () => {
  // One field of each kind: a required text of at most 10 characters, and optional (nullable) others.
  const schema = Body({
    firstName: RequiredText(10),
    email: Nullable(Email()),
    rate: Nullable(Num()),
    count: Nullable(Int(-Number.MAX_SAFE_INTEGER, Number.MAX_SAFE_INTEGER)),
    flag: Nullable(Bool()),
    status: Nullable(OneOf(['active', 'pending'])),
  });
  const validate = (input: unknown, where: InputLocation) => validateInput(schema, input, where);

  const failure = (input: unknown, where: InputLocation = 'body') => {
    const err = domainErrorOf(() => validate(input, where));
    expect(err.code).toBe('VALIDATION_FAILED');
    return err;
  };

  test('accepts well-typed fields and returns only them', () => {
    const input = { firstName: 'Ada', email: 'ada@example.com', rate: 12.5, count: 3, flag: false, status: 'pending' };
    expect(validate(input, 'body')).toEqual(input);
    expect(validate({ firstName: 'Ada' }, 'body')).toEqual({ firstName: 'Ada' });
  });

  test('unknown fields are listed by name', () => {
    const err = failure({ firstName: 'Ada', nickname: 'x', extra: 1 });
    expect(err.details).toEqual([
      { field: 'nickname', message: 'nickname is not an accepted field' },
      { field: 'extra', message: 'extra is not an accepted field' },
    ]);
  });

  test.each(['constructor', 'toString', 'hasOwnProperty', '__proto__', 'valueOf'])(
    'a field named %s (an Object.prototype member) is an unknown field, not a crash',
    (name) => {
      const input = JSON.parse(`{"firstName": "Ada", "${name}": "x"}`);
      const err = failure(input);
      expect(err.details).toEqual([{ field: name, message: `${name} is not an accepted field` }]);
    },
  );

  test.each([
    ['firstName', 5, 'must be a string'],
    ['firstName', true, 'must be a string'],
    ['firstName', ['Ada'], 'must be a string'],
    ['firstName', { a: 1 }, 'must be a string'],
    ['email', 'not-an-email', 'must be a valid email address'],
    ['email', 42, 'must be a string'],
    ['rate', '12.5', 'must be a number'],
    ['rate', Number.NaN, 'must be a number'],
    ['count', 1.5, 'must be an integer'],
    ['count', '3', 'must be an integer'],
    ['count', 2 ** 60, `must be an integer from ${-Number.MAX_SAFE_INTEGER} to ${Number.MAX_SAFE_INTEGER}`],
    ['flag', 'true', 'must be true or false'],
    ['flag', 1, 'must be true or false'],
    ['status', 'deleted', 'must be one of active, pending'],
    ['status', 1, 'must be one of active, pending'],
  ])('%s = %j is a wrong type', (field, value, words) => {
    const err = failure({ firstName: 'Ada', [field]: value });
    expect(err.details).toEqual([{ field, message: `${field} ${words}` }]);
  });

  test('strings longer than their maxLength are refused', () => {
    expect(failure({ firstName: 'x'.repeat(11) }).details).toEqual([{ field: 'firstName', message: 'firstName is too long (at most 10 characters)' }]);
    expect(validate({ firstName: 'x'.repeat(10) }, 'body')).toEqual({ firstName: 'x'.repeat(10) });
  });

  test('required fields: missing, null, empty and blank are refused; every problem is listed once', () => {
    for (const input of [{}, { firstName: null }, { firstName: '' }, { firstName: '   ' }]) {
      expect(failure(input).details).toEqual([{ field: 'firstName', message: 'firstName is required' }]);
    }
    // In the order sent, then the missing required fields; one sentence each, joined.
    const err = failure({ rate: 'x', count: 'y', unknown: 1 });
    expect(err.details).toEqual([
      { field: 'rate', message: 'rate must be a number' },
      { field: 'count', message: 'count must be an integer' },
      { field: 'unknown', message: 'unknown is not an accepted field' },
      { field: 'firstName', message: 'firstName is required' },
    ]);
    expect(err.message).toBe('rate must be a number; count must be an integer; unknown is not an accepted field; firstName is required');
  });

  test('null on an optional field is kept (it clears a value); on a field that is not nullable it is refused', () => {
    expect(validate({ firstName: 'Ada', email: null, count: null, status: null }, 'body')).toEqual({
      firstName: 'Ada',
      email: null,
      count: null,
      status: null,
    });
    // Optional but not nullable (Omittable): null is refused, as missing for a text that must not be blank.
    const strict = Body({ note: Omittable(Text(10)), size: Omittable(Int(1, 10)), name: Omittable(RequiredText(10)) });
    expect(validateInput(strict, {})).toEqual({});
    expect(domainErrorOf(() => validateInput(strict, { note: null, size: null, name: null })).details).toEqual([
      { field: 'note', message: 'note cannot be null' },
      { field: 'size', message: 'size cannot be null' },
      { field: 'name', message: 'name is required' },
    ]);
  });

  test('the body must be a JSON object; an absent body is an empty one', () => {
    for (const input of [[], 'firstName', 42]) expect(failure(input).message).toBe('The request body must be a JSON object');
    const optional = Body({ a: Nullable(Text(MAX_TEXT)) });
    expect(validateInput(optional, undefined, 'body')).toEqual({});
    expect(validateInput(optional, null, 'body')).toEqual({});
    // Absent is empty, so a required field is then missing.
    expect(failure(undefined).details).toEqual([{ field: 'firstName', message: 'firstName is required' }]);
  });

  test('query mode parses numbers, integers and booleans from strings', () => {
    expect(validate({ firstName: 'Ada', rate: '12.5', count: '-3', flag: 'true', status: 'active', email: 'a@example.com' }, 'query')).toEqual({
      firstName: 'Ada',
      rate: 12.5,
      count: -3,
      flag: true,
      status: 'active',
      email: 'a@example.com',
    });
    expect(validate({ firstName: 'Ada', flag: 'false' }, 'query')).toEqual({ firstName: 'Ada', flag: false });
    // Only a query string's text is parsed: the same strings in a body are wrong types.
    expect(failure({ firstName: 'Ada', rate: '12.5', flag: 'true' }, 'body').details!.map((d) => d.field)).toEqual(['rate', 'flag']);
  });

  test.each([
    ['rate', 'abc', 'must be a number'],
    ['rate', '1e3', 'must be a number'],
    ['rate', '', 'must be a number'],
    ['count', '1.5', 'must be an integer'],
    ['count', 'three', 'must be an integer'],
    ['flag', 'yes', 'must be true or false'],
    ['flag', '1', 'must be true or false'],
    ['status', 'gone', 'must be one of active, pending'],
  ])('query %s=%j is refused', (field, value, words) => {
    expect(failure({ firstName: 'Ada', [field]: value }, 'query').details).toEqual([{ field, message: `${field} ${words}` }]);
  });

  test('a repeated query parameter (an array) is refused, not joined or picked', () => {
    const err = failure({ firstName: ['Ada', 'Grace'] }, 'query');
    expect(err.details).toEqual([{ field: 'firstName', message: 'firstName must be given once, as a plain value' }]);
    expect(failure({ firstName: 'Ada', count: ['1', '2'] }, 'query').details).toEqual([
      { field: 'count', message: 'count must be given once, as a plain value' },
    ]);
    expect(failure({ firstName: 'Ada', unknown: 'x' }, 'query').details).toEqual([{ field: 'unknown', message: 'unknown is not an accepted query parameter' }]);
  });

  test("every route's schema is closed, and names an unknown input as its method reads it (query string or body)", () => {
    for (const r of restRoutes) {
      const where: InputLocation = r.method === 'GET' ? 'query' : 'body';
      const err = domainErrorOf(() => validateInput(inputSchema(r), { bogus: 'x' }, where));
      expect({ route: routeKey(r), details: err.details?.filter((d) => d.field === 'bogus') }).toEqual({
        route: routeKey(r),
        details: [{ field: 'bogus', message: `bogus is not an accepted ${where === 'query' ? 'query parameter' : 'field'}` }],
      });
    }
  });
});
