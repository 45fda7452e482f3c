import { alboAuthorisation, columnName, tableName, todayInItaly, vehicle, warehouse, type EntityDefinition } from '@circula/model';
import { sql, type RawBuilder } from 'kysely';
import { z } from 'zod';
import { defineJob, type JobLog } from '../../scheduler/jobs.js';
import type { Db } from '../../db/connect.js';
import { CommunicationMailer } from '../mail/messages.js';
import type { MailService } from '../mail/service.js';
import type { MailLang } from '../mail/templates.js';
import { NoticeMailer } from './mailer.js';
import { ddmmyyyy, notifyOnce, readersOf } from './notify.js';
import { withNoticeTables } from './tables.js';

export const DEADLINE_REMINDER = 'DEADLINE_REMINDER';

/** A deadline DEADLINE_REMINDERS watches: an entity's date field, the column that names the record, which records count. */
interface DeadlineSource {
  entity: EntityDefinition;
  field: string;
  /** What names the record in the notice (an enrolment's number, a plate, a warehouse's name). */
  labelColumn: string;
  what: Record<MailLang, string>;
  /** Records whose deadline no longer matters (a cancelled enrolment, a vehicle no longer ADR equipped). */
  where?: RawBuilder<unknown>;
}

const DEADLINES: readonly DeadlineSource[] = [
  { entity: alboAuthorisation, field: 'expiry', labelColumn: 'number', what: { it: 'Iscrizione Albo', en: 'Albo enrolment' }, where: sql`status <> 'REVOKED'` },
  { entity: vehicle, field: 'adrExpiry', labelColumn: 'plate', what: { it: 'Certificato ADR del veicolo', en: 'ADR certificate of vehicle' }, where: sql`adr` },
  { entity: warehouse, field: 'authorisationExpiry', labelColumn: 'name', what: { it: 'Autorizzazione di', en: 'Authorisation of' } },
];

/** The reminder of one record's deadline: expiring (within the window) or expired. */
export function deadlineText(what: string, label: string, date: string, expired: boolean, lang: MailLang): { title: string; body: string } {
  const it = lang === 'it';
  const title = `${what} ${label}: ${expired ? (it ? 'scaduta il' : 'expired on') : it ? 'scade il' : 'expires on'} ${ddmmyyyy(date)}`;
  const body = expired
    ? it ? 'La scadenza è passata: rinnovare o aggiornare il dato.' : 'The deadline has passed: renew it or update the record.'
    : it ? 'Scadenza vicina: avviare il rinnovo.' : 'The deadline is near: start the renewal.';
  return { title, body };
}

/**
 * DEADLINE_REMINDERS: Albo enrolments, ADR certificates of vehicles and warehouses'
 * authorisations that expire within `days` days or have expired (not deleted; not a cancelled
 * enrolment, not a vehicle no longer ADR equipped) → a notice per record to the staff users who
 * may read its area (and administrators). One notice per record, deadline and stage — "expiring",
 * then "expired" — whatever the number of runs: a changed deadline is told anew.
 */
export const deadlineRemindersJob = defineJob({
  code: 'DEADLINE_REMINDERS',
  parameters: z.object({ days: z.number().int().min(0).max(365).default(30) }).strict(),
  async run(ctx, params, log: JobLog) {
    const today = todayInItaly(ctx.now);
    let written = 0;
    let records = 0;
    for (const source of DEADLINES) {
      const column = sql.ref(columnName(source.field));
      const { rows } = await sql<{ id: number; label: string | null; code: string | null; deadline: string }>`
        select id, ${sql.ref(source.labelColumn)}::text as label, code, to_char(${column}, 'YYYY-MM-DD') as deadline
        from ${sql.table(tableName(source.entity))}
        where not deleted and ${column} is not null and ${column} <= ${today}::date + ${params.days}::integer
          ${source.where ? sql`and ${source.where}` : sql``}
        order by ${column}, id`.execute(ctx.db);
      if (rows.length === 0) continue;
      const readers = await readersOf(ctx.db, source.entity.authority!);
      for (const row of rows) {
        const expired = row.deadline < today;
        const label = row.label ?? row.code ?? String(row.id);
        records += 1;
        written += await notifyOnce(ctx.db, readers, {
          kind: DEADLINE_REMINDER,
          entity: source.entity.name,
          recordId: Number(row.id),
          route: source.entity.route,
          dedupeKey: `${DEADLINE_REMINDER}:${source.entity.name}:${row.id}:${source.field}:${row.deadline}:${expired ? 'EXPIRED' : 'EXPIRING'}`,
          text: (lang) => deadlineText(source.what[lang], label, row.deadline, expired, lang),
          data: { field: source.field, deadline: row.deadline, expired },
        });
      }
      log.info(`${source.entity.name}: ${rows.length} deadline(s) within ${params.days} days or past`);
    }
    return `${records} deadline(s), ${written} new notice(s)`;
  },
});

/**
 * OUTBOX_RETRY: mails the notices whose mail is still to send (queued by a process that stopped
 * before sending, or claimed by one that died) through the notices' drain, after putting back in
 * the queue the ones that FAILED within the last `retryFailedHours` hours (0: none); then the same
 * for the messages users wrote to subjects (mail/messages.ts), whose communications follow.
 */
export const outboxRetryJob = defineJob({
  code: 'OUTBOX_RETRY',
  parameters: z.object({ retryFailedHours: z.number().int().min(0).max(24 * 30).default(24) }).strict(),
  async run(ctx, params, log) {
    const ndb = withNoticeTables(ctx.db);
    if (params.retryFailedHours > 0) {
      const requeued = await ndb
        .updateTable('notice')
        .set({ mail_status: 'PENDING', mail_claimed_at: null })
        .where('mail_status', '=', 'FAILED')
        .where('created_at', '>', sql<Date>`now() - ${`${params.retryFailedHours} hours`}::interval`)
        .executeTakeFirst();
      log.info(`${Number(requeued.numUpdatedRows)} failed mail(s) queued again`);
    }
    const pending = async () =>
      Number((await ndb.selectFrom('notice').select((eb) => eb.fn.countAll<number>().as('n')).where('mail_status', '=', 'PENDING').executeTakeFirstOrThrow()).n);
    const before = await pending();
    let failures = 0;
    const mailer = new NoticeMailer(ctx.db, ctx.mail, {
      error: (obj: unknown, msg?: string) => {
        failures += 1;
        log.warn(msg ?? String(obj));
      },
    });
    await mailer.kick();
    const after = await pending();
    const messages = await retryMessages(ctx.db, ctx.mail, params.retryFailedHours, log);
    if (failures + messages.failures > 0) throw new Error(`${failures + messages.failures} mail(s) not sent`);
    return `${before - after} of ${before} queued mail(s) handled; ${messages.sent} of ${messages.queued} message(s) to subjects sent`;
  },
});

/** The messages to subjects that failed in the last `hours` hours queued again, then every queued one sent. */
async function retryMessages(db: Db, mail: MailService, hours: number, log: JobLog): Promise<{ queued: number; sent: number; failures: number }> {
  const messages = new CommunicationMailer(db, mail, { error: (_obj: unknown, msg?: string) => log.warn(msg ?? 'messages to subjects not sent') });
  const requeued = await messages.requeueFailed(hours);
  if (requeued > 0) log.info(`${requeued} failed message(s) to subjects queued again`);
  await messages.kick();
  const { SENT: sent, FAILED: failures } = messages.outcomes;
  if (sent + failures > 0) log.info(`messages to subjects: ${sent} sent, ${failures} failed`);
  return { queued: sent + failures, sent, failures };
}
