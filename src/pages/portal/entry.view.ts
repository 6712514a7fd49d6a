import type { Program } from '../../modules/programs/program.entity';
import { html, type Raw } from '../html';
import { portalBase } from './portal-layout';

/** Messages next to the fields they are about. */
export type FieldErrors = Record<string, string>;
export interface SignUpValues {
  firstName?: string;
  lastName?: string;
  email?: string;
  acceptTerms?: boolean;
}

const fieldError = (errors: FieldErrors, field: string) =>
  errors[field] ? html`<small class="field-error" id="${field}-error">${errors[field]}</small>` : html``;
const describedBy = (errors: FieldErrors, field: string) => (errors[field] ? html` aria-invalid="true" aria-describedby="${field}-error"` : html``);

function signUpForm(program: Program, values: SignUpValues, errors: FieldErrors): Raw {
  if (!program.portalSignupOpen) return html`<p>${program.name} is not taking new applications at the moment.</p>`;
  const terms = program.portalTerms
    ? html`<h3 id="terms-title">Program terms</h3><div class="terms" tabindex="0" role="region" aria-labelledby="terms-title">${program.portalTerms}</div>
<label><input type="checkbox" name="acceptTerms" value="yes"${values.acceptTerms ? html` checked` : html``}${describedBy(errors, 'acceptTerms')}> I accept the program terms</label>${fieldError(errors, 'acceptTerms')}`
    : html``;
  return html`<form method="post" action="${portalBase(program)}/sign-up" novalidate>
<div class="grid">
<div><label for="firstName">First name</label><input id="firstName" name="firstName" autocomplete="given-name" required maxlength="100" value="${values.firstName ?? ''}"${describedBy(errors, 'firstName')}>${fieldError(errors, 'firstName')}</div>
<div><label for="lastName">Last name</label><input id="lastName" name="lastName" autocomplete="family-name" required maxlength="100" value="${values.lastName ?? ''}"${describedBy(errors, 'lastName')}>${fieldError(errors, 'lastName')}</div>
</div>
<label for="signup-email">Email</label><input id="signup-email" type="email" name="email" autocomplete="email" required maxlength="254" value="${values.email ?? ''}"${describedBy(errors, 'email')}>${fieldError(errors, 'email')}
<div class="trap" aria-hidden="true"><label for="website">Leave this empty</label><input id="website" name="website" tabindex="-1" autocomplete="off"></div>
${terms}
<button type="submit">Apply</button>
</form>`;
}

/** The portal's first page: apply to the program, or get a sign-in link. */
export function entryView(program: Program, opts: { values?: SignUpValues; errors?: FieldErrors; signInError?: string; notice?: string } = {}): Raw {
  const errors = opts.errors ?? {};
  const formError = errors._form ? html`<p class="warning" role="alert">${errors._form}</p>` : html``;
  return html`${opts.notice ? html`<p class="notice" role="status">${opts.notice}</p>` : html``}
<div class="grid">
<section aria-labelledby="join-title"><h1 id="join-title">Join the ${program.name} affiliate program</h1>
<p>Share ${program.name} and earn a commission on every sale you refer.</p>${formError}${signUpForm(program, opts.values ?? {}, errors)}</section>
<section aria-labelledby="sign-in-title"><h2 id="sign-in-title">Already an affiliate?</h2>
<p>We will email you a link that signs you in. It works once, for 15 minutes.</p>
<form method="post" action="${portalBase(program)}/sign-in" novalidate>
<label for="sign-in-email">Email</label><input id="sign-in-email" type="email" name="email" autocomplete="email" required maxlength="254"${opts.signInError ? html` aria-invalid="true" aria-describedby="email-sign-in-error"` : html``}>${opts.signInError ? html`<small class="field-error" id="email-sign-in-error">${opts.signInError}</small>` : html``}
<button type="submit" class="secondary">Email me a sign-in link</button>
</form></section>
</div>`;
}

/** After applying or asking for a link: the same words whoever asked, so the page tells no one who is an affiliate. */
export function checkEmailView(program: Program): Raw {
  return html`<h1>Check your email</h1>
<p>If the address belongs to an affiliate of ${program.name}, or has just applied, an email is on its way with a link that signs you in.
The link works once, for 15 minutes.</p>
<p>Nothing arrived after a few minutes? Look in your spam folder, or <a href="${portalBase(program)}">ask for a new link</a>.</p>`;
}

/** An emailed link asks before signing in: mail scanners open links, and must not use them up. */
export function confirmLinkView(program: Program, action: string, maskedEmail: string): Raw {
  return html`<h1>Sign in to the ${program.name} affiliate portal</h1>
<p>You are signing in as <strong>${maskedEmail}</strong>.</p>
<form method="post" action="${action}"><button type="submit">Sign in</button></form>`;
}

export function deadLinkView(program: Program): Raw {
  return html`<h1>This sign-in link no longer works</h1>
<p>Sign-in links work once, for 15 minutes. <a href="${portalBase(program)}">Ask for a new one</a>.</p>`;
}
