/**
 * The one validation layer (src/validation): the GraphQL edge's start-up check and its resolver wrapper
 * (src/graphql/input-validation.ts), the wording REST clients have always had, and the enums' agreement
 * with the entities.
 */
import {
  graphql,
  GraphQLBoolean,
  GraphQLInputObjectType,
  GraphQLNonNull,
  GraphQLObjectType,
  GraphQLSchema,
  GraphQLString,
  type GraphQLFieldConfig,
} from 'graphql';
import type { TObject, TProperties } from '@sinclair/typebox';
import type { DomainError } from '../../src/common/errors';
import { applyInputValidation, checkInputCoverage } from '../../src/graphql/input-validation';
import { AFFILIATE_STATUSES as AFFILIATE_ENTITY, PAYOUT_METHODS as PAYOUT_METHODS_ENTITY } from '../../src/modules/affiliates/affiliate.entity';
import { RANDOM_CHARS_CASES as CASES_ENTITY } from '../../src/modules/coupons/auto-coupon-rule.entity';
import { COUPON_DURATIONS as DURATIONS_ENTITY, COUPON_TYPES as TYPES_ENTITY } from '../../src/modules/coupons/coupon.entity';
import { SUBSCRIPTION_STATUSES as SUBSCRIPTION_ENTITY } from '../../src/modules/referrals/referral.entity';
import {
  AFFILIATE_STATUSES,
  COMMISSION_STATUSES,
  COUPON_DURATIONS,
  COUPON_TYPES,
  PAYOUT_METHODS,
  RANDOM_CHARS_CASES,
  SUBSCRIPTION_STATUSES,
} from '../../src/validation/enums';
import { COMMISSION_STATUSES as COMMISSION_ENTITY } from '../../src/modules/commissions/commission.entity';
import { Body, Bool, Nullable, RequiredText, Text } from '../../src/validation/kit';
import { AffiliatesQuery, CreateAffiliateBody } from '../../src/validation/schemas/affiliates.schemas';
import { UpdateReferralBody } from '../../src/validation/schemas/referrals.schemas';
import { CreateWebhookBody, EventsQuery } from '../../src/validation/schemas/webhooks.schemas';
import { validateInput } from '../../src/validation/validator';
import { domainErrorOf } from '../helpers/assertions';
import { describeApi } from '../../rest-facade/api-description';
import { loadOperations } from '../../rest-facade/documents';
import { getSchema } from '../../src/graphql/schema';
import { restRoutes } from '../../rest-facade/router';

const Piece = new GraphQLInputObjectType({ name: 'PieceInput', fields: { on: { type: GraphQLBoolean } } });
const Thing = new GraphQLInputObjectType({
  name: 'ThingInput',
  fields: { name: { type: new GraphQLNonNull(GraphQLString) }, note: { type: GraphQLString }, piece: { type: Piece } },
});
const ThingBody = Body({ name: RequiredText(10), note: Nullable(Text(5)), piece: Nullable(Body({ on: Nullable(Bool()) })) });

/** A schema with one mutation `make(id, input)` whose arguments are declared with `schemas` (as @ValidateArgs does). */
function schemaWith(schemas: TProperties | undefined, input = Thing): GraphQLSchema {
  const make: GraphQLFieldConfig<unknown, unknown> = {
    type: GraphQLString,
    args: { id: { type: GraphQLString }, input: { type: new GraphQLNonNull(input) } },
    resolve: () => 'made',
    extensions: schemas ? { inputSchemas: schemas } : {},
  };
  return new GraphQLSchema({
    query: new GraphQLObjectType({ name: 'Query', fields: { ok: { type: GraphQLString } } }),
    mutation: new GraphQLObjectType({ name: 'Mutation', fields: { make } }),
  });
}

const coverageError = (schema: GraphQLSchema) => {
  try {
    checkInputCoverage(schema);
  } catch (err) {
    return (err as Error).message;
  }
  return undefined;
};

describe('start-up check: every GraphQL input field has a schema property', () => {
  test('the real schema passes (it is checked when it is built)', async () => {
    expect(coverageError(await getSchema())).toBeUndefined();
  });

  test('a complete declaration passes', () => {
    expect(coverageError(schemaWith({ id: Nullable(Text(5)), input: ThingBody }))).toBeUndefined();
  });

  test('an input field without a schema property fails, naming it', () => {
    const { note: _note, ...rest } = ThingBody.properties;
    expect(coverageError(schemaWith({ input: Body(rest) }))).toContain('ThingInput.note has no property in its schema (Mutation.make(input))');
  });

  test('a nested input field without a schema property fails, naming it', () => {
    const schema = schemaWith({ input: Body({ ...ThingBody.properties, piece: Nullable(Body({})) }) });
    expect(coverageError(schema)).toContain('PieceInput.on has no property in its schema (Mutation.make(input).piece)');
  });

  test('an input-object argument without a schema fails, naming the operation', () => {
    expect(coverageError(schemaWith(undefined))).toContain('Mutation.make(input: ThingInput) has no schema');
  });

  test('a schema property the input lacks, and one for an argument that does not exist, fail', () => {
    const message = coverageError(schemaWith({ idd: Text(5), input: Body({ ...ThingBody.properties, extra: Text(5) }) }));
    expect(message).toContain('ThingInput has no field extra');
    expect(message).toContain('Mutation.make has no argument idd');
  });
});

describe('the GraphQL edge answers as the REST facade does', () => {
  const run = async (variables: Record<string, unknown>, via: 'graphql' | 'rest' = 'graphql') => {
    const schema = applyInputValidation(schemaWith({ id: Nullable(Text(5)), input: ThingBody }));
    return graphql({ schema, source: 'mutation($id: String, $i: ThingInput!) { make(id: $id, input: $i) }', variableValues: variables, contextValue: { via } });
  };

  test('problems of the scalar arguments and of the input, as one VALIDATION_FAILED', async () => {
    const res = await run({ id: 'far too long', i: { name: ' ', note: 'too long' } });
    expect(res.data?.make).toBeNull();
    const err = res.errors?.[0].originalError as { code?: string; message: string; details?: unknown };
    expect({ code: err.code, message: err.message, details: err.details }).toEqual({
      code: 'VALIDATION_FAILED',
      // As in a REST body: the fields' problems in order, then the missing ones.
      message: 'id is too long (at most 5 characters); note is too long (at most 5 characters); name is required',
      details: [
        { field: 'id', message: 'id is too long (at most 5 characters)' },
        { field: 'note', message: 'note is too long (at most 5 characters)' },
        { field: 'name', message: 'name is required' },
      ],
    });
  });

  test('valid arguments reach the resolver', async () => {
    expect((await run({ id: 'ok', i: { name: 'Ada', piece: { on: true } } })).data).toEqual({ make: 'made' });
  });

  test('an execution from the REST facade is not checked again', async () => {
    expect((await run({ i: { name: ' ' } }, 'rest')).data).toEqual({ make: 'made' });
  });
});

describe('the real schema: a GraphQL caller gets the REST caller’s error', () => {
  // An API key's actor: the policy admits it, and the edge refuses before any service (or database) is reached.
  const ctx = { via: 'graphql', actor: { kind: 'apiKey', credentialId: 'k', programId: 'p', program: {} } };
  const cases: Array<[string, string, TObject, Record<string, unknown>]> = [
    ['createAffiliate', 'CreateAffiliateInput', CreateAffiliateBody, { firstName: 'x'.repeat(201), lastName: 'B', email: 'nope', commissionRate: 101 }],
    ['updateReferral', 'UpdateReferralInput', UpdateReferralBody, { referralId: 'r', referredUserExternalId: ' ' }],
  ];
  test.each(cases)('%s', async (field, type, schema, input) => {
    const res = await graphql({
      schema: await getSchema(),
      source: `mutation($i: ${type}!) { ${field}(input: $i) { __typename } }`,
      variableValues: { i: input },
      contextValue: ctx,
    });
    const rest = domainErrorOf(() => validateInput(schema, input));
    const err = res.errors?.[0].originalError as DomainError;
    expect({ code: err.code, message: err.message, details: err.details }).toEqual({ code: rest.code, message: rest.message, details: rest.details });
  });
});

describe('wording REST clients have always had', () => {
  test('an out-of-range page size: the sentence, and the short details entry', () => {
    for (const [schema, max] of [
      [AffiliatesQuery, 500],
      [EventsQuery, 500],
    ] as const) {
      const err = domainErrorOf(() => validateInput(schema, { limit: '0' }, 'query'));
      expect({ message: err.message, details: err.details }).toEqual({
        message: `limit must be an integer from 1 to ${max}`,
        details: [{ field: 'limit', message: `from 1 to ${max}` }],
      });
      expect(domainErrorOf(() => validateInput(schema, { limit: 'x' }, 'query')).details).toEqual([{ field: 'limit', message: 'limit must be an integer' }]);
    }
  });

  test('a long email is not a valid email address (its length is part of the address check)', () => {
    const err = domainErrorOf(() => validateInput(CreateAffiliateBody, { firstName: 'A', lastName: 'B', email: `${'x'.repeat(260)}@example.com` }));
    expect(err.message).toBe('email must be a valid email address');
  });

  test('a blank referredUserExternalId on update "cannot be empty"', () => {
    for (const v of ['', ' ', null]) {
      const err = domainErrorOf(() => validateInput(UpdateReferralBody, { referralId: 'r', referredUserExternalId: v }));
      expect(err.details).toEqual([{ field: 'referredUserExternalId', message: 'referredUserExternalId cannot be empty' }]);
    }
  });

  test('event types are the service to judge, however long (it names the unknown ones)', () => {
    expect(validateInput(CreateWebhookBody, { url: 'https://example.com', events: ['x'.repeat(500)] }).events).toEqual(['x'.repeat(500)]);
  });
});

test('the OpenAPI document describes each body with its schema, without the validator’s wording annotations', async () => {
  const schema = await getSchema();
  const doc = describeApi(restRoutes, schema, loadOperations(schema)).document('https://example.com', []) as { paths: Record<string, Record<string, any>> };
  const text = JSON.stringify(doc);
  expect(text).not.toMatch(/errorMessage|errorDetail/);
  const body = doc.paths['/affiliates'].post.requestBody.content['application/json'].schema;
  // The same schema: the validator's properties and bounds, optional ones admitting null in one `type` list,
  // each property with the description of its GraphQL input field.
  const source = JSON.parse(JSON.stringify(CreateAffiliateBody));
  expect(Object.keys(body.properties)).toEqual(Object.keys(source.properties));
  expect(body.required).toEqual(source.required);
  expect(body.additionalProperties).toBe(false);
  expect(body.properties.email).toEqual({ ...source.properties.email, description: expect.any(String) });
  const nonNull = source.properties.commissionRate.anyOf.find((b: { type: string }) => b.type !== 'null');
  expect(body.properties.commissionRate).toEqual({ ...nonNull, type: [nonNull.type, 'null'], description: expect.any(String) });
  const status = source.properties.affiliateStatus.anyOf.find((b: { type: string }) => b.type !== 'null');
  expect(body.properties.affiliateStatus.enum).toEqual([...status.enum, null]);
  const limit = doc.paths['/events'].get.parameters.find((p: { name: string }) => p.name === 'limit');
  expect(limit.schema).toEqual({ type: 'integer', minimum: 1, maximum: 500 });
});

test('the enums of src/validation are the entities’ lists', () => {
  expect(AFFILIATE_STATUSES).toEqual(AFFILIATE_ENTITY);
  expect(COUPON_TYPES).toEqual(TYPES_ENTITY);
  expect(COUPON_DURATIONS).toEqual(DURATIONS_ENTITY);
  expect(RANDOM_CHARS_CASES).toEqual(CASES_ENTITY);
  expect(SUBSCRIPTION_STATUSES).toEqual(SUBSCRIPTION_ENTITY);
  expect(COMMISSION_STATUSES).toEqual(COMMISSION_ENTITY);
  expect(PAYOUT_METHODS).toEqual(PAYOUT_METHODS_ENTITY);
});
