import { execFileSync } from 'node:child_process';

/** Markdown helpers for the generated reference pages. */

/** A table cell: one line, pipes escaped (a pipe would end the cell). */
const cell = (text: string): string => text.replace(/\r?\n/g, ' ').replace(/\|/g, '\\|');

/** A GitHub-flavoured Markdown table; prettier aligns it afterwards (`formatMarkdown`). */
export function table(header: readonly string[], rows: readonly (readonly string[])[]): string {
  const line = (cells: readonly string[]) => `| ${cells.map(cell).join(' | ')} |`;
  return [line(header), line(header.map(() => '---')), ...rows.map(line)].join('\n');
}

export const code = (text: string): string => `\`${text}\``;

/** The anchor GitHub gives a heading made of `text` (lower case, spaces to dashes, punctuation dropped but `_` and `-`). */
export const anchor = (text: string): string =>
  text
    .toLowerCase()
    .replace(/[^\p{L}\p{N}_\- ]/gu, '')
    .replace(/ /g, '-');

/**
 * The page as prettier leaves it (the repository's .prettierrc, as `npm run lint:format` checks it). Run as a
 * process: prettier 3 loads ES modules, which Jest's CommonJS runtime cannot import.
 */
export function formatMarkdown(text: string, filepath: string, cwd: string): string {
  const bin = require.resolve('prettier/bin/prettier.cjs', { paths: [cwd] });
  return execFileSync(process.execPath, [bin, '--stdin-filepath', filepath], { cwd, input: text, encoding: 'utf8' });
}
