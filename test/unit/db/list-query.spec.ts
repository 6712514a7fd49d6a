/**
 * db/list-query: the list statement builder. First the text and parameters it builds (the program condition,
 * joins, filters, keyset bounds in each direction, the order, the limit, the count), then the same statements
 * run on a real PostgreSQL: paging through a list with ties in both directions and both orders visits every row
 * once, in order; filters, search (LIKE wildcards matching themselves) and the count keep to one program.
 */
import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import { createLogger } from '../../../src/common/logger';
import type { PageWindow } from '../../../src/common/pagination';
import { countOf, ListQuery, searchCondition, sortValuesOf, type SortDirection } from '../../../src/db/list-query';
import { initOrm } from '../../../src/db/orm';
import { execute } from '../../../src/db/sql';
import { createTestDatabase } from '../../helpers/database';

/** How many `?` placeholders a text holds (none of the texts here quote one). */
const placeholders = (sql: string) => sql.split('?').length - 1;

const items = () => new ListQuery('list_items l', 'l.program_id', 'p1');

describe('the statement text and its parameters', () => {
  test('the bare list: the program condition only', () => {
    const q = items();
    expect(q.sql('l.*')).toBe('select l.* from list_items l where l.program_id = ?');
    expect(q.params).toEqual(['p1']);
    expect(q.countSql()).toBe('select count(*)::int as n from list_items l where l.program_id = ?');
    expect(q.countParams).toEqual(['p1']);
    expect(q.sortValue()).toBe('');
  });

  test('joins, conditions and optional filters in the order given; absent filters add nothing', () => {
    const q = new ListQuery('sales s', 's.program_id', 'p1')
      .join('left join commissions c on c.program_id = s.program_id and c.sale_id = s.id')
      .join('join affiliates a on a.program_id = s.program_id and a.id = s.affiliate_id')
      .filter('r1', 's.referral_id = ?')
      .filter(null, 's.link_id = ?')
      .filter(undefined, 's.external_id = ?')
      .and('s.total >= ? and s.total < ?', 10, 20)
      .filter(false, 's.refunded = ?')
      .filter(0, 'c.amount = ?');
    const where = 'where s.program_id = ? and s.referral_id = ? and s.total >= ? and s.total < ? and s.refunded = ? and c.amount = ?';
    const joins =
      'left join commissions c on c.program_id = s.program_id and c.sale_id = s.id join affiliates a on a.program_id = s.program_id and a.id = s.affiliate_id';
    expect(q.sql('s.*, c.amount')).toBe(`select s.*, c.amount from sales s ${joins} ${where}`);
    expect(q.params).toEqual(['p1', 'r1', 10, 20, false, 0]);
    expect(q.countSql()).toBe(`select count(*)::int as n from sales s ${joins} ${where}`);
    expect(q.countParams).toEqual(['p1', 'r1', 10, 20, false, 0]);
    expect(q.where.toString()).toBe(where.slice('where '.length));
  });

  test('createdBetween applies each bound when given: [after, before)', () => {
    const after = new Date('2026-01-01T00:00:00Z');
    expect(items().createdBetween('l.created_at', after, '2026-02-01').sql('l.id')).toBe(
      'select l.id from list_items l where l.program_id = ? and l.created_at >= ? and l.created_at < ?',
    );
    expect(items().createdBetween('l.created_at', after, '2026-02-01').params).toEqual(['p1', after, '2026-02-01']);
    expect(items().createdBetween('l.created_at', null, '2026-02-01').sql('l.id')).toBe(
      'select l.id from list_items l where l.program_id = ? and l.created_at < ?',
    );
    expect(items().createdBetween('l.created_at', after, undefined).params).toEqual(['p1', after]);
    expect(items().createdBetween('l.created_at', undefined, null).sql('l.id')).toBe('select l.id from list_items l where l.program_id = ?');
  });

  test('search adds one ilike per text, or nothing without a term', () => {
    const q = items().search('ab', ['l.name', 'lower(l.email)']);
    expect(q.sql('l.id')).toBe('select l.id from list_items l where l.program_id = ? and (l.name ilike ? or lower(l.email) ilike ?)');
    expect(q.params).toEqual(['p1', '%ab%', '%ab%']);
    for (const term of [null, undefined, '']) expect(items().search(term, ['l.name']).params).toEqual(['p1']);
  });

  test.each<[SortDirection, 'after' | 'before', '>' | '<']>([
    ['asc', 'after', '>'],
    ['asc', 'before', '<'],
    ['desc', 'after', '<'],
    ['desc', 'before', '>'],
  ])('one order column %s, %s a row: %s', (direction, side, op) => {
    const q = items().orderBy('l.id', direction).limit(11);
    if (side === 'after') q.after(7);
    else q.before(7);
    expect(q.sql('l.id')).toBe(
      `select l.id from list_items l where l.program_id = ? and l.id ${op} ? order by l.id${direction === 'desc' ? ' desc' : ''} limit ?`,
    );
    expect(q.params).toEqual(['p1', 7, 11]);
  });

  test('several order columns are compared as a row; after comes before before in text and parameters', () => {
    const q = items().and('l.kind = ?', 'k').orderBy('lower(l.name)').orderBy('l.id').after('b', 2).before('m', 9).limit(6);
    expect(q.sql('l.*')).toBe(
      'select l.* from list_items l where l.program_id = ? and l.kind = ? and (lower(l.name), l.id) > (?, ?) and (lower(l.name), l.id) < (?, ?) order by lower(l.name), l.id limit ?',
    );
    expect(q.params).toEqual(['p1', 'k', 'b', 2, 'm', 9, 6]);
    expect(placeholders(q.sql('l.*'))).toBe(q.params.length);
    // the count takes the filters, none of the page's bounds
    expect(q.countSql()).toBe('select count(*)::int as n from list_items l where l.program_id = ? and l.kind = ?');
    expect(q.countParams).toEqual(['p1', 'k']);
  });

  test('backward reverses every order column; the bounds stay as they are', () => {
    const asc = items().orderBy('l.score').orderBy('l.id').before(3, 4).backward().limit(3);
    expect(asc.sql('l.id')).toBe('select l.id from list_items l where l.program_id = ? and (l.score, l.id) < (?, ?) order by l.score desc, l.id desc limit ?');
    const desc = items().orderBy('l.score', 'desc').orderBy('l.id', 'desc').before(3, 4).backward().limit(3);
    expect(desc.sql('l.id')).toBe('select l.id from list_items l where l.program_id = ? and (l.score, l.id) > (?, ?) order by l.score, l.id limit ?');
    expect(desc.params).toEqual(['p1', 3, 4, 3]);
    // backward(false) turns it off again
    expect(items().orderBy('l.id').backward().backward(false).sql('l.id')).toBe('select l.id from list_items l where l.program_id = ? order by l.id');
  });

  test('after()/before() with no first value mean no bound; a later call replaces an earlier one', () => {
    for (const q of [items().orderBy('l.id').after(), items().orderBy('l.id').after(undefined), items().orderBy('l.id').before(null, 3)]) {
      expect(q.sql('l.id')).toBe('select l.id from list_items l where l.program_id = ? order by l.id');
      expect(q.params).toEqual(['p1']);
    }
    const q = items().orderBy('l.id').after(5).after(8).before(20).before(null);
    expect(q.sql('l.id')).toBe('select l.id from list_items l where l.program_id = ? and l.id > ? order by l.id');
    expect(q.params).toEqual(['p1', 8]);
  });

  test('a limit of 0 is still a limit', () => {
    const q = items().limit(0);
    expect(q.sql('l.id')).toBe('select l.id from list_items l where l.program_id = ? limit ?');
    expect(q.params).toEqual(['p1', 0]);
  });

  test('order columns in different directions are refused', () => {
    expect(() => items().orderBy('l.score', 'asc').orderBy('l.id', 'desc')).toThrow(/one direction/);
    expect(() => items().orderBy('l.score', 'desc').orderBy('l.id')).toThrow(/one direction/);
  });

  test('a bound needs one value per order column', () => {
    expect(() => items().orderBy('l.score').orderBy('l.id').after(3).sql('l.id')).toThrow(/after\(\) needs one value per order column/);
    expect(() => items().orderBy('l.id').before(3, 4).sql('l.id')).toThrow(/before\(\) needs one value per order column/);
    expect(() => items().after(3).sql('l.id')).toThrow(/after\(\) needs one value per order column/);
  });

  test('a sort join is in the list statement, not in the count', () => {
    const q = items()
      .join('join groups g on g.program_id = l.program_id and g.id = l.group_id')
      .sortJoin('left join lateral (select count(*)::int as n from tags t where t.program_id = l.program_id and t.item_id = l.id) tc on true')
      .filter('g1', 'g.id = ?')
      .orderBy('tc.n')
      .orderBy('l.id');
    expect(q.sql('l.*')).toBe(
      'select l.* from list_items l join groups g on g.program_id = l.program_id and g.id = l.group_id left join lateral (select count(*)::int as n from tags t where t.program_id = l.program_id and t.item_id = l.id) tc on true where l.program_id = ? and g.id = ? order by tc.n, l.id',
    );
    expect(q.countSql()).toBe(
      'select count(*)::int as n from list_items l join groups g on g.program_id = l.program_id and g.id = l.group_id where l.program_id = ? and g.id = ?',
    );
  });

  test('params and countParams are copies: changing them changes nothing', () => {
    const q = items().orderBy('l.id').after(1).limit(5);
    q.params.push('x');
    q.countParams.push('y');
    expect(q.params).toEqual(['p1', 1, 5]);
    expect(q.countParams).toEqual(['p1']);
  });

  describe('page() and window()', () => {
    const base: PageWindow<number> = { limit: 10, backward: false };

    test('without an order: by the id alone, in the default direction, limit + 1', () => {
      const q = items().page('l.id', { ...base, afterId: 7 }, 'l.score');
      expect(q.sql(`l.id${q.sortValue()}`)).toBe('select l.id from list_items l where l.program_id = ? and l.id > ? order by l.id limit ?');
      expect(q.params).toEqual(['p1', 7, 11]);
      const desc = items().page('l.id', { ...base, afterId: 7 }, 'l.score', 'desc');
      expect(desc.sql('l.id')).toBe('select l.id from list_items l where l.program_id = ? and l.id < ? order by l.id desc limit ?');
    });

    test('with an order but no sort expression: by the id alone', () => {
      const q = items().page('l.id', { ...base, order: { field: 'clicks', direction: 'desc' }, afterId: 7, afterValue: '3' }, null);
      expect(q.sql('l.id')).toBe('select l.id from list_items l where l.program_id = ? and l.id > ? order by l.id limit ?');
      expect(q.params).toEqual(['p1', 7, 11]);
      expect(q.sortValue()).toBe('');
    });

    test('with an order: by the sort value then the id, the cursors carrying both, and the sort value selected as text', () => {
      const q = items().page('l.id', { ...base, order: { field: 'clicks', direction: 'desc' }, afterValue: '5', afterId: 7 }, 'l.score');
      expect(q.sortValue()).toBe(', (l.score)::text as sort__value');
      expect(q.sql(`l.id${q.sortValue()}`)).toBe(
        'select l.id, (l.score)::text as sort__value from list_items l where l.program_id = ? and (l.score, l.id) < (?, ?) order by l.score desc, l.id desc limit ?',
      );
      expect(q.params).toEqual(['p1', '5', 7, 11]);
    });

    test('backward with an order: the before bound, every column reversed', () => {
      const q = items().page(
        'l.id',
        { limit: 3, backward: true, order: { field: 'clicks', direction: 'asc' }, beforeValue: '2', beforeId: 9 },
        'coalesce(l.score, 0)',
      );
      expect(q.sql('l.id')).toBe(
        'select l.id from list_items l where l.program_id = ? and (coalesce(l.score, 0), l.id) < (?, ?) order by coalesce(l.score, 0) desc, l.id desc limit ?',
      );
      expect(q.params).toEqual(['p1', '2', 9, 4]);
    });

    test('window(): after and before ids, the direction, limit + 1', () => {
      const q = items().orderBy('l.id').window({ limit: 5, backward: true, beforeId: 30, afterId: 3 });
      expect(q.sql('l.id')).toBe('select l.id from list_items l where l.program_id = ? and l.id > ? and l.id < ? order by l.id desc limit ?');
      expect(q.params).toEqual(['p1', 3, 30, 6]);
    });
  });
});

describe('searchCondition', () => {
  test('no term, no condition', () => {
    expect(searchCondition(null, ['t.name'])).toBeNull();
    expect(searchCondition(undefined, ['t.name'])).toBeNull();
    expect(searchCondition('', ['t.name'])).toBeNull();
  });

  test('one ilike per text, or-ed in parentheses, one parameter each', () => {
    expect(searchCondition('bob', ['t.name'])).toEqual({ sql: '(t.name ilike ?)', params: ['%bob%'] });
    expect(searchCondition('bob', ['t.name', 'lower(t.email)', "t.first || ' ' || t.last"])).toEqual({
      sql: "(t.name ilike ? or lower(t.email) ilike ? or t.first || ' ' || t.last ilike ?)",
      params: ['%bob%', '%bob%', '%bob%'],
    });
  });

  test.each<[string, string]>([
    ['100%', '%100\\%%'],
    ['a_b', '%a\\_b%'],
    ['back\\slash', '%back\\\\slash%'],
    ['%_\\', '%\\%\\_\\\\%'],
    ['\\%', '%\\\\\\%%'],
    [' ', '% %'],
    ["o'brien", "%o'brien%"],
  ])('the term %j is the pattern %j (LIKE wildcards and the escape character escaped)', (term, pattern) => {
    expect(searchCondition(term, ['t.name'])?.params).toEqual([pattern]);
  });
});

test('sortValuesOf reads each row’s sort__value', () => {
  expect(
    sortValuesOf([
      { id: 1, sort__value: '3' },
      { id: 2, sort__value: '2026-01-01 00:00:00+00' },
    ]),
  ).toEqual(['3', '2026-01-01 00:00:00+00']);
  expect(sortValuesOf([])).toEqual([]);
});

describe('on PostgreSQL', () => {
  let orm: MikroORM;
  let drop: () => Promise<void>;
  const em = (): EntityManager => orm.em.fork();

  /** created_at of a row: four instants an hour apart, so rows tie on it too. */
  const BASE = Date.UTC(2026, 0, 1);
  const createdAt = (id: number) => new Date(BASE + (id % 4) * 3_600_000);

  interface Item {
    programId: string;
    id: number;
    name: string;
    score: number;
  }
  const SCORES = [3, 1, 2, 3, 1, 2, 3, 1, 2, 3, 1, 2];
  const NAMES = ['Alpha', '100% off', 'a_b', 'axb', 'back\\slash', 'ALPHA beta', 'plain', '50%', 'under_score', 'axxb', 'A%B', 'percent'];
  const P1: Item[] = NAMES.map((name, i) => ({ programId: 'p1', id: i + 1, name, score: SCORES[i] }));
  // Another program's rows: the same ids, scores and (nearly) names; never in p1's lists.
  const P2: Item[] = ['Alpha p2', '100% p2', 'a_b p2', 'back\\ p2'].map((name, i) => ({ programId: 'p2', id: i + 1, name, score: 3 }));

  beforeAll(async () => {
    const db = await createTestDatabase();
    drop = db.drop;
    orm = await initOrm(db.url, createLogger('silent'), { migrate: false, poolMax: 2 });
    await execute(
      em(),
      'create table list_items (program_id text not null, id int not null, name text not null, score int not null, created_at timestamptz not null, primary key (program_id, id))',
    );
    for (const r of [...P1, ...P2])
      await execute(em(), 'insert into list_items (program_id, id, name, score, created_at) values (?, ?, ?, ?, ?)', [
        r.programId,
        r.id,
        r.name,
        r.score,
        createdAt(r.id),
      ]);
  });
  afterAll(async () => {
    await orm?.close(true);
    await drop?.();
  });

  type Row = { id: number; sort__value?: string };

  /** The rows of one statement of `q` (ids, in the statement's order). */
  const idsOf = async (q: ListQuery) => (await execute<Row[]>(em(), q.sql('l.id'), q.params)).map((r) => r.id);

  /** p1's rows in an order by a key then the id, as the list must give them. */
  function expected(key: (r: Item) => number, direction: SortDirection): number[] {
    const sign = direction === 'asc' ? 1 : -1;
    return [...P1].sort((a, b) => sign * (key(a) - key(b) || a.id - b.id)).map((r) => r.id);
  }

  /** One page as the product reads it: limit + 1 rows, a backward read turned round; its first and last cursors. */
  async function readPage(w: PageWindow<number>, sortSql: string | null, defaultDirection: SortDirection = 'asc') {
    const q = items().page('l.id', w, sortSql, defaultDirection);
    const rows = await execute<Row[]>(em(), q.sql(`l.id${q.sortValue()}`), q.params);
    const more = rows.length > w.limit;
    const page = rows.slice(0, w.limit);
    if (w.backward) page.reverse();
    const values = sortValuesOf(page);
    const cursor = (i: number) => ({ id: page[i].id, value: values[i] });
    return { ids: page.map((r) => r.id), more, first: page.length ? cursor(0) : undefined, last: page.length ? cursor(page.length - 1) : undefined };
  }

  /** Every page of the list, forward from the start or backward from the end, joined in the list's order. */
  async function readAll(sortSql: string | null, direction: SortDirection, size: number, backward: boolean) {
    const order = sortSql ? { field: 'clicks', direction } : undefined;
    let ids: number[] = [];
    let cursor: { id: number; value: string | undefined } | undefined;
    let pages = 0;
    for (;;) {
      const w: PageWindow<number> = backward
        ? { limit: size, backward, order, beforeId: cursor?.id, beforeValue: cursor?.value }
        : { limit: size, backward, order, afterId: cursor?.id, afterValue: cursor?.value };
      const page = await readPage(w, sortSql, direction);
      pages++;
      ids = backward ? [...page.ids, ...ids] : [...ids, ...page.ids];
      if (!page.more) return { ids, pages };
      cursor = backward ? page.first : page.last;
      if (pages > P1.length) throw new Error('paging does not end');
    }
  }

  describe.each<SortDirection>(['asc', 'desc'])('ordered %s', (direction) => {
    test.each([1, 4, 5, 12, 20])('by a sort value with ties, pages of %i forward and backward visit every row once, in order', async (size) => {
      const want = expected((r) => r.score, direction);
      const pages = Math.max(1, Math.ceil(P1.length / size));
      expect(await readAll('l.score', direction, size, false)).toEqual({ ids: want, pages });
      expect(await readAll('l.score', direction, size, true)).toEqual({ ids: want, pages });
    });

    test('by a timestamp (its text the cursor carries), with ties', async () => {
      const want = expected((r) => createdAt(r.id).getTime(), direction);
      expect((await readAll('l.created_at', direction, 5, false)).ids).toEqual(want);
      expect((await readAll('l.created_at', direction, 5, true)).ids).toEqual(want);
    });

    test('by the id alone (no order asked)', async () => {
      const want = expected(() => 0, direction);
      expect(await readAll(null, direction, 5, false)).toEqual({ ids: want, pages: 3 });
      expect(await readAll(null, direction, 5, true)).toEqual({ ids: want, pages: 3 });
    });

    test('between an after and a before cursor: the rows strictly between them', async () => {
      const want = expected((r) => r.score, direction);
      const full = await readPage({ limit: 100, backward: false, order: { field: 'clicks', direction } }, 'l.score');
      expect(full.ids).toEqual(want);
      // a cursor's sort value: the text of the row's score
      const valueOf = (id: number) => String(P1[id - 1].score);
      const [a, b] = [want[2], want[8]];
      const between = await readPage(
        { limit: 100, backward: false, order: { field: 'clicks', direction }, afterId: a, afterValue: valueOf(a), beforeId: b, beforeValue: valueOf(b) },
        'l.score',
      );
      expect(between.ids).toEqual(want.slice(3, 8));
      const backward = await readPage(
        { limit: 2, backward: true, order: { field: 'clicks', direction }, afterId: a, afterValue: valueOf(a), beforeId: b, beforeValue: valueOf(b) },
        'l.score',
      );
      expect(backward).toMatchObject({ ids: want.slice(6, 8), more: true });
    });
  });

  test("the sort value selected is the sort expression's text, for the next cursor", async () => {
    const page = await readPage({ limit: 3, backward: false, order: { field: 'clicks', direction: 'asc' } }, 'l.score');
    expect(page).toEqual({ ids: [2, 5, 8], more: true, first: { id: 2, value: '1' }, last: { id: 8, value: '1' } });
  });

  test('filters and the count: the count is of the filtered list, whatever the page, and of one program', async () => {
    const q = items().filter(3, 'l.score = ?').filter(null, 'l.name = ?');
    q.page('l.id', { limit: 2, backward: false, afterId: 1 }, null);
    expect(await idsOf(q)).toEqual([4, 7, 10]);
    expect(await countOf(em(), q)()).toBe(4);
    expect(await countOf(em(), items())()).toBe(P1.length);
    expect(await countOf(em(), new ListQuery('list_items l', 'l.program_id', 'p2'))()).toBe(P2.length);
    expect(await countOf(em(), items().filter(99, 'l.score = ?'))()).toBe(0);
  });

  test('createdBetween: from the first bound (included) to the second (left out), Dates or text', async () => {
    const hour = (h: number) => new Date(BASE + h * 3_600_000);
    const q = items().createdBetween('l.created_at', hour(1), hour(3)).orderBy('l.id');
    expect(await idsOf(q)).toEqual([1, 2, 5, 6, 9, 10]);
    expect(await idsOf(items().createdBetween('l.created_at', hour(3).toISOString(), null).orderBy('l.id'))).toEqual([3, 7, 11]);
    expect(await idsOf(items().createdBetween('l.created_at', null, hour(1)).orderBy('l.id'))).toEqual([4, 8, 12]);
  });

  test.each<[string, number[]]>([
    ['%', [2, 8, 11]],
    ['_', [3, 9]],
    ['\\', [5]],
    ['a%b', [11]],
    ['a_b', [3]],
    ['alpha', [1, 6]],
    ['ALPHA B', [6]],
    ['nothing like it', []],
  ])('search %j finds the names holding it literally, case-insensitively, in p1 only', async (term, ids) => {
    expect(await idsOf(items().search(term, ['l.name']).orderBy('l.id'))).toEqual(ids);
    expect(await countOf(em(), items().search(term, ['l.name']))()).toBe(ids.length);
  });

  test('search over several texts finds a row when any of them holds the term', async () => {
    expect(await idsOf(items().search('1', ['l.name', 'l.id::text']).orderBy('l.id'))).toEqual([1, 2, 10, 11, 12]);
  });
});
