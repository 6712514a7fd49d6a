/** A start-up failure whose cause and remedy are known: its message is one line for the operator, no stack. */
export class StartupError extends Error {
  override name = 'StartupError';
}

export const ADVICE = 'set DATABASE_URL to a PostgreSQL server, or DATA_DIR to another directory';
export const ROOT_ADVICE = 'set DATABASE_URL to a PostgreSQL server, set DATA_DIR to a directory the postgres user can reach, or run as a normal user';
