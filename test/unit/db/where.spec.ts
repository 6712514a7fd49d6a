/**
 * db/where: Where (a conjunction of conditions with their `?` parameters) and Assignments (an update's `set`
 * list). The text and the parameters must line up: the n-th `?` of toString() is params[n - 1].
 * (LIKE escaping belongs to list-query's searchCondition: see list-query.spec.ts.)
 */
import { Assignments, Where } from '../../../src/db/where';

/** How many `?` placeholders a condition text holds (none of these texts quote a `?`). */
const placeholders = (sql: string) => sql.split('?').length - 1;

describe('Where', () => {
  test('with no condition it is empty, reads `true` (valid SQL) and has no parameters', () => {
    const w = new Where();
    expect(w.isEmpty()).toBe(true);
    expect(w.toString()).toBe('true');
    expect(`${w}`).toBe('true');
    expect(w.params).toEqual([]);
  });

  test('an empty constructor text adds no condition, and its parameters are dropped with it', () => {
    const w = new Where('', 'ignored');
    expect(w.isEmpty()).toBe(true);
    expect(w.toString()).toBe('true');
    expect(w.params).toEqual([]);
  });

  test('the constructor condition comes first, with its parameters', () => {
    const w = new Where('t.program_id = ?', 'p1').and('t.kind = ?', 'sale');
    expect(w.isEmpty()).toBe(false);
    expect(w.toString()).toBe('t.program_id = ? and t.kind = ?');
    expect(w.params).toEqual(['p1', 'sale']);
  });

  test('and() joins conditions with `and`, parameters in the order the placeholders appear', () => {
    const w = new Where('a = ?', 1).and('b between ? and ?', 2, 3).and('c is null').and('d = any(?)', [4, 5]);
    expect(w.toString()).toBe('a = ? and b between ? and ? and c is null and d = any(?)');
    expect(w.params).toEqual([1, 2, 3, [4, 5]]);
    expect(placeholders(w.toString())).toBe(w.params.length);
  });

  test('and() returns the same Where (chaining mutates it)', () => {
    const w = new Where();
    expect(w.and('x = ?', 1)).toBe(w);
    expect(w.andIf(2, 'y = ?')).toBe(w);
    expect(w.andAll(new Where('z = ?', 3))).toBe(w);
    expect(w.params).toEqual([1, 2, 3]);
  });

  test('andIf() skips undefined and null only', () => {
    const w = new Where('p = ?', 'p1').andIf(undefined, 'a = ?').andIf(null, 'b = ?');
    expect(w.toString()).toBe('p = ?');
    expect(w.params).toEqual(['p1']);
  });

  test.each<[string, unknown]>([
    ['false', false],
    ['0', 0],
    ['the empty string', ''],
    ['NaN', Number.NaN],
    ['an empty array', []],
  ])('andIf() applies a filter whose value is %s', (_label, value) => {
    const w = new Where().andIf(value, 'f = ?');
    expect(w.toString()).toBe('f = ?');
    expect(w.params).toEqual([value]);
  });

  test('andIf() keeps the given parameter with its condition among others', () => {
    const filter: { status?: string | null; min?: number | null; max?: number | null } = { status: null, min: 10, max: undefined };
    const w = new Where('p = ?', 'p1').andIf(filter.status, 's = ?').andIf(filter.min, 'n >= ?').andIf(filter.max, 'n <= ?').and('k = ?', 'kind');
    expect(w.toString()).toBe('p = ? and n >= ? and k = ?');
    expect(w.params).toEqual(['p1', 10, 'kind']);
  });

  test("andAll() adds the other's conditions as one (parenthesis-free) run, its parameters after this one's", () => {
    const other = new Where('x = ?', 'x1').and('y in (?)', ['y1', 'y2']);
    const w = new Where('p = ?', 'p1').andAll(other).and('z = ?', 'z1');
    expect(w.toString()).toBe('p = ? and x = ? and y in (?) and z = ?');
    expect(w.params).toEqual(['p1', 'x1', ['y1', 'y2'], 'z1']);
    // the other Where is left as it was
    expect(other.toString()).toBe('x = ? and y in (?)');
    expect(other.params).toEqual(['x1', ['y1', 'y2']]);
  });

  test('andAll() of an empty Where adds nothing (no stray `true`)', () => {
    const w = new Where('p = ?', 'p1').andAll(new Where());
    expect(w.toString()).toBe('p = ?');
    expect(w.params).toEqual(['p1']);
    const empty = new Where().andAll(new Where());
    expect(empty.isEmpty()).toBe(true);
    expect(empty.toString()).toBe('true');
  });

  test('andAll() into an empty Where takes the other as it is', () => {
    const w = new Where().andAll(new Where('a = ?', 1).and('b = ?', 2));
    expect(w.isEmpty()).toBe(false);
    expect(w.toString()).toBe('a = ? and b = ?');
    expect(w.params).toEqual([1, 2]);
  });

  test('an `or` inside a condition stays grouped only as the caller wrote it', () => {
    // Where does not parenthesise: a condition with `or` must bring its own parentheses.
    const w = new Where('p = ?', 'p1').and('(a = ? or b = ?)', 1, 2);
    expect(w.toString()).toBe('p = ? and (a = ? or b = ?)');
    expect(w.params).toEqual(['p1', 1, 2]);
  });

  test('values are kept as given (not formatted into the text)', () => {
    const when = new Date('2026-05-01T10:00:00Z');
    const evil = "x' or '1'='1";
    const w = new Where('at >= ?', when).and('name = ?', evil);
    expect(w.toString()).toBe('at >= ? and name = ?');
    expect(w.toString()).not.toContain(evil);
    expect(w.params[0]).toBe(when);
    expect(w.params[1]).toBe(evil);
  });
});

describe('Assignments', () => {
  test('with nothing set it is empty and reads as the empty string', () => {
    const a = new Assignments();
    expect(a.isEmpty()).toBe(true);
    expect(a.toString()).toBe('');
    expect(a.params).toEqual([]);
  });

  test('set() lists assignments with `, `, parameters in order; expressions need none', () => {
    const a = new Assignments().set('name = ?', 'n').set('updated_at = now()').set('total = total + ?', 5);
    expect(a.isEmpty()).toBe(false);
    expect(a.toString()).toBe('name = ?, updated_at = now(), total = total + ?');
    expect(a.params).toEqual(['n', 5]);
    expect(placeholders(a.toString())).toBe(a.params.length);
  });

  interface Patch {
    name: string;
    rate: number | null;
    active: boolean;
    note: string | null;
  }
  const COLUMNS: { [K in keyof Patch]?: string } = { name: 'name', rate: 'rate_percent', active: 'is_active', note: 'note' };

  test("fromColumns() writes `column = ?` per given property, in the columns' order (not the values')", () => {
    const a = new Assignments().fromColumns<Patch>(COLUMNS, { note: 'n', active: false, name: 'x' });
    expect(a.toString()).toBe('name = ?, is_active = ?, note = ?');
    expect(a.params).toEqual(['x', false, 'n']);
  });

  test('fromColumns() skips absent and undefined properties; null is written (as NULL)', () => {
    const a = new Assignments().fromColumns<Patch>(COLUMNS, { name: undefined, rate: null, active: true });
    expect(a.toString()).toBe('rate_percent = ?, is_active = ?');
    expect(a.params).toEqual([null, true]);
  });

  test('fromColumns() ignores properties no column is named for', () => {
    const columns: { [K in keyof Patch]?: string } = { name: 'name' };
    const a = new Assignments().fromColumns<Patch>(columns, { name: 'x', rate: 3, active: true });
    expect(a.toString()).toBe('name = ?');
    expect(a.params).toEqual(['x']);
  });

  test('fromColumns() with nothing given leaves it empty (the caller skips the update)', () => {
    const a = new Assignments().fromColumns<Patch>(COLUMNS, { name: undefined });
    expect(a.isEmpty()).toBe(true);
    expect(a.toString()).toBe('');
    expect(a.params).toEqual([]);
  });

  test('set() and fromColumns() mix, each parameter beside its assignment', () => {
    const a = new Assignments().set('version = version + 1').fromColumns<Patch>(COLUMNS, { rate: 12.5 }).set('updated_at = ?', 'now');
    expect(a.toString()).toBe('version = version + 1, rate_percent = ?, updated_at = ?');
    expect(a.params).toEqual([12.5, 'now']);
  });
});
