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
  /** The cursor of one of `nodes` (an edge's). */
  cursorOf?: (node: T) => string;
}

/** An order a list was asked for: a sort field of that list and a direction (ties broken by id, same direction). */
export interface ListOrder<F extends string = string> {
  field: F;
  direction: 'asc' | 'desc';
}

/**
 * What an order's sort value is, as its cursors carry it (PostgreSQL's text of the sort expression): every list
 * names its orders alike, so the field says the type. A cursor's value is checked against it before it reaches
 * SQL, where a value of another type fails the statement (22P02, 22007, 22003…). No sort value is ever null
 * (ListQuery.page compares them in a keyset), so null is refused for every field.
 */
const SORT_VALUES = {
  /** timestamptz, in the ISO DateStyle: `2026-05-01 10:00:00.123456+00`. */
  createdAt: 'timestamp',
  /** lower() of a name or slug: text of bounded length. */
  name: 'text',
  /** integer counters and count(*)::int. */
  clicks: 'integer',
  referrals: 'integer',
  sales: 'integer',
  /** numeric amounts and their sums. */
  revenue: 'decimal',
  commission: 'decimal',
} as const satisfies Record<string, 'timestamp' | 'text' | 'integer' | 'decimal'>;

/** The order fields a list may take: a new one needs its sort value's type above. */
export type OrderField = keyof typeof SORT_VALUES;
type SortValueKind = (typeof SORT_VALUES)[OrderField];

/** Whether `field` names an order. */
const isOrderField = (field: string): field is OrderField => Object.prototype.hasOwnProperty.call(SORT_VALUES, field);

/** Longest name a cursor carries: two names of 200 characters and a space, lower-cased (which may lengthen them). */
const MAX_TEXT_VALUE = 1000;
const INT4 = 2 ** 31;
const TIMESTAMP_RE = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2}):(\d{2})(?:\.\d{1,6})?(?:Z|[+-](\d{2})(?::?(\d{2})(?::?(\d{2}))?)?)$/;
const daysIn = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();

/** Whether `value` is a sort value of this kind that PostgreSQL reads as such (not merely text it could cast). */
function isSortValue(kind: SortValueKind, value: unknown): value is string {
  if (typeof value !== 'string') return false;
  switch (kind) {
    case 'timestamp': {
      const m = TIMESTAMP_RE.exec(value);
      if (!m) return false;
      const [year, month, day, hour, minute, second, offsetHours = 0, offsetMinutes = 0, offsetSeconds = 0] = m.slice(1).map((v) => Number(v ?? 0));
      return (
        year >= 1 &&
        month >= 1 &&
        month <= 12 &&
        day >= 1 &&
        day <= daysIn(year, month) &&
        hour <= 23 &&
        minute <= 59 &&
        second <= 59 &&
        offsetHours <= 15 &&
        offsetMinutes <= 59 &&
        offsetSeconds <= 59
      );
    }
    case 'integer':
      return /^-?(?:0|[1-9]\d{0,9})$/.test(value) && Number(value) >= -INT4 && Number(value) < INT4;
    case 'decimal':
      return /^-?\d{1,40}(?:\.\d{1,40})?$/.test(value);
    case 'text':
      // U+0000 cannot be text in PostgreSQL; a lone surrogate is no character of any name.
      return value.length <= MAX_TEXT_VALUE && !value.includes('\u0000') && !/\p{Surrogate}/u.test(value);
  }
}

/** How a list's ids travel in cursors: UUIDs and numbers as base64url text, event ids as they are. */
export interface IdCodec<K> {
  encode(id: K): string;
  /** The id a cursor stands for, or null when it is not one. */
  decode(cursor: string): K | null;
}

/**
 * Where a page starts and how far it goes: `limit` rows after `afterId`, or the last `limit` before `beforeId`.
 * With an `order`, the cursors also carry the sort value of their row (`afterValue`, `beforeValue`: PostgreSQL's
 * text of the sort expression), so the keyset is (value, id).
 */
export interface PageWindow<K> {
  limit: number;
  afterId?: K;
  beforeId?: K;
  /** Reading backwards (`last`): the statement orders in reverse and the page is turned round. */
  backward: boolean;
  order?: ListOrder;
  afterValue?: string;
  beforeValue?: string;
  codec?: IdCodec<K>;
}

export const DEFAULT_PAGE_SIZE = 50;
export const MAX_PAGE_SIZE = 500;

export const encodeCursor = (id: string): string => Buffer.from(id, 'utf8').toString('base64url');
const UTF8 = new TextDecoder('utf-8', { fatal: true });
/** The text a cursor encodes, or null when it is not base64url as encodeCursor writes it (no padding, no other characters) of UTF-8. */
function decodeText(cursor: string): string | null {
  if (!/^[A-Za-z0-9_-]+$/.test(cursor)) return null;
  const bytes = Buffer.from(cursor, 'base64url');
  if (bytes.toString('base64url') !== cursor) return null;
  try {
    return UTF8.decode(bytes);
  } catch {
    return null;
  }
}

export const UUID_IDS: IdCodec<string> = {
  encode: encodeCursor,
  decode: (cursor) => {
    const id = decodeText(cursor);
    return id !== null && isUuid(id) ? id : null;
  },
};

/** bigint identities, within the numbers JSON carries exactly. */
export const NUMERIC_IDS: IdCodec<number> = {
  encode: (id) => encodeCursor(String(id)),
  decode: (cursor) => {
    const id = decodeText(cursor);
    return id !== null && /^[1-9]\d{0,15}$/.test(id) && Number.isSafeInteger(Number(id)) ? Number(id) : null;
  },
};

/** Ids that are their own cursor (the event log's `evt_…`, which REST clients pass back as `after`). */
export const textIds = (pattern: RegExp): IdCodec<string> => ({ encode: (id) => id, decode: (cursor) => (pattern.test(cursor) ? cursor : null) });

/** The cursor of a row in a list read in `order`: the order, the row's sort value and its id, as base64url JSON. */
function orderedCursor<K>(order: ListOrder, value: string, id: K, codec: IdCodec<K>): string {
  return encodeCursor(JSON.stringify([order.field, order.direction, value, codec.encode(id)]));
}

const ORDERED_PREFIX = encodeCursor('["').slice(0, 2);

/** Longest cursor taken: an ordered one with the longest name (up to 4 bytes a character in UTF-8), in base64. */
const MAX_CURSOR = 4096;

/**
 * A cursor's position: its id, and its sort value when the list is ordered. Anything that is not a cursor of
 * this list (its id type), this order and a sort value of that order's type is refused, naming `field`.
 */
function position<K>(cursor: string, field: 'after' | 'before', order: ListOrder | undefined, codec: IdCodec<K>): { id: K; value?: string } {
  const invalid = () => validationError(`${field} is not a valid cursor`, field);
  if (cursor.length > MAX_CURSOR) throw invalid();
  let parsed: unknown = null;
  if (cursor.startsWith(ORDERED_PREFIX)) {
    const text = decodeText(cursor);
    if (text === null) throw invalid();
    try {
      parsed = JSON.parse(text);
    } catch {
      throw invalid();
    }
    if (!Array.isArray(parsed)) throw invalid();
  }
  if (!Array.isArray(parsed)) {
    if (order) throw validationError(`${field} is a cursor of the list in its default order; send it without orderBy, or start again`, field);
    const id = codec.decode(cursor);
    if (id === null) throw invalid();
    return { id };
  }
  if (parsed.length !== 4) throw invalid();
  const [f, direction, value, idCursor] = parsed as unknown[];
  if (typeof f !== 'string' || !isOrderField(f) || (direction !== 'asc' && direction !== 'desc') || typeof idCursor !== 'string') throw invalid();
  if (!order || order.field !== f || order.direction !== direction)
    throw validationError(`${field} is a cursor of the list ordered by ${f} ${direction}; send that orderBy with it, or start again`, field);
  if (!isSortValue(SORT_VALUES[f], value)) throw invalid();
  const id = codec.decode(idCursor);
  if (id === null) throw invalid();
  return { id, value };
}

/**
 * Normalises page arguments: the page size (first or last, 1 to MAX_PAGE_SIZE), the direction, and the
 * positions of the cursors, which must belong to `order` (a cursor keeps the order it was read in).
 */
export function listWindow<K>(args: PageArgs, codec: IdCodec<K>, order?: ListOrder<OrderField> | null, defaultSize = DEFAULT_PAGE_SIZE): PageWindow<K> {
  if (args.first != null && args.last != null) throw validationError('Send first (paging forward) or last (backward), not both', 'last');
  const backward = args.last != null || (args.before != null && args.first == null);
  const field = backward ? 'last' : 'first';
  const size = (backward ? args.last : args.first) ?? defaultSize;
  if (!Number.isInteger(size) || size < 1 || size > MAX_PAGE_SIZE) throw validationError(`${field} must be an integer from 1 to ${MAX_PAGE_SIZE}`, field);
  const after = args.after ? position(args.after, 'after', order ?? undefined, codec) : undefined;
  const before = args.before ? position(args.before, 'before', order ?? undefined, codec) : undefined;
  return {
    limit: size,
    afterId: after?.id,
    beforeId: before?.id,
    afterValue: after?.value,
    beforeValue: before?.value,
    backward,
    order: order ?? undefined,
    codec,
  };
}

/** Normalises page arguments for a list keyed by UUID (time-ordered UUIDv7, so the id is the default order). */
export const pageWindow = (args: PageArgs, order?: ListOrder<OrderField> | null): PageWindow<string> => listWindow(args, UUID_IDS, order);

/** The same for tables with numeric (bigint identity) ids. */
export const numericPageWindow = (args: PageArgs, order?: ListOrder<OrderField> | null): PageWindow<number> => listWindow(args, NUMERIC_IDS, order);

/**
 * Builds a page from rows fetched with limit + 1 in the window's direction (ListQuery.window): a backward read is
 * turned round so nodes are always in the list's order. `sortValues[i]` is row i's sort value when the window
 * has an order (its cursors carry it).
 */
export function toPage<T extends { id: string | number }>(
  rows: T[],
  w: PageWindow<unknown>,
  totalCount?: () => Promise<number>,
  sortValues?: readonly string[],
): Page<T> {
  const more = rows.length > w.limit;
  const nodes = rows.slice(0, w.limit);
  const codec = (w.codec ?? { encode: (id: unknown) => encodeCursor(String(id)) }) as IdCodec<unknown>;
  const cursors = nodes.map((n, i) => (w.order && sortValues ? orderedCursor(w.order, sortValues[i], n.id, codec) : codec.encode(n.id)));
  if (w.backward) {
    nodes.reverse();
    cursors.reverse();
  }
  const byNode = new Map<T, string>(nodes.map((n, i) => [n, cursors[i]]));
  return {
    nodes,
    hasNextPage: w.backward ? w.beforeId !== undefined : more,
    hasPreviousPage: w.backward ? more : w.afterId !== undefined,
    startCursor: cursors[0] ?? null,
    endCursor: cursors.length ? cursors[cursors.length - 1] : null,
    totalCount,
    cursorOf: (node) => byNode.get(node) ?? codec.encode(node.id),
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
