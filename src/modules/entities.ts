import { User } from './users/user.entity';
import { Session } from './users/session.entity';
import { Program } from './programs/program.entity';
import { ApiKey } from './api-keys/api-key.entity';
import { BillingIntegration } from './billing/billing-integration.entity';
import { AffiliateGroup } from './affiliate-groups/affiliate-group.entity';
import { CommissionPlan } from './commission-plans/commission-plan.entity';
import { Affiliate } from './affiliates/affiliate.entity';
import { AffiliateLink } from './affiliates/affiliate-link.entity';
import { Click } from './clicks/click.entity';
import { EventRecord } from './events/event.entity';
import { Email } from './emails/email.entity';
import { Coupon } from './coupons/coupon.entity';
import { AutoCouponRule } from './coupons/auto-coupon-rule.entity';
import { PromotionalCode } from './promo-codes/promotional-code.entity';
import { Referral } from './referrals/referral.entity';
import { Job } from './jobs/job.entity';
import { Sale } from './sales/sale.entity';
import { Commission } from './commissions/commission.entity';
import { PayoutBatch } from './payouts/payout-batch.entity';
import { Payout } from './payouts/payout.entity';
import { WebhookEndpoint } from './webhooks/webhook-endpoint.entity';
import { OAuthToken } from './oauth/oauth-token.entity';
import { PortalSession } from './portal/portal-session.entity';
import { PortalSignInToken } from './portal/portal-sign-in-token.entity';

export const entities = [
  BillingIntegration,
  User,
  Session,
  Program,
  ApiKey,
  AffiliateGroup,
  CommissionPlan,
  Affiliate,
  AffiliateLink,
  Click,
  EventRecord,
  Email,
  Coupon,
  AutoCouponRule,
  PromotionalCode,
  Referral,
  Job,
  Sale,
  Commission,
  PayoutBatch,
  Payout,
  WebhookEndpoint,
  OAuthToken,
  PortalSession,
  PortalSignInToken,
];
