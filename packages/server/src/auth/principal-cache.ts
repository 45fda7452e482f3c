import type { Principal } from './users.js';

interface Entry {
  principal: Principal;
  /** Epoch milliseconds after which the entry is read from the database again. */
  until: number;
}

/**
 * The principals behind recently seen access tokens, so that a request pays neither a signature
 * check nor a database round trip to learn who is calling. Every change that ends a session or changes a user's rights (logout,
 * revocation, password change, disabled user, changed groups) calls `invalidate()` after its
 * transaction commits, so in this process such a change takes effect at the next request. Another
 * server process on the same PostgreSQL database sees it within `ttlMs` (README, "Sessions").
 *
 * A lookup that started before an invalidation never stores its (possibly stale) answer: each
 * lookup carries the generation it started in.
 */
export class PrincipalCache {
  private readonly entries = new Map<string, Entry>();
  private current = 0;

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries = 10_000,
  ) {}

  get generation(): number {
    return this.current;
  }

  get(token: string, now = Date.now()): Principal | undefined {
    const entry = this.entries.get(token);
    if (!entry) return undefined;
    if (entry.until <= now) {
      this.entries.delete(token);
      return undefined;
    }
    return entry.principal;
  }

  /** Stores the principal of a token, read in `generation`, valid at most until `notAfter` (the token's and session's expiry). */
  set(token: string, principal: Principal, generation: number, notAfter: number, now = Date.now()): void {
    if (this.ttlMs <= 0 || generation !== this.current) return;
    if (this.entries.size >= this.maxEntries) {
      // the oldest entry goes first (a Map iterates in insertion order)
      const oldest = this.entries.keys().next();
      if (!oldest.done) this.entries.delete(oldest.value);
    }
    this.entries.set(token, { principal, until: Math.min(now + this.ttlMs, notAfter) });
  }

  /** Forgets every principal: the next request of each token is checked against the database. */
  invalidate(): void {
    this.current += 1;
    this.entries.clear();
  }

  get size(): number {
    return this.entries.size;
  }
}
