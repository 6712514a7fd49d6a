/** Minimal `--flag value` parser; repeated flags collect into arrays. */
export function parseArgs(argv: string[]): { command: string | undefined; flags: Record<string, string[]> } {
  const [command, ...rest] = argv;
  const flags: Record<string, string[]> = {};
  for (let i = 0; i < rest.length; i++) {
    const a = rest[i];
    if (!a.startsWith('--')) throw new Error(`unexpected argument "${a}"`);
    const [name, inline] = a.slice(2).split('=', 2);
    const value = inline ?? (rest[i + 1] && !rest[i + 1].startsWith('--') ? rest[++i] : 'true');
    (flags[name] ??= []).push(value);
  }
  return { command, flags };
}
