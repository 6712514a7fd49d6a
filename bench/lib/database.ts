import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { Client } from 'pg';
import type { Logger } from '../../src/common/logger';
import { startEmbeddedPostgres } from '../../src/db/embedded-postgres';

export interface BenchDatabase {
  /** URL of the fresh, empty database the bench owns. */
  url: string;
  /** Where it runs: a throw-away embedded PostgreSQL, or a new database on the server DATABASE_URL names. */
  kind: 'embedded' | 'external';
  /** Drops the database (external) or stops and deletes the cluster (embedded), unless kept. */
  close(): Promise<void>;
}

/**
 * A fresh database for one bench run. With DATABASE_URL set, a new database on that server (dropped at the
 * end); otherwise PostgreSQL from the embedded-postgres package in a temporary directory, so a machine with
 * only Node can run the bench.
 */
export async function provisionDatabase(log: Logger, opts: { keep?: boolean; prefix?: string } = {}): Promise<BenchDatabase> {
  const base = process.env.DATABASE_URL;
  const prefix = opts.prefix ?? 'bench';
  if (base) {
    const name = `${prefix}_${new Date().toISOString().replace(/\D/g, '').slice(0, 14)}_${randomBytes(3).toString('hex')}`;
    const admin = new URL(base);
    admin.pathname = '/postgres';
    const c = new Client({ connectionString: admin.toString() });
    await c.connect();
    await c.query(`create database ${name}`);
    await c.end();
    const url = new URL(base);
    url.pathname = `/${name}`;
    return {
      url: url.toString(),
      kind: 'external',
      async close() {
        if (opts.keep) return;
        const d = new Client({ connectionString: admin.toString() });
        await d.connect();
        await d.query(`drop database if exists ${name} with (force)`);
        await d.end();
      },
    };
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `affiliates-${prefix}-`));
  // As root, embedded-postgres runs the cluster as a "postgres" user, which must be able to enter the directory.
  if (process.getuid?.() === 0) fs.chmodSync(dir, 0o777);
  const pg = await startEmbeddedPostgres(dir, log, { persistent: !!opts.keep });
  return {
    url: pg.url,
    kind: 'embedded',
    async close() {
      await pg.stop();
      if (!opts.keep) fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
