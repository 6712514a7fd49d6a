import { ORDER_DIRECTIONS } from '../enums';
import { Body, DateTime, Nullable, OneOf, Text } from '../kit';

/** `orderBy` of a list: one of its sort fields and a direction (asc when omitted). */
export const ListOrderArg = <const T extends readonly string[]>(fields: T) =>
  Nullable(Body({ field: OneOf(fields), direction: Nullable(OneOf(ORDER_DIRECTIONS)) }));

/** The creation-time range every list filter takes: at or after `createdAfter`, before `createdBefore`. */
export const CREATED_RANGE = {
  createdAfter: Nullable(DateTime()),
  createdBefore: Nullable(DateTime()),
};

/** `search`: a case-insensitive part of a name or an email (1 to 200 characters). */
export const SEARCH = { search: Nullable(Text(200, { minLength: 1 })) };
