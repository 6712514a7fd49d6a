/**
 * What type-graphql hands a resolver for an input whose schema (src/validation/schemas) has the static type T:
 * the same fields of the same types, where an optional field may also arrive as null (GraphQL cannot say
 * "optional, not null"; the schema refuses that null at the edge) and the `DateKeys` date-times are Dates.
 * An input class `implements GraphQLInput<Body>`, so a field whose type drifts from its schema does not compile;
 * that every GraphQL field has a schema property is checked at start-up (src/graphql/input-validation.ts).
 */
export type GraphQLInput<T, DateKeys extends keyof T = never> = {
  [K in keyof T]: (K extends DateKeys ? Date : NonNullable<T[K]>) | (undefined extends T[K] ? null | undefined : never);
};
