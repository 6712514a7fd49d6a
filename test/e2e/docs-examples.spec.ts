/**
 * Every fenced block of README.md, ARCHITECTURE.md, CONTRIBUTING.md and docs/** runs here, against a test server,
 * so the docs cannot drift from the code. Each block says how in its info string (`sh run`, `graphql session`,
 * ...: test/helpers/docs-blocks.ts MODES); a block without a known treatment fails, and opt-outs
 * (`<language> skip: <why>`) are counted and listed so they stay few.
 *
 * Each Markdown file gets a program of its own and one bash session, so its blocks build on each other as a
 * reader's terminal would.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { docFiles, extractBlocks, MODES, REPO, type DocBlock } from '../helpers/docs-blocks';
import {
  checkEnv,
  checkJsSyntax,
  checkJson,
  checkLayout,
  checkScripts,
  graphqlVariableNames,
  htmlUrls,
  runTypeScript,
  ShellSession,
  validateGraphql,
} from '../helpers/docs-runner';
import { createProgram, type ProgramFixture } from '../helpers/factories';
import { useTestServer } from '../helpers/harness';

/** Opt-outs allowed in all the docs together: raising it is a decision, not a side effect. */
const MAX_OPT_OUTS = 8;

/**
 * Moves under way in other changes: the docs describe where the files land, and either place is accepted until
 * the move is committed (then remove the entry).
 */
const files = docFiles();
const blocks: DocBlock[] = files.flatMap((f) => extractBlocks(f, fs.readFileSync(path.join(REPO, f), 'utf8')));
const label = (b: DocBlock) => `${b.file}:${b.line} (${b.lang} ${b.mode})`;

test('the docs tree is there and every block names a treatment', () => {
  expect(files).toEqual(expect.arrayContaining(['README.md', 'ARCHITECTURE.md', 'CONTRIBUTING.md']));
  const unknown = blocks.filter((b) => b.mode !== 'skip' && !MODES[`${b.lang} ${b.mode}`]).map(label);
  expect({ blocksWithoutTreatment: unknown }).toEqual({ blocksWithoutTreatment: [] });
  const skips = blocks.filter((b) => b.mode === 'skip');
  expect({ optOutsWithoutReason: skips.filter((b) => !b.reason).map(label) }).toEqual({ optOutsWithoutReason: [] });
  // Listed on every run, so the opt-outs stay visible.
  console.log(`${blocks.length} blocks; ${skips.length} opted out:\n${skips.map((b) => `  ${label(b)}: ${b.reason}`).join('\n')}`);
  expect(skips.length).toBeLessThanOrEqual(MAX_OPT_OUTS);
});

test('README.md stays small (at most 10 KB)', () => {
  expect(fs.statSync(path.join(REPO, 'README.md')).size).toBeLessThanOrEqual(10 * 1024);
});

test('links between the docs point at files of the repository', () => {
  const broken: string[] = [];
  for (const f of files) {
    const text = fs.readFileSync(path.join(REPO, f), 'utf8');
    for (const m of text.matchAll(/\]\(([^)\s]+)\)/g)) {
      const target = m[1].split('#')[0];
      if (!target || /^[a-z]+:/.test(target)) continue;
      const resolved = path.normalize(path.join(path.dirname(f), target));
      if (resolved.startsWith('..') || !fs.existsSync(path.join(REPO, resolved))) broken.push(`${f}: ${m[1]}`);
    }
  }
  expect({ broken }).toEqual({ broken: [] });
});

test('every file path the docs name in backticks exists', () => {
  const missing: string[] = [];
  for (const f of files) {
    const text = fs.readFileSync(path.join(REPO, f), 'utf8');
    for (const m of text.matchAll(/`((?:src|rest-facade|test|docs|bench|integrations)\/[\w./-]*)`/g)) {
      const named = m[1];
      if (!fs.existsSync(path.join(REPO, named))) missing.push(`${f}: ${named}`);
    }
  }
  expect({ missing }).toEqual({ missing: [] });
});

describe('every block', () => {
  const server = useTestServer();
  let dir: string;
  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'docs-examples-'));
  });
  afterAll(() => {
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  describe.each(files.filter((f) => blocks.some((b) => b.file === f && b.mode !== 'skip')))('%s', (file) => {
    let program: ProgramFixture;
    let shell: ShellSession;
    let env: Record<string, string>;
    beforeAll(async () => {
      program = await createProgram(server);
      const work = path.join(dir, file.replace(/[^\w.-]+/g, '_'));
      fs.mkdirSync(work);
      env = {
        BASE: server.url,
        API: `${server.url}/api/v1`,
        KEY: program.key,
        SESSION: program.session,
        PROGRAM: program.programId,
        PK: program.publishableKey,
        DATABASE_URL: server.runtime.config.databaseUrl!,
        LOG_LEVEL: 'warn',
      };
      shell = new ShellSession(work, env);
    });
    afterAll(() => shell?.close());

    test.each(blocks.filter((b) => b.file === file && b.mode !== 'skip').map((b) => [`line ${b.line}: ${b.lang} ${b.mode}`, b] as const))(
      '%s',
      async (_name, block) => {
        expect({ block: label(block), problems: await treat(block) }).toEqual({ block: label(block), problems: [] });
      },
      // A block of CLI commands starts a process per command; a loaded machine may take a while.
      120_000,
    );

    async function treat(block: DocBlock): Promise<string[]> {
      switch (`${block.lang} ${block.mode}`) {
        case 'sh run':
          return shell.run(block, server.url);
        case 'sh scripts':
          return checkScripts(block.body);
        case 'sh env':
          return checkEnv(block.body);
        case 'json parse':
          return checkJson(block.body);
        case 'js syntax':
          return checkJsSyntax(block.body);
        case 'ts run':
          return runTypeScript(block.body, shell.dir, env, server.url);
        case 'html fetch': {
          const problems: string[] = [];
          for (const url of htmlUrls(block.body, server.url)) {
            const res = await fetch(url);
            if (res.status !== 200) problems.push(`${url}: ${res.status}`);
          }
          return problems;
        }
        case 'text layout':
          return checkLayout(block.body);
        case 'graphql validate':
          return validateGraphql(block.body);
        case 'graphql session':
        case 'graphql key':
        case 'graphql anon': {
          const invalid = validateGraphql(block.body);
          if (invalid.length) return invalid;
          const variables: Record<string, unknown> = {};
          for (const v of graphqlVariableNames(block.body)) {
            const value = await shell.variable(v.shell);
            if (value === undefined) return [`$${v.name}: set ${v.shell} in an earlier block`];
            variables[v.name] = value;
          }
          const token = block.mode === 'session' ? program.session : block.mode === 'key' ? program.key : undefined;
          const res = await server.graphql(block.body, variables, token);
          return res.body.errors ? res.body.errors.map((e: { message: string }) => e.message) : res.status === 200 ? [] : [`HTTP ${res.status}`];
        }
        default:
          return [`no treatment for ${block.lang} ${block.mode}`];
      }
    }
  });
});
