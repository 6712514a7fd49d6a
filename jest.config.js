/** Jest on a real PostgreSQL: embedded unless DATABASE_URL is set; every test file gets its own database. */
module.exports = {
  testEnvironment: 'node',
  roots: ['<rootDir>/test', '<rootDir>/src'],
  testMatch: ['**/*.spec.ts'],
  transform: {
    '^.+\\.ts$': [
      '@swc/jest',
      {
        jsc: {
          parser: { syntax: 'typescript', decorators: true },
          transform: { legacyDecorator: true, decoratorMetadata: true, useDefineForClassFields: false },
          target: 'es2022',
          keepClassNames: true,
        },
        module: { type: 'commonjs', ignoreDynamic: true },
      },
    ],
    // oauth4webapi (the strict OAuth client of test/e2e/oauth) ships ES modules only: compiled to CommonJS too.
    '/node_modules/oauth4webapi/.+\\.js$': ['@swc/jest', { jsc: { target: 'es2022' }, module: { type: 'commonjs' } }],
  },
  transformIgnorePatterns: ['/node_modules/(?!oauth4webapi/)'],
  // Every statement the application sends is recorded for the program_id check (test/tenancy).
  setupFiles: ['<rootDir>/test/tenancy/statement-recorder.cjs'],
  globalSetup: '<rootDir>/test/global-setup.mjs',
  globalTeardown: '<rootDir>/test/global-teardown.mjs',
  testTimeout: 60000,
  maxWorkers: 2,
  reporters: ['default', '<rootDir>/test/totals-reporter.js'],
};
