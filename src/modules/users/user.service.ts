import type { EntityManager } from '@mikro-orm/postgresql';
import { sessionUserId } from '../../auth/actor';
import type { ServiceContext } from '../../common/service-context';
import { DomainError, forbidden, validationError } from '../../common/errors';
import { isEmail } from '../../common/email';
import { randomToken, sha256 } from '../../common/ids';
import { hashPassword, verifyPassword } from '../../auth/password';
import { passwordProblem } from '../../auth/password-policy';
import type { SignInThrottle } from '../../auth/sign-in-throttle';
import type { Actor } from '../../auth/actor';
import { TOKEN_PREFIX } from '../../auth/credentials';
import { mapDbError } from '../../db/db-errors';
import { User } from './user.entity';
import { Session } from './session.entity';

const SESSION_DAYS = 30;

export interface AuthResult {
  token: string;
  user: User;
  session: Session;
}

/** Dashboard users: sign-up, sign-in and session tokens. */
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
   * sign-in of that email from `clientIp`: probing addresses through sign-up is throttled like sign-in.
   */
  async signUp(em: EntityManager, input: { email: string; password: string; name?: string | null }, clientIp = ''): Promise<AuthResult> {
    const email = input.email?.trim();
    if (!email || !isEmail(email)) throw validationError('A valid email is required', 'email');
    const problem = passwordProblem(input.password ?? '', email);
    if (problem) throw validationError(problem, 'password');
    const attempt = await this.throttle.begin(email, clientIp);
    const user = em.create(User, { email, name: input.name?.trim() || email.split('@')[0], passwordHash: await hashPassword(input.password) });
    try {
      await em.persistAndFlush(user);
    } catch (err) {
      const mapped = mapDbError(err);
      // Only an existing email keeps its slot (it answered the probe); other failures give it back.
      if (!(mapped instanceof DomainError && mapped.code === 'DUPLICATE')) await attempt.release();
      throw mapped;
    }
    await attempt.release();
    return this.openSession(em, user);
  }

  /**
   * Signs in with email and password; the same error, after the same work, for an unknown email and a wrong
   * password. Failures are limited per email and per `clientIp` ('' = no address, e.g. in-process): RATE_LIMITED
   * before any password is checked once either budget is spent.
   */
  async signIn(em: EntityManager, input: { email: string; password: string }, clientIp = ''): Promise<AuthResult> {
    const email = String(input.email ?? '');
    const attempt = await this.throttle.begin(email, clientIp);
    let user: User | null;
    let ok: boolean;
    try {
      user = await this.findByEmail(em, email);
      ok = await verifyPassword(String(input.password ?? ''), user?.passwordHash ?? (await this.dummyHash));
    } catch (err) {
      await attempt.release(); // not a wrong password: the database or the hash failed
      throw err;
    }
    if (!user || !ok) throw new DomainError('UNAUTHENTICATED', 'Email or password is incorrect'); // the slot stays: a failure
    await attempt.release();
    return this.openSession(em, user);
  }

  async openSession(em: EntityManager, user: User): Promise<AuthResult> {
    const token = TOKEN_PREFIX.session + randomToken(32);
    const session = em.create(Session, { userId: user.id, tokenHash: sha256(token), expiresAt: new Date(Date.now() + SESSION_DAYS * 86400_000) });
    await em.persistAndFlush(session);
    return { token, user, session };
  }

  /** The user behind a live session token, or null. */
  async authenticate(em: EntityManager, token: string): Promise<{ user: User; session: Session } | null> {
    const session = await em.findOne(Session, { tokenHash: sha256(token) });
    if (!session || session.expiresAt.getTime() <= Date.now()) return null;
    const user = await em.findOne(User, { id: session.userId });
    return user ? { user, session } : null;
  }

  /** Ends the session of a session token (the pages' /logout). */
  async signOut(em: EntityManager, token: string): Promise<void> {
    await em.nativeDelete(Session, { tokenHash: sha256(token) });
  }

  /** Ends the caller's own session (GraphQL signOut): its token is refused from then on. */
  async endSession(em: EntityManager, actor: Actor): Promise<void> {
    // The policy admits only sessions here; narrowing, not a second authorization.
    if (actor.kind !== 'session') throw forbidden('Only a dashboard session can be signed out');
    await em.nativeDelete(Session, { id: actor.credentialId, userId: actor.userId });
  }

  /** The signed-in user (the policy admits only dashboard sessions here). */
  async currentUser(ctx: ServiceContext): Promise<User> {
    return ctx.em.findOneOrFail(User, { id: sessionUserId(ctx) });
  }

  async findByEmail(em: EntityManager, email: string): Promise<User | null> {
    return em.findOne(User, { email: { $ilike: email.trim().replace(/[\\%_]/g, '\\$&') } });
  }
}
