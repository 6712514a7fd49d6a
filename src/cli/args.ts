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

/** A flag's first value; a required one that is missing (or empty) is the command's error. */
export type FlagValue = (name: string, required?: boolean) => string | undefined;

export function flagValue(flags: Record<string, string[]>): FlagValue {
  return (name, required = true) => {
    const v = flags[name]?.[0];
    if (required && !v) throw new Error(`--${name} is required`);
    return v;
  };
}
