import type { AddressInfo } from 'node:net';
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/** A message as a real SMTP server received it, parsed by mailparser (MIME parts, encodings, headers undone). */
export interface ReceivedMessage {
  envelopeTo: string[];
  to: string;
  subject: string;
  text: string;
  html: string;
  /** The raw header lines' values by lower-case name (unfolded). */
  header(name: string): string | undefined;
  parsed: ParsedMail;
}

export interface MailServer {
  /** SMTP_URL for the test server. */
  url: string;
  messages: ReceivedMessage[];
  /** The first message (received already or within `timeoutMs`) that `match` accepts; throws when none comes. */
  waitFor(match: (m: ReceivedMessage) => boolean, timeoutMs?: number): Promise<ReceivedMessage>;
  close(): Promise<void>;
}

function received(parsed: ParsedMail, envelopeTo: string[]): ReceivedMessage {
  const to = Array.isArray(parsed.to) ? parsed.to.map((a) => a.text).join(', ') : (parsed.to?.text ?? '');
  const lines = new Map(
    parsed.headerLines.map((h) => [
      h.key.toLowerCase(),
      h.line
        .slice(h.line.indexOf(':') + 1)
        .replace(/\r?\n[ \t]+/g, ' ')
        .trim(),
    ]),
  );
  return {
    envelopeTo,
    to,
    subject: parsed.subject ?? '',
    text: parsed.text ?? '',
    html: typeof parsed.html === 'string' ? parsed.html : '',
    header: (name) => lines.get(name.toLowerCase()),
    parsed,
  };
}

/** An SMTP server (the smtp-server package) on an ephemeral port that accepts every message, without auth or TLS. */
export async function startMailServer(): Promise<MailServer> {
  const messages: ReceivedMessage[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((parsed) => {
          messages.push(
            received(
              parsed,
              session.envelope.rcptTo.map((r) => r.address),
            ),
          );
          callback();
        })
        .catch((err: Error) => callback(err));
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${port}?ignoreTLS=true`,
    messages,
    async waitFor(match, timeoutMs = 10_000) {
      const until = Date.now() + timeoutMs;
      for (;;) {
        const found = messages.find(match);
        if (found) return found;
        if (Date.now() > until)
          throw new Error(`no such email arrived in ${timeoutMs} ms; received: ${messages.map((m) => `${m.to}: ${m.subject}`).join(' | ')}`);
        await new Promise((r) => setTimeout(r, 25));
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
