import type { Program } from '../modules/programs/program.entity';
import { html, type Raw } from './html';

/** The signed-in user's programs, each a link to its page. */
export function programListView(programs: Program[]): Raw {
  return html`
      <h1>Your programs</h1>
      ${programs.length ? html`<ul>${programs.map((p) => html`<li><a href="/dashboard/programs/${p.id}">${p.name}</a>${p.domain ? html` — ${p.domain}` : ''}</li>`)}</ul>` : html`<p>No programs yet. Create one with the CLI or the GraphQL <code>createProgram</code> mutation.</p>`}`;
}
