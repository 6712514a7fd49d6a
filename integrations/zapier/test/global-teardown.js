'use strict';

// Stops the test server (SIGTERM: it finishes in-flight requests and stops its database), drops the scratch
// database and removes the temporary directory; the server's log (level warn) is kept, its path printed.

const fs = require('node:fs');
const { setTimeout, clearTimeout } = require('node:timers');
const { Client } = require('pg');

const stop = (child) =>
  new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    const timer = setTimeout(() => child.kill('SIGKILL'), 30000);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill('SIGTERM');
  });

module.exports = async function globalTeardown() {
  const server = globalThis.__ZAPIER_TEST_SERVER__;
  if (!server) return;
  if (server.child) await stop(server.child);
  const { drop } = server.database;
  if (drop) {
    const client = new Client({ connectionString: drop.adminUrl });
    try {
      await client.connect();
      await client.query(`drop database if exists ${drop.name} with (force)`);
    } finally {
      await client.end().catch(() => {});
    }
  }
  fs.rmSync(server.dir, { recursive: true, force: true });
  if (server.logFile) process.stderr.write(`[zapier tests] the server's log: ${server.logFile}\n`);
  globalThis.__ZAPIER_TEST_SERVER__ = undefined;
};
