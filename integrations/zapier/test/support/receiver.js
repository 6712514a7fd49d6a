'use strict';

// A webhook receiver on loopback: the URL Zapier would give as bundle.targetUrl. It records every delivery
// (headers, raw body, parsed JSON) and answers 200.

const crypto = require('node:crypto');
const http = require('node:http');
const { Buffer } = require('node:buffer');
const { setTimeout, clearTimeout } = require('node:timers');

async function startReceiver() {
  const deliveries = [];
  const waiters = new Set();
  const server = http.createServer((req, res) => {
    const chunks = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      let json;
      try {
        json = JSON.parse(body);
      } catch {
        json = undefined;
      }
      deliveries.push({ path: req.url, headers: req.headers, body, json });
      res.writeHead(200, { 'content-type': 'text/plain' }).end('ok');
      for (const w of waiters) w();
    });
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${server.address().port}`;

  /** The first delivery matching `predicate`, waiting up to `timeoutMs` for it. */
  const waitFor = (predicate, timeoutMs = 20000) =>
    new Promise((resolve, reject) => {
      const check = () => {
        const found = deliveries.find(predicate);
        if (!found) return false;
        waiters.delete(check);
        clearTimeout(timer);
        resolve(found);
        return true;
      };
      const timer = setTimeout(() => {
        waiters.delete(check);
        reject(new Error(`no matching delivery within ${timeoutMs} ms; received: ${JSON.stringify(deliveries.map((d) => [d.path, d.json && d.json.type]))}`));
      }, timeoutMs);
      waiters.add(check);
      check();
    });

  return {
    /** A fresh URL under this receiver (one per subscription, so deliveries are told apart by path). */
    url: (name) => `${base}/hooks/${name}-${crypto.randomBytes(3).toString('hex')}`,
    deliveries,
    waitFor,
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

/** Standard Webhooks: `v1,<base64 HMAC-SHA256 of "<webhook-id>.<webhook-timestamp>.<body>">` with the whsec_ secret. */
function signatureValid(secret, delivery) {
  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
  const signed = `${delivery.headers['webhook-id']}.${delivery.headers['webhook-timestamp']}.${delivery.body}`;
  const expected = crypto.createHmac('sha256', key).update(signed).digest('base64');
  return String(delivery.headers['webhook-signature'] || '')
    .split(' ')
    .some((s) => s === `v1,${expected}`);
}

module.exports = { startReceiver, signatureValid };
