import 'reflect-metadata';
import { loadConfig } from '../config/config';
import { createLogger } from '../common/logger';
import { DomainError } from '../common/errors';
import { StartupError } from '../db/embedded-postgres';
import { flagValue, parseArgs } from './args';
import { openCliSession } from './cli-session';
import { DATABASE_COMMANDS, OFFLINE_COMMANDS } from './commands';
import { USAGE } from './usage';

/** Runs one command; its exit code. */
async function main(): Promise<number> {
  const { command, flags } = parseArgs(process.argv.slice(2));
  if (!command || command === 'help' || flags.help) {
    console.log(USAGE);
    return command ? 0 : 1;
  }
  const offline = OFFLINE_COMMANDS.get(command);
  if (offline) {
    await offline();
    return 0;
  }
  const config = loadConfig();
  const log = createLogger(process.env.LOG_LEVEL ?? 'warn');
  // The database before the lookup, as always: an unknown command is reported once the start-up checks passed.
  const session = await openCliSession(config, log);
  try {
    const run = DATABASE_COMMANDS.get(command);
    if (!run) {
      console.error(`unknown command "${command}"\n\n${USAGE}`);
      return 1;
    }
    await run(session, { one: flagValue(flags), flags });
    return 0;
  } catch (err) {
    console.error(err instanceof DomainError || err instanceof Error ? `error: ${err.message}` : err);
    return 1;
  } finally {
    await session.close();
  }
}

main().then(
  (code) => process.exit(code),
  (err) => {
    console.error(err instanceof StartupError ? err.message : err);
    process.exit(1);
  },
);
