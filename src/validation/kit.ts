import {
  Type,
  type ArrayOptions,
  type NumberOptions,
  type ObjectOptions,
  type Static,
  type StringOptions,
  type TArray,
  type TInteger,
  type TNumber,
  type TObject,
  type TProperties,
  type TSchema,
  type TString,
  type TUnsafe,
} from '@sinclair/typebox';

/**
 * The building blocks of the input schemas (src/validation/schemas): TypeBox types, i.e. JSON Schema with a
 * static type. Each block says what the validator (./validator.ts) checks and what the OpenAPI document shows.
 *
 * Messages: the validator words every problem from the field's kind (see messages.ts). Where a constraint needs
 * other words, `errorMessage: { <keyword>: '<text after the field name>' }` gives them (`required`: a missing or
 * blank value), and `errorDetail` the text of the details entry where clients have had a shorter one than the
 * sentence. Both are annotations Ajv ignores and the OpenAPI document leaves out.
 */

/** The pattern of a text that must hold something: '' and whitespace count as missing ("x is required"). */
export const NOT_BLANK = '\\S';

/** Per-keyword wording, e.g. `{ minimum: 'must be zero or more' }` → "tax must be zero or more". */
export type ErrorMessages = Partial<
  Record<'minimum' | 'maximum' | 'exclusiveMinimum' | 'exclusiveMaximum' | 'not' | 'pattern' | 'maxItems' | 'maxLength' | 'required', string>
>;

type WithMessages<O> = O & { errorMessage?: ErrorMessages; errorDetail?: ErrorMessages };

/** The bound of a text without a size of its own: what the REST facade has always accepted. */
export const MAX_TEXT = 10_000;

/** Text of at most `maxLength` characters; '' is a value (it usually clears or is ignored). */
export const Text = (maxLength: number, options: WithMessages<StringOptions> = {}): TString => Type.String({ maxLength, ...options });

/** Text that must not be blank: required, or (optional but not null) a value that cannot be cleared. */
export const RequiredText = (maxLength: number, options: WithMessages<StringOptions> = {}): TString =>
  Type.String({ maxLength, pattern: NOT_BLANK, ...options });

/**
 * An email address (the check of src/common/email on the trimmed value, which also bounds it to 254
 * characters; blank passes, see RequiredEmail). Only MAX_TEXT here: a long value is "not a valid email address".
 */
export const Email = (options: StringOptions = {}): TString => Type.String({ format: 'email', maxLength: MAX_TEXT, ...options });

/** An email address that must be given. */
export const RequiredEmail = (): TString => Email({ pattern: NOT_BLANK });

/** An ISO 8601 date-time (a date and optionally a time); REST passes it on normalised (`toISOString`). */
export const DateTime = (): TString => Type.String({ format: 'date-time', maxLength: 64 });

const ISO_4217 = 'must be a 3-letter ISO 4217 code';

/**
 * A 3-letter ISO 4217 currency code; `blankAllowed`: '' too (it means none). A longer value "is too long (at most
 * 3 characters)" as REST bodies always said, or, `oneMessage`, gets the same words as any other wrong code.
 */
export const Currency = (opts: { blankAllowed?: boolean; oneMessage?: boolean } = {}): TString =>
  Type.String({
    maxLength: 3,
    pattern: opts.blankAllowed ? '^([A-Za-z]{3})?$' : '^[A-Za-z]{3}$',
    errorMessage: opts.oneMessage ? { pattern: ISO_4217, maxLength: ISO_4217 } : { pattern: ISO_4217 },
  });

/** An integer from `minimum` to `maximum` ("x must be an integer from 1 to 32"). */
export const Int = (minimum: number, maximum: number, options: WithMessages<NumberOptions> = {}): TInteger => Type.Integer({ minimum, maximum, ...options });

/** A numeric id (bigint identity): a JSON number or, over REST, a string of digits; never above 2^53 − 1. */
export const Id64 = (): TInteger => Type.Integer({ format: 'int64', minimum: 1, maximum: Number.MAX_SAFE_INTEGER });

/** A finite number ("x must be a number"), optionally bounded. */
export const Num = (options: WithMessages<NumberOptions> = {}): TNumber => Type.Number(options);

/** A percentage 0..100 (commission rates). Its decimal places are the service's rule (storage scale). */
export const Rate = (): TNumber => Type.Number({ minimum: 0, maximum: 100 });

const TOO_LARGE = 'is too large';

/** A money amount: below 10^12 in size; `nonZero` (a sale total) or `nonNegative` (tax, shipping) narrow it. */
export function Money(opts: { nonZero?: boolean; nonNegative?: boolean } = {}): TNumber {
  if (opts.nonNegative)
    return Type.Number({ minimum: 0, exclusiveMaximum: 1e12, errorMessage: { minimum: 'must be zero or more', exclusiveMaximum: TOO_LARGE } });
  return Type.Number({
    exclusiveMinimum: -1e12,
    exclusiveMaximum: 1e12,
    ...(opts.nonZero ? { not: { const: 0 } } : {}),
    errorMessage: { exclusiveMinimum: TOO_LARGE, exclusiveMaximum: TOO_LARGE, not: 'must not be zero' },
  });
}

export const Bool = () => Type.Boolean();

/** One of the given strings ("x must be one of a, b"). A plain `enum`, so the document lists the values. */
export const OneOf = <const T extends readonly string[]>(values: T): TUnsafe<T[number]> => Type.Unsafe<T[number]>({ type: 'string', enum: [...values] });

/**
 * A list of strings ("x must be an array of strings"), at most `maxItems` values; `maxLength` bounds each value
 * ("x must be strings of at most N characters"), else what each value may be is the service's rule.
 */
export const Strings = (maxItems: number, maxLength?: number, options: ArrayOptions = {}): TArray<TString> =>
  Type.Array(Type.String(maxLength === undefined ? {} : { maxLength }), { maxItems, ...options });

/**
 * Text whose size and form the service judges, in words of its own (it measures the trimmed value): the edge
 * checks the type, and with `notBlank` that something is there ("x is required").
 */
export const ServiceText = (opts: { notBlank?: boolean } = {}): TString => Type.String(opts.notBlank ? { pattern: NOT_BLANK } : {});

/** A list of texts whose number and form the service judges, in words of its own. */
export const ServiceStrings = (): TArray<TString> => Type.Array(Type.String());

/** An optional field; null counts as absent and is passed on (it clears a value on updates). */
export const Nullable = <T extends TSchema>(t: T) => Type.Optional(Type.Union([t, Type.Null()]));

/** An optional field that cannot be cleared: null is refused ("x cannot be null", or "x is required" for text). */
export const Omittable = <T extends TSchema>(t: T) => Type.Optional(t);

/** A request body or GraphQL input object: exactly these fields ("x is not an accepted field"). */
export const Body = <P extends TProperties>(properties: P, options: ObjectOptions = {}): TObject<P> =>
  Type.Object(properties, { additionalProperties: false, ...options });

/** The static type of a schema: what a validated body is. */
export type Input<S extends TSchema> = Static<S>;
