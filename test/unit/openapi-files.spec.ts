/**
 * The committed files generated from the REST route table by `npm run openapi`: openapi.json (the document
 * GET /api/v1/openapi.json serves, with the default PUBLIC_URL's server) and test/helpers/openapi-types.ts (its
 * TypeScript types, which the typed client of the REST tests compiles against). Each is rebuilt here from
 * the code and must equal the committed copy: a stale one fails CI with the command that regenerates it.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { OPENAPI_SERVER_URL, printedOpenApi } from '../../src/cli/print-openapi';

const ROOT = path.join(__dirname, '../..');
/** The one generator of the types, also run by `npm run openapi` (ESM: see the file for why a child process). */
const GENERATOR = path.join(ROOT, 'test/helpers/generate-openapi-types.mjs');
const FIX = 'run `npm run openapi` and commit openapi.json and test/helpers/openapi-types.ts';

/** Fails with the first differing line and the command to run, not with a diff of two whole documents. */
function expectCommitted(file: string, generated: string): void {
  const committedPath = path.join(ROOT, file);
  if (!fs.existsSync(committedPath)) throw new Error(`${file} is missing: ${FIX}`);
  const committed = fs.readFileSync(committedPath, 'utf8');
  if (committed === generated) return;
  const a = committed.split('\n');
  const b = generated.split('\n');
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  throw new Error(
    `${file} is stale (it differs from what the code generates from line ${i + 1}): ${FIX}.\n` +
      `  committed: ${a[i] ?? '<end of file>'}\n  generated: ${b[i] ?? '<end of file>'}`,
  );
}

test('openapi.json is the document the server serves (run `npm run openapi` after changing a route)', async () => {
  const document = await printedOpenApi();
  expect(JSON.parse(document).servers).toEqual([{ url: OPENAPI_SERVER_URL, description: 'This server' }]);
  expect(OPENAPI_SERVER_URL).toBe('http://localhost:3000/api/v1');
  expectCommitted('openapi.json', document);
});

test('test/helpers/openapi-types.ts are the types of that document (run `npm run openapi` after changing a route)', async () => {
  // Through a file: a large document on stdin can hit EAGAIN (the child's stdin pipe is non-blocking).
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'openapi-')), 'openapi.json');
  fs.writeFileSync(file, await printedOpenApi());
  const types = execFileSync(process.execPath, [GENERATOR, file], { cwd: ROOT, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  expect(types).toMatch(/^\/\/ Generated from openapi\.json .* by `npm run openapi`/);
  expect(types).toContain('export interface paths {');
  expectCommitted('test/helpers/openapi-types.ts', types);
});
