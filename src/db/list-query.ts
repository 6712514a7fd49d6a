import type { EntityManager } from '@mikro-orm/postgresql';
import { execute } from './sql';
import { Where } from './where';
import type { PageWindow } from '../common/pagination';

export type SortDirection = 'asc' | 'desc';

/**
 * One list statement of a tenant table, written once for every list: the program first (every list is of one
 * program, so the condition cannot be forgotten), optional filters, an order whose columns are also the keyset
 * (the last one a unique key, usually the id), the position after the previous page's last row, and a limit.
 *
 *   const q = new ListQuery('sales s', 's.program_id', programId)
 *     .join('left join commissions c on c.program_id = s.program_id and c.sale_id = s.id')
 *     .filter(referralId, 's.referral_id = ?')
 *     .orderBy('s.id', 'asc')
 *     .after(afterId)
 *     .limit(limit + 1);
 *   execute(em, q.sql('s.*'), q.params);
 *
 * Keyset paging compares the order columns as a row — `(a, b) > (?, ?)` — so it needs every column in the same
 * direction; an index on (program_id, …order columns) serves the whole statement.
 */
export class ListQuery {
  readonly where: Where;
  private readonly joins: string[] = [];
  /** Joins only the order needs (not the count). */
  private readonly sortJoins: string[] = [];
  private sortExpr: string | null = null;
  private readonly order: Array<{ column: string; direction: SortDirection }> = [];
  private afterValues: unknown[] | null = null;
  private beforeValues: unknown[] | null = null;
  private reversed = false;
  private rowLimit: number | null = null;

  constructor(
    private readonly from: string,
    programColumn: string,
    programId: string,
  ) {
    this.where = new Where(`${programColumn} = ?`, programId);
  }

  /** A join; it must constrain program_id on the joined table as well (`… on j.program_id = t.program_id and …`). */
  join(sql: string): this {
    this.joins.push(sql);
    return this;
  }

  /** A condition that always applies. */
  and(sql: string, ...params: unknown[]): this {
    this.where.and(sql, ...params);
    return this;
  }

  /** An optional filter: `sql` (one `?`) applies when `value` is given. */
  filter(value: unknown, sql: string): this {
    this.where.andIf(value, sql);
    return this;
  }

  /** Rows created in [after, before) by `column`, each bound applying when given. */
  createdBetween(column: string, after: Date | string | null | undefined, before: Date | string | null | undefined): this {
    return this.filter(after, `${column} >= ?`).filter(before, `${column} < ?`);
  }

  /** Rows where one of `texts` holds `term` (see searchCondition); nothing when there is no term. */
  search(term: string | null | undefined, texts: string[]): this {
    const found = searchCondition(term, texts);
    return found ? this.and(found.sql, ...found.params) : this;
  }

  /** Appends an order column; the first call's direction is every column's (see keyset paging above). */
  orderBy(column: string, direction: SortDirection = 'asc'): this {
    if (this.order.length && this.order[0].direction !== direction) throw new Error('ListQuery: keyset order columns must share one direction');
    this.order.push({ column, direction });
    return this;
  }

  /** Continue after the row whose order-column values these are (nothing when the first is absent: page one). */
  after(...values: unknown[]): this {
    this.afterValues = values[0] === undefined || values[0] === null ? null : values;
    return this;
  }

  /** Stop before the row whose order-column values these are (nothing when the first is absent). */
  before(...values: unknown[]): this {
    this.beforeValues = values[0] === undefined || values[0] === null ? null : values;
    return this;
  }

  /** Read from the far end: every order column reversed (the caller turns the rows round). */
  backward(on = true): this {
    this.reversed = on;
    return this;
  }

  limit(n: number): this {
    this.rowLimit = n;
    return this;
  }

  /** A join the sort expression reads (an aggregate per row, say); the count leaves it out. */
  sortJoin(sql: string): this {
    this.sortJoins.push(sql);
    return this;
  }

  /**
   * The list's order and page window: by `sortSql` then `idColumn` when the window was asked in an order (its
   * cursors carry the sort value; `sortSql` must never be null), else by `idColumn` alone in `defaultDirection`.
   * Select `sortValue()` beside the row to build the cursors (toPage's sortValues).
   */
  page(idColumn: string, w: PageWindow<unknown>, sortSql: string | null, defaultDirection: SortDirection = 'asc'): this {
    if (!w.order || !sortSql) return this.orderBy(idColumn, defaultDirection).window(w);
    this.sortExpr = sortSql;
    return this.orderBy(sortSql, w.order.direction)
      .orderBy(idColumn, w.order.direction)
      .after(w.afterValue, w.afterId)
      .before(w.beforeValue, w.beforeId)
      .backward(w.backward)
      .limit(w.limit + 1);
  }

  /** `, (<sort expression>)::text as sort__value` when the list is in a chosen order, else nothing. */
  sortValue(): string {
    return this.sortExpr ? `, (${this.sortExpr})::text as sort__value` : '';
  }

  /** A page window over a list ordered by its id alone: after/before ids, direction, limit + 1 (see toPage). */
  window(w: { limit: number; afterId?: unknown; beforeId?: unknown; backward: boolean }): this {
    return this.after(w.afterId)
      .before(w.beforeId)
      .backward(w.backward)
      .limit(w.limit + 1);
  }

  /** How many rows the list has: its filters, none of the page's bounds. */
  countSql(): string {
    return `select count(*)::int as n from ${this.from}${this.joins.length ? ` ${this.joins.join(' ')}` : ''} where ${this.where}`;
  }

  /** The parameters of countSql. */
  get countParams(): unknown[] {
    return [...this.where.params];
  }

  /** The statement for a select list (`s.*, …`). */
  sql(select: string): string {
    let sql = `select ${select} from ${this.from}`;
    if (this.joins.length) sql += ` ${this.joins.join(' ')}`;
    if (this.sortJoins.length) sql += ` ${this.sortJoins.join(' ')}`;
    sql += ` where ${this.where}`;
    for (const keyset of [this.keyset(this.afterValues, 'after'), this.keyset(this.beforeValues, 'before')]) if (keyset) sql += ` and ${keyset}`;
    const ascending = (o: { direction: SortDirection }) => (o.direction === 'asc') !== this.reversed;
    if (this.order.length) sql += ` order by ${this.order.map((o) => (ascending(o) ? o.column : `${o.column} desc`)).join(', ')}`;
    if (this.rowLimit !== null) sql += ' limit ?';
    return sql;
  }

  /** The parameters, in the order `sql` uses them. */
  get params(): unknown[] {
    const params = [...this.where.params];
    if (this.afterValues) params.push(...this.afterValues);
    if (this.beforeValues) params.push(...this.beforeValues);
    if (this.rowLimit !== null) params.push(this.rowLimit);
    return params;
  }

  private keyset(values: unknown[] | null, side: 'after' | 'before'): string | null {
    if (!values) return null;
    const columns = this.order.map((o) => o.column);
    if (columns.length !== values.length) throw new Error(`ListQuery: ${side}() needs one value per order column`);
    const op = (this.order[0].direction === 'asc') === (side === 'after') ? '>' : '<';
    if (columns.length === 1) return `${columns[0]} ${op} ?`;
    return `(${columns.join(', ')}) ${op} (${columns.map(() => '?').join(', ')})`;
  }
}

/** A list's total, counted on `em` only when asked (a connection's totalCount). */
export function countOf(em: EntityManager, q: ListQuery): () => Promise<number> {
  return async () => (await execute<Array<{ n: number }>>(em, q.countSql(), q.countParams))[0].n;
}

/** The sort values a statement with `q.sortValue()` read, one per row (for toPage). */
export const sortValuesOf = (rows: Array<Record<string, unknown>>): string[] => rows.map((r) => r.sort__value as string);

/**
 * `(t1 ilike ? or t2 ilike ?)`: one of `texts` (SQL text expressions, each served by a trigram index) holds
 * `term`, case-insensitively, LIKE's wildcards in the term matching themselves; null without a term.
 */
export function searchCondition(term: string | null | undefined, texts: string[]): { sql: string; params: string[] } | null {
  if (term == null || term === '') return null;
  const pattern = `%${term.replace(/[\\%_]/g, '\\$&')}%`;
  return { sql: `(${texts.map((t) => `${t} ilike ?`).join(' or ')})`, params: texts.map(() => pattern) };
}
