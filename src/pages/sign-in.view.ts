import { html, type Raw } from './html';

/** The sign-in form; `next` (already checked to be same-site) is where a successful sign-in goes. */
export function signInView(csrf: string, next: string, error?: string): Raw {
  return html`
      <h1>Sign in</h1>
      ${error ? html`<p class="error" role="alert">${error}</p>` : ''}
      <form method="post" action="/login">
        <input type="hidden" name="csrf" value="${csrf}">
        <input type="hidden" name="next" value="${next}">
        <label for="email">Email</label><input id="email" name="email" type="email" autocomplete="username" required>
        <label for="password">Password</label><input id="password" name="password" type="password" autocomplete="current-password" required>
        <p><button type="submit">Sign in</button></p>
      </form>`;
}
