import { sql, type RawBuilder } from 'kysely';
import type { Config } from '../config.js';
import type { Db } from '../db/connect.js';
import { KeyedMutex } from '../db/mutex.js';
import { AppError } from '../http/errors.js';
import { securityEvent } from '../monitor/events.js';

/** How many counted attempts a window allows, by what they share. */
export interface AttemptLimits {
  /** One name (username, recovery key…) from one address. */
  perPair: number;
  /** One name from every address together. */
  perName: number;
  /** Every name from one address. */
  perAddress: number;
  /**
   * The per-name limit spares an address the user signed in from in the last KNOWN_ADDRESS_DAYS
   * (a session was opened from it): an attacker who spreads guesses over many addresses locks the
   * name for the others, not for its owner at their usual desk.
   */
  spareKnownAddresses: boolean;
}

const KNOWN_ADDRESS_DAYS = 90;

/** Namespace of the advisory locks that serialise the attempts of one name and of one address. */
const LOCK_SPACE = 0x4c47; // "LG"

/**
 * How long an attempt may stay pending before it counts as a failure: a process that dies while
 * checking a guess never settles its row. Far above an argon2 verification, even under load.
 */
const PENDING_SECONDS = 30;

/** How often an attempt waiting for a free slot looks again, for attempts other processes settle. */
const RECHECK_MS = 100;

type Verdict = { admitted: number } | { refused: 'SIGN_IN_THROTTLED' | 'LOCKOUT' } | 'wait';

interface Counts {
  pair_failed: number;
  pair_pending: number;
  name_failed: number;
  name_pending: number;
  address_failed: number;
  address_pending: number;
  known: boolean;
}

/**
 * The limits against the counts: a limit reached by failures refuses; one reached only with the
 * attempts still pending waits for them to settle.
 */
function judge(counts: Counts, limits: AttemptLimits): 'admit' | 'wait' | 'SIGN_IN_THROTTLED' | 'LOCKOUT' {
  const nameCounts = !counts.known;
  const pairLimited = counts.pair_failed >= limits.perPair;
  const nameLimited = nameCounts && counts.name_failed >= limits.perName;
  const addressLimited = counts.address_failed >= limits.perAddress;
  // the name refused from every address is a lockout; one address (or one name from it) refused, throttling
  if (nameLimited && !pairLimited && !addressLimited) return 'LOCKOUT';
  if (pairLimited || nameLimited || addressLimited) return 'SIGN_IN_THROTTLED';
  const full =
    counts.pair_failed + counts.pair_pending >= limits.perPair ||
    (nameCounts && counts.name_failed + counts.name_pending >= limits.perName) ||
    counts.address_failed + counts.address_pending >= limits.perAddress;
  return full ? 'wait' : 'admit';
}

/** One attempt counted and admitted: its caller tells how the guess went. */
interface Attempt {
  /** A right guess: its row goes, and with it the name's failures. */
  succeeded(): Promise<void>;
  /** A wrong guess: its row stays, a counted failure, until the window passes. */
  failed(): Promise<void>;
}

/** What the throttles of one database share inside this process. */
class Coordination {
  /** Attempts of one name, and of one address, take their database locks one at a time. */
  readonly queue = new KeyedMutex();
  readonly #waiting = new Map<string, Set<() => void>>();

  /** Resolves once an attempt of one of these keys settled in this process, or after `ms`. */
  settledOr(keys: string[], ms: number): Promise<void> {
    return new Promise((resolve) => {
      const wake = () => {
        clearTimeout(timer);
        for (const key of keys) {
          const set = this.#waiting.get(key);
          set?.delete(wake);
          if (set?.size === 0) this.#waiting.delete(key);
        }
        resolve();
      };
      const timer = setTimeout(wake, ms);
      for (const key of keys) {
        const set = this.#waiting.get(key) ?? new Set();
        set.add(wake);
        this.#waiting.set(key, set);
      }
    });
  }

  settled(keys: string[]): void {
    for (const key of keys) for (const wake of [...(this.#waiting.get(key) ?? [])]) wake();
  }

  get idle(): boolean {
    return this.queue.size === 0 && this.#waiting.size === 0;
  }
}

const coordinations = new WeakMap<Db, Coordination>();

/**
 * Attempts at something guessable (a password, a link) are counted in the database over a sliding
 * window, so the limits hold across restarts and app servers.
 *
 * An attempt is counted *before* the guess is checked, as a pending row, under a lock per name and
 * per address: parallel attempts cannot all pass the count before any of them is written (a burst
 * of 100 once got 85 guesses checked against a limit of 5). A wrong guess settles its row as a
 * failure; a right one deletes it with the name's failures. The limits refuse (429) on failures
 * alone, so correct sign-ins, however many at once behind one office NAT, never get another one
 * refused; an attempt that would bring failures plus pending attempts to a limit waits for pending
 * ones to settle instead of being checked. Hence the bound, as strict as when every attempt was
 * a failure until taken back: a window never sees more wrong guesses checked than the limit (per
 * pair, per name, per address), however parallel, and an address has at most `perAddress` minus
 * its failures guesses being checked at once (the others wait, one check time each). A pending row
 * older than PENDING_SECONDS (its process died) counts as a failure and goes with the window like
 * any other: the longest anyone waits.
 *
 * Inside this process the attempts of one name, and of one address, queue in memory before they
 * take the database locks, so a burst holds one pool connection per key rather than one per
 * attempt waiting on a lock; the database locks order the processes (WORKERS, app servers).
 */
export class LoginThrottle {
  readonly #shared: Coordination;

  constructor(
    private readonly db: Db,
    private readonly window: Pick<Config['loginRateLimit'], 'windowSeconds'>,
  ) {
    let shared = coordinations.get(db);
    if (!shared) coordinations.set(db, (shared = new Coordination()));
    this.#shared = shared;
  }

  /**
   * Counts one guess and runs `check` with it, or throws 429 TOO_MANY_REQUESTS (counting nothing,
   * checking nothing) when a limit is reached. A `check` that throws is a wrong guess; one that
   * returns, a right one: its attempt and the name's failures are taken back (the address keeps
   * the failures of other names).
   */
  async guess<T>(name: string, address: string, limits: AttemptLimits, check: () => Promise<T>): Promise<T> {
    const attempt = await this.attempt(name, address, limits, true);
    let result: T;
    try {
      result = await check();
    } catch (error) {
      // the check's error is the answer; a row that could not be settled counts as a failure anyway, later
      await attempt.failed().catch(() => undefined);
      throw error;
    }
    await attempt.succeeded();
    return result;
  }

  /** Counts one attempt that is not a guess (a recovery request), or throws 429 like `guess`. */
  async count(name: string, address: string, limits: AttemptLimits): Promise<void> {
    await this.attempt(name, address, limits, false);
  }

  /** No attempt of this database held, queued nor waiting in this process: nothing kept in memory. */
  get idle(): boolean {
    return this.#shared.idle;
  }

  /** Takes back a name's failures (a password recovered). */
  async clear(name: string): Promise<void> {
    await sql`delete from login_failures where username = ${name.toLowerCase()} and ${this.settled()}`.execute(this.db);
  }

  private async attempt(name: string, address: string, limits: AttemptLimits, pending: boolean): Promise<Attempt> {
    const key = name.toLowerCase();
    // always the name first, then the address, here as in the database: nobody waits in a cycle
    const keys = [`n:${key}`, `a:${address}`];
    const { queue } = this.#shared;
    const verdict = await queue.run(keys[0]!, () =>
      queue.run(keys[1]!, async () => {
        for (;;) {
          const verdict = await this.admit(key, address, limits, pending);
          if (verdict !== 'wait') return verdict;
          // the keys stay held: the attempts behind wait in memory, not on a connection
          await this.#shared.settledOr(keys, RECHECK_MS);
        }
      }),
    );
    if ('refused' in verdict) {
      await securityEvent(this.db, { type: verdict.refused, username: key, address });
      throw new AppError(429, 'TOO_MANY_REQUESTS');
    }
    const id = verdict.admitted;
    let settled = false;
    const settle = async (query: RawBuilder<unknown>) => {
      if (settled) return;
      settled = true;
      try {
        await query.execute(this.db);
      } finally {
        this.#shared.settled(keys);
      }
    };
    return {
      succeeded: () => settle(sql`delete from login_failures where id = ${id} or (username = ${key} and ${this.settled()})`),
      failed: () => settle(sql`update login_failures set pending = false where id = ${id}`),
    };
  }

  /** Rows that count as failures: settled ones, and pending ones whose process is gone. */
  private settled() {
    return sql`(not pending or at <= ${new Date(Date.now() - PENDING_SECONDS * 1000)})`;
  }

  /** One look at the counts, under the database locks: the attempt counted, refused, or to wait. */
  private admit(key: string, address: string, limits: AttemptLimits, pending: boolean): Promise<Verdict> {
    const since = new Date(Date.now() - this.window.windowSeconds * 1000);
    return this.db.transaction().execute(async (trx): Promise<Verdict> => {
      await sql`select pg_advisory_xact_lock(${LOCK_SPACE}, hashtext(${`n:${key}`}))`.execute(trx);
      await sql`select pg_advisory_xact_lock(${LOCK_SPACE}, hashtext(${`a:${address}`}))`.execute(trx);
      const { rows } = await sql<Counts>`
        select count(*) filter (where same_name and same_address and failed)::int as pair_failed,
               count(*) filter (where same_name and same_address and not failed)::int as pair_pending,
               count(*) filter (where same_name and failed)::int as name_failed,
               count(*) filter (where same_name and not failed)::int as name_pending,
               count(*) filter (where same_address and failed)::int as address_failed,
               count(*) filter (where same_address and not failed)::int as address_pending,
               ${limits.spareKnownAddresses ? sql`exists (
                 select 1 from sessions s join users u on u.id = s.user_id
                 where lower(u.username) = ${key} and s.address = ${address}
                   and s.created_at > now() - make_interval(days => ${KNOWN_ADDRESS_DAYS}))` : sql`false`} as known
        from (
          select username = ${key} as same_name, address = ${address} as same_address, ${this.settled()} as failed
          from login_failures
          where at > ${since} and (username = ${key} or address = ${address})
        ) recent`.execute(trx);
      const verdict = judge(rows[0]!, limits);
      if (verdict === 'wait') return verdict;
      if (verdict !== 'admit') return { refused: verdict };
      const inserted = await sql<{ id: number }>`
        insert into login_failures (username, address, pending) values (${key}, ${address}, ${pending}) returning id`.execute(trx);
      await sql`delete from login_failures where at < ${since}`.execute(trx);
      return { admitted: inserted.rows[0]!.id };
    });
  }
}

/** The sign-in limits of the configuration. */
export const signInLimits = (config: Config['loginRateLimit']): AttemptLimits => ({
  perPair: config.perUsername,
  perName: config.perUsernameAnyAddress,
  perAddress: config.perAddress,
  spareKnownAddresses: true,
});

/** Links and recovery requests: one name is limited from everywhere alike (nobody signs in with them). */
export const linkLimits = (config: Config['loginRateLimit']): AttemptLimits => ({
  perPair: config.perUsername,
  perName: config.perUsername,
  perAddress: config.perAddress,
  spareKnownAddresses: false,
});
