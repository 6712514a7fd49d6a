/**
 * Every /api/v1 answer the tests receive is checked against the OpenAPI document the server serves: the
 * operation must exist, the status must be one it documents, the content type and body must match the
 * documented schema (Ajv, JSON Schema 2020-12, formats on) and the headers it marks required must be there.
 * A mismatch throws in the request helper, so the test that saw it fails. This is what keeps the document true.
 */
import Ajv2020, { type ValidateFunction } from 'ajv/dist/2020';
import addFormats from 'ajv-formats';

type Json = Record<string, any>;

interface Checker {
  doc: Json;
  ajv: Ajv2020;
  validators: Map<string, ValidateFunction>;
}

/** One checker per document content (servers differ only in their origin), built on first use. */
const byContent = new Map<string, Checker>();
const byBase = new Map<string, Promise<Checker>>();

function checkerFor(doc: Json): Checker {
  const key = JSON.stringify([doc.paths, doc.components?.schemas, doc.components?.headers]);
  let c = byContent.get(key);
  if (!c) {
    const ajv = new Ajv2020({ strict: false, allErrors: true });
    addFormats(ajv);
    // The document as one schema resource, so `#/components/schemas/…` references resolve inside it.
    ajv.addSchema({ ...doc, $id: 'openapi' });
    c = { doc, ajv, validators: new Map() };
    byContent.set(key, c);
  }
  return c;
}

async function loadChecker(baseUrl: string): Promise<Checker> {
  const res = await fetch(`${baseUrl}/api/v1/openapi.json`);
  if (res.status !== 200) throw new Error(`GET /api/v1/openapi.json answered ${res.status}`);
  return checkerFor((await res.json()) as Json);
}

const pointer = (...parts: string[]) => parts.map((p) => p.replace(/~/g, '~0').replace(/\//g, '~1')).join('/');

function resolve(doc: Json, node: Json): Json {
  if (typeof node?.$ref !== 'string') return node;
  return node.$ref
    .slice(2)
    .split('/')
    .map((p: string) => p.replace(/~1/g, '/').replace(/~0/g, '~'))
    .reduce((at: Json, p: string) => at?.[p], doc);
}

export interface CheckedAnswer {
  status: number;
  headers: Headers;
  text: string;
}

/**
 * Throws when the answer to `method url` does not match the served document. Paths outside /api/v1, the
 * document itself and requests no operation describes (an unknown path or method, answered by the shared
 * 404) are not checked.
 */
/** Paths outside /api/v1 the document describes (path items with their own `servers`): their answers are checked too. */
const OUTSIDE_API = [/^\/integrations\/stripe\/[^/]+$/];

/** The document's path template (one with its own `servers`, at the origin) a request path outside /api/v1 matches. */
function ownServerPath(doc: Json, pathname: string): string | undefined {
  return Object.keys(doc.paths ?? {}).find(
    (template) => doc.paths[template].servers && new RegExp(`^${template.replace(/\{[^}]+\}/g, '[^/]+')}$`).test(pathname),
  );
}

/** The document's path (exact, else a template such as `/payout-batches/{id}/export`) a path under /api/v1 matches. */
function apiPath(doc: Json, path: string): string | undefined {
  if (doc.paths?.[path]) return path;
  return Object.keys(doc.paths ?? {}).find(
    (template) => template.includes('{') && !doc.paths[template].servers && new RegExp(`^${template.replace(/\{[^}]+\}/g, '[^/]+')}$`).test(path),
  );
}

export async function checkAgainstDocument(baseUrl: string, method: string, url: URL, answer: CheckedAnswer): Promise<void> {
  const api = url.pathname.startsWith('/api/v1/') && url.pathname !== '/api/v1/openapi.json';
  if (!api && !OUTSIDE_API.some((re) => re.test(url.pathname))) return;
  let loading = byBase.get(baseUrl);
  if (!loading) byBase.set(baseUrl, (loading = loadChecker(baseUrl)));
  const { doc, ajv, validators } = await loading;
  const path = api ? apiPath(doc, url.pathname.slice('/api/v1'.length).replace(/\/+$/, '') || '/') : ownServerPath(doc, url.pathname);
  const operation: Json | undefined = path ? doc.paths?.[path]?.[method.toLowerCase()] : undefined;
  if (!path || !operation) return;
  const where = `${method} ${url.pathname} answered ${answer.status}`;
  const response: Json | undefined = resolve(doc, operation.responses?.[answer.status] ?? operation.responses?.default);
  if (!response) throw new Error(`${where}, a status the OpenAPI document does not list for it (${Object.keys(operation.responses).join(', ')})`);

  for (const [name, h] of Object.entries((response.headers ?? {}) as Json)) {
    const header = resolve(doc, h);
    if (header.required && !answer.headers.has(name)) throw new Error(`${where} without the header ${name} the document requires`);
  }
  const content = response.content as Json | undefined;
  if (!content) {
    if (answer.text !== '') throw new Error(`${where} with a body the document does not describe`);
    return;
  }
  const type = (answer.headers.get('content-type') ?? '').split(';')[0].trim();
  if (!content[type]) throw new Error(`${where} with Content-Type "${type}"; the document says ${Object.keys(content).join(', ')}`);
  const ref = `openapi#/${pointer('paths', path, method.toLowerCase(), 'responses', String(answer.status), 'content', type, 'schema')}`;
  let validate = validators.get(ref);
  if (!validate) {
    validate = ajv.compile({ $ref: ref });
    validators.set(ref, validate);
  }
  let body: unknown;
  try {
    // A file (text/csv) is its text, checked against the document's string schema; everything else is JSON.
    body = type.endsWith('json') ? JSON.parse(answer.text) : answer.text;
  } catch {
    throw new Error(`${where} with a body that is not JSON: ${answer.text.slice(0, 200)}`);
  }
  if (!validate(body)) {
    const problems = (validate.errors ?? [])
      .slice(0, 5)
      .map((e) => `${e.instancePath || '(body)'} ${e.message}${e.params && Object.keys(e.params).length ? ' ' + JSON.stringify(e.params) : ''}`);
    throw new Error(`${where} with a body the document does not describe:\n  ${problems.join('\n  ')}\nbody: ${answer.text.slice(0, 500)}`);
  }
}
