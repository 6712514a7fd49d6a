import type { ApiKey } from '../../modules/api-keys/api-key.entity';
import { html, type Raw } from '../html';
import { when } from './when';

/** The program's API keys, each revocable, and the form that creates one. */
export function apiKeysSection(programId: string, keys: ApiKey[], csrf: string): Raw {
  return html`<section aria-labelledby="keys"><h2 id="keys">API keys</h2>
        <table><thead><tr><th scope="col">Name</th><th scope="col">Key</th><th scope="col">Created</th><th scope="col">Last used</th><th scope="col"><span class="visually-hidden">Actions</span></th></tr></thead><tbody>
        ${keys.map(
          (k) =>
            html`<tr><td>${k.name}</td><td><code>${k.prefix}…</code></td><td>${when(k.createdAt)}</td><td>${when(k.lastUsedAt)}</td><td>${
              k.revokedAt
                ? 'Revoked'
                : html`<form method="post" action="/dashboard/programs/${programId}/api-keys/${k.id}/revoke"><input type="hidden" name="csrf" value="${csrf}"><button type="submit" aria-label="Revoke API key ${k.name}">Revoke</button></form>`
            }</td></tr>`,
        )}
        </tbody></table>
        <form method="post" action="/dashboard/programs/${programId}/api-keys"><input type="hidden" name="csrf" value="${csrf}">
          <label for="key-name">New key name</label><input id="key-name" name="name" type="text" required maxlength="200">
          <p><button type="submit">Create API key</button></p></form>
      </section>`;
}

/** A new key, shown this once. */
export const newApiKeyNotice = (key: string): Raw =>
  html`<div class="notice" role="status"><p>Your new API key — copy it now, it is not shown again:</p><p><code id="new-key">${key}</code></p></div>`;
