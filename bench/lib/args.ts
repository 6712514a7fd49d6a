/** Tiny flag parser for the bench scripts: `--name value`, `--name=value`, `--flag` (true), `--no-flag` (false). */
export type Flags = Record<string, string | boolean>;

export function parseFlags(argv: string[]): Flags {
  const out: Flags = {};
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (!a.startsWith('--')) throw new Error(`unexpected argument "${a}" (flags look like --duration 10)`);
    const eq = a.indexOf('=');
    if (eq > 0) {
      out[a.slice(2, eq)] = a.slice(eq + 1);
      continue;
    }
    const name = a.slice(2);
    const next = argv[i + 1];
    if (name.startsWith('no-')) out[name.slice(3)] = false;
    else if (next !== undefined && !next.startsWith('--')) {
      out[name] = next;
      i++;
    } else out[name] = true;
  }
  return out;
}

export function num(flags: Flags, name: string, fallback: number): number {
  const v = flags[name];
  if (v === undefined) return fallback;
  const n = Number(v);
  if (!Number.isFinite(n) || n < 0) throw new Error(`--${name} must be a non-negative number, got "${v}"`);
  return n;
}

export function str(flags: Flags, name: string, fallback: string): string;
export function str(flags: Flags, name: string, fallback?: string): string | undefined;
export function str(flags: Flags, name: string, fallback?: string): string | undefined {
  const v = flags[name];
  return v === undefined || typeof v === 'boolean' ? fallback : v;
}

export function bool(flags: Flags, name: string, fallback: boolean): boolean {
  const v = flags[name];
  if (v === undefined) return fallback;
  if (typeof v === 'boolean') return v;
  return ['1', 'true', 'yes', 'on'].includes(v.toLowerCase());
}

/** The first doc comment of a script (its usage text), without the comment markers. */
export function usage(source: string): string {
  const m = /\/\*\*([\s\S]*?)\*\//.exec(source);
  return m
    ? m[1]
        .split('\n')
        .map((l) => l.replace(/^\s*\* ?/, ''))
        .join('\n')
        .trim()
    : '';
}
