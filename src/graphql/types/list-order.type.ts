import { Field, InputType, registerEnumType, type ClassType } from 'type-graphql';
import { enumObject, ORDER_DIRECTIONS } from '../../validation/enums';

export const OrderDirectionEnum = enumObject(ORDER_DIRECTIONS);
registerEnumType(OrderDirectionEnum, {
  name: 'OrderDirection',
  description: 'Which way a list runs: ties of the ordered field are broken by id, in the same direction.',
  valuesConfig: { asc: { description: 'Smallest (earliest, A to Z) first.' }, desc: { description: 'Largest (latest, Z to A) first.' } },
});

/** The sort fields of one list, each with what it compares. */
export type OrderFields<F extends string> = { readonly [K in F]: string };

/**
 * `<Name>OrderField` (the enum of a list's sort fields) and `<Name>Order {field, direction}`, its `orderBy`
 * argument. A page read in an order hands out cursors of that order: send the same orderBy with them.
 */
export function ListOrderInput<F extends string>(name: string, fields: OrderFields<F>) {
  const values = Object.keys(fields) as F[];
  const FieldEnum = enumObject(values);
  registerEnumType(FieldEnum, {
    name: `${name}OrderField`,
    description: `What ${name} lists can be ordered by.`,
    valuesConfig: Object.fromEntries(values.map((v) => [v, { description: fields[v] }])) as Record<F, { description: string }>,
  });
  @InputType(`${name}Order`, { description: `An order of a ${name} list: a field and a direction. Cursors read in it keep it.` })
  class Order {
    @Field(() => FieldEnum, { description: 'The field to order by.' }) field!: F;
    @Field(() => OrderDirectionEnum, { nullable: true, defaultValue: 'asc', description: 'asc (the default) or desc.' })
    direction?: 'asc' | 'desc' | null;
  }
  return Order as ClassType<{ field: F; direction?: 'asc' | 'desc' | null }>;
}

/** A list's order as the services take it: the direction made explicit (asc when omitted). */
export const listOrder = <F extends string>(o: { field: F; direction?: 'asc' | 'desc' | null } | null | undefined) =>
  o ? { field: o.field, direction: o.direction ?? ('asc' as const) } : null;

/** Descriptions shared by the filters of every list. */
export const CREATED_AFTER = 'Only those created at or after this ISO 8601 date-time.';
export const CREATED_BEFORE = 'Only those created before this ISO 8601 date-time.';
export const SEARCH = (what: string) => `A case-insensitive part of ${what} (1 to 200 characters).`;
