import { CONFIG_VARIABLES, SECTIONS, type ConfigVariable } from '../../src/config/variables';
import { anchor, code, table } from './markdown';

/** docs/reference/configuration.md, from the table of environment variables (src/config/variables.ts). */

const variables = (): ConfigVariable<unknown>[] => Object.values(CONFIG_VARIABLES);

function validation(v: ConfigVariable<unknown>): string[] {
  const errors = v.parser.errors(v.name);
  if (!errors.length) return ['- Validation: none, every value is accepted.'];
  if (errors.length === 1) return [`- A bad value stops the server at start with ${code(errors[0])}.`];
  return ['- A bad value stops the server at start with one of:', ...errors.map((e) => `  - ${code(e)}`)];
}

function details(v: ConfigVariable<unknown>): string {
  return [`### ${code(v.name)}`, '', v.description, '', `- Type: ${v.parser.type}.`, `- Default: ${v.parser.default}.`, ...validation(v)].join('\n');
}

export function renderConfiguration(header: string): string {
  const all = variables();
  const sections = SECTIONS.filter((s) => all.some((v) => v.section === s));
  const overview = table(
    ['Variable', 'Default', 'Section'],
    sections.flatMap((s) =>
      all.filter((v) => v.section === s).map((v) => [`[${code(v.name)}](#${anchor(v.name)})`, v.parser.default, `[${s}](#${anchor(s)})`]),
    ),
  );
  return [
    header,
    '',
    '# Configuration',
    '',
    "The server reads its configuration from these environment variables (`loadConfig` in `src/config`, the server's one reader of",
    '`process.env`). An empty variable means the same as an unset one. A bad value stops the server at start with the message shown',
    '(`<value>` is the value given, `<item>` the item of a list).',
    '',
    overview,
    '',
    ...sections.flatMap((s) => [`## ${s}`, '', ...all.filter((v) => v.section === s).flatMap((v) => [details(v), ''])]),
  ].join('\n');
}
