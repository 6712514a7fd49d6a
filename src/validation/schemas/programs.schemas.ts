import { ATTRIBUTION_MODELS, COMMISSION_DURATIONS } from '../enums';
import { Body, Bool, Currency, Int, Money, Nullable, Omittable, OneOf, Rate, ServiceStrings, ServiceText, Text, type Input } from '../kit';

/**
 * The portal's address (src/modules/programs/program.rules.ts `checkedPortalSlug`, which keeps it lowercase):
 * 2 to 60 letters, digits and single hyphens, a letter or digit at each end. It cannot be cleared.
 */
const PORTAL_SLUG = Text(60, {
  pattern: '^[A-Za-z0-9](?:[A-Za-z0-9]|-(?=[A-Za-z0-9])){1,59}$',
  errorMessage: { pattern: 'must be 2 to 60 letters, digits and single hyphens, starting and ending with a letter or digit' },
});

/** The terms an applicant accepts on the portal (program.rules.ts PORTAL_TERMS_MAX); '' or null: none. */
const PORTAL_TERMS = Text(5000);

/**
 * Program settings besides the name; null clears an optional limit. GraphQL-only inputs: where the program rules
 * (src/modules/programs) word a refusal their own way (a name's size on the trimmed value, host names, URLs, the
 * number of base URLs), the edge checks only the type and leaves the rule to them.
 */
const SETTINGS = {
  domain: Nullable(ServiceText()),
  logoUrl: Nullable(ServiceText()),
  currency: Nullable(Currency({ oneMessage: true })),
  baseUrls: Nullable(ServiceStrings()),
  defaultCommissionRate: Nullable(Rate()),
  autoApproveAffiliates: Nullable(Bool()),
  deductTax: Nullable(Bool()),
  deductShipping: Nullable(Bool()),
  refundWindowDays: Nullable(Int(0, 3650)),
  commissionHoldDays: Nullable(Int(0, 1_000_000_000)),
  affiliateLimit: Nullable(Int(0, 1_000_000_000)),
  monthlyReferralLimit: Nullable(Int(0, 1_000_000_000)),
  readsPerMinute: Nullable(Int(1, 1_000_000)),
  writesPerMinute: Nullable(Int(1, 1_000_000)),
  cookieWindowDays: Nullable(Int(1, 365)),
  attributionModel: Nullable(OneOf(ATTRIBUTION_MODELS)),
  portalSlug: Omittable(PORTAL_SLUG),
  portalEnabled: Nullable(Bool()),
  portalSignupOpen: Nullable(Bool()),
  portalTerms: Nullable(PORTAL_TERMS),
  minimumPayout: Nullable(Money({ nonNegative: true })),
};

/** A name that must be there; how long it may be is the service's rule (it measures the trimmed name). */
const NAME = ServiceText({ notBlank: true });

/** GraphQL ProgramInput of createProgram: a name is needed. */
export const CreateProgramBody = Body({ name: NAME, ...SETTINGS });
export type CreateProgramBody = Input<typeof CreateProgramBody>;

/** GraphQL ProgramInput of updateProgram: omitted fields are unchanged. */
export const UpdateProgramBody = Body({ name: Omittable(NAME), ...SETTINGS });
export type UpdateProgramBody = Input<typeof UpdateProgramBody>;

/** GraphQL CreateCommissionPlanInput. Whether the group exists is the service's rule. */
export const CreateCommissionPlanBody = Body({
  name: NAME,
  commissionRate: Rate(),
  affiliateGroupId: Nullable(ServiceText()),
  commissionDuration: Nullable(OneOf(COMMISSION_DURATIONS)),
  commissionDurationLimit: Nullable(Int(1, 1200)),
});
export type CreateCommissionPlanBody = Input<typeof CreateCommissionPlanBody>;

/** GraphQL `createAffiliateGroup(name)` and `createApiKey(name)`. */
export const NameArgs = Body({ name: NAME });
