/** A conjunction of SQL conditions with their `?` parameters, for hand-written list queries (see db/rows). */
export class Where {
  readonly params: unknown[] = [];
  private readonly parts: string[] = [];

  constructor(sql: string, ...params: unknown[]) {
    this.and(sql, ...params);
  }

  and(sql: string, ...params: unknown[]): this {
    this.parts.push(sql);
    this.params.push(...params);
    return this;
  }

  toString(): string {
    return this.parts.join(' and ');
  }
}
