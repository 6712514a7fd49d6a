/**
 * db/sql execute, on a real PostgreSQL: the statement rewriting (`?` → `$n` outside quoted text and comments,
 * `in (?)` → `= any($n)`, the texts it refuses), named prepared statements (one per text, reused, bounded;
 * unnamed with planEachTime), the connection it runs on (the transaction's, else a pooled one given back), the
 * re-preparation after a stale plan, and observeStatements. The pool has one connection, so the session's
 * prepared statements can be read back from pg_prepared_statements.
 */
import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import { createLogger } from '../../../src/common/logger';
import { initOrm } from '../../../src/db/orm';
import type * as Sql from '../../../src/db/sql';
import { execute, observeStatements } from '../../../src/db/sql';
import { createTestDatabase } from '../../helpers/database';

type Row = Record<string, unknown>;

let orm: MikroORM;
let url: string;
let drop: () => Promise<void>;

beforeAll(async () => {
  const db = await createTestDatabase();
  url = db.url;
  drop = db.drop;
  orm = await initOrm(db.url, createLogger('silent'), { migrate: false, poolMax: 1 });
  await execute(em(), 'create table sql_rows (v text not null)');
  await execute(em(), "create function twin(x int) returns int language sql immutable as 'select x * 2'");
});
afterAll(async () => {
  await orm?.close(true);
  await drop?.();
});

/** A request's EntityManager. */
const em = (): EntityManager => orm.em.fork();

/** Runs `sql` through execute and returns the one text it sent (observeStatements) with the rows. */
async function run<T extends Row = Row>(sql: string, params: unknown[] = [], on: EntityManager = em()): Promise<{ text: string; rows: T[] }> {
  const texts: string[] = [];
  const stop = observeStatements((text) => texts.push(text));
  try {
    const rows = await execute<T[]>(on, sql, params);
    expect(texts).toHaveLength(1);
    return { text: texts[0], rows };
  } finally {
    stop();
  }
}

interface Prepared {
  name: string;
  statement: string;
  runs: number;
}

/** The named statements prepared on the session `on` runs on (read unnamed, so the read is not among them). */
const prepared = (on: EntityManager): Promise<Prepared[]> =>
  execute<Prepared[]>(on, 'select name, statement, (generic_plans + custom_plans)::int as runs from pg_prepared_statements order by prepare_time, name', [], {
    planEachTime: true,
  });

const preparedAs = async (on: EntityManager, text: string) => (await prepared(on)).filter((p) => p.statement === text);

describe('placeholders', () => {
  test('each ? becomes $1…$n in order, and the values are bound to them', async () => {
    const { text, rows } = await run('select ? as a, ? as b, ?::int + ? as c', ['x', 'y', '40', 2]);
    expect(text).toBe('select $1 as a, $2 as b, $3::int + $4 as c');
    expect(rows).toEqual([{ a: 'x', b: 'y', c: 42 }]);
  });

  test('a text without placeholders is sent unchanged, with no values', async () => {
    const { text, rows } = await run('select 1 as one');
    expect(text).toBe('select 1 as one');
    expect(rows).toEqual([{ one: 1 }]);
  });

  test('? inside quoted text, quoted names and comments stays a question mark; numbering goes on after them', async () => {
    const sql = [
      "select '?' as q, 'it''s ?' as esc, ? as \"what?\",",
      "'--' as dashes, ? /* a ? in it's comment */ as b, -- a line comment: ? it's\n",
      "'/*' as opens, ? as c",
    ].join(' ');
    const { text, rows } = await run(sql, ['one', 'two', 'three']);
    expect(text).toBe(
      [
        "select '?' as q, 'it''s ?' as esc, $1 as \"what?\",",
        "'--' as dashes, $2 /* a ? in it's comment */ as b, -- a line comment: ? it's\n",
        "'/*' as opens, $3 as c",
      ].join(' '),
    );
    expect(rows).toEqual([{ q: '?', esc: "it's ?", 'what?': 'one', dashes: '--', b: 'two', opens: '/*', c: 'three' }]);
  });

  test('a line comment that ends the text keeps its ?', async () => {
    const { text, rows } = await run('select ? as v -- why?', ['v1']);
    expect(text).toBe('select $1 as v -- why?');
    expect(rows).toEqual([{ v: 'v1' }]);
  });

  test('casts (::) after a placeholder are kept', async () => {
    const { text, rows } = await run("select ?::int as n, ?::text[] as list, '{1,2}'::int[] as lit", ['7', ['a', 'b']]);
    expect(text).toBe("select $1::int as n, $2::text[] as list, '{1,2}'::int[] as lit");
    expect(rows).toEqual([{ n: 7, list: ['a', 'b'], lit: [1, 2] }]);
  });

  test('a function whose name ends in "in" is not an in list', async () => {
    const { text, rows } = await run('select twin(?) as t', [21]);
    expect(text).toBe('select twin($1) as t');
    expect(rows).toEqual([{ t: 42 }]);
  });
});

describe('in (?)', () => {
  const ids = <T extends { id: number }>(rows: T[]) => rows.map((r) => r.id);

  test('in (?) takes an array, sent as = any($n)', async () => {
    const { text, rows } = await run<{ id: number }>('select id from generate_series(1, 5) as id where id in (?) order by id', [[2, 4]]);
    expect(text).toBe('select id from generate_series(1, 5) as id where id = any($1) order by id');
    expect(ids(rows)).toEqual([2, 4]);
  });

  test('any spelling (IN, no space, spaces inside) among other placeholders; only its parameter is an array', async () => {
    const sql = 'select id from generate_series(1, 9) as id where id > ? and id IN ( ? ) and id <> ? and id in(?) order by id';
    const { text, rows } = await run<{ id: number }>(sql, [1, [2, 3, 4, 5], 4, [3, 4, 5, 6]]);
    expect(text).toBe('select id from generate_series(1, 9) as id where id > $1 and id = any($2) and id <> $3 and id = any($4) order by id');
    expect(ids(rows)).toEqual([3, 5]);
  });

  test('a single value for in (?) is sent as a one-element array; the other parameters are left as they are', async () => {
    const sql = 'select id from generate_series(1, 5) as id where id >= ? and id in (?) order by id';
    expect(ids((await run<{ id: number }>(sql, [1, 3])).rows)).toEqual([3]);
    expect(ids((await run<{ id: number }>(sql, [4, 3])).rows)).toEqual([]);
    expect(ids((await run<{ id: number }>(sql, [1, [1, 5]])).rows)).toEqual([1, 5]);
  });

  test('an empty array matches nothing', async () => {
    const { rows } = await run<{ id: number }>('select id from generate_series(1, 3) as id where id in (?)', [[]]);
    expect(rows).toEqual([]);
  });

  test('in (?, ?), in (?::int) and in (select ?) keep plain placeholders', async () => {
    const list = await run<{ id: number }>('select id from generate_series(1, 5) as id where id in (?, ?) order by id', [2, 5]);
    expect(list.text).toBe('select id from generate_series(1, 5) as id where id in ($1, $2) order by id');
    expect(ids(list.rows)).toEqual([2, 5]);
    const cast = await run<{ id: number }>('select id from generate_series(1, 5) as id where id in (?::int)', ['3']);
    expect(cast.text).toBe('select id from generate_series(1, 5) as id where id in ($1::int)');
    expect(ids(cast.rows)).toEqual([3]);
    const sub = await run<{ id: number }>('select id from generate_series(1, 5) as id where id in (select ?::int + 1)', [3]);
    expect(sub.text).toBe('select id from generate_series(1, 5) as id where id in (select $1::int + 1)');
    expect(ids(sub.rows)).toEqual([4]);
  });
});

describe('texts it refuses (nothing is sent)', () => {
  test.each<[string, RegExp]>([
    ['select $$?$$ as d', /dollar-quoted/],
    ["select 'open ? as q", /unterminated quote/],
    ['select 1 as "open ?', /unterminated quote/],
    ['select 1 /* open ? ', /unterminated comment/],
    ['select ?? from sql_rows', /not supported/],
    ['select \'{"a":1}\'::jsonb ?| ? as any_key', /not supported/],
    ['select \'{"a":1}\'::jsonb ?& ? as all_keys', /not supported/],
    ['select 1 where 2 not in (?)', /not in \(\?\) is not supported/],
    ['select 1 where 2 NOT  IN(?)', /not in \(\?\) is not supported/],
  ])('%s', async (sql, message) => {
    const sent: string[] = [];
    const stop = observeStatements((text) => sent.push(text));
    try {
      await expect(execute(em(), sql, [['a']])).rejects.toThrow(message);
      // refused again on a second try: a refused text is not remembered as prepared
      await expect(execute(em(), sql, [['a']])).rejects.toThrow(message);
    } finally {
      stop();
    }
    expect(sent).toEqual([]);
  });
});

describe('prepared statements', () => {
  test('a text is prepared once on a connection under one name, and run again under it with new values', async () => {
    await em().transactional(async (tem) => {
      const sql = 'select ?::int * 10 as n';
      for (const [value, n] of [
        [1, 10],
        [2, 20],
        [3, 30],
      ])
        expect((await run(sql, [value], tem)).rows).toEqual([{ n }]);
      const entries = await preparedAs(tem, 'select $1::int * 10 as n');
      expect(entries).toHaveLength(1);
      expect(entries[0].name).toMatch(/^s\d+$/);
      expect(entries[0].runs).toBe(3);
    });
  });

  test('different texts get different names', async () => {
    await em().transactional(async (tem) => {
      await execute(tem, 'select ?::int + 100 as n', [1]);
      await execute(tem, 'select ?::int + 200 as n', [1]);
      const [a] = await preparedAs(tem, 'select $1::int + 100 as n');
      const [b] = await preparedAs(tem, 'select $1::int + 200 as n');
      expect(a.name).toMatch(/^s\d+$/);
      expect(b.name).toMatch(/^s\d+$/);
      expect(a.name).not.toBe(b.name);
    });
  });

  test('planEachTime sends the statement unnamed, and leaves the named form to the other calls', async () => {
    await em().transactional(async (tem) => {
      const sql = 'select ?::int - 1 as n';
      const text = 'select $1::int - 1 as n';
      expect(await execute(tem, sql, [5], { planEachTime: true })).toEqual([{ n: 4 }]);
      expect(await preparedAs(tem, text)).toEqual([]);
      expect(await execute(tem, sql, [6])).toEqual([{ n: 5 }]);
      expect(await execute(tem, sql, [7], { planEachTime: true })).toEqual([{ n: 6 }]);
      const entries = await preparedAs(tem, text);
      expect(entries).toHaveLength(1);
      expect(entries[0].runs).toBe(1);
      expect(await execute(tem, sql, [8])).toEqual([{ n: 7 }]);
      expect((await preparedAs(tem, text))[0]).toEqual({ ...entries[0], runs: 2 });
    });
  });

  test('past 1000 texts, new texts are sent unnamed (the first 1000 keep their names)', async () => {
    // A fresh copy of the module: its count of texts starts at zero.
    const loaded: { sql?: typeof Sql } = {};
    jest.isolateModules(() => {
      loaded.sql = jest.requireActual<typeof Sql>('../../../src/db/sql');
    });
    const fresh = loaded.sql;
    if (!fresh || fresh.execute === execute) throw new Error('no fresh copy of db/sql');
    const freshExecute = fresh.execute;
    // Its own connection: the copy numbers its names from s1 again, which this file's connection has used.
    const other = await initOrm(url, createLogger('silent'), { migrate: false, poolMax: 1 });
    try {
      await other.em.fork().transactional(async (tem) => {
        for (let k = 0; k < 1003; k++) expect(await freshExecute(tem, `select ?::int + ${k} as limit_probe`, [1])).toEqual([{ limit_probe: k + 1 }]);
        const probes = (await prepared(tem)).filter((p) => p.statement.endsWith(' as limit_probe'));
        expect(probes).toHaveLength(1000);
        const numbers = probes.map((p) => Number(/^select \$1::int \+ (\d+) as limit_probe$/.exec(p.statement)?.[1])).sort((a, b) => a - b);
        expect(numbers).toEqual(Array.from({ length: 1000 }, (_, k) => k));
        // a named text is still run under its name
        await freshExecute(tem, 'select ?::int + 999 as limit_probe', [1]);
        const last = (await prepared(tem)).find((p) => p.statement === 'select $1::int + 999 as limit_probe');
        expect(last?.runs).toBe(2);
      });
    } finally {
      await other.close(true);
    }
  }, 60_000);
});

describe('the connection', () => {
  test('outside a transaction the pooled connection is given back after each statement (the pool has one)', async () => {
    for (let k = 0; k < 5; k++) expect(await execute(em(), 'select ?::int as k', [k])).toEqual([{ k }]);
    const many = await Promise.all(Array.from({ length: 8 }, (_, k) => execute<Array<{ k: number }>>(em(), 'select ?::int as k', [k])));
    expect(many.map((rows) => rows[0].k)).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    // and a statement that fails gives it back too
    await expect(execute(em(), 'select ?::int as k', ['not a number'])).rejects.toThrow();
    expect(await execute(em(), 'select ?::int as k', [9])).toEqual([{ k: 9 }]);
  }, 15_000);

  test("in a transaction statements run on the transaction's connection: its settings, its rollback", async () => {
    await em().transactional(async (tem) => {
      await execute(tem, 'select set_config(?, ?, true) as v', ['app.sql_probe', 'inside']);
      expect(await execute(tem, 'select current_setting(?, true) as v', ['app.sql_probe'])).toEqual([{ v: 'inside' }]);
    });
    const [after] = await execute<Array<{ v: string | null }>>(em(), 'select current_setting(?, true) as v', ['app.sql_probe']);
    expect(after.v ?? '').toBe('');

    await expect(
      em().transactional(async (tem) => {
        await execute(tem, 'insert into sql_rows (v) values (?)', ['rolled back']);
        expect(await execute(tem, 'select v from sql_rows where v = ?', ['rolled back'])).toEqual([{ v: 'rolled back' }]);
        throw new Error('abort');
      }),
    ).rejects.toThrow('abort');
    expect(await execute(em(), 'select v from sql_rows where v = ?', ['rolled back'])).toEqual([]);

    await em().transactional((tem) => execute(tem, 'insert into sql_rows (v) values (?)', ['committed']));
    expect(await execute(em(), 'select v from sql_rows where v = ?', ['committed'])).toEqual([{ v: 'committed' }]);
  }, 15_000);

  test('an EntityManager that outlived its transaction is refused, and its statement is not run', async () => {
    let escaped: EntityManager | undefined;
    await em().transactional(async (tem) => {
      escaped = tem;
      await execute(tem, 'select 1 as one');
    });
    if (!escaped) throw new Error('transaction did not run');
    await expect(execute(escaped, 'insert into sql_rows (v) values (?)', ['after the end'])).rejects.toThrow();
    expect(await execute(em(), 'select v from sql_rows where v = ?', ['after the end'])).toEqual([]);
  }, 15_000);
});

describe('a plan made stale by a change of columns', () => {
  test('outside a transaction the statement is prepared again under a new name and answers at once', async () => {
    await execute(em(), 'create table stale_a (a int not null)');
    await execute(em(), 'insert into stale_a (a) values (?)', [1]);
    const sql = 'select * from stale_a';
    expect(await execute(em(), sql)).toEqual([{ a: 1 }]);
    await execute(em(), 'alter table stale_a add column b int not null default 2');
    expect(await execute(em(), sql)).toEqual([{ a: 1, b: 2 }]);
    expect(await execute(em(), sql)).toEqual([{ a: 1, b: 2 }]);
    const entries = await preparedAs(em(), sql);
    expect(entries).toHaveLength(2);
    expect(entries[0].name).not.toBe(entries[1].name);
    expect(entries.map((e) => e.runs)).toContain(2);
  });

  test('in a transaction the statement fails (the transaction is aborted), and the next transaction runs it under a new name', async () => {
    await execute(em(), 'create table stale_b (a int not null)');
    await execute(em(), 'insert into stale_b (a) values (?)', [1]);
    const sql = 'select * from stale_b';
    expect(await em().transactional((tem) => execute(tem, sql))).toEqual([{ a: 1 }]);
    await execute(em(), 'alter table stale_b add column b int not null default 2');
    await expect(em().transactional((tem) => execute(tem, sql))).rejects.toThrow();
    expect(await em().transactional((tem) => execute(tem, sql))).toEqual([{ a: 1, b: 2 }]);
    expect(await preparedAs(em(), sql)).toHaveLength(2);
  });
});

describe('observeStatements', () => {
  test('each observer gets the sent text of every statement until it stops', async () => {
    const first: string[] = [];
    const second: string[] = [];
    const stopFirst = observeStatements((text) => first.push(text));
    const stopSecond = observeStatements((text) => second.push(text));
    try {
      await execute(em(), 'select ? as observed', ['a']);
      stopFirst();
      await execute(em(), 'select ? as observed', ['b']);
      await execute(em(), 'select id as observed from generate_series(1, 2) as id where id in (?)', [1]);
    } finally {
      stopFirst();
      stopSecond();
    }
    await execute(em(), 'select ? as observed', ['c']);
    expect(first).toEqual(['select $1 as observed']);
    expect(second).toEqual(['select $1 as observed', 'select $1 as observed', 'select id as observed from generate_series(1, 2) as id where id = any($1)']);
  });
});
