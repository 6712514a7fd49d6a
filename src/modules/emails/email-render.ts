import { EMAIL_LAYOUTS } from './email-layout.generated';

/**
 * One email's wording, rendered twice from the same blocks: the text part, and the HTML part in the MJML layout
 * (email-layout.mjml, compiled ahead of time). Every value is escaped here: names and program names are the users'.
 */

/** A paragraph; `url` or `urls` end it with links on lines of their own. */
export interface Paragraph {
  text: string;
  url?: string;
  urls?: string[];
}
export type Block = string | Paragraph;

export interface Message {
  /** The program's name: the heading of the HTML part. */
  program: string;
  subject: string;
  blocks: Block[];
  /** The button (HTML) and its line (text). */
  action?: { label: string; url: string };
  /** Small print under the message: why it came, how to stop it. */
  footer: Block[];
}

const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Text as HTML text or as an attribute value (quoted): every character markup could read is an entity. */
export const escapeHtml = (value: string): string => value.replace(/[&<>"']/g, (c) => ENTITIES[c]);

/** A link only to http(s): anything else is shown as text, never followed. */
const isWebUrl = (url: string): boolean => /^https?:\/\//i.test(url);

function link(url: string): string {
  const shown = escapeHtml(url);
  return isWebUrl(url) ? `<a href="${shown}" style="color:#1d4ed8;word-break:break-all;">${shown}</a>` : shown;
}

const paragraph = (b: Block): Paragraph => (typeof b === 'string' ? { text: b } : b);
const linksOf = (p: Paragraph): string[] => [...(p.url ? [p.url] : []), ...(p.urls ?? [])];

function blockText(b: Block): string {
  const p = paragraph(b);
  return [p.text, ...linksOf(p).map((u) => `  ${u}`)].filter(Boolean).join('\n');
}

function blockHtml(b: Block, style: string): string {
  const p = paragraph(b);
  const lines = [...(p.text ? [escapeHtml(p.text)] : []), ...linksOf(p).map(link)];
  return `<p style="${style}">${lines.join('<br>')}</p>`;
}

const P = 'margin:0 0 16px;';
const SMALL_P = 'margin:0 0 8px;';

/** The layout cut at its {{name}} marks once: odd entries are names, even ones the HTML between them. */
const LAYOUTS = {
  action: EMAIL_LAYOUTS.action.split(/\{\{(\w+)\}\}/),
  plain: EMAIL_LAYOUTS.plain.split(/\{\{(\w+)\}\}/),
};

function fill(parts: string[], values: Record<string, string>): string {
  let out = '';
  for (let i = 0; i < parts.length; i++) out += i % 2 ? (values[parts[i]] ?? '') : parts[i];
  return out;
}

/** The text part: the blocks, the action's line, then the footer under a signature separator. */
export function renderText(m: Message): string {
  const body = m.blocks.map(blockText);
  if (m.action) body.push(`${m.action.label}:\n  ${m.action.url}`);
  const footer = m.footer.map(blockText).join('\n');
  return `${body.join('\n\n')}\n${footer ? `\n-- \n${footer}\n` : ''}`;
}

/** The HTML part: the layout with the escaped values in place (no markup of a value survives). */
export function renderHtml(m: Message): string {
  const first = m.blocks.length ? paragraph(m.blocks[0]).text : '';
  const values: Record<string, string> = {
    title: escapeHtml(m.subject),
    preview: escapeHtml(first.length > 140 ? `${first.slice(0, 139)}…` : first),
    program: escapeHtml(m.program),
    content: m.blocks.map((b) => blockHtml(b, P)).join(''),
    footer: m.footer.map((b) => blockHtml(b, SMALL_P)).join(''),
  };
  if (m.action && isWebUrl(m.action.url)) {
    values.actionUrl = escapeHtml(m.action.url);
    values.actionLabel = escapeHtml(m.action.label);
    values.actionLink = link(m.action.url);
    return fill(LAYOUTS.action, values);
  }
  return fill(LAYOUTS.plain, values);
}
