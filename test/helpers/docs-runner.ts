/**
 * How test/e2e/docs-examples.spec.ts runs each kind of block (test/helpers/docs-blocks.ts names the kinds).
 * Every function answers a list of problems, empty when the block does what the docs say.
 */
import { spawn, spawnSync, type ChildProcessWithoutNullStreams } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { buildSchema, parse, validate, type GraphQLSchema } from 'graphql';
import ts from 'typescript';
import { loadConfig } from '../../src/config/config';
import { contains, layoutPaths, REPO, shellSteps, type DocBlock } from './docs-blocks';

/** The origin the docs use for a server started with `npm start`; the test server's origin replaces it. */
export const DOC_ORIGIN = 'http://localhost:3000';

export const localize = (text: string, origin: string): string => text.split(DOC_ORIGIN).join(origin);

/**
 * What a reader's shell holds while following the docs: curl against this server, `npm run cli` running the
 * CLI from the sources (no build), and npx running only packages installed here (never a download).
 */
function preamble(dir: string): string {
  return `
set +e
__d=${JSON.stringify(dir)}
curl() { command curl --silent --show-error -D "$__d/$__n.headers" "$@"; }
npx() { local bin="${REPO}/node_modules/.bin/$1"; shift; [ -x "$bin" ] || { echo "npx: not installed here" >&2; return 127; }; "$bin" "$@"; }
command -v jq >/dev/null 2>&1 || jq() { node "$__d/jq.cjs" "$@"; }
npm() {
  local a=("$@")
  if [ "\${a[0]}" = run ] && [ "\${a[1]}" = --silent ]; then a=(run "\${a[@]:2}"); fi
  if [ "\${a[0]}" = run ] && [ "\${a[1]}" = cli ] && [ "\${a[2]}" = -- ]; then node "$__d/cli.cjs" "\${a[@]:3}"; return; fi
  echo "npm $* is not run by the docs test (use a \\\`sh scripts\\\` block)" >&2; return 97
}
`;
}

/**
 * Runs src/cli/main.ts from the sources, compiled per file by swc as Jest does (the CLI as `npm run cli` runs
 * it, without a build). Compiled files are kept by path and modification time: each command starts faster.
 */
function cliRunner(cacheDir: string): string {
  return `
const fs = require('fs');
const path = require('path');
const crypto = require('crypto');
const swc = require(${JSON.stringify(path.join(REPO, 'node_modules/@swc/core'))});
const options = {
  jsc: { parser: { syntax: 'typescript', decorators: true }, transform: { legacyDecorator: true, decoratorMetadata: true, useDefineForClassFields: false }, target: 'es2022', keepClassNames: true },
  module: { type: 'commonjs' },
};
const cacheDir = ${JSON.stringify(cacheDir)};
require.extensions['.ts'] = (m, filename) => {
  const st = fs.statSync(filename);
  const cached = path.join(cacheDir, crypto.createHash('sha1').update(filename + ':' + st.mtimeMs + ':' + st.size).digest('hex') + '.js');
  let code;
  try {
    code = fs.readFileSync(cached, 'utf8');
  } catch {
    code = swc.transformSync(fs.readFileSync(filename, 'utf8'), { ...options, filename }).code;
    fs.writeFileSync(cached, code);
  }
  m._compile(code, filename);
};
require(${JSON.stringify(path.join(REPO, 'src/cli/main.ts'))});
`;
}

/** A stand-in for \`jq [-r] <path>\` (.a.b, .[0].c) where jq is not installed: the docs keep ids with it. */
const JQ_FALLBACK = `
const args = process.argv.slice(2);
const raw = args.includes('-r');
const [filter, file] = args.filter((a) => a !== '-r');
let value = JSON.parse(require('fs').readFileSync(file ?? 0, 'utf8'));
for (const m of filter.matchAll(/\\.(\\w+)|\\[(\\d+)\\]/g)) value = value == null ? null : value[m[1] ?? Number(m[2])];
console.log(raw && typeof value === 'string' ? value : JSON.stringify(value));
`;

/** One bash process per Markdown file, so variables a block sets (KEY, IDs) hold in the next, as in a terminal. */
export class ShellSession {
  private readonly bash: ChildProcessWithoutNullStreams;
  private out = '';
  private count = 0;
  private exited = false;

  constructor(
    readonly dir: string,
    env: Record<string, string>,
  ) {
    const cache = path.join(dir, '..', 'cli-cache');
    fs.mkdirSync(cache, { recursive: true });
    fs.writeFileSync(path.join(dir, 'cli.cjs'), cliRunner(cache));
    fs.writeFileSync(path.join(dir, 'jq.cjs'), JQ_FALLBACK);
    fs.symlinkSync(path.join(REPO, 'node_modules'), path.join(dir, 'node_modules'));
    this.bash = spawn('bash', ['--noprofile', '--norc'], { cwd: dir, env: { ...process.env, ...env } });
    this.bash.stdout.on('data', (d: Buffer) => (this.out += d.toString()));
    this.bash.stderr.on('data', () => undefined);
    this.bash.on('exit', () => (this.exited = true));
    this.bash.stdin.write(preamble(dir));
  }

  /** Runs one `sh run` block step by step; each step's output, status and exit code are checked. */
  async run(block: DocBlock, origin: string, timeoutMs = 100_000): Promise<string[]> {
    const n = ++this.count;
    const steps = shellSteps(localize(block.body, origin));
    const script = steps
      .map((s, i) => `__n=${n}-${i}\n{ ${s.command}\n} >"$__d/${n}-${i}.out" 2>"$__d/${n}-${i}.err"\necho $? >"$__d/${n}-${i}.rc"\n`)
      .join('');
    fs.writeFileSync(path.join(this.dir, `${n}.sh`), script);
    this.bash.stdin.write(`. "$__d/${n}.sh"; echo "__done ${n}"\n`);
    const deadline = Date.now() + timeoutMs;
    while (!this.out.includes(`__done ${n}\n`)) {
      if (this.exited) return [`bash exited during the block (a step ran "exit"?)`];
      if (Date.now() > deadline) return [`did not finish within ${timeoutMs} ms`];
      await new Promise((r) => setTimeout(r, 20));
    }
    const problems: string[] = [];
    steps.forEach((step, i) => {
      const read = (ext: string) => {
        const f = path.join(this.dir, `${n}-${i}.${ext}`);
        return fs.existsSync(f) ? fs.readFileSync(f, 'utf8') : undefined;
      };
      const where = `step at block line ${step.line} (${step.command.split('\n')[0].slice(0, 80)})`;
      const rc = Number(read('rc') ?? 'NaN');
      const out = read('out') ?? '';
      const err = (read('err') ?? '').trim();
      const statuses = [...(read('headers') ?? '').matchAll(/^HTTP\/[\d.]+ (\d{3})/gm)].map((m) => Number(m[1]));
      const status = statuses[statuses.length - 1];
      if (rc !== 0) problems.push(`${where}: exit ${rc}${err ? `: ${err.slice(0, 300)}` : ''}`);
      const wanted = step.expect?.status;
      if (wanted !== undefined && status !== wanted) problems.push(`${where}: HTTP ${status}, the docs say ${wanted}: ${out.slice(0, 300)}`);
      if (wanted === undefined && status !== undefined && status >= 400) problems.push(`${where}: HTTP ${status}: ${out.slice(0, 300)}`);
      if (step.expect?.json !== undefined) {
        let body: unknown;
        try {
          body = JSON.parse(out);
        } catch {
          problems.push(`${where}: the answer is not JSON: ${out.slice(0, 300)}`);
          return;
        }
        if (!contains(body, step.expect.json)) problems.push(`${where}: the docs show ${step.expect.raw}, the answer was ${out.slice(0, 600)}`);
      }
    });
    return problems;
  }

  /** The value of a shell variable a block set (for GraphQL variables). */
  async variable(name: string): Promise<string | undefined> {
    const n = ++this.count;
    this.bash.stdin.write(`printf '%s' "\${${name}-__unset}" >"$__d/var-${n}"; echo "__done ${n}"\n`);
    while (!this.out.includes(`__done ${n}\n`) && !this.exited) await new Promise((r) => setTimeout(r, 10));
    const value = fs.readFileSync(path.join(this.dir, `var-${n}`), 'utf8');
    return value === '__unset' ? undefined : value;
  }

  close(): void {
    if (!this.exited) this.bash.stdin.end('exit 0\n');
  }
}

const packageJson = (dir: string): { scripts?: Record<string, string>; dependencies?: Record<string, string>; devDependencies?: Record<string, string> } =>
  JSON.parse(fs.readFileSync(path.join(REPO, dir, 'package.json'), 'utf8'));

/** `sh scripts`: npm commands that must exist (they take minutes or start a server, so they are not run). */
export function checkScripts(body: string): string[] {
  const problems: string[] = [];
  let dir = '.';
  for (const raw of body.split('\n')) {
    const line = raw.replace(/(^|\s)#.*$/, '').trim();
    if (!line) continue;
    for (const command of line.split('&&').map((c) => c.trim())) {
      const words = command.split(/\s+/);
      const pkg = packageJson(dir);
      const scripts = pkg.scripts ?? {};
      if (words[0] === 'cd') {
        dir = path.join(dir, words[1]);
        if (!fs.existsSync(path.join(REPO, dir, 'package.json'))) problems.push(`${command}: no package.json in ${dir}`);
      } else if (words[0] === 'npm' && words[1] === 'ci' && words.length === 2) {
        if (!fs.existsSync(path.join(REPO, dir, 'package-lock.json'))) problems.push(`${command}: no lock file in ${dir}`);
      } else if (words[0] === 'npm' && (words[1] === 'test' || words[1] === 'start') && words.length === 2) {
        if (!scripts[words[1]]) problems.push(`${command}: no "${words[1]}" script in ${dir}/package.json`);
      } else if (words[0] === 'npm' && words[1] === 'run' && words[2] && (words.length === 3 || words[3] === '--')) {
        if (!scripts[words[2]]) problems.push(`${command}: no "${words[2]}" script in ${dir}/package.json`);
      } else if (words[0] === 'npm' && words[1] === 'install') {
        const known = { ...pkg.dependencies, ...pkg.devDependencies };
        for (const name of words.slice(2).filter((w) => !w.startsWith('-')))
          if (!known[name]) problems.push(`${command}: ${name} is not a dependency of this project, so the name is not checked`);
      } else problems.push(`${command}: not an npm command this check knows`);
    }
  }
  return problems;
}

/** `sh env`: `NAME=value ... [npm command]` lines; each NAME is a variable of src/config, and loadConfig accepts its value. */
export function checkEnv(body: string): string[] {
  const configDir = path.join(REPO, 'src/config');
  const source = fs
    .readdirSync(configDir)
    .map((f) => fs.readFileSync(path.join(configDir, f), 'utf8'))
    .join('\n');
  const reads = (name: string) => [`env.${name}`, `'${name}'`, `"${name}"`].some((s) => source.includes(s));
  const problems: string[] = [];
  for (const raw of body.split('\n')) {
    const line = raw.replace(/(^|\s)#.*$/, '').trim();
    if (!line) continue;
    const words = spawnSync('bash', ['-c', `printf '%s\\0' ${line}`], { encoding: 'utf8' })
      .stdout.split('\0')
      .slice(0, -1);
    const env: Record<string, string> = {};
    let rest: string[] = [];
    for (let i = 0; i < words.length; i++) {
      const m = /^([A-Z_][A-Z0-9_]*)=(.*)$/s.exec(words[i]);
      if (!m) {
        rest = words.slice(i);
        break;
      }
      env[m[1]] = m[2];
      if (!reads(m[1])) problems.push(`${m[1]} is not a variable of src/config`);
    }
    try {
      loadConfig(env);
    } catch (err) {
      problems.push(`${line}: ${(err as Error).message}`);
    }
    if (rest.length) problems.push(...checkScripts(rest.join(' ')));
  }
  return problems;
}

/** `json parse`. */
export function checkJson(body: string): string[] {
  try {
    JSON.parse(body);
    return [];
  } catch (err) {
    return [(err as Error).message];
  }
}

/** `js syntax`: a module as a bundler would read it; syntax only (it runs in a browser or a framework). */
export function checkJsSyntax(body: string): string[] {
  const out = ts.transpileModule(body, {
    reportDiagnostics: true,
    fileName: 'example.js',
    compilerOptions: { allowJs: true, target: ts.ScriptTarget.ES2022, module: ts.ModuleKind.ESNext },
  });
  return (out.diagnostics ?? []).map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'));
}

/**
 * `ts run`: the snippet as `src/example.ts` of a CommonJS project in the shell session's folder (so it imports
 * what an earlier block generated there), type-checked strictly, then run with node.
 */
export async function runTypeScript(body: string, dir: string, env: Record<string, string>, origin: string): Promise<string[]> {
  const file = path.join(dir, 'src', `example-${Date.now()}.ts`);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, localize(body, origin));
  const options: ts.CompilerOptions = {
    strict: true,
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.CommonJS,
    moduleResolution: ts.ModuleResolutionKind.Node10,
    esModuleInterop: true,
    skipLibCheck: true,
    types: ['node'],
    typeRoots: [path.join(REPO, 'node_modules/@types')],
    outDir: path.join(dir, 'dist'),
  };
  const program = ts.createProgram([file], options);
  const diagnostics = ts.getPreEmitDiagnostics(program).map((d) => {
    const at = d.file && d.start !== undefined ? d.file.getLineAndCharacterOfPosition(d.start) : undefined;
    return `${at ? `${path.basename(d.file!.fileName)}:${at.line + 1}: ` : ''}${ts.flattenDiagnosticMessageText(d.messageText, '\n')}`;
  });
  if (diagnostics.length) return diagnostics;
  program.emit();
  const js = path.join(dir, 'dist', path.basename(file).replace(/\.ts$/, '.js'));
  // Asynchronously: the test server answering the snippet runs in this process.
  const child = spawn(process.execPath, [js], { cwd: dir, env: { ...process.env, ...env }, timeout: 20_000 });
  let output = '';
  child.stdout.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr.on('data', (d: Buffer) => (output += d.toString()));
  const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
  return code === 0 ? [] : [`node exited ${code}: ${output.slice(0, 500)}`];
}

let schema: GraphQLSchema | undefined;

/** `graphql ...`: the document against the committed schema.graphql. */
export function validateGraphql(body: string): string[] {
  schema ??= buildSchema(fs.readFileSync(path.join(REPO, 'schema.graphql'), 'utf8'));
  try {
    return validate(schema, parse(body)).map((e) => e.message);
  } catch (err) {
    return [(err as Error).message];
  }
}

/** The variables a GraphQL document declares: `$programId` from the shell's PROGRAM, `$couponId` from COUPON_ID. */
export function graphqlVariableNames(body: string): { name: string; shell: string }[] {
  const names = new Set([...body.matchAll(/\$([A-Za-z_]\w*)\s*:/g)].map((m) => m[1]));
  return [...names].map((name) => ({ name, shell: name === 'programId' ? 'PROGRAM' : name.replace(/([a-z0-9])([A-Z])/g, '$1_$2').toUpperCase() }));
}

/** `html fetch`: the src and href attributes that point at this server. */
export function htmlUrls(body: string, origin: string): string[] {
  return [...localize(body, origin).matchAll(/\b(?:src|href)="([^"]+)"/g)].map((m) => m[1]).filter((u) => u.startsWith(origin));
}

/** `text layout`: every path the tree names exists. */
export function checkLayout(body: string): string[] {
  return layoutPaths(body)
    .filter(({ path: p }) => !fs.existsSync(path.join(REPO, p)))
    .map(({ path: p, line }) => `line ${line}: ${p} does not exist`);
}
