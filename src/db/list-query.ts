import { Where } from './where';

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
  private readonly order: Array<{ column: string; direction: SortDirection }> = [];
  private afterValues: unknown[] | null = null;
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

  limit(n: number): this {
    this.rowLimit = n;
    return this;
  }

  /** The statement for a select list (`s.*, …`). */
  sql(select: string): string {
    let sql = `select ${select} from ${this.from}`;
    if (this.joins.length) sql += ` ${this.joins.join(' ')}`;
    sql += ` where ${this.where}`;
    const keyset = this.keyset();
    if (keyset) sql += ` and ${keyset}`;
    if (this.order.length) sql += ` order by ${this.order.map((o) => (o.direction === 'asc' ? o.column : `${o.column} desc`)).join(', ')}`;
    if (this.rowLimit !== null) sql += ' limit ?';
    return sql;
  }

  /** The parameters, in the order `sql` uses them. */
  get params(): unknown[] {
    const params = [...this.where.params];
    if (this.afterValues) params.push(...this.afterValues);
    if (this.rowLimit !== null) params.push(this.rowLimit);
    return params;
  }

  private keyset(): string | null {
    if (!this.afterValues) return null;
    const columns = this.order.map((o) => o.column);
    if (columns.length !== this.afterValues.length) throw new Error('ListQuery: after() needs one value per order column');
    const op = this.order[0].direction === 'asc' ? '>' : '<';
    if (columns.length === 1) return `${columns[0]} ${op} ?`;
    return `(${columns.join(', ')}) ${op} (${columns.map(() => '?').join(', ')})`;
  }
}
