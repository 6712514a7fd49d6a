import { Type } from '@sinclair/typebox';
import { MAX_PAGE_SIZE } from '../../common/pagination';
import { Int, Nullable, Text } from '../kit';

/** A page size from 1 to `max`; the details entry of an out-of-range one has always read "from 1 to <max>". */
export function PageLimit(max: number) {
  const range = `from 1 to ${max}`;
  return Int(1, max, { errorDetail: { minimum: range, maximum: range } });
}

/**
 * Paging parameters every REST list accepts besides its own: `limit` (1..MAX_PAGE_SIZE; without it the whole
 * list, streamed) and `after` (the X-Next-Cursor of the page before).
 */
export const PAGE_PARAMS = {
  limit: Nullable(PageLimit(MAX_PAGE_SIZE)),
  after: Nullable(Text(200)),
};

/** A query string without parameters. */
export const NO_PARAMS = Type.Object({}, { additionalProperties: false });
