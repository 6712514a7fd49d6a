import { publicOrigin, type AppConfig } from './config/config';
import type { Logger } from './common/logger';
import { AffiliateGroupService } from './modules/affiliate-groups/affiliate-group.service';
import { AffiliateService } from './modules/affiliates/affiliate.service';
import { ApiKeyService } from './modules/api-keys/api-key.service';
import { CommissionPlanService } from './modules/commission-plans/commission-plan.service';
import { EmailService } from './modules/emails/email.service';
import { EventService } from './modules/events/event.service';
import { LinkService } from './modules/links/link.service';
import { ProgramService } from './modules/programs/program.service';
import { UserService } from './modules/users/user.service';
import { ClickService } from './modules/clicks/click.service';
import { CouponService } from './modules/coupons/coupon.service';
import { JobService } from './modules/jobs/job.service';
import { PromotionalCodeService } from './modules/promo-codes/promotional-code.service';
import { ReferralService } from './modules/referrals/referral.service';
import { BillingIntegrationService } from './modules/billing/billing-integration.service';
import { StripeIngestionService } from './modules/billing/stripe-ingestion.service';
import { StripeLookup } from './modules/billing/stripe-lookup';
import { SaleService } from './modules/sales/sale.service';
import { PayoutService } from './modules/payouts/payout.service';
import { WebhookEndpointService } from './modules/webhooks/webhook-endpoint.service';
import { EventLogService } from './modules/webhooks/event-log.service';
import { OAuthService } from './modules/oauth/oauth.service';
import { SignInThrottle } from './auth/sign-in-throttle';
import { MemoryWindowBackend, type SlidingWindowBackend } from './rate-limit/sliding-window-store';
import { CredentialCache } from './auth/credential-cache';
import { StatsService } from './modules/stats/stats.service';

/**
 * The domain services, wired once per process; stateless, every method takes the request context first.
 * `windows`: the rate limiter's store (Redis when shared), where sign-in failures are counted too.
 */
export function createServices(config: AppConfig, log: Logger, windows: SlidingWindowBackend = new MemoryWindowBackend()) {
  // Authenticated API keys and OAuth tokens; kept only while bootstrap's listener hears their changes.
  const credentials = new CredentialCache();
  const programs = new ProgramService(credentials);
  const events = new EventService();
  const emails = new EmailService(log, !!config.smtpUrl);
  const jobs = new JobService();
  const promoCodes = new PromotionalCodeService(programs, events, jobs);
  const referrals = new ReferralService(programs, events, promoCodes);
  const sales = new SaleService(programs, events, promoCodes);
  return {
    credentials,
    users: new UserService(new SignInThrottle(windows, config.signIn)),
    programs,
    apiKeys: new ApiKeyService(programs, credentials),
    events,
    emails,
    jobs,
    affiliates: new AffiliateService(programs, events, emails, promoCodes, jobs),
    links: new LinkService(programs, events, jobs),
    clicks: new ClickService(programs, publicOrigin(config)),
    referrals,
    coupons: new CouponService(programs, events),
    promoCodes,
    sales,
    billing: new BillingIntegrationService(programs, publicOrigin(config)),
    stripe: new StripeIngestionService(referrals, sales, promoCodes, config.stripeApiKey ? new StripeLookup(config.stripeApiKey, config.stripeApiBase) : null),
    payouts: new PayoutService(programs, events),
    webhooks: new WebhookEndpointService(programs, config.webhookAllowPrivate),
    eventLog: new EventLogService(programs),
    oauth: new OAuthService(programs, credentials),
    affiliateGroups: new AffiliateGroupService(programs),
    commissionPlans: new CommissionPlanService(programs),
    stats: new StatsService(programs),
  };
}

export type Services = ReturnType<typeof createServices>;
