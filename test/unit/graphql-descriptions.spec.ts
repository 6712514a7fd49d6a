import {
  buildSchema,
  isEnumType,
  isInputObjectType,
  isInterfaceType,
  isIntrospectionType,
  isObjectType,
  isSpecifiedScalarType,
  type GraphQLNamedType,
  type GraphQLSchema,
} from 'graphql';
import { getSchema } from '../../src/graphql/schema';

const described = (description: string | null | undefined): boolean => typeof description === 'string' && description.trim() !== '';

/** The schema elements without a description: types, fields, field arguments, input fields and enum values. */
function undescribed(schema: GraphQLSchema): { missing: string[]; checked: number } {
  const missing: string[] = [];
  let checked = 0;
  const check = (coordinate: string, description: string | null | undefined) => {
    checked++;
    if (!described(description)) missing.push(coordinate);
  };
  const types = Object.values(schema.getTypeMap()).filter((t: GraphQLNamedType) => !isIntrospectionType(t) && !isSpecifiedScalarType(t));
  for (const type of types) {
    check(type.name, type.description);
    if (isObjectType(type) || isInterfaceType(type)) {
      for (const field of Object.values(type.getFields())) {
        check(`${type.name}.${field.name}`, field.description);
        for (const arg of field.args) check(`${type.name}.${field.name}(${arg.name})`, arg.description);
      }
    } else if (isInputObjectType(type)) {
      for (const field of Object.values(type.getFields())) check(`${type.name}.${field.name}`, field.description);
    } else if (isEnumType(type)) {
      for (const value of type.getValues()) check(`${type.name}.${value.name}`, value.description);
    }
  }
  return { missing: missing.sort(), checked };
}

test('every type, field, argument, input field and enum value of the schema has a description', async () => {
  const { missing, checked } = undescribed(await getSchema());
  expect(checked).toBeGreaterThan(500);
  expect(missing).toEqual([]);
});

test('the check finds what lacks a description', () => {
  const schema = buildSchema(`
    """A described type."""
    type Query {
      """Described."""
      sales(first: Int, """ """ after: String): [Sale!]!
      blank: Int
    }
    type Sale {
      """Described."""
      tax: Float
    }
    """Described."""
    enum CouponType {
      """Described."""
      PERCENTAGE
      FLAT
    }
    """Described."""
    input Filter {
      affiliateId: String
    }
    scalar Money
  `);
  expect(undescribed(schema).missing).toEqual(
    ['CouponType.FLAT', 'Filter.affiliateId', 'Money', 'Query.blank', 'Query.sales(after)', 'Query.sales(first)', 'Sale'].sort(),
  );
});
