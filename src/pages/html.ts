/** Minimal, escaped HTML for the server-rendered pages: no build step, works without JavaScript. */
export const esc = (v: unknown): string =>
  String(v ?? '').replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** A template tag that escapes every interpolated value unless it is `raw(...)`. */
export class Raw {
  constructor(readonly html: string) {}
}
export const raw = (html: string) => new Raw(html);
export function html(strings: TemplateStringsArray, ...values: unknown[]): Raw {
  let out = strings[0];
  values.forEach((v, i) => {
    const part = Array.isArray(v) ? v.map((x) => (x instanceof Raw ? x.html : esc(x))).join('') : v instanceof Raw ? v.html : esc(v);
    out += part + strings[i + 1];
  });
  return raw(out);
}

const STYLE = `
body{font-family:system-ui,-apple-system,Segoe UI,Roboto,sans-serif;max-width:52rem;margin:2rem auto;padding:0 1rem;line-height:1.5;color:#1d1d1f}
header{display:flex;justify-content:space-between;align-items:center;border-bottom:1px solid #ddd;margin-bottom:1.5rem}
a{color:#0b57d0}label{display:block;margin:.75rem 0 .25rem;font-weight:600}
input[type=text],input[type=email],input[type=password]{width:100%;max-width:24rem;padding:.5rem;font-size:1rem}
button{padding:.5rem 1rem;font-size:1rem;cursor:pointer;margin:.25rem .5rem .25rem 0}
table{border-collapse:collapse;width:100%;margin:.5rem 0 1.5rem}th,td{text-align:left;padding:.4rem;border-bottom:1px solid #eee}
.error{background:#fde7e9;border:1px solid #c00;padding:.75rem;border-radius:4px}
.notice{background:#e7f5ea;border:1px solid #0a7a2f;padding:.75rem;border-radius:4px}
code{background:#f4f4f4;padding:.1rem .3rem;word-break:break-all}
fieldset{border:1px solid #ddd;padding:1rem}.program{display:flex;gap:.75rem;align-items:center;margin:.5rem 0}
.program img{width:32px;height:32px;object-fit:contain}
:focus-visible{outline:3px solid #0b57d0;outline-offset:2px}
.visually-hidden{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap}`;

export function layout(title: string, body: Raw, user?: { email: string; csrf: string }): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${esc(title)} · Affiliate Program</title><style>${STYLE}</style></head>
<body><header><p><a href="/dashboard">Affiliate Program</a></p>${
    user
      ? `<form method="post" action="/logout"><input type="hidden" name="csrf" value="${esc(user.csrf)}"><span>${esc(user.email)}</span> <button type="submit">Sign out</button></form>`
      : ''
  }</header><main>${body.html}</main></body></html>`;
}
