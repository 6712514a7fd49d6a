import type { Program } from '../modules/programs/program.entity';
import { html, raw, type Raw } from './html';

/** The checked consent request the choice carries through its form (consent-request.ts). */
interface ChoiceRequest {
  partner: { name: string };
  state: string;
  redirectUri: string;
  codeChallenge: string | null;
  method: string | null;
}

/** Why the partner app cannot be connected. */
export const cannotConnectView = (message: string): Raw => html`<h1>Cannot connect</h1><p class="error" role="alert">${message}</p>`;

/** The request's fields, and the csrf token, as the choice's hidden form fields. */
function hiddenFields(c: ChoiceRequest, csrf: string): Raw {
  return html`<input type="hidden" name="csrf" value="${csrf}"><input type="hidden" name="state" value="${c.state}"><input type="hidden" name="redirect_uri" value="${c.redirectUri}">${
    c.codeChallenge
      ? html`<input type="hidden" name="code_challenge" value="${c.codeChallenge}"><input type="hidden" name="code_challenge_method" value="${c.method}">`
      : ''
  }`;
}

/** The user picks the program the partner app may act on, or cancels (the only choice without a program). */
export function chooseProgramView(c: ChoiceRequest, programs: Program[], csrf: string): Raw {
  const hidden = hiddenFields(c, csrf);
  return html`
      <h1>Connect ${c.partner.name} to an affiliate program</h1>
      <p>${c.partner.name} will be able to read and change the affiliates, links, referrals and sales of the program you choose. You can revoke this at any time from your dashboard.</p>
      ${
        programs.length
          ? html`
      <form method="post" action="/connect/${c.partner.name}/choose-affiliate-program">${hidden}
        <fieldset><legend>Choose an affiliate program</legend>
        ${programs.map(
          (
            prog,
            i,
          ) => html`<div class="program"><input type="radio" name="programId" id="program-${prog.id}" value="${prog.id}" ${i === 0 ? raw('checked') : ''} required>
          ${prog.logoUrl ? html`<img src="${prog.logoUrl}" alt="">` : ''}
          <label for="program-${prog.id}">${prog.name}${prog.domain ? html` <span>(${prog.domain})</span>` : ''}</label></div>`,
        )}
        </fieldset>
        <p><button type="submit" name="action" value="connect">Connect</button><button type="submit" name="action" value="cancel" formnovalidate>Cancel</button></p>
      </form>`
          : html`<p>You have no affiliate program to connect yet.</p>
      <form method="post" action="/connect/${c.partner.name}/choose-affiliate-program">${hidden}<button type="submit" name="action" value="cancel">Cancel</button></form>`
      }`;
}
