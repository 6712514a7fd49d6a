import {
  GRAPHQL_FIELD_SETS,
  GRAPHQL_FIELDS,
  GRAPHQL_ROOT_FIELDS,
  GRAPHQL_TYPES,
  HTTP_ROUTES,
  mayUse,
  RESOURCES,
  REST_CALLERS,
  REST_ROUTES,
  type Caller,
  type Resource,
} from '../../src/auth/policy';
import { GRAPHQL_INPUT_FIELDS } from '../../src/auth/policy-graphql';
import { code, table } from './markdown';

/**
 * docs/reference/authorization.md, from the policy tables (src/auth/policy.ts). The prose here is keyed by
 * Caller, Resource and admission kind, so a new one fails to compile until it is described.
 */

const CALLERS: Record<Caller, { label: string; credential: string }> = {
  anonymous: { label: 'Anonymous', credential: 'No `Authorization` header.' },
  session: {
    label: 'Session',
    credential: "A dashboard user's session token (`ses_…`, from `signUp`/`signIn`, or the `/login` cookie on the pages): the programs its user owns.",
  },
  apiKey: { label: 'API key', credential: "A program's API key (`apk_…`): its one program." },
  oauth: {
    label: 'Partner token',
    credential: "An automation partner's OAuth access token (`oat_…`, from `POST /api/:partner/token`): the one program it was connected to.",
  },
  publishableKey: {
    label: 'Publishable key',
    credential: "A program's public key (`pk_…`, in the tracker.js script tag): records clicks from the program's own site, nothing else.",
  },
  portal: {
    label: 'Portal session',
    credential:
      "An affiliate signed in to its program's portal (an HttpOnly cookie under `/portal/<portalSlug>`): its own rows. Never a bearer: `/api/v1` and `/graphql` answer 401.",
  },
  portalVisitor: {
    label: 'Portal visitor',
    credential: "Anyone on an enabled program's portal before signing in: applies, or asks for a sign-in link.",
  },
};

const RESOURCE_TEXT: Record<Resource, string> = {
  public: 'Sign-up and sign-in: the way to get a credential.',
  users: 'The signed-in user: `me`, `signOut`.',
  programAdmin: 'Creating programs and changing their settings (base URLs decide where every click redirects).',
  programProfile: "A program's `id`, `name`, `domain` and `logoUrl`.",
  programSettings: "The rest of a program's settings, read-only (currency, base URLs, rates, limits).",
  apiKeys: 'Creating, listing and revoking API keys.',
  connections: 'OAuth partner connections (connected apps).',
  affiliates: 'Affiliates.',
  links: 'Links and the clicks recorded on them.',
  referrals: 'Referrals.',
  sales: "Sales, refunds, and a sale's commission.",
  commissionPlans: 'Commission plans and affiliate groups.',
  coupons: 'Coupons and automatic coupon rules.',
  promotionalCodes: 'Promotional codes.',
  payouts: 'Commissions as payables, payout batches.',
  webhooks: 'Managing webhook endpoints: updates, secret rotation.',
  webhookSubscriptions: 'Listing, creating and deleting webhook endpoints (a partner token: its own subscriptions, to the events of its scope).',
  events: 'Events, webhook deliveries, replays.',
  billingAdmin: "Connecting and disconnecting billing providers: the owner's decision.",
  billing: 'Billing integrations and the events they received, read-only.',
  stats: 'Aggregates over time: stats, top affiliates.',
  commissionReview: 'Approving a pending commission by hand (a self-referral is held for this).',
  publicClicks: "Recording a click from a visitor's browser on the merchant's site (tracker.js).",
  portalLinks: 'A single-use link, valid 5 minutes, that signs an affiliate into its portal (`createAffiliatePortalLink`).',
  payoutDetails: "An affiliate's payout method, PayPal or Wise email and Stripe account: read and written by the owner, never by a partner.",
  portal: "An affiliate's own portal, signed in: its rows (read); its links, payout details and email preferences (write).",
  portalEntry: "A program's portal before signing in: applying, asking for a sign-in link.",
};

type Admission = (typeof HTTP_ROUTES)[string];

const ADMISSIONS: Record<Admission, string> = {
  public: 'Anyone; throttled per client address where it costs something (clicks, sign-in, tokens).',
  bearer: 'The bearer credential decides per operation: the GraphQL root fields and fields above.',
  sessionCookie: "A dashboard session cookie, with the page's CSRF token on every POST; only the user's own programs.",
  partnerClient: "An OAuth partner's client credentials and an authorization code it was given.",
  signedDelivery: "A billing provider's delivery, signed with the integration's secret over the raw body.",
  operator: '`Authorization: Bearer <METRICS_TOKEN>` when `METRICS_TOKEN` is set, else anyone (scrapers on a private network).',
  portalEntry: "Anyone on an enabled program's portal: applying (throttled per client address) and asking for a sign-in link (5 per email per hour).",
  portalSession: "An affiliate's portal session cookie, with the page's CSRF token on every POST; only the affiliate's own rows.",
};

const callers = Object.keys(CALLERS) as Caller[];
const YES = '✓';
const marks = (admitted: (c: Caller) => boolean): string[] => callers.map((c) => (admitted(c) ? YES : ''));
const byResource = (r: Resource): string[] => marks((c) => mayUse(c, r));
const callerHeader = callers.map((c) => CALLERS[c].label);

/**
 * Who a REST route admits: the REST callers its resource admits; a route whose resource admits publishable keys
 * takes that key instead, and no other (REST_CALLERS).
 */
function restCallers(r: Resource): string[] {
  if (mayUse('publishableKey', r)) return marks((c) => c === 'publishableKey');
  return marks((c) => REST_CALLERS.includes(c) && mayUse(c, r));
}

function graphql(): string[] {
  const roots = (['Query', 'Mutation'] as const).flatMap((root) => [
    `### ${root} fields`,
    '',
    table(
      ['Field', 'Resource', ...callerHeader],
      Object.entries(GRAPHQL_ROOT_FIELDS[root]).map(([field, r]) => [code(field), code(r), ...byResource(r)]),
    ),
    '',
  ]);
  const types = Object.entries(GRAPHQL_TYPES).flatMap(([type, r]) => (r ? [[code(type), code(r), ...byResource(r)]] : []));
  const wrappers = Object.entries(GRAPHQL_TYPES).flatMap(([type, r]) => (r ? [] : [code(type)]));
  const crossing = Object.entries(GRAPHQL_FIELDS).flatMap(([field, r]) => (r === 'inherit' ? [] : [[code(field), code(r), ...byResource(r)]]));
  const inheriting = Object.entries(GRAPHQL_FIELDS).flatMap(([field, r]) => (r === 'inherit' ? [code(field)] : []));
  const sets = Object.entries(GRAPHQL_FIELD_SETS).flatMap(([type, set]) => {
    const open = GRAPHQL_TYPES[type];
    const openRow = open ? [[`${code(type)}: ${set.open.map(code).join(', ')}`, code(open), ...byResource(open)]] : [];
    return [...openRow, [`${code(type)}: every other field`, code(set.rest), ...byResource(set.rest)]];
  });
  return [
    '## GraphQL (`/graphql`)',
    '',
    'Each root field is checked, before it runs, against the resource named here; the server does not start when a root field has no',
    'entry. Below the root, every field that leads to another resource than its parent’s is checked the same way. A publishable key is',
    'not accepted as a bearer here: the one field that admits it runs behind `POST /api/v1/public/clicks`.',
    '',
    ...roots,
    '### Object types',
    '',
    'Each object type belongs to a resource: every way to reach it (a root field, or a field of the next table) is checked against that',
    'resource, but for the few fields that follow their parent (below); `test/unit/policy.spec.ts` walks the schema and fails otherwise.',
    '',
    table(['Type', 'Resource', ...callerHeader], types),
    '',
    'Wrappers carry whatever the field that returned them carries: ' + wrappers.join(', ') + '.',
    '',
    '### Fields that reach another resource',
    '',
    table(['Field', 'Resource', ...callerHeader], crossing),
    '',
    `Readable by whoever reached their parent: ${inheriting.join(', ')}.`,
    '',
    '### Input fields that write another resource',
    '',
    'An operation sent with one of these input fields (null included) is checked against its resource too, before anything runs.',
    '',
    table(
      ['Input field', 'Resource', ...callerHeader],
      Object.entries(GRAPHQL_INPUT_FIELDS).map(([field, r]) => [code(field), code(r), ...byResource(r)]),
    ),
    '',
    '### Types readable field by field',
    '',
    table(['Fields', 'Resource', ...callerHeader], sets),
    '',
  ];
}

function rest(): string[] {
  return [
    '## REST API (`/api/v1`)',
    '',
    'The REST API takes API keys and partner tokens (a session token is refused with 403: sessions use GraphQL); the route that',
    'records clicks from the merchant’s pages takes the publishable key instead, and no other credential.',
    '',
    table(
      ['Route', 'Resource', ...callerHeader],
      Object.entries(REST_ROUTES).map(([route, r]) => {
        const [method, path] = route.split(' ');
        return [code(`${method} /api/v1${path}`), code(r), ...restCallers(r)];
      }),
    ),
    '',
  ];
}

function http(): string[] {
  return [
    '## Other HTTP routes',
    '',
    'Pages, OAuth, tracking, billing webhooks and operations. Each route admits callers in one of these ways:',
    '',
    table(
      ['Admission', 'Who'],
      Object.entries(ADMISSIONS).map(([a, text]) => [code(a), text]),
    ),
    '',
    table(
      ['Route', 'Admission'],
      Object.entries(HTTP_ROUTES).map(([route, a]) => [code(route), code(a)]),
    ),
    '',
  ];
}

export function renderAuthorization(header: string): string {
  return [
    header,
    '',
    '# Authorization',
    '',
    'Who may call what, from the one policy (`src/auth/policy.ts`), deny by default: every GraphQL root field, every GraphQL field that',
    'reaches another resource, every REST route and every other HTTP route has an entry, and tests fail when one is missing. A call',
    'without a credential where one is needed is 401 `UNAUTHENTICATED`; a credential outside its scope is 403 `FORBIDDEN`. Which program',
    'a call acts on is decided after this: a key or token never leaves its program, a session never leaves its user’s programs.',
    '',
    '## Callers',
    '',
    table(
      ['Caller', 'Credential'],
      callers.map((c) => [CALLERS[c].label, CALLERS[c].credential]),
    ),
    '',
    '## Resources',
    '',
    'Each entry below names one of these resources; a ✓ marks the callers it admits.',
    '',
    table(
      ['Resource', 'What', ...callerHeader],
      (Object.keys(RESOURCES) as Resource[]).map((r) => [code(r), RESOURCE_TEXT[r], ...byResource(r)]),
    ),
    '',
    ...graphql(),
    ...rest(),
    ...http(),
  ].join('\n');
}
