import { isUuid } from '../common/ids';
import { apiKeyInAnyProgram } from '../modules/api-keys/api-key.queries';
import { EmailWorker } from '../modules/emails/email.worker';
import { smtpMailer } from '../modules/emails/smtp-mailer';
import { printedSchema } from '../graphql/print-schema';
import type { FlagValue } from './args';
import type { CliSession } from './cli-session';
import { printedOpenApi } from './print-openapi';

/** A command's flags: the first value of one (`one`), or every value of a repeated one (`flags`). */
export interface CommandArgs {
  one: FlagValue;
  flags: Record<string, string[]>;
}

/** A command run against the database; its output goes to stdout, its failure is thrown. */
type DatabaseCommand = (s: CliSession, args: CommandArgs) => Promise<void>;

/** The commands that need no database (nor configuration): they print what the code defines. */
export const OFFLINE_COMMANDS = new Map<string, () => Promise<void>>([
  [
    'print-schema',
    async () => {
      process.stdout.write(await printedSchema());
    },
  ],
  [
    'print-openapi',
    async () => {
      // Flushed before main's process.exit: on a pipe (`> openapi.json`) the write may be asynchronous (macOS).
      const text = await printedOpenApi();
      await new Promise<void>((resolve, reject) => process.stdout.write(text, (err) => (err ? reject(err) : resolve())));
    },
  ],
]);

async function createUser(s: CliSession, { one }: CommandArgs): Promise<void> {
  const r = await s.services.users.signUp(s.nobody, { email: one('email')!, password: one('password')!, name: one('name', false) });
  console.log(JSON.stringify({ id: r.user.id, email: r.user.email, sessionToken: r.token }, null, 2));
}

async function createProgram(s: CliSession, { one, flags }: CommandArgs): Promise<void> {
  const ctx = await s.asUser(one('owner')!);
  const rate = one('commission-rate', false);
  const limit = one('affiliate-limit', false);
  const autoApprove = one('auto-approve', false);
  const p = await s.services.programs.createProgram(ctx, {
    name: one('name')!,
    domain: one('domain', false),
    baseUrls: flags['base-url'],
    currency: one('currency', false),
    defaultCommissionRate: rate !== undefined ? Number(rate) : undefined,
    autoApproveAffiliates: autoApprove !== undefined ? autoApprove === 'true' : undefined,
    affiliateLimit: limit !== undefined ? Number(limit) : undefined,
  });
  console.log(JSON.stringify({ id: p.id, name: p.name, baseUrls: p.baseUrls }, null, 2));
}

async function listPrograms(s: CliSession, { one }: CommandArgs): Promise<void> {
  const ctx = await s.asUser(one('owner')!);
  for (const p of await s.services.programs.listPrograms(ctx)) console.log(`${p.id}  ${p.name}`);
}

async function createApiKey(s: CliSession, { one }: CommandArgs): Promise<void> {
  const ctx = await s.programOwnerCtx(one('program')!);
  const { key, apiKey } = await s.services.apiKeys.createApiKey(ctx, one('program')!, one('name', false) ?? 'CLI key');
  console.log(JSON.stringify({ id: apiKey.id, prefix: apiKey.prefix, key }, null, 2));
  console.error('The key is shown this once; store it now.');
}

async function listApiKeys(s: CliSession, { one }: CommandArgs): Promise<void> {
  const ctx = await s.programOwnerCtx(one('program')!);
  for (const k of await s.services.apiKeys.listApiKeys(ctx, one('program')!))
    console.log(`${k.id}  ${k.prefix}…  ${k.name}${k.revokedAt ? '  (revoked)' : ''}`);
}

async function revokeApiKey(s: CliSession, { one }: CommandArgs): Promise<void> {
  const id = one('id')!;
  const k = isUuid(id) ? await apiKeyInAnyProgram(s.em, id) : null;
  if (!k) throw new Error('no such API key');
  const ctx = await s.programOwnerCtx(k.programId);
  await s.services.apiKeys.revokeApiKey(ctx, k.id);
  console.log(`revoked ${k.id}`);
}

/** Sends queued emails until SIGINT or SIGTERM. */
async function runEmailWorker(s: CliSession): Promise<void> {
  if (!s.config.smtpUrl) throw new Error('SMTP_URL is not set; emails stay in the outbox');
  const worker = new EmailWorker(s.orm, smtpMailer(s.config.smtpUrl), s.config.emailFrom, s.log);
  worker.start();
  console.log('email worker running; Ctrl-C to stop');
  await new Promise<void>((resolve) => {
    process.once('SIGINT', resolve);
    process.once('SIGTERM', resolve);
  });
  await worker.stop();
}

/** The commands run against the database, by name (./usage.ts lists them). */
export const DATABASE_COMMANDS = new Map<string, DatabaseCommand>([
  // Opening the database applied them already.
  ['migrate', async () => console.log('migrations are up to date')],
  ['create-user', createUser],
  ['create-program', createProgram],
  ['list-programs', listPrograms],
  ['create-api-key', createApiKey],
  ['list-api-keys', listApiKeys],
  ['revoke-api-key', revokeApiKey],
  ['worker', runEmailWorker],
]);
