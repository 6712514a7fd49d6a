export declare const TENANT_TABLES: readonly string[];
export declare function shape(sql: string): string;
export declare function tenantMentions(sql: string, tables?: readonly string[]): string[];
export declare function programConditions(sql: string): number;
export declare function findOffenders(
  statements: Iterable<string>,
  tables?: readonly string[],
): { offenders: Array<{ statement: string; tables: string[] }>; spanning: string[] };
export declare function readRecorded(dir: string | undefined): Set<string>;
export declare function testSql(sql: string): string;
