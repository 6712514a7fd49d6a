/**
 * The fenced blocks of the project's Markdown (README.md, ARCHITECTURE.md, CONTRIBUTING.md, docs/**), each with
 * the treatment its info string names, so test/e2e/docs-examples.spec.ts can run every one of them.
 *
 * The convention (CONTRIBUTING.md, "Examples in the docs"): the info string is `<language> <mode>`, e.g.
 * ```` ```sh run ````, and the mode says how the test treats the block (MODES below). A block may opt out with
 * `<language> skip: <why>`; opt-outs are counted and listed by the test.
 */
import fs from 'node:fs';
import path from 'node:path';

export const REPO = path.resolve(__dirname, '../..');

export interface DocBlock {
  /** Path relative to the repository root. */
  file: string;
  /** 1-based line of the opening fence. */
  line: number;
  lang: string;
  mode: string;
  /** After `skip:`: why the block cannot run in a test. */
  reason: string;
  body: string;
}

/** Every treatment the test knows, by `<language> <mode>`. A block naming anything else fails the test. */
export const MODES: Record<string, string> = {
  'sh run': 'run by bash against the test server ($API, $BASE, $KEY, ...); `# -> <status> <json>` lines are checked',
  'sh scripts': 'each npm command must name an existing package.json script (or an installed package)',
  'sh env': 'each NAME=value must be a variable of src/config, and loadConfig must accept the value',
  'json parse': 'parsed as JSON',
  'ts run': 'type-checked (strict, CommonJS) and run with node against the test server',
  'js syntax': 'parsed as a JavaScript module (syntax only: browser or framework code)',
  'graphql validate': 'parsed and validated against schema.graphql',
  'graphql session': "validated, then executed with the program owner's session token",
  'graphql key': "validated, then executed with the program's API key",
  'graphql anon': 'validated, then executed without a credential',
  'html fetch': 'each src/href on this server is fetched from the test server and must answer 200',
  'text layout': 'a folder tree: every path in it must exist in the repository',
};

/** The Markdown files whose blocks are checked. */
export function docFiles(): string[] {
  const files = ['README.md', 'ARCHITECTURE.md', 'CONTRIBUTING.md'];
  const walk = (dir: string): void => {
    for (const entry of fs.readdirSync(path.join(REPO, dir), { withFileTypes: true })) {
      const rel = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(rel);
      else if (entry.name.endsWith('.md')) files.push(rel);
    }
  };
  if (fs.existsSync(path.join(REPO, 'docs'))) walk('docs');
  return files.filter((f) => fs.existsSync(path.join(REPO, f))).sort((a, b) => order(a) - order(b) || a.localeCompare(b));
}

// The README first: a newcomer's path, and its blocks set up nothing the others need.
const order = (f: string) => (f === 'README.md' ? 0 : f.startsWith('docs/') ? 2 : 1);

/** The fenced blocks of one file (``` or ~~~ fences, indented up to the enclosing list item). */
export function extractBlocks(file: string, text: string): DocBlock[] {
  const lines = text.split('\n');
  const blocks: DocBlock[] = [];
  for (let i = 0; i < lines.length; i++) {
    const open = /^(\s*)(`{3,}|~{3,})\s*(.*)$/.exec(lines[i]);
    if (!open) continue;
    const [, indent, fence, info] = open;
    const body: string[] = [];
    let j = i + 1;
    while (j < lines.length && !new RegExp(`^\\s*${fence[0] === '`' ? '`' : '~'}{${fence.length},}\\s*$`).test(lines[j])) {
      body.push(lines[j].startsWith(indent) ? lines[j].slice(indent.length) : lines[j].trimStart());
      j++;
    }
    const [lang = '', ...rest] = info.trim().split(/\s+/);
    const restText = rest.join(' ');
    const skip = /^skip:\s*(.*)$/.exec(restText);
    blocks.push({
      file,
      line: i + 1,
      lang,
      mode: skip ? 'skip' : restText,
      reason: skip ? skip[1].trim() : '',
      body: body.join('\n'),
    });
    i = j;
  }
  return blocks;
}

export interface ShellStep {
  /** The command as written (continuation lines and multi-line quotes included). */
  command: string;
  /** 1-based line of the command's first line within the block. */
  line: number;
  /** From a following `# -> [status] [json]` line. */
  expect?: { status?: number; json?: unknown; raw: string };
}

/**
 * Splits a shell block into commands: a command ends at a line end outside quotes and without a trailing
 * backslash; comment lines separate commands, and a `# -> ...` line states what the previous one answers.
 */
export function shellSteps(body: string): ShellStep[] {
  const steps: ShellStep[] = [];
  let current: string[] = [];
  let start = 0;
  let quote: "'" | '"' | null = null;
  const lines = body.split('\n');
  lines.forEach((line, index) => {
    if (!current.length) {
      const arrow = /^\s*#\s*->\s*(.*)$/.exec(line);
      if (arrow) {
        const last = steps[steps.length - 1];
        if (!last) throw new Error(`line ${index + 1}: "# ->" before any command`);
        last.expect = parseExpectation(arrow[1]);
        return;
      }
      if (/^\s*(#.*)?$/.test(line)) return;
      start = index + 1;
    }
    current.push(line);
    for (let k = 0; k < line.length; k++) {
      const c = line[k];
      if (quote === "'") {
        if (c === "'") quote = null;
      } else if (c === '\\') k++;
      else if (quote === '"') {
        if (c === '"') quote = null;
      } else if (c === "'" || c === '"') quote = c;
      else if (c === '#' && (k === 0 || /\s/.test(line[k - 1]))) break;
    }
    if (quote || /\\$/.test(line)) return;
    steps.push({ command: current.join('\n'), line: start });
    current = [];
  });
  if (current.length) throw new Error(`line ${start}: unterminated quote or continuation`);
  return steps;
}

/** `# -> 400 {"code": "VALIDATION_FAILED"}`, `# -> {"count": 1}`, `# -> null`, `# -> 204`. */
export function parseExpectation(text: string): ShellStep['expect'] {
  const m = /^(\d{3})?\s*(.*)$/.exec(text.trim())!;
  const json = m[2].trim();
  return { status: m[1] ? Number(m[1]) : undefined, json: json ? JSON.parse(json) : undefined, raw: text.trim() };
}

/**
 * Whether `actual` holds what `expected` shows: objects by the keys shown, arrays by elements each found in the
 * answer, a string ending in "…" as a prefix, anything else equal.
 */
export function contains(actual: unknown, expected: unknown): boolean {
  if (typeof expected === 'string' && expected.endsWith('…')) return typeof actual === 'string' && actual.startsWith(expected.slice(0, -1));
  if (Array.isArray(expected)) return Array.isArray(actual) && expected.every((e) => actual.some((a) => contains(a, e)));
  if (expected && typeof expected === 'object') {
    if (!actual || typeof actual !== 'object' || Array.isArray(actual)) return false;
    const record = actual as Record<string, unknown>;
    return Object.entries(expected).every(([k, v]) => k in record && contains(record[k], v));
  }
  return Object.is(actual, expected);
}

/**
 * The paths a `text layout` block names: the first word of each line, nested by indentation under the nearest
 * less-indented folder (a word ending in "/"). Words with placeholders (`<domain>`) or globs are left out.
 */
export function layoutPaths(body: string): { path: string; line: number }[] {
  const out: { path: string; line: number }[] = [];
  const stack: { indent: number; dir: string }[] = [];
  body.split('\n').forEach((line, index) => {
    const m = /^(\s*)(\S+)/.exec(line);
    if (!m) return;
    const indent = m[1].length;
    const word = m[2].replace(/,$/, '');
    while (stack.length && stack[stack.length - 1].indent >= indent) stack.pop();
    const full = (stack.length ? stack[stack.length - 1].dir : '') + word;
    if (word.endsWith('/')) stack.push({ indent, dir: full });
    if (!/[<*>]/.test(full)) out.push({ path: full, line: index + 1 });
  });
  return out;
}
