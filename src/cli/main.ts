import 'reflect-metadata';
import { loadConfig } from '../config/config';
import { createLogger } from '../common/logger';
import { DomainError } from '../common/errors';
import { anonymousContext, type ServiceContext } from '../modules/service-context';
import { openDatabase, StartupError } from '../db/embedded-postgres';
import { initOrm } from '../db/orm';
import { printedSchema } from '../graphql/print-schema';
import { printedOpenApi } from './print-openapi';
import { EmailWorker } from '../modules/emails/email.worker';
import { smtpMailer } from '../modules/emails/smtp-mailer';
import { createServices } from '../services';
import { isUuid } from '../common/ids';
import { findProgramById } from '../modules/programs/program.finder';
import { apiKeyInAnyProgram } from '../modules/api-keys/api-key.queries';
import { parseArgs } from './args';

const USAGE = `Usage: npm run cli -- <command> [--flag value ...]

  migrate                                   apply pending migrations
  create-user --email E --password P [--name N]   P: 12+ characters, not a common password, not the email
  create-program --owner EMAIL --name N [--domain D] [--base-url URL ...] [--currency USD]
                 [--commission-rate 20] [--auto-approve true|false] [--affiliate-limit N]
  list-programs --owner EMAIL
  create-api-key --program ID [--name N]    prints the key once
  list-api-keys --program ID
  revoke-api-key --id ID
  worker                                    send queued emails (needs SMTP_URL) until stopped
  print-schema                              print the GraphQL schema (schema.graphql)
  print-openapi                             print the REST API's OpenAPI document (openapi.json)

Uses DATABASE_URL, or the embedded database under DATA_DIR (shared with a running server).`;

async function main(): Promise<number> {
  const { command, flags } = parseArgs(process.argv.slice(2));
  const one = (name: string, required = true): string | undefined => {
    const v = flags[name]?.[0];
    if (required && !v) throw new Error(`--${name} is required`);
    return v;
  };
  if (!command || command === 'help' || flags.help) {
    console.log(USAGE);
    return command ? 0 : 1;
  }
  if (command === 'print-schema') {
    process.stdout.write(await printedSchema());
    return 0;
  }
  if (command === 'print-openapi') {
    // Flushed before main's process.exit: on a pipe (`> openapi.json`) the write may be asynchronous (macOS).
    const text = await printedOpenApi();
    await new Promise<void>((resolve, reject) => process.stdout.write(text, (err) => (err ? reject(err) : resolve())));
    return 0;
  }
  const config = loadConfig();
  const log = createLogger(process.env.LOG_LEVEL ?? 'warn');
  const { url, embedded } = await openDatabase(config, log);
  const orm = await initOrm(url, log);
  const services = createServices(config, log);
  const em = orm.em.fork();
  const nobody = anonymousContext(em, log, 'cli');
  const asUser = async (email: string): Promise<ServiceContext> => {
    const user = await services.users.findByEmail(nobody, email);
    if (!user) throw new Error(`no user with email ${email}`);
    return { em, actor: { kind: 'session', credentialId: 'cli', userId: user.id }, requestId: 'cli', log, programs: new Map() };
  };
  const programOwnerCtx = async (programId: string): Promise<ServiceContext> => {
    const p = await findProgramById(em, programId);
    if (!p) throw new Error(`no program ${programId}`);
    return { em, actor: { kind: 'session', credentialId: 'cli', userId: p.ownerId }, requestId: 'cli', log, programs: new Map() };
  };
  try {
    switch (command) {
      case 'migrate':
        console.log('migrations are up to date');
        break;
      case 'create-user': {
        const r = await services.users.signUp(nobody, { email: one('email')!, password: one('password')!, name: one('name', false) });
        console.log(JSON.stringify({ id: r.user.id, email: r.user.email, sessionToken: r.token }, null, 2));
        break;
      }
      case 'create-program': {
        const ctx = await asUser(one('owner')!);
        const rate = one('commission-rate', false);
        const limit = one('affiliate-limit', false);
        const autoApprove = one('auto-approve', false);
        const p = await services.programs.createProgram(ctx, {
          name: one('name')!,
          domain: one('domain', false),
          baseUrls: flags['base-url'],
          currency: one('currency', false),
          defaultCommissionRate: rate !== undefined ? Number(rate) : undefined,
          autoApproveAffiliates: autoApprove !== undefined ? autoApprove === 'true' : undefined,
          affiliateLimit: limit !== undefined ? Number(limit) : undefined,
        });
        console.log(JSON.stringify({ id: p.id, name: p.name, baseUrls: p.baseUrls }, null, 2));
        break;
      }
      case 'list-programs': {
        const ctx = await asUser(one('owner')!);
        for (const p of await services.programs.listPrograms(ctx)) console.log(`${p.id}  ${p.name}`);
        break;
      }
      case 'create-api-key': {
        const ctx = await programOwnerCtx(one('program')!);
        const { key, apiKey } = await services.apiKeys.createApiKey(ctx, one('program')!, one('name', false) ?? 'CLI key');
        console.log(JSON.stringify({ id: apiKey.id, prefix: apiKey.prefix, key }, null, 2));
        console.error('The key is shown this once; store it now.');
        break;
      }
      case 'list-api-keys': {
        const ctx = await programOwnerCtx(one('program')!);
        for (const k of await services.apiKeys.listApiKeys(ctx, one('program')!))
          console.log(`${k.id}  ${k.prefix}…  ${k.name}${k.revokedAt ? '  (revoked)' : ''}`);
        break;
      }
      case 'revoke-api-key': {
        const id = one('id')!;
        const k = isUuid(id) ? await apiKeyInAnyProgram(em, id) : null;
        if (!k) throw new Error('no such API key');
        const ctx = await programOwnerCtx(k.programId);
        await services.apiKeys.revokeApiKey(ctx, k.id);
        console.log(`revoked ${k.id}`);
        break;
      }
      case 'worker': {
        if (!config.smtpUrl) throw new Error('SMTP_URL is not set; emails stay in the outbox');
        const worker = new EmailWorker(orm, smtpMailer(config.smtpUrl), config.emailFrom, log);
        worker.start();
        console.log('email worker running; Ctrl-C to stop');
        await new Promise<void>((resolve) => {
          process.once('SIGINT', resolve);
          process.once('SIGTERM', resolve);
        });
        await worker.stop();
        break;
      }
      default:
        console.error(`unknown command "${command}"\n\n${USAGE}`);
        return 1;
    }
    return 0;
  } catch (err) {
    console.error(err instanceof DomainError || err instanceof Error ? `error: ${err.message}` : err);
    return 1;
  } finally {
    await orm.close(true);
    await embedded?.stop();
  }
}

main().then(
  (code) => process.exit(code),
  (err) => {
    console.error(err instanceof StartupError ? err.message : err);
    process.exit(1);
  },
);
