/**
 * The schema of a REST body is derived from its operation's selection (rest-facade/response-schema.ts): fields
 * selected more than once merge their sub-selections at any depth, as GraphQL answers them, and the body keeps
 * the GraphQL types' nullability, enums and descriptions.
 */
import { buildSchema, parse } from 'graphql';
import { operationDataSchema } from '../../rest-facade/response-schema';

const schema = buildSchema(`
  enum Status { active, paused }
  type Code { id: ID!, code: String!, uses: Int }
  type Coupon {
    "Its id."
    id: ID!
    name: String
    status: Status!
    codes: [Code!]!
    parent: Coupon
  }
  type Query { coupons: [Coupon!]!, coupon(id: ID!): Coupon }
`);

// As plain JSON Schema (TypeBox marks its schemas with symbols).
const props = (s: any, ...path: string[]) => JSON.parse(JSON.stringify(path.reduce((at, k) => (k === '[]' ? at.items : at.properties[k]), s)));

test('repeated fields merge their selections at every depth, lists and nullable objects included', () => {
  const data = operationDataSchema(
    schema,
    parse(`
      fragment A on Coupon { id codes { id } parent { id } }
      fragment B on Coupon { name codes { code } parent { name codes { uses } } }
      query Q { coupons { ...A ...B } }
    `),
  );
  const coupon = props(data, 'coupons', '[]');
  expect(Object.keys(coupon.properties)).toEqual(['id', 'codes', 'parent', 'name']);
  expect(coupon.required).toEqual(['id', 'codes', 'parent', 'name']);
  expect(Object.keys(props(coupon, 'codes', '[]').properties)).toEqual(['id', 'code']);
  expect(Object.keys(props(coupon, 'parent').properties)).toEqual(['id', 'name', 'codes']);
  expect(props(coupon, 'parent').type).toEqual(['object', 'null']);
  expect(Object.keys(props(coupon, 'parent', 'codes', '[]').properties)).toEqual(['uses']);
});

test('types, nullability, enums, aliases and descriptions follow the GraphQL schema; root fields carry no GraphQL wording', () => {
  const data = operationDataSchema(schema, parse(`query Q($id: ID!) { found: coupon(id: $id) { id name status codes { uses } } }`));
  const coupon = props(data, 'found');
  expect(coupon.type).toEqual(['object', 'null']);
  expect(coupon.description).toBeUndefined();
  expect(props(coupon, 'id')).toEqual({ type: 'string', description: 'Its id.' });
  expect(props(coupon, 'name')).toEqual({ type: ['string', 'null'] });
  expect(props(coupon, 'status')).toEqual({ type: 'string', enum: ['active', 'paused'] });
  expect(props(coupon, 'codes', '[]', 'uses')).toEqual({ type: ['integer', 'null'], format: 'int32' });
  expect(coupon.additionalProperties).toBe(false);
});
