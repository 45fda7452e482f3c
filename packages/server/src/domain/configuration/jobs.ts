import { sql } from 'kysely';
import { z } from 'zod';
import { defineJob } from '../../scheduler/jobs.js';

const days = (fallback: number) => z.number().int().min(1).max(3650).default(fallback);
const ago = (n: number) => sql<Date>`now() - ${`${n} days`}::interval`;

/**
 * DATA_RETENTION: removes what is no longer of use, each after its own number of days —
 * sessions that expired or were revoked that long ago (their refresh tokens with them), account
 * links (registration, recovery) expired or used that long ago, scheduler runs that ended that
 * long ago, and notices read that long ago. Live sessions, unused valid links, running runs and
 * unread notices are never touched.
 */
export const dataRetentionJob = defineJob({
  code: 'DATA_RETENTION',
  parameters: z
    .object({ sessionDays: days(30), accountLinkDays: days(30), runDays: days(90), readNoticeDays: days(180) })
    .strict(),
  async run(ctx, p, log) {
    const removed: Record<string, number> = {};
    const count = async (name: string, query: { execute(db: typeof ctx.db): Promise<{ numAffectedRows?: bigint }> }) => {
      const result = await query.execute(ctx.db);
      removed[name] = Number(result.numAffectedRows ?? 0);
      log.info(`${name}: ${removed[name]} removed`);
    };
    await count('sessions', sql`delete from sessions where expires_at < ${ago(p.sessionDays)} or revoked_at < ${ago(p.sessionDays)}`);
    await count('account links', sql`delete from account_links where expires_at < ${ago(p.accountLinkDays)} or used_at < ${ago(p.accountLinkDays)}`);
    await count('scheduler runs', sql`delete from scheduler_run where status <> 'RUNNING' and ended_at < ${ago(p.runDays)}`);
    await count('read notices', sql`delete from notice where read_at is not null and read_at < ${ago(p.readNoticeDays)}`);
    return Object.entries(removed)
      .map(([name, n]) => `${name} ${n}`)
      .join(', ');
  },
});
