import { sessionUserId } from '../../identity/actor';
import type { ServiceContext } from '../service-context';
import { DomainError, forbidden, validationError } from '../../common/errors';
import { isEmail } from '../../common/email';
import { randomToken, sha256 } from '../../common/ids';
import { hashPassword, verifyPassword } from '../../identity/password';
import { passwordProblem } from '../../identity/password-policy';
import type { SignInThrottle } from '../../identity/sign-in-throttle';
import { TOKEN_PREFIX } from '../../identity/credentials';
import { isDuplicate } from '../../db/db-errors';
import { inTransaction } from '../../db/unit-of-work';
import type { User } from './user.entity';
import type { Session } from './session.entity';
import {
  deleteSessionByTokenHash,
  deleteUserSession,
  insertSession,
  insertUser,
  sessionByTokenHash,
  userByEmail,
  userById,
  userByIdOrFail,
} from './user.queries';

const SESSION_DAYS = 30;
const EMAIL_KEY = 'users_email_key';

export interface AuthResult {
  token: string;
  user: User;
  session: Session;
}

/**
 * Dashboard users: sign-up, sign-in and session tokens. Calls made before anyone is signed in (sign-up, sign-in,
 * a token to check, the pages' sign-out) take an anonymous context (anonymousContext); calls of a signed-in user take its context.
 */
export class UserService {
  /** What an unknown email's password is checked against: both answers then cost one scrypt (no enumeration by timing). */
  private readonly dummyHash: Promise<string>;

  constructor(private readonly throttle: SignInThrottle) {
    this.dummyHash = hashPassword(randomToken(16));
    this.dummyHash.catch(() => undefined); // awaited (and rethrown) on first use
  }

  /**
   * Creates a user and signs them in. Passwords: see passwordProblem; emails are unique case-insensitively.
   * "This email already exists" tells whether an address is registered, so each such answer counts as a failed
   * sign-in of that email from the caller's address (`ctx.clientIp`): probing addresses through sign-up is throttled like sign-in.
   */
  async signUp(ctx: ServiceContext, input: { email: string; password: string; name?: string | null }): Promise<AuthResult> {
    const email = input.email?.trim();
    if (!email || !isEmail(email)) throw validationError('A valid email is required', 'email');
    const problem = passwordProblem(input.password ?? '', email);
    if (problem) throw validationError(problem, 'password');
    const attempt = await this.throttle.begin(email, ctx.clientIp ?? '');
    const fields = { email, name: input.name?.trim() || email.split('@')[0], passwordHash: await hashPassword(input.password) };
    const user = await inTransaction(ctx, (tx) => insertUser(tx.em, fields)).catch(async (err: unknown) => {
      // Only an existing email keeps its slot (it answered the probe); other failures give it back.
      if (!isDuplicate(err, EMAIL_KEY)) await attempt.release();
      throw err;
    });
    await attempt.release();
    return this.openSession(ctx, user);
  }

  /**
   * Signs in with email and password; the same error, after the same work, for an unknown email and a wrong
   * password. Failures are limited per email and per `ctx.clientIp` ('' = no address, e.g. in-process): RATE_LIMITED
   * before any password is checked once either budget is spent.
   */
  async signIn(ctx: ServiceContext, input: { email: string; password: string }): Promise<AuthResult> {
    const email = String(input.email ?? '');
    const attempt = await this.throttle.begin(email, ctx.clientIp ?? '');
    let user: User | null;
    let ok: boolean;
    try {
      user = await this.findByEmail(ctx, email);
      ok = await verifyPassword(String(input.password ?? ''), user?.passwordHash ?? (await this.dummyHash));
    } catch (err) {
      await attempt.release(); // not a wrong password: the database or the hash failed
      throw err;
    }
    if (!user || !ok) throw new DomainError('UNAUTHENTICATED', 'Email or password is incorrect'); // the slot stays: a failure
    await attempt.release();
    return this.openSession(ctx, user);
  }

  private async openSession(ctx: ServiceContext, user: User): Promise<AuthResult> {
    const token = TOKEN_PREFIX.session + randomToken(32);
    const session = await inTransaction(ctx, (tx) =>
      insertSession(tx.em, { userId: user.id, tokenHash: sha256(token), expiresAt: new Date(Date.now() + SESSION_DAYS * 86400_000) }),
    );
    return { token, user, session };
  }

  /** The user behind a live session token, or null. */
  async authenticate(ctx: ServiceContext, token: string): Promise<{ user: User; session: Session } | null> {
    const session = await sessionByTokenHash(ctx.em, sha256(token));
    if (!session || session.expiresAt.getTime() <= Date.now()) return null;
    const user = await userById(ctx.em, session.userId);
    return user ? { user, session } : null;
  }

  /** Ends the session of a session token (the pages' /logout). */
  async signOut(ctx: ServiceContext, token: string): Promise<void> {
    await deleteSessionByTokenHash(ctx.em, sha256(token));
  }

  /** Ends the caller's own session (GraphQL signOut): its token is refused from then on. */
  async endSession(ctx: ServiceContext): Promise<void> {
    // The policy admits only sessions here; narrowing, not a second authorization.
    if (ctx.actor.kind !== 'session') throw forbidden('Only a dashboard session can be signed out');
    await deleteUserSession(ctx.em, ctx.actor.userId, ctx.actor.credentialId);
  }

  /** The signed-in user (the policy admits only dashboard sessions here). */
  async currentUser(ctx: ServiceContext): Promise<User> {
    return userByIdOrFail(ctx.em, sessionUserId(ctx));
  }

  async findByEmail(ctx: ServiceContext, email: string): Promise<User | null> {
    return userByEmail(ctx.em, email.trim());
  }
}
