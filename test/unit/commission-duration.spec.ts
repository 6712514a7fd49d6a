/** Calendar months of the `months` commission duration (sale.terms addMonths): a month later, never overflowing. */
import { addMonths } from '../../src/modules/sales/sale.terms';

test.each([
  ['2026-01-31T10:00:00Z', 1, '2026-02-28T10:00:00.000Z'],
  ['2028-01-31T10:00:00Z', 1, '2028-02-29T10:00:00.000Z'],
  ['2026-03-31T00:00:00Z', 1, '2026-04-30T00:00:00.000Z'],
  ['2026-01-15T08:30:00Z', 2, '2026-03-15T08:30:00.000Z'],
  ['2026-11-30T23:59:59Z', 3, '2027-02-28T23:59:59.000Z'],
  ['2026-05-31T12:00:00Z', 12, '2027-05-31T12:00:00.000Z'],
])('%s plus %i months is %s', (from, months, expected) => {
  expect(addMonths(new Date(from), months).toISOString()).toBe(expected);
});
