/**
 * What the portal adds to Pico CSS, and its one script: copy buttons. Pages work without the script (the URLs
 * are in read-only fields a person can select); with it, a button copies and says so.
 */
export const PORTAL_CSS = `
:root{--pico-font-size:100%}
body>header,body>main,body>footer{padding-block:1rem}
.brand{display:flex;align-items:center;gap:.75rem;margin:0}
.brand img{width:40px;height:40px;object-fit:contain;border-radius:.25rem}
.brand strong{font-size:1.15rem}
nav ul{flex-wrap:wrap}
.copy{display:flex;gap:.5rem;align-items:stretch;margin-bottom:var(--pico-spacing)}
.copy input{margin-bottom:0;min-width:0;flex:1}
.copy button{margin-bottom:0;width:auto;white-space:nowrap}
.figures{display:grid;grid-template-columns:repeat(auto-fit,minmax(9rem,1fr));gap:1rem;margin-bottom:var(--pico-spacing)}
.figures article{margin:0;padding:1rem;text-align:center}
.figures strong{display:block;font-size:1.4rem}
.table-wrap{overflow-x:auto}
.field-error{color:var(--pico-del-color);display:block;margin-top:-.5rem;margin-bottom:var(--pico-spacing)}
.notice{border-left:.25rem solid var(--pico-ins-color);padding:.75rem 1rem;background:var(--pico-card-background-color)}
.warning{border-left:.25rem solid var(--pico-del-color);padding:.75rem 1rem;background:var(--pico-card-background-color)}
.trap{position:absolute;left:-10000px;width:1px;height:1px;overflow:hidden}
.terms{max-height:12rem;overflow:auto;white-space:pre-wrap;font-size:.9rem;padding:.75rem;border:1px solid var(--pico-muted-border-color);border-radius:var(--pico-border-radius);margin-bottom:var(--pico-spacing)}
.status{font-weight:600}
figure svg{max-width:100%;height:auto}
`;

export const PORTAL_JS = `"use strict";
document.addEventListener('click', function (e) {
  var button = e.target.closest && e.target.closest('button[data-copy]');
  if (!button) return;
  var field = document.getElementById(button.getAttribute('data-copy'));
  if (!field) return;
  var done = function () { var was = button.textContent; button.textContent = 'Copied'; setTimeout(function () { button.textContent = was; }, 1500); };
  if (navigator.clipboard && window.isSecureContext) navigator.clipboard.writeText(field.value).then(done, function () { field.select(); });
  else { field.select(); try { document.execCommand('copy'); done(); } catch (err) { /* the text stays selected */ } }
});
document.querySelectorAll('button[data-copy]').forEach(function (b) { b.hidden = false; });
`;
