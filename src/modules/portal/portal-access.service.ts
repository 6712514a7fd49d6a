import { DomainError, notFound, validationError } from '../../common/errors';
import { isEmail } from '../../common/email';
import type { SlidingWindowBackend } from '../../common/sliding-window';
import { inTransaction } from '../../db/unit-of-work';
import { countAffiliates, findAffiliateByEmail, findAffiliateById, findAffiliateByLookup } from '../affiliates/affiliate.finder';
import { checkedApplication } from './portal-application.rules';
import type { Affiliate } from '../affiliates/affiliate.entity';
import type { AffiliateService } from '../affiliates/affiliate.service';
import type { Email } from '../emails/email.entity';
import type { EmailService } from '../emails/email.service';
import { affiliateWelcomeEmail, portalSignInEmail } from '../emails/email.templates';
import { shareUrls } from '../affiliates/affiliate-link.rules';
import { findLinksOfAffiliate } from '../affiliates/affiliate-link.finder';
import type { Program } from '../programs/program.entity';
import { findProgramById, findProgramByPortalSlug } from '../programs/program.finder';
import { isUuid } from '../../common/ids';
import type { ProgramService } from '../programs/program.service';
import type { ServiceContext } from '../service-context';
import {
  deleteOldSignInTokens,
  deletePortalSession,
  emailedLinksSince,
  insertPortalSession,
  insertSignInToken,
  liveSession,
  lockAffiliateLinks,
  peekSignInToken,
  pruneSessions,
  useSignInToken,
} from './portal.queries';
import {
  EMBED_LINK_MINUTES,
  maySignIn,
  newPortalSessionToken,
  newSignInToken,
  PORTAL_SESSION_DAYS,
  SESSIONS_PER_AFFILIATE,
  portalUrl,
  SIGN_IN_LINK_MINUTES,
  SIGN_IN_LINKS_PER_HOUR,
  SIGN_UPS_PER_ADDRESS_PER_HOUR,
  tokenHash,
  type SignInPurpose,
} from './portal.rules';

/** What the portal's sign-up form sends. `website` is the honeypot: hidden from people, filled in by bots. */
export interface PortalSignUpInput {
  firstName: string;
  lastName: string;
  email: string;
  acceptTerms: boolean;
  website?: string;
}

export type SignUpOutcome = { kind: 'created'; affiliate: Affiliate } | { kind: 'quiet' };

/** A signed-in portal visit: its context acts as the affiliate (actor kind `portal`). */
export interface PortalVisit {
  ctx: ServiceContext;
  program: Program;
  affiliateId: string;
  /** The affiliate's name, as the pages greet it. */
  affiliateName: string;
  sessionExpiresAt: Date;
}

const minutesFromNow = (m: number) => new Date(Date.now() + m * 60_000);

/**
 * Getting into a program's portal: applying, sign-in links (emailed, or made for embedding), portal sessions,
 * signing out. Everything here answers the same whether or not an email belongs to an affiliate.
 */
export class PortalAccessService {
  constructor(
    private readonly programs: ProgramService,
    private readonly affiliates: AffiliateService,
    private readonly emails: EmailService,
    private readonly origin: string,
    private readonly windows: SlidingWindowBackend,
  ) {}

  /**
   * The program whose portal is at this slug, or null. Its portal may be turned off (`portalEnabled`): the caller
   * decides what still answers then (the unsubscribe links of emails already sent do).
   */
  async portalProgram(ctx: ServiceContext, slug: string): Promise<Program | null> {
    if (!/^[A-Za-z0-9-]{1,60}$/.test(slug)) return null;
    return findProgramByPortalSlug(ctx.em, slug);
  }

  /** The program an unsubscribe link names: by its id (the links emails carry), else by its portal's slug. */
  async unsubscribeProgram(ctx: ServiceContext, idOrSlug: string): Promise<Program | null> {
    return isUuid(idOrSlug) ? findProgramById(ctx.em, idOrSlug) : this.portalProgram(ctx, idOrSlug);
  }

  portalUrl(program: Pick<Program, 'portalSlug'>): string {
    return portalUrl(this.origin, program.portalSlug);
  }

  /** The context of someone on the portal before signing in. */
  visitor(ctx: ServiceContext, program: Program): ServiceContext {
    return { ...ctx, actor: { kind: 'portalVisitor', credentialId: program.id, programId: program.id, program }, programs: new Map([[program.id, program]]) };
  }

  /**
   * An application through the portal: the rules of POST /affiliates (status by auto-approve, the affiliate limit,
   * the slug from the email, `affiliate.created`, automatic codes), then the welcome email with a sign-in link.
   * A filled honeypot, or an email that already has an account, answers as a success would and creates nothing
   * (the existing affiliate gets a sign-in link instead): the page never tells who is an affiliate.
   */
  async signUp(ctx: ServiceContext, program: Program, input: PortalSignUpInput): Promise<SignUpOutcome> {
    if (!program.portalSignupOpen) throw new DomainError('FORBIDDEN', `${program.name} is not taking applications through its portal`);
    const { firstName, lastName, email } = checkedApplication(program, input);
    if (input.website) return { kind: 'quiet' };
    await this.throttleSignUps(ctx);
    // A full program refuses everyone alike, before anything depends on whether the email is known.
    if (program.affiliateLimit != null && (await countAffiliates(ctx.em, program.id)) >= program.affiliateLimit)
      throw new DomainError('LIMIT_REACHED', `${program.name} is not taking more affiliates at the moment`);

    const visitor = this.visitor(ctx, program);
    const existing = await findAffiliateByEmail(ctx.em, program.id, email);
    if (existing) {
      // Who may sign in gets a link; a rejected applicant gets nothing, and the same page.
      if (maySignIn(existing.affiliateStatus)) await this.sendSignInLink(visitor, program, existing);
      return { kind: 'quiet' };
    }
    let affiliate: Affiliate;
    try {
      affiliate = await this.affiliates.createAffiliate(visitor, program.id, { firstName, lastName, email, sendWelcomeEmail: false });
    } catch (err) {
      // Another application with this email got in first: answered as the existing account is.
      if (err instanceof DomainError && err.code === 'DUPLICATE') return { kind: 'quiet' };
      throw err;
    }
    await this.sendWelcome(visitor, program, affiliate);
    return { kind: 'created', affiliate };
  }

  /**
   * Emails a sign-in link to the affiliate with this email, if there is one that may sign in and it asked for
   * fewer than 5 in the last hour. Answers nothing either way: the page says the same to everyone.
   */
  async requestSignInLink(ctx: ServiceContext, program: Program, email: string): Promise<void> {
    const address = email.trim();
    if (!isEmail(address)) throw validationError('Enter an email address such as name@example.com', 'email');
    const affiliate = await findAffiliateByEmail(ctx.em, program.id, address);
    if (!affiliate || !maySignIn(affiliate.affiliateStatus)) return;
    await this.sendSignInLink(this.visitor(ctx, program), program, affiliate);
  }

  /**
   * A single-use link, valid 5 minutes, that signs the affiliate (UUID, slug or click id) into its portal: for the
   * merchant's app to open or frame (createAffiliatePortalLink, POST /api/v1/affiliate-portal-links).
   */
  async createPortalLink(ctx: ServiceContext, programId: string | null | undefined, affiliateId: string): Promise<{ url: string; expiresAt: Date }> {
    const program = await this.programs.requireProgram(ctx, programId);
    if (!program.portalEnabled)
      throw new DomainError('VALIDATION_FAILED', "This program's portal is turned off (portalEnabled)", [{ field: 'portalEnabled', message: 'is false' }]);
    const affiliate = await findAffiliateByLookup(ctx.em, program.id, affiliateId.trim());
    if (!affiliate) throw notFound('No such affiliate');
    if (!maySignIn(affiliate.affiliateStatus))
      throw new DomainError('VALIDATION_FAILED', 'A rejected affiliate cannot sign in to the portal', [{ field: 'affiliateId', message: 'rejected' }]);
    const token = newSignInToken();
    const expiresAt = minutesFromNow(EMBED_LINK_MINUTES);
    await inTransaction(ctx, ({ em }) =>
      insertSignInToken(em, { programId: program.id, affiliateId: affiliate.id, tokenHash: tokenHash(token), purpose: 'embed', expiresAt }),
    );
    return { url: this.signInUrl(program, token), expiresAt };
  }

  /** What a sign-in link is, without using it: emailed links ask before signing in (mail scanners open links). */
  async peekLink(ctx: ServiceContext, program: Program, token: string): Promise<{ purpose: SignInPurpose; affiliate: Affiliate } | null> {
    const found = await peekSignInToken(ctx.em, program.id, tokenHash(token));
    if (!found) return null;
    const affiliate = await findAffiliateById(ctx.em, program.id, found.affiliateId);
    return affiliate && maySignIn(affiliate.affiliateStatus) ? { purpose: found.purpose, affiliate } : null;
  }

  /** Uses a sign-in link: a new 30-day portal session, or null when the link is unknown, expired, used, or its affiliate may not sign in. */
  async useLink(ctx: ServiceContext, program: Program, token: string): Promise<{ sessionToken: string; expiresAt: Date } | null> {
    return inTransaction(ctx, async ({ em }) => {
      const used = await useSignInToken(em, program.id, tokenHash(token));
      if (!used || !maySignIn(used.status)) return null;
      const sessionToken = newPortalSessionToken();
      const expiresAt = new Date(Date.now() + PORTAL_SESSION_DAYS * 86400_000);
      await insertPortalSession(em, { programId: program.id, affiliateId: used.affiliateId, tokenHash: tokenHash(sessionToken), expiresAt });
      await pruneSessions(em, program.id, used.affiliateId, SESSIONS_PER_AFFILIATE);
      return { sessionToken, expiresAt };
    });
  }

  /** The signed-in visit a session token opens, or null (unknown, expired, or its affiliate was rejected). */
  async visit(ctx: ServiceContext, program: Program, sessionToken: string): Promise<PortalVisit | null> {
    if (!sessionToken.startsWith('pts_') || sessionToken.length > 100) return null;
    const s = await liveSession(ctx.em, program.id, tokenHash(sessionToken));
    if (!s || !maySignIn(s.status)) return null;
    return {
      ctx: {
        ...ctx,
        actor: { kind: 'portal', credentialId: s.id, programId: program.id, program, affiliateId: s.affiliateId },
        programs: new Map([[program.id, program]]),
      },
      program,
      affiliateId: s.affiliateId,
      affiliateName: s.name,
      sessionExpiresAt: s.expiresAt,
    };
  }

  /** Ends the session this token opened (signing out); nothing when there is none. */
  async signOut(ctx: ServiceContext, program: Program, sessionToken: string): Promise<void> {
    await inTransaction(ctx, ({ em }) => deletePortalSession(em, program.id, tokenHash(sessionToken)));
  }

  private signInUrl(program: Program, token: string): string {
    return `${this.portalUrl(program)}/sign-in/${token}`;
  }

  /** A new emailed link, unless this affiliate already asked for 5 in the hour (then nothing, silently). */
  private async sendSignInLink(tx0: ServiceContext, program: Program, affiliate: Affiliate): Promise<void> {
    const queued: Email[] = [];
    await inTransaction(tx0, async (tx) => {
      const token = await this.newEmailedToken(tx, program, affiliate);
      if (token) queued.push(this.emails.enqueue(tx, program.id, portalSignInEmail(program, affiliate, this.signInUrl(program, token), SIGN_IN_LINK_MINUTES)));
    });
    this.emails.afterCommit(queued);
  }

  /** The portal's welcome: active, with the first link to share; pending, that the application is under review. Both sign in. */
  private async sendWelcome(tx0: ServiceContext, program: Program, affiliate: Affiliate): Promise<void> {
    const queued: Email[] = [];
    await inTransaction(tx0, async (tx) => {
      const token = await this.newEmailedToken(tx, program, affiliate);
      const slug = (await findLinksOfAffiliate(tx.em, program.id, affiliate.id))[0]?.link ?? '';
      queued.push(
        this.emails.enqueue(
          tx,
          program.id,
          affiliateWelcomeEmail(program, affiliate, shareUrls(program.baseUrls, slug), slug, {
            portalUrl: this.portalUrl(program),
            signInUrl: token ? this.signInUrl(program, token) : undefined,
            signInMinutes: SIGN_IN_LINK_MINUTES,
          }),
        ),
      );
    });
    this.emails.afterCommit(queued);
  }

  private async newEmailedToken(tx: ServiceContext, program: Program, affiliate: Affiliate): Promise<string | null> {
    const since = new Date(Date.now() - 3600_000);
    await lockAffiliateLinks(tx.em, program.id, affiliate.id);
    if ((await emailedLinksSince(tx.em, program.id, affiliate.id, since)) >= SIGN_IN_LINKS_PER_HOUR) return null;
    await deleteOldSignInTokens(tx.em, program.id, affiliate.id);
    const token = newSignInToken();
    await insertSignInToken(tx.em, {
      programId: program.id,
      affiliateId: affiliate.id,
      tokenHash: tokenHash(token),
      purpose: 'email',
      expiresAt: minutesFromNow(SIGN_IN_LINK_MINUTES),
    });
    return token;
  }

  /** At most 5 applications an hour from one client address, on every portal of the server. */
  private async throttleSignUps(ctx: ServiceContext): Promise<void> {
    const key = `portal-signup:${ctx.clientIp ?? ''}`;
    const state = await this.windows.hit(key, Date.now(), 3600_000, SIGN_UPS_PER_ADDRESS_PER_HOUR);
    if (!state.recorded) {
      const retryAfterSeconds = Math.max(1, Math.ceil((state.resetAt - Date.now()) / 1000));
      throw new DomainError('RATE_LIMITED', 'Too many applications from this address; try again later', undefined, undefined, retryAfterSeconds);
    }
  }
}
