import { sql } from 'kysely';
import type { Config } from '../config.js';
import type { Db } from '../db/connect.js';
import { AppError } from '../http/errors.js';

/**
 * Failed sign-ins are counted in the database, per username and per address, over a sliding
 * window, so the limit holds across restarts and across several app servers.
 */
export class LoginThrottle {
  constructor(
    private readonly db: Db,
    private readonly limits: Config['loginRateLimit'],
  ) {}

  /** Throws 429 when either counter is exhausted; checked before the password is looked at. */
  async check(username: string, address: string): Promise<void> {
    const since = new Date(Date.now() - this.limits.windowSeconds * 1000);
    const row = await this.db
      .selectFrom('login_failures')
      .select([
        sql<number>`count(*) filter (where username = ${username.toLowerCase()})`.as('byUser'),
        sql<number>`count(*) filter (where address = ${address})`.as('byAddress'),
      ])
      .where('at', '>', since)
      .where((eb) => eb.or([eb('username', '=', username.toLowerCase()), eb('address', '=', address)]))
      .executeTakeFirstOrThrow();
    if (Number(row.byUser) >= this.limits.perUsername || Number(row.byAddress) >= this.limits.perAddress) {
      throw new AppError(429, 'TOO_MANY_REQUESTS');
    }
  }

  async recordFailure(username: string, address: string): Promise<void> {
    const cutoff = new Date(Date.now() - this.limits.windowSeconds * 1000);
    await this.db.transaction().execute(async (trx) => {
      await trx.insertInto('login_failures').values({ username: username.toLowerCase(), address }).execute();
      await trx.deleteFrom('login_failures').where('at', '<', cutoff).execute();
    });
  }

  /** A successful sign-in clears that username's failures (the address keeps its count). */
  async clear(username: string): Promise<void> {
    await this.db.deleteFrom('login_failures').where('username', '=', username.toLowerCase()).execute();
  }
}
