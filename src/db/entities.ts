import { User } from '../modules/users/user.entity';
import { Session } from '../modules/users/session.entity';
import { Program } from '../modules/programs/program.entity';
import { ApiKey } from '../modules/api-keys/api-key.entity';
import { AffiliateGroup } from '../modules/affiliate-groups/affiliate-group.entity';
import { CommissionPlan } from '../modules/commission-plans/commission-plan.entity';
import { Affiliate } from '../modules/affiliates/affiliate.entity';
import { AffiliateLink } from '../modules/links/affiliate-link.entity';
import { Click } from '../modules/clicks/click.entity';
import { EventRecord } from '../modules/events/event.entity';
import { Email } from '../modules/emails/email.entity';
import { Coupon } from '../modules/coupons/coupon.entity';
import { AutoCouponRule } from '../modules/coupons/auto-coupon-rule.entity';
import { PromotionalCode } from '../modules/promo-codes/promotional-code.entity';
import { Referral } from '../modules/referrals/referral.entity';
import { Job } from '../modules/jobs/job.entity';
import { Sale } from '../modules/sales/sale.entity';
import { Commission } from '../modules/commissions/commission.entity';
import { PayoutBatch } from '../modules/payouts/payout-batch.entity';
import { WebhookEndpoint } from '../modules/webhooks/webhook-endpoint.entity';
import { OAuthToken } from '../modules/oauth/oauth-token.entity';

export const entities = [User, Session, Program, ApiKey, AffiliateGroup, CommissionPlan, Affiliate, AffiliateLink, Click, EventRecord, Email,
  Coupon, AutoCouponRule, PromotionalCode, Referral, Job, Sale, Commission, PayoutBatch, WebhookEndpoint, OAuthToken];
