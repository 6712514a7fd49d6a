/**
 * A conjunction of SQL conditions with their `?` parameters, for hand-written queries (see db/rows and
 * db/list-query). Conditions are SQL written in the code; values only ever travel as parameters.
 */
export class Where {
  readonly params: unknown[] = [];
  private readonly parts: string[] = [];

  constructor(sql?: string, ...params: unknown[]) {
    if (sql) this.and(sql, ...params);
  }

  /** Adds a condition with its parameters. */
  and(sql: string, ...params: unknown[]): this {
    this.parts.push(sql);
    this.params.push(...params);
    return this;
  }

  /** Adds `sql` (one `?`) with `value` when a value is given: an optional filter (null and undefined add nothing). */
  andIf(value: unknown, sql: string): this {
    return value === undefined || value === null ? this : this.and(sql, value);
  }

  /** Every condition of `other` too (its parameters after this one's). */
  andAll(other: Where): this {
    if (!other.isEmpty()) this.and(other.toString(), ...other.params);
    return this;
  }

  isEmpty(): boolean {
    return this.parts.length === 0;
  }

  /** The conditions joined with `and`; `true` when there are none (a valid SQL condition either way). */
  toString(): string {
    return this.parts.length ? this.parts.join(' and ') : 'true';
  }
}

/** The `set` list of an update (`column = ?, …`) with its parameters, for hand-written updates. */
export class Assignments {
  readonly params: unknown[] = [];
  private readonly parts: string[] = [];

  /** One assignment (`column = ?`, or any expression) with its parameters. */
  set(sql: string, ...params: unknown[]): this {
    this.parts.push(sql);
    this.params.push(...params);
    return this;
  }

  /**
   * `column = ?` for every property of `values` that `columns` names a column for (in `columns`' order),
   * skipping properties that are absent or undefined; null is written as NULL.
   */
  fromColumns<T extends object>(columns: { [K in keyof T]?: string }, values: Partial<T>): this {
    for (const prop of Object.keys(columns) as Array<keyof T>) {
      const value = values[prop];
      if (value !== undefined) this.set(`${columns[prop]} = ?`, value);
    }
    return this;
  }

  isEmpty(): boolean {
    return this.parts.length === 0;
  }

  toString(): string {
    return this.parts.join(', ');
  }
}
