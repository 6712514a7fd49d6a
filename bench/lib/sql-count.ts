import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { bootstrap } from '../../src/bootstrap';
import { loadConfig } from '../../src/config/config';
import type { Logger } from '../../src/common/logger';
import type { BenchRequest } from './scenarios';

export interface StatementCount {
  statements: number;
  /** Statements per table named after from/into/update (begin/commit and others under "other"). */
  byTable: Record<string, number>;
  sql: string[];
}

const TABLE_RE = /\b(?:from|into|update|join)\s+"?([a-z_]+)"?/gi;

function tally(sql: string[]): Record<string, number> {
  const out: Record<string, number> = {};
  for (const s of sql) {
    TABLE_RE.lastIndex = 0;
    const m = TABLE_RE.exec(s);
    const key = m ? m[1] : s.trim().split(/\s+/)[0].toLowerCase().replace(/;$/, '');
    out[key] = (out[key] ?? 0) + 1;
  }
  return out;
}

/**
 * Runs the project in this process on the bench database (production mode, no workers) and counts the SQL
 * statements each request sends, with a knex 'query' listener as the GraphQL suite does. Each request is
 * sent once first, so caches that live across requests (the program's rate limits, 5 s) are warm.
 */
export async function countStatements(
  databaseUrl: string,
  apiKey: string,
  log: Logger,
  requests: Record<string, (n: number) => BenchRequest>,
  setup?: (origin: string) => Promise<void>,
): Promise<Record<string, StatementCount>> {
  const config = loadConfig({ NODE_ENV: 'production', DATABASE_URL: databaseUrl, LOG_LEVEL: 'silent', WORKERS: 'false', PORT: '0' });
  const runtime = await bootstrap(config, log);
  const server = http.createServer(runtime.app);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const knex = runtime.orm.em.getConnection().getKnex();
  const send = async (r: BenchRequest) => {
    const res = await fetch(origin + r.path, {
      method: r.method,
      headers: { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json' },
      body: r.body === undefined ? undefined : JSON.stringify(r.body),
    });
    const text = await res.text();
    if (res.status !== 200 || text.includes('"errors"')) throw new Error(`${r.method} ${r.path}: ${res.status} ${text.slice(0, 300)}`);
  };
  const out: Record<string, StatementCount> = {};
  try {
    await setup?.(origin);
    for (const [name, build] of Object.entries(requests)) {
      await send(build(0));
      const r = build(1);
      const sql: string[] = [];
      const listener = (q: { sql: string }) => sql.push(q.sql);
      knex.on('query', listener);
      try {
        await send(r);
      } finally {
        knex.off('query', listener);
      }
      out[name] = { statements: sql.length, byTable: tally(sql), sql };
    }
  } finally {
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await runtime.close();
  }
  return out;
}
