// The program_id rule, checked over every statement the test suite made the application send: a statement
// that reads or writes a tenant table names program_id for each tenant table it touches (a filter, a join
// condition or an inserted column). Safe-by-unique-id is not enough: a distributed PostgreSQL (Citus) routes
// by program_id, and a statement without it is one mistake away from reading another program's rows.
'use strict';
const fs = require('node:fs');
const path = require('node:path');

/** The tenant tables, distributed by program_id (test/integration/shard-ready.spec.ts holds the schema to this list). */
const TENANT_TABLES = [
  'affiliate_groups',
  'billing_charges',
  'billing_events',
  'billing_held_invoices',
  'billing_integrations',
  'billing_payments',
  'billing_refunds',
  'billing_subscriptions',
  'affiliate_links',
  'affiliates',
  'api_keys',
  'auto_coupon_rules',
  'clicks',
  'commission_entries',
  'commission_notices',
  'commission_plans',
  'commissions',
  'coupons',
  'events',
  'oauth_codes',
  'oauth_tokens',
  'payout_batches',
  'payouts',
  'portal_sessions',
  'portal_sign_in_tokens',
  'promotional_code_links',
  'promotional_codes',
  'referrals',
  'sales',
  'stat_buckets',
  'stat_deltas',
  'webhook_attempts',
  'webhook_deliveries',
  'webhook_endpoints',
];

/**
 * A statement may say in a comment that it spans every program on purpose (a maintenance sweep or a worker's
 * claim across programs); it is then reported as such, not as an offender.
 */
const ALL_PROGRAMS = /\/\*\s*all programs\b/i;

/**
 * A test's own SQL (reading rows back, ageing a record) is not the product's: the tests' SQL helpers mark it
 * with this comment (`testSql`) and the check leaves it out.
 */
const TEST_SQL = '/* test */ ';
const testSql = (sql) => TEST_SQL + sql;

/** Data statements only: schema changes (migrations) and transaction control are not reads or writes of rows. */
const DATA = /^\s*(\(?\s*select|insert|update|delete|with)\b/i;

function normalize(sql) {
  return sql.replace(/"/g, '').replace(/\s+/g, ' ').toLowerCase();
}

/** The tenant tables a statement reads or writes, once per mention (a self-join mentions one twice). */
function tenantMentions(sql, tables = TENANT_TABLES) {
  const set = new Set(tables);
  const mentions = [];
  const re = /\b(?:from|join|update|into|using)\s+(?:only\s+)?(?:public\.)?([a-z_][a-z0-9_]*)/g;
  let m;
  while ((m = re.exec(sql))) if (set.has(m[1])) mentions.push(m[1]);
  return mentions;
}

/**
 * How many times program_id constrains rows: a comparison (`t.program_id = ?`, `= t.program_id`, `program_id in
 * (…)`, a row comparison `(program_id, id) in …`) or an inserted column. A program_id only selected does not count.
 */
function programConditions(sql) {
  const col = '[a-z0-9_]*\\.?program_id';
  let n = 0;
  n += (sql.match(new RegExp(`\\b${col}\\s*(=|in\\b|is not distinct from\\b)`, 'g')) || []).length;
  n += (sql.match(new RegExp(`=\\s*${col}\\b`, 'g')) || []).length;
  n += (sql.match(new RegExp(`\\(\\s*${col}\\s*,[^()]*\\)\\s*(=|in\\b)`, 'g')) || []).length;
  // Every insert's column list, the statement's own and those of its CTEs (`with c as (insert into … )`).
  for (const insert of sql.matchAll(/\binsert into [a-z0-9_.]+\s*\(([^)]*)\)/g)) if (/\bprogram_id\b/.test(insert[1])) n += 1;
  return n;
}

/**
 * Statements that break the rule: each tenant-table mention needs a program_id of its own (a join of two tenant
 * tables needs it in the join condition, not only in the outer filter).
 */
function findOffenders(statements, tables = TENANT_TABLES) {
  const offenders = [];
  const spanning = [];
  for (const statement of statements) {
    if (statement.startsWith(TEST_SQL) || !DATA.test(statement)) continue;
    const sql = normalize(statement);
    const mentions = tenantMentions(sql, tables);
    if (!mentions.length) continue;
    if (ALL_PROGRAMS.test(statement)) {
      spanning.push(statement);
      continue;
    }
    if (programConditions(sql) < mentions.length) offenders.push({ statement, tables: [...new Set(mentions)] });
  }
  return { offenders, spanning };
}

/**
 * The statement's shape: MikroORM inlines parameters, so literals become `?` and lists of them one `?, …`;
 * the same statement with other values is recorded once.
 */
function shape(sql) {
  return sql
    .replace(/'(?:[^']|'')*'/g, '?')
    .replace(/(?<![\w.$])-?\d+(?:\.\d+)?(?![\w.])/g, '?')
    .replace(/\?(?:\s*::\s*[a-z]+(?:\[\])?)?(?:\s*,\s*\?(?:\s*::\s*[a-z]+(?:\[\])?)?)+/gi, '?, …')
    .replace(/\((?:\?|\?, …)\)(?:\s*,\s*\((?:\?|\?, …)\))+/g, '(?, …), …')
    .replace(/\s+/g, ' ')
    .trim();
}

/** Every statement recorded under `dir` (statement-recorder.cjs writes one JSON string per line). */
function readRecorded(dir) {
  const statements = new Set();
  if (!dir || !fs.existsSync(dir)) return statements;
  for (const name of fs.readdirSync(dir)) {
    if (!name.endsWith('.jsonl')) continue;
    for (const line of fs.readFileSync(path.join(dir, name), 'utf8').split('\n')) if (line) statements.add(JSON.parse(line));
  }
  return statements;
}

module.exports = { TENANT_TABLES, findOffenders, programConditions, readRecorded, shape, tenantMentions, testSql };
