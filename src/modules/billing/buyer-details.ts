import { isEmail } from '../../common/email';
import { CreateReferralBody } from '../../validation/schemas/referrals.schemas';

/**
 * A buyer's name and email as a billing provider carries them (Stripe: a customer, a Checkout Session's
 * customer_details, an invoice's customer_name and customer_email), made what the API would accept for a
 * referral or a sale. A provider's limits are not the API's (a name of any size arrived from Stripe), and the
 * buyer typed them: such a field is display data, so a long name is cut and an email that is not valid is dropped
 * (the referral keeps its placeholder, the sale its referral's) rather than the event refused, which would lose
 * the sale it carries.
 */

/** The API's bound of a referral's name (POST /referrals; a sale's is the same), in code points as its check counts them. */
export const NAME_MAX_LENGTH = CreateReferralBody.properties.name.maxLength ?? 200;

/** A name without U+0000 (PostgreSQL cannot store it) or blank ends, cut to NAME_MAX_LENGTH whole characters; null when nothing is left. */
export function buyerName(v: string | null | undefined): string | null {
  const clean = v?.replace(/\u0000/g, '').trim();
  if (!clean) return null;
  if (clean.length <= NAME_MAX_LENGTH) return clean;
  let cut = '';
  let n = 0;
  // By code point: a character outside the BMP is never split into half a surrogate pair.
  for (const ch of clean) {
    if (n++ === NAME_MAX_LENGTH) break;
    cut += ch;
  }
  return cut.trimEnd();
}

/** An email the API accepts (src/common/email; no control characters such as U+0000), trimmed; null otherwise. */
export function buyerEmail(v: string | null | undefined): string | null {
  const clean = v?.trim();
  return clean && !/[\u0000-\u001F\u007F]/.test(clean) && isEmail(clean) ? clean : null;
}
