import { publicOrigin, type AppConfig } from '../config/config';
import type { Logger } from '../common/logger';
import { AffiliateGroupService } from './affiliate-groups/affiliate-group.service';
import { AffiliateService } from './affiliates/affiliate.service';
import { ApiKeyService } from './api-keys/api-key.service';
import { CommissionPlanService } from './commission-plans/commission-plan.service';
import { EmailService } from './emails/email.service';
import { EventService } from './events/event.service';
import { LinkService } from './links/link.service';
import { ProgramService } from './programs/program.service';
import { UserService } from './users/user.service';
import { ClickService } from './clicks/click.service';
import { CouponService } from './coupons/coupon.service';
import { couponBody } from './promo-codes/promotional-code.presenter';
import { JobService } from './jobs/job.service';
import { PromotionalCodeService } from './promo-codes/promotional-code.service';
import { ReferralService } from './referrals/referral.service';
import { BillingIntegrationService } from './billing/billing-integration.service';
import { StripeIngestionService } from './billing/stripe-ingestion.service';
import { StripeLookup } from './billing/stripe-lookup';
import { SaleService } from './sales/sale.service';
import { PayoutService } from './payouts/payout.service';
import { PayoutBatchService } from './payouts/payout-batch.service';
import { StripeTransfers } from './payouts/stripe-transfers';
import { WebhookEndpointService } from './webhooks/webhook-endpoint.service';
import { EventLogService } from './webhooks/event-log.service';
import { OAuthService } from './oauth/oauth.service';
import { SignInThrottle } from '../identity/sign-in-throttle';
import { MemoryWindowBackend, type SlidingWindowBackend } from '../common/sliding-window';
import { CredentialCache } from '../identity/credential-cache';
import type { Program } from './programs/program.entity';
import { StatsService } from './stats/stats.service';
import { PayoutDetailsService } from './affiliates/payout-details.service';
import { PortalAccessService } from './portal/portal-access.service';
import { PortalService } from './portal/portal.service';
import { portalUrl } from './portal/portal.rules';
import { EmailPreferencesService } from './portal/email-preferences.service';
import type { EmailLinks } from './emails/email.templates';

/**
 * The domain services, wired once per process; stateless, every method takes the request context first.
 * `windows`: the rate limiter's store (Redis when shared), where sign-in failures are counted too.
 */
export function createServices(config: AppConfig, log: Logger, windows: SlidingWindowBackend = new MemoryWindowBackend()) {
  // Authenticated API keys and OAuth tokens; kept only while bootstrap's listener hears their changes.
  const credentials = new CredentialCache<Program>();
  const programs = new ProgramService(credentials);
  const events = new EventService();
  const emails = new EmailService(log, !!config.smtpUrl);
  const origin = publicOrigin(config);
  // Where emails link to, on PUBLIC_URL.
  const emailLinks: EmailLinks = {
    portalUrl: (p) => portalUrl(origin, p.portalSlug),
    unsubscribeBase: (programId) => `${origin}/portal/${programId}`,
    dashboardUrl: `${origin}/dashboard`,
  };
  const jobs = new JobService();
  const promoCodes = new PromotionalCodeService(programs, events, jobs);
  const referrals = new ReferralService(programs, events, promoCodes);
  const sales = new SaleService(programs, events, promoCodes);
  const affiliates = new AffiliateService(programs, events, emails, promoCodes, jobs, emailLinks);
  const links = new LinkService(programs, events, jobs);
  const payouts = new PayoutService(programs, events);
  const transfers = config.stripeApiKey ? new StripeTransfers(config.stripeApiKey, config.stripeApiBase) : null;
  const stats = new StatsService(programs);
  const payoutDetails = new PayoutDetailsService(programs, emails, (p) => portalUrl(origin, p.portalSlug));
  return {
    credentials,
    users: new UserService(new SignInThrottle(windows, config.signIn)),
    programs,
    apiKeys: new ApiKeyService(programs, credentials),
    events,
    emails,
    jobs,
    affiliates,
    payoutDetails,
    portalAccess: new PortalAccessService(programs, affiliates, emails, origin, windows),
    emailPreferences: new EmailPreferencesService(affiliates, origin),
    links,
    clicks: new ClickService(programs, publicOrigin(config)),
    referrals,
    coupons: new CouponService(programs, events, couponBody),
    promoCodes,
    sales,
    billing: new BillingIntegrationService(programs, publicOrigin(config)),
    stripe: new StripeIngestionService(referrals, sales, promoCodes, config.stripeApiKey ? new StripeLookup(config.stripeApiKey, config.stripeApiBase) : null),
    payouts,
    payoutBatches: new PayoutBatchService(programs, payouts, events, emails, emailLinks, transfers),
    webhooks: new WebhookEndpointService(programs, config.webhookAllowPrivate),
    eventLog: new EventLogService(programs),
    oauth: new OAuthService(programs, credentials),
    affiliateGroups: new AffiliateGroupService(programs),
    commissionPlans: new CommissionPlanService(programs),
    stats,
    emailLinks,
    portal: new PortalService(origin, links, referrals, payouts, promoCodes, stats, payoutDetails),
  };
}

export type Services = ReturnType<typeof createServices>;
