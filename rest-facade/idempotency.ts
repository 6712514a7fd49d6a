import type { NextFunction, Request, Response } from 'express';
import { credentialKey, type Actor } from '../src/identity/actor';
import { DomainError } from '../src/common/errors';
import { sha256 } from '../src/common/ids';
import type { IdempotencyService } from '../src/modules/idempotency/idempotency.service';
import { facadeLocals } from './facade-locals';

const KEY_RE = /^[\x21-\x7e]{1,255}$/;
const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** JSON with sorted keys, so the same body in another key order is the same request. */
function canonical(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map(canonical).join(',')}]`;
  if (v && typeof v === 'object')
    return `{${Object.keys(v)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonical((v as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  return JSON.stringify(v ?? null);
}

/**
 * What a key is bound to: method, the route's path (its template, `/batches/{id}`), body and path parameters
 * (decoded: `%61` and `a` are one request), in canonical form. A static route's hash has no parameters part, as
 * before templates existed, so keys stored then still replay.
 */
export const requestHash = (method: string, path: string, body: unknown, params?: Record<string, string>) =>
  sha256(`${method} ${path}\n${canonical(body)}${params ? `\n${canonical(params)}` : ''}`);

/**
 * `Idempotency-Key` on any POST/PUT/PATCH/DELETE (DESIGN.md): a replay returns the first answer with
 * `Idempotent-Replayed: true`; a different body under the same key is 422; while the first runs, 409.
 * Answers of 5xx are not kept, so a retry runs again. The claim's lease is renewed until the handler
 * answers — also after its client went away, since the handler may still write — so only a request whose
 * process died (or lost the database for LEASE_SECONDS) lets a retry run.
 */
export function idempotency(service: IdempotencyService) {
  return async (req: Request, res: Response, next: NextFunction) => {
    const key = req.get('idempotency-key');
    if (!WRITES.has(req.method) || key === undefined) return next();
    if (!KEY_RE.test(key))
      throw new DomainError('VALIDATION_FAILED', 'Idempotency-Key must be 1 to 255 visible ASCII characters', [
        { field: 'Idempotency-Key', message: 'invalid' },
      ]);
    const credential = credentialKey(res.locals.actor as Actor);
    // The route's template, so one request under another spelling (a trailing slash) is the same request.
    const { restRoute, pathParams } = facadeLocals(res);
    const outcome = await service.begin(credential, key, requestHash(req.method, restRoute?.path ?? req.path, req.body, pathParams));
    if (outcome.kind === 'replay') {
      res.set('Idempotent-Replayed', 'true').status(outcome.status).type('application/json').send(outcome.body);
      return;
    }
    if (outcome.kind === 'mismatch') throw new DomainError('IDEMPOTENCY_KEY_REUSED', 'This Idempotency-Key was used with a different request');
    if (outcome.kind === 'running')
      throw new DomainError('IDEMPOTENCY_KEY_IN_USE', 'A request with this Idempotency-Key is still being processed; retry shortly');

    const { owner, takenOver } = outcome.claim;
    // Had the dead holder committed before it died (answer not yet stored), this runs the write again: only
    // natural keys (externalId, a unique email) stop a second effect then.
    if (takenOver) req.log.warn('idempotency key taken over from a request whose lease lapsed (its process died)');
    const stopRenewing = service.keepAlive(credential, key, owner, {
      onLost: (why) => req.log.warn({ why }, 'idempotency lease no longer renewed; a retry may run this request again'),
      onError: (err) => req.log.warn({ err }, 'idempotency lease not renewed; trying again'),
    });
    let settled = false;
    // Every answer passes through res.send (res.json too, and the facade's serialized bodies): store its text.
    const send = res.send.bind(res);
    res.send = (body: unknown) => {
      // res.send(object) goes through res.json, which calls res.send again with the text: store once.
      if (settled || (body !== null && typeof body === 'object' && !(body instanceof Uint8Array))) return send(body);
      settled = true;
      stopRenewing();
      const status = res.statusCode;
      const text = typeof body === 'string' ? body : body instanceof Uint8Array ? Buffer.from(body).toString('utf8') : String(body ?? '');
      const store = status >= 500 ? service.abandon(credential, key, owner) : service.complete(credential, key, owner, status, text);
      store
        .then((stored) => {
          if (stored === false) req.log.warn('idempotency answer not stored: the key was taken over meanwhile');
        })
        .catch(async (err) => {
          // Never leave a key "running": without a stored answer, let a retry run again.
          req.log.error({ err }, 'idempotency answer not stored; key released');
          await service.abandon(credential, key, owner).catch(() => undefined);
        })
        .finally(() => send(body));
      return res;
    };
    // An answer sent some other way than res.send (none today) is not stored: release the key.
    res.on('finish', () => {
      if (settled) return;
      stopRenewing();
      void service.abandon(credential, key, owner).catch(() => undefined);
    });
    next();
  };
}
