import nodemailer from 'nodemailer';
import type { Mailer } from './email.worker';

/** Mailer over SMTP_URL (smtp://user:pass@host:port or smtps://...). */
export function smtpMailer(url: string): Mailer {
  const transport = nodemailer.createTransport(url);
  return {
    async send(msg) {
      await transport.sendMail({
        from: msg.from,
        to: msg.to,
        subject: msg.subject,
        text: msg.text,
        html: msg.html ?? undefined,
        headers: msg.headers ?? undefined,
      });
    },
  };
}
