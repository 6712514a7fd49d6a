'use strict';

// The real server for the app's tests: the root project built (installed first when its node_modules is
// missing), `node dist/src/main.js` started on a free port with a zapier OAuth partner, a fresh PostgreSQL
// database (DATABASE_URL's server, else a local one on 127.0.0.1:5432, else the server's embedded one), a user
// and program made through GraphQL, and one authorization code from the consent page for the token exchange.
// Workers read everything from the environment (they inherit what is set here).

/* global fetch */
const { spawn, spawnSync } = require('node:child_process');
const { setTimeout } = require('node:timers');
const { URL } = require('node:url');
const crypto = require('node:crypto');
const fs = require('node:fs');
const net = require('node:net');
const os = require('node:os');
const path = require('node:path');
const { Client } = require('pg');
const { signIn, consent, graphql } = require('./support/http');
const globalTeardown = require('./global-teardown');

const ROOT = path.resolve(__dirname, '../../..');
const LOCAL_POSTGRES = 'postgresql://postgres@127.0.0.1:5432/postgres';
/** A redirect URI of the kind Zapier gives an app; the test reads the code off the redirect, nothing visits it. */
const REDIRECT_URI = 'https://zapier.com/dashboard/auth/oauth/return/AffiliateProgramCLIAPI/';
const READY_TIMEOUT_MS = 300000; // the embedded PostgreSQL's first start is slow

const log = (message) => process.stderr.write(`[zapier tests] ${message}\n`);

function run(command, args, cwd) {
  const result = spawnSync(command, args, { cwd, encoding: 'utf8', env: process.env, maxBuffer: 64 * 1024 * 1024 });
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} failed in ${cwd} (${result.status}):\n${result.stdout}\n${result.stderr}`);
}

/** The root project's dist/, built from its sources (installed first on a fresh checkout). */
function buildServer() {
  if (!fs.existsSync(path.join(ROOT, 'node_modules'))) {
    log('installing the server (npm ci at the repository root)');
    run('npm', ['ci', '--no-audit', '--no-fund'], ROOT);
  }
  log('building the server (npm run build)');
  run('npm', ['run', 'build', '--silent'], ROOT);
}

const freePort = () =>
  new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });

async function answers(url) {
  const client = new Client({ connectionString: url, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    await client.query('select 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

/** A fresh database on the server of `url`, dropped at teardown; `url` itself when one cannot be created. */
async function scratchDatabase(url) {
  const name = `zapier_app_${crypto.randomBytes(5).toString('hex')}`;
  const client = new Client({ connectionString: url });
  try {
    await client.connect();
    await client.query(`create database ${name}`);
  } catch (error) {
    log(`cannot create a database on ${new URL(url).host} (${error.message}): using the one DATABASE_URL names`);
    return { url, drop: null };
  } finally {
    await client.end().catch(() => {});
  }
  const scratch = new URL(url);
  scratch.pathname = `/${name}`;
  return { url: scratch.toString(), drop: { adminUrl: url, name } };
}

/** DATABASE_URL if set, else the local PostgreSQL if it answers, else none (the server's embedded one). */
async function chooseDatabase() {
  if (process.env.DATABASE_URL) return scratchDatabase(process.env.DATABASE_URL);
  if (await answers(LOCAL_POSTGRES)) return scratchDatabase(LOCAL_POSTGRES);
  log('no PostgreSQL configured or on 127.0.0.1:5432: the server starts its embedded one (slow the first time)');
  return { url: null, drop: null };
}

async function waitUntilReady(baseUrl, child, logFile) {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited (${child.exitCode}):\n${fs.readFileSync(logFile, 'utf8').slice(-5000)}`);
    try {
      const res = await fetch(`${baseUrl}/readyz`);
      if (res.status === 200) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`the server did not become ready within ${READY_TIMEOUT_MS / 1000} s:\n${fs.readFileSync(logFile, 'utf8').slice(-5000)}`);
}

module.exports = async function globalSetup() {
  buildServer();

  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'zapier-app-test-'));
  // Started as root, the embedded PostgreSQL runs as the postgres user, which must be able to enter DATA_DIR.
  if (process.getuid && process.getuid() === 0) fs.chmodSync(dir, 0o777);
  const database = await chooseDatabase();
  globalThis.__ZAPIER_TEST_SERVER__ = { child: null, dir, logFile: null, database };
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const client = { id: 'zapier-app-tests', secret: crypto.randomBytes(24).toString('base64url') };

  const env = {
    ...process.env,
    PORT: String(port),
    PUBLIC_URL: baseUrl,
    DATA_DIR: path.join(dir, 'data'),
    NODE_ENV: 'test',
    LOG_LEVEL: process.env.LOG_LEVEL || 'warn',
    WEBHOOK_ALLOW_PRIVATE: 'true',
    OAUTH_PARTNERS: JSON.stringify([{ name: 'zapier', clientId: client.id, clientSecret: client.secret, redirectUris: [REDIRECT_URI] }]),
  };
  if (database.url) env.DATABASE_URL = database.url;
  else delete env.DATABASE_URL;
  delete env.REDIS_URL;

  const logFile = path.join(os.tmpdir(), `zapier-app-test-server-${port}.log`);
  const out = fs.openSync(logFile, 'w');
  const child = spawn(process.execPath, ['dist/src/main.js'], { cwd: ROOT, env, stdio: ['ignore', out, out] });
  fs.closeSync(out);
  Object.assign(globalThis.__ZAPIER_TEST_SERVER__, { child, logFile });
  log(`starting the server on ${baseUrl} (${database.url ? `database ${new URL(database.url).pathname.slice(1)}` : 'embedded PostgreSQL'})`);
  try {
    await waitUntilReady(baseUrl, child, logFile);
    await prepare(baseUrl, client);
  } catch (error) {
    // jest runs no teardown after a failed set-up: stop what was started here.
    await globalTeardown();
    throw error;
  }
};

/** A user with a program, the consent flow to a code, and the environment of the app and the tests. */
async function prepare(baseUrl, client) {
  const owner = { email: `zapier-owner-${crypto.randomBytes(4).toString('hex')}@example.com`, password: `zap ${crypto.randomBytes(9).toString('hex')} tests` };
  const { signUp } = await graphql(baseUrl, 'mutation ($input: SignUpInput!) { signUp(input: $input) { token } }', {
    input: { email: owner.email, password: owner.password, name: 'Zapier Tests' },
  });
  const { createProgram: program } = await graphql(
    baseUrl,
    'mutation ($input: ProgramInput!) { createProgram(input: $input) { id name } }',
    { input: { name: 'Zapier Test Program', baseUrls: ['https://shop.example.com'] } },
    signUp.token,
  );
  const jar = await signIn(baseUrl, owner.email, owner.password);
  const state = crypto.randomBytes(12).toString('hex');
  const authorize = new URL(`${baseUrl}/connect/zapier/choose-affiliate-program`);
  for (const [key, value] of Object.entries({ client_id: client.id, state, redirect_uri: REDIRECT_URI, response_type: 'code' }))
    authorize.searchParams.set(key, value);
  const back = await consent(baseUrl, jar, authorize.toString(), program.id);
  if (back.searchParams.get('state') !== state || !back.searchParams.get('code')) throw new Error(`no code in the redirect: ${back}`);

  // The app's environment (zapier env:set in production) and what the tests need to know.
  process.env.AFFILIATE_API_URL = baseUrl;
  process.env.CLIENT_ID = client.id;
  process.env.CLIENT_SECRET = client.secret;
  process.env.ZAPIER_TEST = JSON.stringify({
    baseUrl,
    redirectUri: REDIRECT_URI,
    code: back.searchParams.get('code'),
    program,
    owner: { ...owner, sessionToken: signUp.token },
  });
}
