import { findOffenders, shape, testSql } from '../tenancy/tenancy-check.cjs';

/** The program_id check that runs over every statement of the suite (test/totals-reporter.js). */
const offending = (sql: string) => findOffenders([sql]).offenders.map((o) => o.tables);

describe('program_id check', () => {
  it("names the ORM's flush of a changed entity (update by id alone)", () => {
    expect(offending('update "affiliates" set "first_name" = ? where "id" = ?')).toEqual([['affiliates']]);
  });

  it('names a delete, a select and a batch update by id alone', () => {
    expect(offending('delete from "sales" where "id" in (?, …)')).toEqual([['sales']]);
    expect(offending('select "a0".* from "referrals" as "a0" where "a0"."id" = ? limit ?')).toEqual([['referrals']]);
    expect(offending('update "coupons" set "name" = case when ("id" = ?) then ? end where "id" in (?, …)')).toEqual([['coupons']]);
  });

  it('a program_id that is only selected does not count', () => {
    expect(offending('select "a0"."program_id", "a0"."id" from "affiliates" as "a0" where "a0"."id" = ?')).toEqual([['affiliates']]);
  });

  it('a join of two tenant tables needs program_id in the join too', () => {
    const outerOnly = 'select s.*, c.id from sales s left join commissions c on c.sale_id = s.id where s.program_id = ?';
    expect(offending(outerOnly)).toEqual([['sales', 'commissions']]);
    expect(offending(outerOnly.replace('on c.sale_id', 'on c.program_id = s.program_id and c.sale_id'))).toEqual([]);
  });

  it('accepts filters, row comparisons, IN lists and inserts that name the program', () => {
    expect(offending('update affiliates set first_name = ? where program_id = ? and id = ?')).toEqual([]);
    expect(offending('update clicks set x = 1 where (program_id, id) in ((?, ?))')).toEqual([]);
    expect(offending('select * from events where program_id in (?, …) and id > ?')).toEqual([]);
    expect(offending('insert into "sales" ("id", "program_id", "name") values (?, …)')).toEqual([]);
    expect(offending('insert into "sales" ("id", "name") values (?, …)')).toEqual([['sales']]);
  });

  it('counts the column lists of inserts in CTEs too, each for its own table', () => {
    const both =
      'with c as (insert into commissions (id, program_id) values (?, ?) returning *) insert into commission_entries (program_id, commission_id) select program_id, id from c';
    expect(offending(both)).toEqual([]);
    expect(offending(both.replace('entries (program_id, commission_id) select program_id,', 'entries (commission_id) select'))).toEqual([
      ['commissions', 'commission_entries'],
    ]);
  });

  it('ignores tables without tenants, schema changes and transaction control', () => {
    expect(offending('select * from programs where id = ?')).toEqual([]);
    expect(offending('select * from users where id = ?')).toEqual([]);
    expect(offending('alter table sales add column x int')).toEqual([]);
    expect(offending('create index sales_x on sales (x)')).toEqual([]);
    expect(offending('BEGIN;')).toEqual([]);
  });

  it('a statement that says it spans every program is reported apart, not as an offender', () => {
    const sweep = 'delete /* all programs: expired leases */ from webhook_deliveries where lease_until < now()';
    expect(findOffenders([sweep])).toEqual({ offenders: [], spanning: [sweep] });
  });

  it("leaves out a test's own SQL, marked by the tests' SQL helpers", () => {
    expect(offending(testSql('update clicks set created_at = created_at - interval ? where id = ?'))).toEqual([]);
    expect(offending('update clicks set created_at = created_at - interval ? where id = ? /* test */')).toEqual([['clicks']]);
  });

  it("records a statement's shape once whatever its values", () => {
    const a = shape(`update api_keys set last_used_at = '2026-11-24T15:19:57.715Z' where program_id = 'a''b' and id in (1, 2, 3)`);
    const b = shape(`update  api_keys set last_used_at = '2027-01-01T00:00:00.000Z'\n where program_id = 'c' and id in (4)`);
    expect(a).toBe('update api_keys set last_used_at = ? where program_id = ? and id in (?, …)');
    expect(b).toBe('update api_keys set last_used_at = ? where program_id = ? and id in (?)');
    expect(shape('select "a0".* from "t" as "a0" limit 10')).toBe('select "a0".* from "t" as "a0" limit ?');
  });
});
