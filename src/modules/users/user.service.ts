import type { EntityManager } from '@mikro-orm/postgresql';
import { DomainError, validationError } from '../../common/errors';
import { isEmail } from '../../common/email';
import { randomToken, sha256 } from '../../common/ids';
import { hashPassword, verifyPassword } from '../../auth/password';
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
  /** Creates a user and signs them in. Passwords need 8+ characters; emails are unique case-insensitively. */
  async signUp(em: EntityManager, input: { email: string; password: string; name?: string | null }): Promise<AuthResult> {
    const email = input.email?.trim();
    if (!email || !isEmail(email)) throw validationError('A valid email is required', 'email');
    if (!input.password || input.password.length < 8) throw validationError('The password needs at least 8 characters', 'password');
    if (input.password.length > 1024) throw validationError('The password is too long', 'password');
    const user = em.create(User, { email, name: input.name?.trim() || email.split('@')[0], passwordHash: await hashPassword(input.password) });
    try {
      await em.persistAndFlush(user);
    } catch (err) {
      throw mapDbError(err);
    }
    return this.openSession(em, user);
  }

  /** Signs in with email and password; the same error for an unknown email and a wrong password. */
  async signIn(em: EntityManager, input: { email: string; password: string }): Promise<AuthResult> {
    const user = await em.findOne(User, { email: { $ilike: (input.email ?? '').trim().replace(/[\\%_]/g, '\\$&') } });
    if (!user || !(await verifyPassword(input.password ?? '', user.passwordHash))) {
      throw new DomainError('UNAUTHENTICATED', 'Email or password is incorrect');
    }
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

  async signOut(em: EntityManager, token: string): Promise<void> {
    await em.nativeDelete(Session, { tokenHash: sha256(token) });
  }

  async findByEmail(em: EntityManager, email: string): Promise<User | null> {
    return em.findOne(User, { email: { $ilike: email.trim().replace(/[\\%_]/g, '\\$&') } });
  }
}
