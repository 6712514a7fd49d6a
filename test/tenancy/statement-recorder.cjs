// Records every distinct SQL statement the application sends, for the program_id check (tenancy-check.cjs).
// Loaded by jest (setupFiles) in every test worker and, through NODE_OPTIONS, in the server processes tests
// spawn. Only connections that name themselves as the application (src/config/application-name.ts) are
// recorded: a test's own pg clients (creating databases, reading rows back) are not the product's statements.
'use strict';
const fs = require('node:fs');
const path = require('node:path');
const { shape } = require('./tenancy-check.cjs');

const APPLICATION_NAME = 'affiliate-api';
const dir = process.env.STATEMENT_LOG_DIR;

if (dir) {
  let pg = null;
  try {
    pg = require('pg');
  } catch {
    // A process without pg sends no SQL.
  }
  if (pg && !pg.Client.prototype.__statementRecorder) {
    const file = path.join(dir, `statements-${process.pid}.jsonl`);
    const seen = new Set();
    const original = pg.Client.prototype.query;
    pg.Client.prototype.query = function recordedQuery(config, ...rest) {
      const text = typeof config === 'string' ? config : config && typeof config.text === 'string' ? config.text : null;
      if (text !== null && this.connectionParameters && this.connectionParameters.application_name === APPLICATION_NAME) {
        const statement = shape(text);
        if (!seen.has(statement)) {
          seen.add(statement);
          // Appended at once (not at exit): jest ends its workers without a reliable exit hook.
          fs.appendFileSync(file, JSON.stringify(statement) + '\n');
        }
      }
      return original.call(this, config, ...rest);
    };
    pg.Client.prototype.__statementRecorder = true;
  }
}
