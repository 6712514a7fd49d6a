import type { Request, Response } from 'express';
import { findNul, nulError } from '../common/nul';
import { documentLimitViolation } from './query-limits';

/**
 * What Apollo will read of a GraphQL request: the JSON body, or for GET the URL's search parameters, every
 * occurrence, read as Apollo reads them (URLSearchParams on the raw URL: Express's own query parser stops at
 * 1,000 parameters, so a `query` after those would pass our checks unseen and still reach Apollo).
 */
function requestParams(req: Request): Record<string, unknown> {
  if (req.method !== 'GET' && req.method !== 'HEAD') return (req.body as Record<string, unknown> | undefined) ?? {};
  const at = req.url.indexOf('?');
  const params: Record<string, unknown[]> = {};
  for (const [k, v] of new URLSearchParams(at < 0 ? '' : req.url.slice(at)))
    (params[k] ??= []).push(k === 'variables' || k === 'extensions' ? jsonOrText(v) : v);
  // One occurrence (the only kind Apollo accepts) reads as the value itself, so a field is named `variables.x`.
  return Object.fromEntries(Object.entries(params).map(([k, vs]) => [k, vs.length === 1 ? vs[0] : vs]));
}

function jsonOrText(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

const graphQLError = (res: Response, message: string, extensions: Record<string, unknown>) => res.status(400).json({ errors: [{ message, extensions }] });

/**
 * U+0000 in any GraphQL variable or GET parameter is a 400 VALIDATION_FAILED before anything runs; string
 * literals in the query text are refused by a validation rule (src/graphql/nul-rule.ts).
 */
export function refuseNulInGraphQL(req: Request, res: Response, next: () => void): void {
  const field = findNul(requestParams(req));
  if (!field) return next();
  const err = nulError(field);
  graphQLError(res, err.message, { code: err.code, details: err.details });
}

/**
 * A document over the size caps (characters, tokens, aliases, directives, spreads) is a 400 VALIDATION_FAILED from
 * one pass of the lexer, before Apollo parses, validates or walks it (src/graphql/query-limits.ts).
 */
export function refuseOversizeDocuments(req: Request, res: Response, next: () => void): void {
  const query = requestParams(req).query;
  for (const q of Array.isArray(query) ? query : [query]) {
    const violation = typeof q === 'string' ? documentLimitViolation(q) : undefined;
    if (violation) return void graphQLError(res, violation, { code: 'VALIDATION_FAILED' });
  }
  next();
}
