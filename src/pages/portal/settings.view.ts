import type { Affiliate } from '../../modules/affiliates/affiliate.entity';
import type { Program } from '../../modules/programs/program.entity';
import { html, type Raw } from '../html';
import type { FieldErrors } from './entry.view';
import { portalBase } from './portal-layout';

const METHODS: Array<[string, string]> = [
  ['', 'Not set'],
  ['paypal', 'PayPal'],
  ['wise', 'Wise'],
  ['stripe_connect', 'Stripe (connected account)'],
  ['manual', 'Other (agreed with the program)'],
];

export interface PayoutFormValues {
  payoutMethod: string;
  payoutEmail: string;
  stripeAccountId: string;
}

const err = (errors: FieldErrors, f: string) => (errors[f] ? html`<small class="field-error" id="${f}-error">${errors[f]}</small>` : html``);
const invalid = (errors: FieldErrors, f: string) => (errors[f] ? html` aria-invalid="true" aria-describedby="${f}-error"` : html``);

export function settingsView(
  program: Program,
  a: Affiliate,
  csrf: string,
  opts: { values?: PayoutFormValues; errors?: FieldErrors; notice?: string } = {},
): Raw {
  const v = opts.values ?? { payoutMethod: a.payoutMethod ?? '', payoutEmail: a.payoutEmail ?? '', stripeAccountId: a.stripeAccountId ?? '' };
  const errors = opts.errors ?? {};
  const base = portalBase(program);
  const check = (on: boolean) => (on ? html` checked` : html``);
  return html`<h1>Settings</h1>
${opts.notice ? html`<p class="notice" role="status">${opts.notice}</p>` : html``}
<section aria-labelledby="payout-title"><h2 id="payout-title">How you get paid</h2>
<p>${program.name} pays your approved commissions this way. We email you whenever these details change.</p>
<form method="post" action="${base}/settings/payout" novalidate><input type="hidden" name="csrf" value="${csrf}">
<label for="payoutMethod">Payout method</label>
<select id="payoutMethod" name="payoutMethod"${invalid(errors, 'payoutMethod')}>${METHODS.map(
    ([value, label]) => html`<option value="${value}"${value === v.payoutMethod ? html` selected` : html``}>${label}</option>`,
  )}</select>${err(errors, 'payoutMethod')}
<label for="payoutEmail">PayPal or Wise email</label>
<input id="payoutEmail" type="email" name="payoutEmail" autocomplete="email" maxlength="254" value="${v.payoutEmail}"${invalid(errors, 'payoutEmail')}>${err(errors, 'payoutEmail')}
<label for="stripeAccountId">Stripe account ID</label>
<input id="stripeAccountId" name="stripeAccountId" maxlength="80" placeholder="acct_…" value="${v.stripeAccountId}"${invalid(errors, 'stripeAccountId')}>${err(errors, 'stripeAccountId')}
<button type="submit">Save payout details</button></form></section>
<section aria-labelledby="emails-title"><h2 id="emails-title">Emails</h2>
<form method="post" action="${base}/settings/emails"><input type="hidden" name="csrf" value="${csrf}">
<fieldset><legend>Email me when</legend>
<label><input type="checkbox" name="newCommission" value="yes"${check(a.notifyNewCommission)}> I earn a new commission</label>
<label><input type="checkbox" name="payoutSent" value="yes"${check(a.notifyPayoutSent)}> A payout is sent to me</label>
</fieldset>
<small>Sign-in links and changes to your payout details are always emailed.</small>
<button type="submit" class="secondary">Save email preferences</button></form></section>`;
}
