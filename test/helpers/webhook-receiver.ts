import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Received {
  headers: http.IncomingHttpHeaders;
  body: string;
  json: any;
}

/** A real HTTP receiver on loopback; `respond` decides each answer (default 200). */
export async function startReceiver(respond: (r: Received, n: number) => { status: number; headers?: Record<string, string>; delayMs?: number } = () => ({ status: 200 })) {
  const received: Received[] = [];
  let count = 0;
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      let json: unknown;
      try {
        json = JSON.parse(body);
      } catch {
        json = undefined;
      }
      const r = { headers: req.headers, body, json };
      count += 1;
      const answer = respond(r, count);
      if ((answer.status >= 200 && answer.status < 300) || answer.status === 0) received.push(r);
      const send = () => {
        res.writeHead(answer.status || 200, answer.headers ?? {});
        res.end('ok');
      };
      if (answer.delayMs) setTimeout(send, answer.delayMs);
      else send();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`;
  return {
    url,
    received,
    attempts: () => count,
    close: () => new Promise<void>((resolve) => { server.closeAllConnections(); server.close(() => resolve()); }),
  };
}
