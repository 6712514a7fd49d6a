import { Migration20261121000000_foundation } from '../migrations/Migration20261121000000_foundation';

/** Migrations listed explicitly so the compiled app, the CLI and the tests apply the same set without globbing. */
export const migrationsList = [{ name: 'Migration20261121000000_foundation', class: Migration20261121000000_foundation }];
