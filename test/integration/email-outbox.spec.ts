import { EmailWorker } from '../../src/modules/emails/email.worker';
import { smtpMailer } from '../../src/modules/emails/smtp-mailer';
import { createAffiliate, createProgram } from '../helpers/factories';
import type { TestServer } from '../helpers/server';
import { useTestServer, withTestServer } from '../helpers/harness';
import { startSmtpSink } from '../helpers/smtp-sink';

const outbox = (server: TestServer, programId: string) =>
  server.runtime.orm.em
    .fork()
    .getConnection()
    .execute<any[]>(`select kind, "to", status, attempts, last_error from email_outbox where program_id = ? order by created_at, kind`, [programId]);

describe('with SMTP_URL set, queued emails are sent over SMTP by the worker', () => {
  let sink: Awaited<ReturnType<typeof startSmtpSink>>;
  beforeAll(async () => {
    sink = await startSmtpSink();
  });
  const server = useTestServer(() => ({ smtpUrl: sink.url, workers: true, emailFrom: 'Program <noreply@example.com>' }));
  afterAll(() => sink?.close());

  test('the admin notification and the welcome email arrive and are marked sent', async () => {
    const p = await createProgram(server);
    const a = await createAffiliate(server, p.key, { email: 'welcome-me@example.com', affiliateLink: 'welcome-me' });
    for (let i = 0; i < 100 && sink.mails.length < 2; i++) await new Promise((r) => setTimeout(r, 50));
    const recipients = sink.mails.flatMap((m) => m.to).sort();
    expect(recipients).toEqual([`<${p.ownerEmail}>`, `<${a.email}>`].sort());
    const welcome = sink.mails.find((m) => m.to[0] === `<${a.email}>`)!;
    // The body is quoted-printable: undo soft line breaks and =XX escapes.
    welcome.data = welcome.data.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, h) => String.fromCharCode(parseInt(h, 16)));
    expect(welcome.data).toContain('Subject: Welcome to the');
    expect(welcome.data).toContain('https://shop.example.com?ref=welcome-me');
    for (let i = 0; i < 50; i++) {
      const rows = await outbox(server, p.programId);
      if (rows.every((r) => r.status === 'sent')) break;
      await new Promise((r) => setTimeout(r, 50));
    }
    expect((await outbox(server, p.programId)).map((r) => r.status)).toEqual(['sent', 'sent']);
  });
});

describe('a refusing SMTP server', () => {
  test('leaves the email pending with the error and a later attempt time', async () => {
    const sink = await startSmtpSink({ refuse: true });
    try {
      await withTestServer({}, async (server) => {
        const p = await createProgram(server);
        await createAffiliate(server, p.key, { sendWelcomeEmail: false });
        const worker = new EmailWorker(server.runtime.orm, smtpMailer(sink.url), 'x@example.com', server.runtime.log);
        expect(await worker.runOnce()).toBe(1);
        const [row] = await outbox(server, p.programId);
        expect(row.status).toBe('pending');
        expect(row.attempts).toBe(1);
        expect(row.last_error).toMatch(/554|refused/i);
        // Backed off: not due again right away.
        expect(await worker.runOnce()).toBe(0);
      });
    } finally {
      await sink.close();
    }
  });
});

test('without SMTP_URL emails stay pending in the outbox', async () => {
  await withTestServer({}, async (server) => {
    const p = await createProgram(server);
    await createAffiliate(server, p.key);
    const rows = await outbox(server, p.programId);
    expect(rows.map((r) => [r.kind, r.status])).toEqual([
      ['admin_new_affiliate', 'pending'],
      ['affiliate_welcome', 'pending'],
    ]);
  });
});
