/**
 * Wording the schema's descriptions share (what a GraphQL IDE shows), so that one concept reads the same on every
 * type: identifiers, timestamps, money, who may call a root field (src/auth/policy-graphql.ts).
 */

/** A record's `createdAt`. */
export const CREATED_AT = 'When it was created: an ISO 8601 date-time in UTC.';

/** A record's `updatedAt`. */
export const UPDATED_AT = 'When it last changed: an ISO 8601 date-time in UTC.';

/** A record's `programId`. */
export const PROGRAM_ID = 'The program (tenant) it belongs to (UUID).';

/** The optional `programId` argument of the program-scoped operations. */
export const PROGRAM_ARG = 'The program (UUID). Needed with a dashboard session; an API key or partner token implies its own program.';

/** The required `programId` argument of the dashboard-only operations. */
export const OWN_PROGRAM_ARG = "One of the signed-in user's programs (UUID).";

/** An amount: `what`, then its unit. */
export const money = (what: string): string => `${what}, in the program currency's units as a decimal number.`;

/** Root fields a partner (OAuth) token may not call. */
export const NOT_PARTNER = 'Dashboard session or API key (a partner token gets FORBIDDEN).';

/** Root fields only a signed-in dashboard user may call. */
export const SESSION_ONLY = 'Dashboard session only.';

/** An affiliate identified by text: what the `affiliateId` inputs accept. */
export const AFFILIATE_KEY = 'The affiliate: its UUID, one of its link slugs or a numeric click id (at most 200 characters).';

/** An `affiliateEmail` input. */
export const AFFILIATE_EMAIL = "The affiliate's email (at most 254 characters).";
