import { validationError } from './errors';
import { isUuid } from './ids';

export interface PageArgs {
  first?: number | null;
  after?: string | null;
  /** With `before` (or alone): the page that ends there, read backwards. */
  last?: number | null;
  before?: string | null;
}

export interface Page<T> {
  nodes: T[];
  hasNextPage: boolean;
  endCursor: string | null;
  /** True when nodes precede this page (paging forward: a cursor was given; backward: more rows were found). */
  hasPreviousPage?: boolean;
  startCursor?: string | null;
  /** How many rows the list has, whatever the page: counted only when asked for. */
  totalCount?: () => Promise<number>;
}

/** Where a page starts and how far it goes: `limit` rows after `afterId`, or the last `limit` before `beforeId`. */
export interface PageWindow<K> {
  limit: number;
  afterId?: K;
  beforeId?: K;
  /** Reading backwards (`last`): the statement orders in reverse and the page is turned round. */
  backward: boolean;
}

export const DEFAULT_PAGE_SIZE = 50;
export const MAX_PAGE_SIZE = 500;

export const encodeCursor = (id: string): string => Buffer.from(id, 'utf8').toString('base64url');

function decodeUuidCursor(cursor: string, field: 'after' | 'before'): string {
  const id = Buffer.from(cursor, 'base64url').toString('utf8');
  if (!isUuid(id)) throw validationError(`${field} is not a valid cursor`, field);
  return id;
}

function decodeNumericCursor(cursor: string, field: 'after' | 'before'): number {
  const id = Buffer.from(cursor, 'base64url').toString('utf8');
  if (!/^[1-9]\d{0,15}$/.test(id)) throw validationError(`${field} is not a valid cursor`, field);
  return Number(id);
}

/** The id an `after` cursor stands for (VALIDATION_FAILED on `after` when it is not one). */
export const decodeCursor = (cursor: string): string => decodeUuidCursor(cursor, 'after');

function window<K>(args: PageArgs, decode: (cursor: string, field: 'after' | 'before') => K): PageWindow<K> {
  if (args.first != null && args.last != null) throw validationError('Send first (paging forward) or last (backward), not both', 'last');
  const backward = args.last != null || (args.before != null && args.first == null);
  const field = backward ? 'last' : 'first';
  const size = (backward ? args.last : args.first) ?? DEFAULT_PAGE_SIZE;
  if (!Number.isInteger(size) || size < 1 || size > MAX_PAGE_SIZE) throw validationError(`${field} must be an integer from 1 to ${MAX_PAGE_SIZE}`, field);
  return {
    limit: size,
    afterId: args.after ? decode(args.after, 'after') : undefined,
    beforeId: args.before ? decode(args.before, 'before') : undefined,
    backward,
  };
}

/** Normalises page arguments for a list keyed by UUID (time-ordered UUIDv7, so the id is the cursor). */
export const pageWindow = (args: PageArgs): PageWindow<string> => window(args, decodeUuidCursor);

/** The same for tables with numeric (bigint identity) ids. */
export const numericPageWindow = (args: PageArgs): PageWindow<number> => window(args, decodeNumericCursor);

/**
 * Builds a page from rows fetched with limit + 1 in the window's direction (ListQuery.window): a backward read is
 * turned round so nodes are always in the list's order.
 */
export function toPage<T extends { id: string | number }>(rows: T[], w: PageWindow<unknown>, totalCount?: () => Promise<number>): Page<T> {
  const more = rows.length > w.limit;
  const nodes = rows.slice(0, w.limit);
  if (w.backward) nodes.reverse();
  return {
    nodes,
    hasNextPage: w.backward ? w.beforeId !== undefined : more,
    hasPreviousPage: w.backward ? more : w.afterId !== undefined,
    startCursor: nodes.length ? encodeCursor(String(nodes[0].id)) : null,
    endCursor: nodes.length ? encodeCursor(String(nodes[nodes.length - 1].id)) : null,
    totalCount,
  };
}

/** The empty page (a filter that can match nothing), with its count. */
export const emptyPage = <T>(): Page<T> => ({
  nodes: [],
  hasNextPage: false,
  hasPreviousPage: false,
  startCursor: null,
  endCursor: null,
  totalCount: () => Promise.resolve(0),
});

/** A page of a list already in memory, in id order (a relation loaded whole by a DataLoader). */
export function pageOfList<T extends { id: string | number }>(all: T[], w: PageWindow<string | number>): Page<T> {
  const within = all.filter((x) => (w.afterId === undefined || x.id > w.afterId) && (w.beforeId === undefined || x.id < w.beforeId));
  const rows = w.backward ? within.slice(-(w.limit + 1)).reverse() : within.slice(0, w.limit + 1);
  return toPage(rows, w, () => Promise.resolve(all.length));
}
