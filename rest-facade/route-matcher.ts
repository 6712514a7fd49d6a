import type { RestRoute } from './route';

/**
 * How a request finds its route: `{name}` segments in a route's path (OpenAPI syntax, `/payout-batches/{id}/export`)
 * are path parameters. Static paths are one map lookup, as they always were; only a request no static route
 * takes tries the templates, each compiled once to a regular expression.
 */

/** One `{name}` of a path template, in order. */
const PARAM = /^\{([A-Za-z_][A-Za-z0-9_]*)\}$/;

/** The names of a path's `{parameters}`, in order; [] for a static path. Throws on a malformed template. */
export function pathParameters(path: string): string[] {
  if (!path.includes('{') && !path.includes('}')) return [];
  const names: string[] = [];
  for (const segment of path.split('/').slice(1)) {
    if (!segment.includes('{') && !segment.includes('}')) continue;
    // A parameter is a whole segment: `/files/{name}.csv` would make matching depend on the value's dots.
    const name = PARAM.exec(segment)?.[1];
    if (!name) throw new Error(`route path ${path}: "${segment}" is not a path parameter (a whole segment \`{name}\`)`);
    if (names.includes(name)) throw new Error(`route path ${path} names {${name}} twice`);
    names.push(name);
  }
  return names;
}

/** The path's shape with the parameters' names left out: two templates of one shape are the same path to a client. */
const shapeOf = (path: string) => path.replace(/\{[^/]*\}/g, '{}');

/** A request's route, and the values of its path parameters (percent-decoded). */
export interface RouteMatch {
  route: RestRoute;
  /** By parameter name; absent on a static route (so a static request allocates nothing). */
  params?: Record<string, string>;
}

/** The routes of one path, whatever their method: for `Allow` and the CORS preflight. */
export interface PathRoutes {
  /** The route table's path: the template for a templated one (the policy's, the rate limit's and the metrics' name). */
  path: string;
  methods: string[];
}

export interface RouteTable {
  /** The route `METHOD path` names (HEAD is the caller's to map to GET), with its parameters. */
  match(method: string, path: string): RouteMatch | undefined;
  /** The routes at `path` under any method. */
  routesAt(path: string): PathRoutes | undefined;
}

interface Template {
  at: PathRoutes;
  names: string[];
  pattern: RegExp;
  byMethod: Map<string, RestRoute>;
  /** Per segment: a parameter (true) or a literal. */
  params: boolean[];
}

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Literal segments before parameters, segment by segment: `/batches/latest/x` is tried before `/batches/{id}/x`. */
function bySpecificity(a: Template, b: Template): number {
  for (let i = 0; i < Math.min(a.params.length, b.params.length); i++) if (a.params[i] !== b.params[i]) return a.params[i] ? 1 : -1;
  return 0;
}

function compileTemplate(path: string, names: string[]): Template {
  const segments = path.split('/').slice(1);
  const source = segments.map((s) => (PARAM.test(s) ? '/([^/]+)' : `/${escapeRegExp(s)}`)).join('');
  return { at: { path, methods: [] }, names, pattern: new RegExp(`^${source}$`), byMethod: new Map(), params: segments.map((s) => PARAM.test(s)) };
}

/** The template's parameters in `path`, or undefined when it does not match (a segment that is not valid percent-encoding included). */
function paramsOf(t: Template, path: string): Record<string, string> | undefined {
  const m = t.pattern.exec(path);
  if (!m) return undefined;
  const params: Record<string, string> = {};
  for (let i = 0; i < t.names.length; i++) {
    try {
      params[t.names[i]] = decodeURIComponent(m[i + 1]);
    } catch {
      // `%E0%A4%A` names no record: this path is not the template's (a 404), never a 500.
      return undefined;
    }
  }
  return params;
}

/**
 * The route table as a matcher. A concrete path wins over a template, at the level of the path as in OpenAPI:
 * `DELETE /batches/latest` does not fall through to `DELETE /batches/{id}` when `/batches/latest` is a
 * static path, it is answered 404 with that path's `Allow`. Among templates, literal segments win.
 */
export function compileRouteTable(routes: readonly RestRoute[]): RouteTable {
  const exact = new Map<string, RouteMatch>();
  const staticPaths = new Map<string, PathRoutes>();
  const byPath = new Map<string, Template>();
  for (const r of routes) {
    const names = pathParameters(r.path);
    if (!names.length) {
      // One match object per static route, made now: a request only looks it up.
      exact.set(`${r.method} ${r.path}`, { route: r });
      const at = staticPaths.get(r.path) ?? { path: r.path, methods: [] };
      at.methods.push(r.method);
      staticPaths.set(r.path, at);
      continue;
    }
    let t = byPath.get(r.path);
    if (!t) byPath.set(r.path, (t = compileTemplate(r.path, names)));
    t.byMethod.set(r.method, r);
    t.at.methods.push(r.method);
  }
  const templates = [...byPath.values()].sort(bySpecificity);
  const shapes = new Map<string, string>();
  for (const t of templates) {
    const other = shapes.get(shapeOf(t.at.path));
    // OpenAPI: `/batches/{id}` and `/batches/{batchId}` are one path; which would take a request is a guess.
    if (other) throw new Error(`route paths ${other} and ${t.at.path} are the same path with other parameter names`);
    shapes.set(shapeOf(t.at.path), t.at.path);
  }

  /** The first template `path` matches, with its parameters. */
  const templateAt = (path: string): { t: Template; params: Record<string, string> } | undefined => {
    if (staticPaths.has(path)) return undefined;
    for (const t of templates) {
      const params = paramsOf(t, path);
      if (params) return { t, params };
    }
    return undefined;
  };

  return {
    match(method, path) {
      const hit = exact.get(`${method} ${path}`);
      if (hit || !templates.length) return hit;
      const found = templateAt(path);
      const route = found?.t.byMethod.get(method);
      return route && { route, params: found!.params };
    },
    routesAt(path) {
      return staticPaths.get(path) ?? templateAt(path)?.t.at;
    },
  };
}
