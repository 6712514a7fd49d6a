import type { Actor, BoundProgram } from './actor';
import type { CredentialChanges } from './credential-changes';

/** The credentials a cache may hold: those bound to one program, which is where their changes are announced. */
export type ProgramActor<P extends BoundProgram = BoundProgram> = Extract<Actor<P>, { kind: 'apiKey' | 'oauth' }>;

interface Entry<P extends BoundProgram> {
  actor: ProgramActor<P>;
  /** Epoch ms after which the credential is read again (which also records its use, once a minute). */
  until: number;
}

/**
 * API keys and OAuth tokens already authenticated, by the hash of the presented token: the statement that finds
 * a credential and its program is not sent again on every request. Sound only while every change reaches it,
 * so it keeps nothing unless the invalidation channel is listening (`setLive`, src/auth/credential-invalidation.ts):
 * revoking a key, a token or changing a program notifies `credentials_changed` on commit in every process, and
 * the service that made the change drops the program's entries in its own process at once. A read that raced
 * with an invalidation is not kept (`ticket`). The listener pings itself every 250 ms; when no ping has come back
 * for 750 ms (a connection that died silently, a pooler that drops notifications) nothing is served, so a
 * revocation is refused within a second whatever happens to the channel. Entries live a minute at most, so an
 * unused credential leaves.
 */
export class CredentialCache<P extends BoundProgram = BoundProgram> implements CredentialChanges {
  private readonly entries = new Map<string, Entry<P>>();
  private generation = 0;
  private live = false;
  /** When the listening connection last proved it hears notifications (its own ping came back). */
  private lastHeard = 0;

  constructor(
    private readonly ttlMs = 60_000,
    private readonly maxEntries = 10_000,
    /** How long a ping may be missing before nothing is served: a silently dead connection hears no revocation either. */
    private readonly freshnessMs = 750,
  ) {}

  /** Whether entries are kept: only while changes are heard. */
  get enabled(): boolean {
    return this.live;
  }

  /** Listening or not: either way what was kept may have missed a change, so it is dropped. */
  setLive(live: boolean, now = Date.now()): void {
    this.live = live;
    if (live) this.lastHeard = now;
    this.invalidateAll();
  }

  /** The listening connection heard its own ping: notifications reach this process. */
  heard(now = Date.now()): void {
    this.lastHeard = now;
  }

  private fresh(now: number): boolean {
    return this.live && now - this.lastHeard <= this.freshnessMs;
  }

  /** The cached credential for a token hash, or undefined (also while the channel has gone quiet). */
  lookup(hash: string, now = Date.now()): ProgramActor<P> | undefined {
    if (!this.fresh(now)) return undefined;
    const e = this.entries.get(hash);
    if (!e) return undefined;
    if (e.until > now) return e.actor;
    this.entries.delete(hash);
    return undefined;
  }

  /** Taken before reading a credential from the database; `store` keeps the result only if nothing changed since. */
  ticket(): number {
    return this.generation;
  }

  store(hash: string, actor: ProgramActor<P>, ticket: number, now = Date.now()): void {
    if (!this.fresh(now) || ticket !== this.generation) return;
    if (this.entries.size >= this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
    // Shared by every request from now on: a change made through one request must not reach the others.
    Object.freeze(actor.program);
    for (const value of Object.values(actor.program)) if (Array.isArray(value)) Object.freeze(value);
    this.entries.set(hash, { actor: Object.freeze(actor), until: now + this.ttlMs });
  }

  /** Something about this program or one of its credentials changed. */
  invalidateProgram(programId: string): void {
    this.generation++;
    for (const [hash, e] of this.entries) if (e.actor.programId === programId) this.entries.delete(hash);
  }

  invalidateAll(): void {
    this.generation++;
    this.entries.clear();
  }

  get size(): number {
    return this.entries.size;
  }
}
