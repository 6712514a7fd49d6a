/**
 * A browser-like visitor of a program's portal over plain HTTP: keeps its cookies, sends forms as a browser
 * does (Origin header, form encoding), follows no redirect by itself, and reads the CSRF token off the page.
 */
import type { TestServer } from './server';

export interface PortalAnswer {
  status: number;
  location: string | null;
  html: string;
  headers: Headers;
}

export class PortalVisitor {
  readonly cookies = new Map<string, string>();
  /** Set-Cookie lines as received, newest last (attributes are asserted on them). */
  readonly setCookies: string[] = [];

  constructor(
    private readonly server: () => TestServer,
    /** The client address the server sees (the test server trusts X-Forwarded-For from loopback). */
    private readonly ip = `203.0.113.${Math.floor(Math.random() * 250) + 1}`,
  ) {}

  private cookieHeader(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  async send(method: string, path: string, form?: Record<string, string>, headers: Record<string, string> = {}): Promise<PortalAnswer> {
    const url = new URL(path, this.server().url);
    const res = await fetch(url, {
      method,
      redirect: 'manual',
      headers: {
        'x-forwarded-for': this.ip,
        ...(this.cookies.size ? { cookie: this.cookieHeader() } : {}),
        ...(form ? { 'content-type': 'application/x-www-form-urlencoded', origin: url.origin } : {}),
        ...headers,
      },
      body: form ? new URLSearchParams(form).toString() : undefined,
    });
    for (const line of res.headers.getSetCookie()) {
      this.setCookies.push(line);
      const [pair, ...attrs] = line.split(';');
      const i = pair.indexOf('=');
      const name = pair.slice(0, i).trim();
      const value = pair.slice(i + 1).trim();
      if (!value || attrs.some((a) => /^\s*max-age=0\s*$/i.test(a))) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return { status: res.status, location: res.headers.get('location'), html: await res.text(), headers: res.headers };
  }

  get(path: string): Promise<PortalAnswer> {
    return this.send('GET', path);
  }

  post(path: string, form: Record<string, string> = {}, headers?: Record<string, string>): Promise<PortalAnswer> {
    return this.send('POST', path, form, headers);
  }

  /** Loads `page` and posts `form` to `action` with the page's CSRF token, as its form would. */
  async submit(page: string, action: string, form: Record<string, string> = {}): Promise<PortalAnswer> {
    const p = await this.get(page);
    return this.post(action, { csrf: csrfOf(p.html), ...form });
  }

  get sessionToken(): string | undefined {
    return this.cookies.get('portal_session');
  }
}

/** The CSRF token of a page's forms. */
export function csrfOf(html: string): string {
  const m = /name="csrf" value="([^"]+)"/.exec(html);
  if (!m) throw new Error('the page has no form with a csrf token');
  return m[1];
}

/** The sign-in link in an email's text. */
export function signInLinkOf(text: string): string {
  const m = /(https?:\/\/\S+\/portal\/[a-z0-9-]+\/sign-in\/[A-Za-z0-9_-]+)/.exec(text);
  if (!m) throw new Error(`no sign-in link in: ${text}`);
  return m[1];
}
