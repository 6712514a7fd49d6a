import { validationError } from './errors';
import { isUuid } from './ids';

export interface PageArgs {
  first?: number | null;
  after?: string | null;
}

export interface Page<T> {
  nodes: T[];
  hasNextPage: boolean;
  endCursor: string | null;
}

export const DEFAULT_PAGE_SIZE = 50;
export const MAX_PAGE_SIZE = 500;

export const encodeCursor = (id: string): string => Buffer.from(id, 'utf8').toString('base64url');

export function decodeCursor(cursor: string): string {
  const id = Buffer.from(cursor, 'base64url').toString('utf8');
  if (!isUuid(id)) throw validationError('after is not a valid cursor', 'after');
  return id;
}

/** Normalises page arguments: first in 1..MAX_PAGE_SIZE, cursor decoded to the id to continue after. */
export function pageWindow(args: PageArgs): { limit: number; afterId?: string } {
  const first = args.first ?? DEFAULT_PAGE_SIZE;
  if (!Number.isInteger(first) || first < 1 || first > MAX_PAGE_SIZE) throw validationError(`first must be an integer from 1 to ${MAX_PAGE_SIZE}`, 'first');
  return { limit: first, afterId: args.after ? decodeCursor(args.after) : undefined };
}

/** Builds a page from rows fetched with limit + 1 (ids are time-ordered UUIDv7, so the id is the cursor). */
export function toPage<T extends { id: string }>(rows: T[], limit: number): Page<T> {
  const nodes = rows.slice(0, limit);
  return { nodes, hasNextPage: rows.length > limit, endCursor: nodes.length ? encodeCursor(nodes[nodes.length - 1].id) : null };
}

/** The same for tables with numeric (bigint identity) ids. */
export function numericPageWindow(args: PageArgs): { limit: number; afterId?: number } {
  const first = args.first ?? DEFAULT_PAGE_SIZE;
  if (!Number.isInteger(first) || first < 1 || first > MAX_PAGE_SIZE) throw validationError(`first must be an integer from 1 to ${MAX_PAGE_SIZE}`, 'first');
  if (!args.after) return { limit: first };
  const id = Buffer.from(args.after, 'base64url').toString('utf8');
  if (!/^[1-9]\d{0,15}$/.test(id)) throw validationError('after is not a valid cursor', 'after');
  return { limit: first, afterId: Number(id) };
}

export function toNumericPage<T extends { id: number }>(rows: T[], limit: number): Page<T> {
  const nodes = rows.slice(0, limit);
  return { nodes, hasNextPage: rows.length > limit, endCursor: nodes.length ? encodeCursor(String(nodes[nodes.length - 1].id)) : null };
}
