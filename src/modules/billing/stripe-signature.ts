import Stripe from 'stripe';

/** Stripe's tolerance for the signature's timestamp, as its libraries default to: 5 minutes. */
export const TOLERANCE_S = 300;

/** A delivery's bytes verified: the event as JSON, a body that is not JSON, or why the signature fails. */
export type SignedDelivery = { status: 'signed'; payload: unknown } | { status: 'not-json' } | { status: 'invalid'; reason: string };

/**
 * Verifies `Stripe-Signature` over the raw bytes with the integration's secret (several v1 signatures, from a
 * rolled secret, pass when one matches) and a timestamp within TOLERANCE_S of now, on either side: Stripe's SDK
 * checks only the past, so a header dated ahead (by a skewed signer, or made to be replayed later) would pass.
 */
export function verifyStripeDelivery(raw: Buffer, header: string | undefined, secret: string, nowMs = Date.now()): SignedDelivery {
  const signature = Stripe.webhooks.signature;
  if (!signature) throw new Error("Stripe's signature helper is missing");
  if (!header) return { status: 'invalid', reason: 'Missing Stripe-Signature header' };
  try {
    signature.verifyHeader(raw, header, secret, TOLERANCE_S);
  } catch (err) {
    return { status: 'invalid', reason: err instanceof Error ? err.message : 'Invalid signature' };
  }
  const signedAt = signedTime(header);
  if (!(signedAt <= Math.floor(nowMs / 1000) + TOLERANCE_S)) return { status: 'invalid', reason: 'Timestamp outside the tolerance zone (in the future)' };
  try {
    return { status: 'signed', payload: JSON.parse(raw.toString('utf8')) as unknown };
  } catch {
    return { status: 'not-json' };
  }
}

/** The header's `t=` as Stripe's SDK reads it (the last one, parseInt): the time the verified signature covers. NaN when unreadable. */
function signedTime(header: string): number {
  let t = NaN;
  for (const item of header.split(',')) {
    const [key, value] = item.split('=');
    if (key === 't') t = parseInt(value, 10);
  }
  return t;
}
