import type { Request, Response } from 'express';
import type { Connection, FileAnswer, RestRoute } from './route';
import type { RouteSerializers } from './serializers';

/** One operation's result, ready to be written as the route's success body (200, or the route's `status`). */
export interface OperationAnswer {
  route: RestRoute;
  /** The validated input (a file's renderer may read it). */
  input: Record<string, unknown>;
  /** The operation that ran (its serializer). */
  name: string;
  data: Record<string, unknown>;
  /** The list connection in `data`, for list routes. */
  connection: Connection | undefined;
  /** One page was asked for (`limit`/`after`, or a page-only log): never streamed. */
  paged: boolean;
  serialize: RouteSerializers;
  /** The page after `cursor`, each in a fresh unit of work. */
  nextPage: (cursor: string) => Promise<Connection>;
}

/** Letters, digits, `.`, `-` and `_`: nothing a header, a shell or a file system reads otherwise. */
const UNSAFE_IN_FILENAME = /[^A-Za-z0-9._-]+/g;
const MAX_FILENAME = 120;

/**
 * `attachment; filename="…"` (RFC 6266) for a name reduced to safe characters: no quote, backslash or line
 * break can end the header, no `/` makes a path, no leading `.` or `-` a hidden file or an option; too long a
 * name keeps its extension.
 */
export function attachment(filename: string): string {
  let safe = filename.replace(UNSAFE_IN_FILENAME, '_').replace(/^[.-]+/, '');
  if (safe.length > MAX_FILENAME) {
    const ext = /\.[A-Za-z0-9]{1,10}$/.exec(safe)?.[0] ?? '';
    safe = safe.slice(0, MAX_FILENAME - ext.length) + ext;
  }
  return `attachment; filename="${safe || 'download'}"`;
}

/** Writes the answer: a file, a record, one page (with `X-Next-Cursor`), or a whole list streamed page by page. */
export async function writeAnswer(req: Request, res: Response, answer: OperationAnswer): Promise<void> {
  const { route, name, data, connection: conn, paged, serialize } = answer;
  if (route.file) return sendFile(res, route, route.file, data, answer.input);
  if (route.headers) res.set(route.headers(data));
  res.status(route.status ?? 200).type('application/json');
  if (!conn) {
    res.send(serialize.single(name)(route.response!.map(data)));
    return;
  }
  const writeList = serialize.list(name);
  const array = (page: Connection) => writeList(route.node ? page.nodes.map((n) => route.node!.map(n)) : page.nodes);
  if (paged || !conn.pageInfo.hasNextPage) {
    if (conn.pageInfo.hasNextPage && conn.pageInfo.endCursor) res.set('X-Next-Cursor', conn.pageInfo.endCursor);
    res.send(array(conn));
    return;
  }
  await streamList(req, res, conn, array, answer.nextPage);
}

/** A route's `file`: rendered before any header is set, so a renderer that throws leaves a clean JSON error answer. */
function sendFile(res: Response, route: RestRoute, file: FileAnswer, data: Record<string, unknown>, input: Record<string, unknown>): void {
  const { body, filename } = file.render(data, input);
  if (route.headers) res.set(route.headers(data));
  res
    .status(200)
    // Payout files hold affiliates' emails: never kept by a cache (admission says so too; the file must not depend on it).
    .set({ 'Content-Type': file.contentType, 'Content-Disposition': attachment(filename), 'Cache-Control': 'no-store' })
    .send(body);
}

/**
 * A large list: streamed page by page, each page in a fresh unit of work, so memory stays flat. Each page is
 * written as the items of one array (its brackets cut off).
 */
async function streamList(
  req: Request,
  res: Response,
  first: Connection,
  array: (page: Connection) => string,
  nextPage: (cursor: string) => Promise<Connection>,
): Promise<void> {
  const items = (page: Connection) => array(page).slice(1, -1);
  res.status(200);
  res.write('[' + items(first));
  let cursor = first.pageInfo.endCursor;
  try {
    while (cursor) {
      const next = await nextPage(cursor);
      if (next.nodes.length) res.write(',' + items(next));
      cursor = next.pageInfo.hasNextPage ? next.pageInfo.endCursor : null;
    }
    res.end(']');
  } catch (err) {
    req.log.error({ err }, 'list stream failed after the first page');
    res.destroy(err as Error);
  }
}
