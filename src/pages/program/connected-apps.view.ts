import type { OAuthToken } from '../../modules/oauth/oauth-token.entity';
import { html, type Raw } from '../html';
import { when } from './when';

/** The partner apps connected to the program (OAuth consent), each revocable. */
export function connectedAppsSection(programId: string, connections: OAuthToken[], csrf: string): Raw {
  return html`<section aria-labelledby="apps"><h2 id="apps">Connected apps</h2>
        ${
          connections.length
            ? html`<table><thead><tr><th scope="col">App</th><th scope="col">Connected</th><th scope="col">Last used</th><th scope="col">Status</th></tr></thead><tbody>
        ${connections.map(
          (c) =>
            html`<tr><td>${c.partner}</td><td>${when(c.createdAt)}</td><td>${when(c.lastUsedAt)}</td><td>${
              c.revokedAt
                ? 'Revoked'
                : html`<form method="post" action="/dashboard/programs/${programId}/connections/${c.id}/revoke"><input type="hidden" name="csrf" value="${csrf}"><button type="submit" aria-label="Revoke access of ${c.partner}">Revoke access</button></form>`
            }</td></tr>`,
        )}</tbody></table>`
            : html`<p>No connected apps.</p>`
        }
      </section>`;
}
