import { html, type Raw } from './html';

/** Why a form was refused. */
export const requestRefusedView = (message: string): Raw => html`<h1>Request refused</h1><p class="error" role="alert">${message}</p>`;
