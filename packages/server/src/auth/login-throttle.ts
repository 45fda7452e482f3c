import { sql } from 'kysely';
import type { Config } from '../config.js';
import type { Db } from '../db/connect.js';
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
 * Attempts at something guessable (a password, a link) are counted in the database over a sliding
 * window, so the limits hold across restarts and app servers. An attempt is counted *before* the
 * guess is checked, under a lock per name and per address: parallel attempts cannot all pass the
 * count before any of them is written (a burst of 100 once got 85 guesses checked against a
 * limit of 5). A successful sign-in takes the name's attempts back.
 */
export class LoginThrottle {
  constructor(
    private readonly db: Db,
    private readonly window: Pick<Config['loginRateLimit'], 'windowSeconds'>,
  ) {}

  /** Counts one attempt, or throws 429 TOO_MANY_REQUESTS (counting nothing) when a limit is reached. */
  async attempt(name: string, address: string, limits: AttemptLimits): Promise<void> {
    const key = name.toLowerCase();
    const since = new Date(Date.now() - this.window.windowSeconds * 1000);
    let refused: 'SIGN_IN_THROTTLED' | 'LOCKOUT' | null = null;
    await this.db.transaction().execute(async (trx) => {
      // always the name first, then the address: two attempts never wait for each other in a cycle
      await sql`select pg_advisory_xact_lock(${LOCK_SPACE}, hashtext(${`n:${key}`}))`.execute(trx);
      await sql`select pg_advisory_xact_lock(${LOCK_SPACE}, hashtext(${`a:${address}`}))`.execute(trx);
      const { rows } = await sql<{ pair: number; by_name: number; by_address: number; known: boolean }>`
        select count(*) filter (where username = ${key} and address = ${address})::int as pair,
               count(*) filter (where username = ${key})::int as by_name,
               count(*) filter (where address = ${address})::int as by_address,
               ${limits.spareKnownAddresses ? sql`exists (
                 select 1 from sessions s join users u on u.id = s.user_id
                 where lower(u.username) = ${key} and s.address = ${address}
                   and s.created_at > now() - make_interval(days => ${KNOWN_ADDRESS_DAYS}))` : sql`false`} as known
        from login_failures
        where at > ${since} and (username = ${key} or address = ${address})`.execute(trx);
      const counts = rows[0]!;
      const nameLimited = counts.by_name >= limits.perName && !counts.known;
      if (counts.pair >= limits.perPair || nameLimited || counts.by_address >= limits.perAddress) {
        // the name refused from every address is a lockout; one address (or one name from it) refused, throttling
        refused = nameLimited && counts.pair < limits.perPair && counts.by_address < limits.perAddress ? 'LOCKOUT' : 'SIGN_IN_THROTTLED';
        return;
      }
      await sql`insert into login_failures (username, address) values (${key}, ${address})`.execute(trx);
      await sql`delete from login_failures where at < ${since}`.execute(trx);
    });
    if (refused) {
      await securityEvent(this.db, { type: refused, username: key, address });
      throw new AppError(429, 'TOO_MANY_REQUESTS');
    }
  }

  /** A successful sign-in takes back that name's attempts (the address keeps its count). */
  async clear(name: string): Promise<void> {
    await this.db.deleteFrom('login_failures').where('username', '=', name.toLowerCase()).execute();
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
