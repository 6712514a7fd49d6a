import type { AppConfig } from './config/config';
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

/** The domain services, wired once per process; stateless, every method takes the request context first. */
export function createServices(config: AppConfig, log: Logger) {
  const programs = new ProgramService();
  const events = new EventService();
  const emails = new EmailService(log, !!config.smtpUrl);
  return {
    users: new UserService(),
    programs,
    apiKeys: new ApiKeyService(programs),
    events,
    emails,
    affiliates: new AffiliateService(programs, events, emails),
    links: new LinkService(programs, events),
    affiliateGroups: new AffiliateGroupService(programs),
    commissionPlans: new CommissionPlanService(programs),
  };
}

export type Services = ReturnType<typeof createServices>;
