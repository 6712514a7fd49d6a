import express, { type Request, type Response } from 'express';
import type { MikroORM } from '@mikro-orm/postgresql';
import { DomainError, errorBody, notFound, validationError } from '../common/errors';
import { isUuid } from '../common/ids';
import type { RequestLimiter } from '../rate-limit/request-limiter';
import type { Services } from '../modules/services';

/** Generous: Stripe delivers bursts from a few addresses, and a 429 only makes it retry later. */
const DELIVERY_POLICY = { name: 'billing', max: 6000, windowMs: 60_000 };

/**
 * POST /integrations/stripe/:id: the URL a program pastes into Stripe's dashboard. The raw bytes are what the
 * signature covers, so the body is read unparsed. Answers 200 for every well-signed, well-formed event (used,
 * ignored or repeated: Stripe would retry anything else for three days), 400 for a bad signature or a malformed
 * event (with its reason, nothing recorded), 404 for no integration.
 */
export function stripeWebhookRouter(orm: MikroORM, services: Services, limiter: RequestLimiter): express.Router {
  const r = express.Router();
  r.post('/integrations/stripe/:id', express.raw({ type: () => true, limit: '1mb' }), async (req: Request, res: Response) => {
    res.locals.route = 'POST /integrations/stripe/:id';
    res.set('Cache-Control', 'no-store');
    const limit = await limiter.check({ kind: 'anonymous' }, ['POST /integrations/stripe/:id'], DELIVERY_POLICY, req.ip ?? '');
    res.set(limit.headers);
    if (!limit.allowed)
      return res.status(429).json(errorBody(new DomainError('RATE_LIMITED', `Too many requests; retry in ${limit.headers['Retry-After']} s`)));
    const id = String(req.params.id);
    const raw = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
    const result = isUuid(id)
      ? await services.stripe.receive(orm.em.fork(), req.log, id, raw, req.get('stripe-signature') ?? undefined)
      : ({ status: 'unknown-integration' } as const);
    switch (result.status) {
      case 'unknown-integration':
        return res.status(404).json(errorBody(notFound('No such billing integration')));
      case 'invalid':
        return res.status(400).json(errorBody(validationError(`Invalid signature: ${result.reason}`, 'Stripe-Signature')));
      case 'malformed':
        return res.status(400).json(errorBody(new DomainError('VALIDATION_FAILED', `Malformed Stripe event: ${result.reason}`, result.details)));
      case 'duplicate':
        return res.status(200).json({ received: true, duplicate: true });
      default:
        return res.status(200).json({ received: true, outcome: result.outcome, detail: result.detail });
    }
  });
  return r;
}
