import net from 'node:net';
import type { AddressInfo } from 'node:net';

export interface ReceivedMail {
  from: string;
  to: string[];
  data: string;
}

/** A minimal SMTP server that accepts every message (or refuses all with 554 when `refuse` is set). */
export async function startSmtpSink(opts: { refuse?: boolean } = {}): Promise<{ url: string; mails: ReceivedMail[]; close: () => Promise<void> }> {
  const mails: ReceivedMail[] = [];
  const server = net.createServer((socket) => {
    let buffer = '';
    let inData = false;
    let current: ReceivedMail = { from: '', to: [], data: '' };
    const reply = (line: string) => socket.write(`${line}\r\n`);
    reply('220 sink ESMTP');
    socket.on('data', (chunk) => {
      buffer += chunk.toString('utf8');
      let idx: number;
      while ((idx = buffer.indexOf('\r\n')) !== -1) {
        const line = buffer.slice(0, idx);
        buffer = buffer.slice(idx + 2);
        if (inData) {
          if (line === '.') {
            inData = false;
            if (opts.refuse) reply('554 refused');
            else {
              mails.push(current);
              reply('250 OK queued');
            }
            current = { from: '', to: [], data: '' };
          } else current.data += (line.startsWith('..') ? line.slice(1) : line) + '\n';
          continue;
        }
        const cmd = line.slice(0, 4).toUpperCase();
        if (cmd === 'EHLO' || cmd === 'HELO') reply('250 sink');
        else if (cmd === 'MAIL') {
          current.from = line.slice(10).trim();
          reply('250 OK');
        } else if (cmd === 'RCPT') {
          current.to.push(line.slice(8).trim());
          reply('250 OK');
        } else if (cmd === 'DATA') {
          inData = true;
          reply('354 go ahead');
        } else if (cmd === 'QUIT') {
          reply('221 bye');
          socket.end();
        } else if (cmd === 'RSET' || cmd === 'NOOP') reply('250 OK');
        else reply('502 not implemented');
      }
    });
    socket.on('error', () => undefined);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${port}?ignoreTLS=true`,
    mails,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
