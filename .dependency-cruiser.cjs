/**
 * The layers of STYLE.md, held by a tool. Imports point one way:
 *   HTTP (app, http, rest-facade, pages, ops, rate-limit, auth: authenticate and the policy) → GraphQL (schema,
 *   resolvers, types) → services (src/modules/<domain>) → identity (actor, credentials, passwords, sign-in
 *   throttle, credential cache) → data (src/db, entities, each domain's *.queries.ts) → config, common.
 * Composition roots (main, bootstrap, cli, demo, mikro-orm.config, src/modules/services.ts) may import anything
 * of the layers they wire.
 */
module.exports = {
  forbidden: [
    {
      name: 'common-is-a-leaf',
      comment: 'src/common holds errors, ids, money, clock: no domain knowledge, nothing above it.',
      severity: 'error',
      from: { path: '^src/common/' },
      to: { path: '^(src/(?!common/)|rest-facade/)' },
    },
    {
      name: 'config-reads-env-only',
      comment: 'src/config is the only reader of process.env; it depends on nothing but common.',
      severity: 'error',
      from: { path: '^src/config/' },
      to: { path: '^(src/(?!(common|config)/)|rest-facade/)' },
    },
    {
      name: 'db-never-imports-domain',
      comment: 'src/db is infrastructure (ORM start, rows, units of work, error mapping): no domain module, nothing above.',
      severity: 'error',
      from: { path: '^src/db/' },
      // mikro-orm.config.ts is the ORM's composition root (entities + migrations); only the ORM start reads it.
      to: { path: '^(src/(?!(common|config|db|migrations)/)|rest-facade/|mikro-orm\\.config)', pathNot: '^mikro-orm\\.config\\.ts$' },
    },
    {
      name: 'migrations-stand-alone',
      severity: 'error',
      from: { path: '^src/migrations/' },
      to: { path: '^(src/|rest-facade/)', pathNot: '^src/migrations/' },
    },
    {
      name: 'services-never-import-upward',
      comment: 'Domain modules are called by resolvers and pages; they never import them, nor the HTTP layer.',
      severity: 'error',
      from: { path: '^src/modules/' },
      to: {
        path: '^(rest-facade/|src/(graphql|http|pages|ops|rate-limit|cli|auth)/|src/(app|bootstrap|main|demo)\\.ts$)',
      },
    },
    {
      name: 'identity-below-the-domain',
      comment: 'Who is calling and how a credential or password is checked: the domain uses it, so it knows no domain, no HTTP, no database.',
      severity: 'error',
      from: { path: '^src/identity/' },
      to: { path: '^(src/(?!(common|config|identity)/)|rest-facade/|mikro-orm\\.config)' },
    },
    {
      name: 'rate-limit-needs-only-identity',
      comment: "The rate limiter keys on the credential and reads its program's budgets: identity, config and common, nothing of the domain or auth.",
      severity: 'error',
      from: { path: '^src/rate-limit/' },
      to: { path: '^(src/(?!(common|config|identity|rate-limit|ops)/)|rest-facade/)' },
    },
    {
      name: 'no-reaching-into-another-domain',
      comment: "A domain's SQL (its *.queries.ts) is its own: another domain asks through that domain's service or finder.",
      severity: 'error',
      from: { path: '^src/modules/([^/]+)/' },
      to: { path: '^src/modules/[^/]+/[^/]+\\.queries\\.ts$', pathNot: '^src/modules/$1/' },
    },
    {
      name: 'graphql-never-touches-data',
      comment: 'Resolvers call services; they never reach the entity manager, SQL or the ORM infrastructure.',
      severity: 'error',
      from: { path: '^src/graphql/' },
      to: { path: '^(src/db/|src/modules/[^/]+/[^/]+\\.queries\\.ts$|rest-facade/|src/(http|pages|app|bootstrap|main)\\b)' },
    },
    {
      name: 'graphql-reads-entities-as-types-only',
      comment: 'Entities are the storage model; resolvers may name their types, never construct or query them.',
      severity: 'error',
      from: { path: '^src/graphql/' },
      to: { path: '^src/modules/[^/]+/[^/]+\\.entity\\.ts$', dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'rest-facade-goes-through-graphql',
      comment: 'REST routes are data over named GraphQL documents: they reach the domain through GraphQL execution only.',
      severity: 'error',
      from: { path: '^rest-facade/' },
      // Types only (the idempotency store it is handed).
      to: { path: '^src/(modules|db|migrations|pages)/', dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'edges-get-database-errors-translated',
      comment: 'A database error is a DomainError where it arises (src/db: the statement runners and the unit of work): the HTTP edges never translate one.',
      severity: 'error',
      from: { path: '^(src/app\\.ts$|src/http/|src/pages/|src/ops/)' },
      to: { path: '^src/db/db-errors\\.ts$' },
    },
    {
      name: 'no-test-code-in-the-product',
      severity: 'error',
      from: { path: '^(src|rest-facade)/' },
      to: { path: '^(test|bench)/' },
    },
    {
      name: 'no-circular',
      comment: 'A cycle makes load order matter (decorators read classes at import time).',
      severity: 'error',
      from: { path: '^(src|rest-facade)/' },
      to: { circular: true, dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'no-folder-cycles',
      comment:
        'Folders depend one way too, type imports included: a domain that needs something of one built on it names a port it is handed (AffiliateCodes, CouponBody).',
      severity: 'error',
      scope: 'folder',
      from: { path: '^(src|rest-facade)/' },
      to: { circular: true },
    },
    {
      name: 'not-to-unresolvable',
      severity: 'error',
      from: {},
      to: { couldNotResolve: true },
    },
    {
      name: 'no-dev-dependencies-in-the-product',
      severity: 'error',
      from: { path: '^(src|rest-facade)/' },
      to: { dependencyTypes: ['npm-dev'], dependencyTypesNot: ['type-only'] },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^(dist|node_modules|coverage)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['import', 'require', 'node', 'default', 'types'] },
  },
};
