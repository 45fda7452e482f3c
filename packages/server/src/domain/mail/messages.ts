import { communication, FREE_MESSAGE, type CommunicationSend } from '@circula/model';
import { sql, type Transaction } from 'kysely';
import type { Principal } from '../../auth/users.js';
import type { Db } from '../../db/connect.js';
import type { Database } from '../../db/schema.js';
import { writeHistory, type HistoryChanges } from '../../records/history.js';
import { systemPrincipal } from '../module.js';
import { Drain } from './drain.js';
import { recordCommunication, type MailService } from './service.js';
import { withAccountTables, type AccountsDb, type AccountsTrx } from './tables.js';
import { plainTextHtml } from './templates.js';

interface Logger {
  error(obj: unknown, msg?: string): void;
}

/** A claim older than this is taken as abandoned (its process died while sending) and claimed again. */
const CLAIM_TIMEOUT = '15 minutes';

/** The transaction as the record engine's history sees it (the same connection, without this module's tables). */
const asEngineTrx = (trx: AccountsTrx) => trx as unknown as Transaction<Database>;

/** Who the delivery outcome is written by in a communication's history. */
const DELIVERY = systemPrincipal('mail-delivery');

interface ClaimedMessage {
  id: number;
  to_address: string;
  subject: string;
  body_text: string | null;
  body_html: string | null;
}

/**
 * The messages users write to a subject (issue 20, "Messages"): plain text, sent as written.
 *
 * `queue` writes the outbox row and the subject's communication in one transaction, both QUEUED
 * (with SMTP_URL the outbox row waits for the SMTP server; without it the message stays in the
 * outbox, as every message does). After the commit `deliver` sends it: the outbox row is claimed by
 * one statement (`claimed_at`, rows another drain holds are skipped), handed to the SMTP server
 * through the mail service, and both rows become SENT or FAILED with the server's error, the
 * communication's history saying so. A FAILED one goes back into the queue (`requeue`: the user's
 * "Reinvia", OUTBOX_RETRY for the failures of the last hours) and is sent again the same way: one
 * communication whose status follows its message, never a copy.
 *
 * The body of such a message carries no secret: the outbox keeps it whatever the transport (it is
 * what a resend sends), where the application's own messages keep theirs only without SMTP, masked.
 */
export class CommunicationMailer {
  readonly #drain: Drain;
  private readonly db: AccountsDb;
  /** What this mailer's sends came to (OUTBOX_RETRY's summary). */
  readonly outcomes = { SENT: 0, FAILED: 0 };

  constructor(
    db: Db,
    private readonly mail: MailService,
    private readonly log: Logger = console,
  ) {
    this.db = withAccountTables(db);
    this.#drain = new Drain(() => this.deliverNext(), log, 'messages to subjects not sent');
  }

  /** The message and its communication, QUEUED, in one transaction; their ids. */
  async queue(principal: Principal, message: CommunicationSend): Promise<{ communicationId: number; outboxId: number }> {
    return this.db.transaction().execute(async (trx) => {
      const outbox = await trx
        .insertInto('mail_outbox')
        .values({
          to_address: message.toAddress,
          subject: message.subjectLine,
          template: FREE_MESSAGE,
          lang: message.lang,
          transport: this.mail.usesSmtp ? 'SMTP' : 'OUTBOX',
          status: 'QUEUED',
          error: null,
          body_text: message.body,
          body_html: plainTextHtml(message.body),
          created_by: principal.username,
          recipient_user_id: null,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const outboxId = Number(outbox.id);
      const communicationId = await recordCommunication(trx, {
        subjectId: message.subject,
        to: message.toAddress,
        subjectLine: message.subjectLine,
        template: FREE_MESSAGE,
        lang: message.lang,
        status: 'QUEUED',
        error: null,
        sentAt: null,
        outboxId,
        by: principal.username,
        body: message.body,
        authorId: principal.userId,
      });
      const code = await sql<{ code: string }>`select code from communication where id = ${communicationId}`.execute(trx);
      await writeHistory(asEngineTrx(trx), principal, {
        entity: communication.name,
        recordId: communicationId,
        version: 1,
        action: 'CREATE',
        changes: {
          code: [null, code.rows[0]!.code],
          status: [null, 'QUEUED'],
          subject: [null, message.subject],
          toAddress: [null, message.toAddress],
          subjectLine: [null, message.subjectLine],
          body: [null, message.body],
          template: [null, FREE_MESSAGE],
          lang: [null, message.lang],
          outboxId: [null, outboxId],
        },
      });
      return { communicationId, outboxId };
    });
  }

  /**
   * Sends the queued message `outboxId` now (tracked: the mail service's flush() waits for it);
   * nothing when it is not waiting for the SMTP server, or another drain holds it.
   */
  deliver(outboxId: number): Promise<void> {
    return this.mail.track(
      (async () => {
        const claimed = await this.claim(outboxId);
        if (claimed) await this.send(claimed);
      })(),
    );
  }

  /**
   * Puts a FAILED message back in the queue (the transport of now: SMTP, or the outbox without it),
   * its communication QUEUED again; false when it is not a failed message to a subject.
   */
  async requeue(principal: Principal, communicationId: number): Promise<{ outboxId: number } | null> {
    return this.db.transaction().execute(async (trx) => {
      const { rows } = await sql<{ id: number; version: number; outbox_id: number; error: string | null }>`
        select c.id, c.version, c.outbox_id, c.error from communication c join mail_outbox o on o.id = c.outbox_id
        where c.id = ${communicationId} and c.status = 'FAILED' and c.template = ${FREE_MESSAGE} and not c.deleted
          and o.status = 'FAILED' and o.body_text is not null
        for update of c, o`.execute(trx);
      const current = rows[0];
      if (!current) return null;
      const outboxId = Number(current.outbox_id);
      await sql`
        update communication set status = 'QUEUED', error = null, version = version + 1, updated_at = now(), updated_by = ${principal.username}
        where id = ${communicationId}`.execute(trx);
      await trx
        .updateTable('mail_outbox')
        .set({ status: 'QUEUED', error: null, claimed_at: null, sent_at: null, transport: this.mail.usesSmtp ? 'SMTP' : 'OUTBOX' })
        .where('id', '=', outboxId)
        .execute();
      const changes: HistoryChanges = { status: ['FAILED', 'QUEUED'] };
      if (current.error !== null) changes.error = [current.error, null];
      await this.historyOf(trx, principal, communicationId, Number(current.version) + 1, changes);
      return { outboxId };
    });
  }

  /** OUTBOX_RETRY: the messages to subjects that FAILED within the last `hours` hours back in the queue; how many. */
  async requeueFailed(hours: number): Promise<number> {
    if (hours <= 0 || !this.mail.usesSmtp) return 0;
    const { rows } = await sql<{ id: number }>`
      select c.id from communication c join mail_outbox o on o.id = c.outbox_id
      where c.status = 'FAILED' and c.template = ${FREE_MESSAGE} and not c.deleted and o.status = 'FAILED' and o.body_text is not null
        and o.created_at > now() - ${`${hours} hours`}::interval
      order by c.id`.execute(this.db);
    let requeued = 0;
    for (const row of rows) if (await this.requeue(DELIVERY, Number(row.id))) requeued += 1;
    return requeued;
  }

  /** Sends every queued message (one drain at a time in this process; never throws). */
  kick(): Promise<void> {
    return this.mail.track(this.#drain.kick());
  }

  idle(): Promise<void> {
    return this.#drain.idle();
  }

  /** Claims and sends the next queued message; false when none is waiting. */
  private async deliverNext(): Promise<boolean> {
    const claimed = await this.claim(null);
    if (!claimed) return false;
    await this.send(claimed);
    return true;
  }

  /** Takes one queued message to send by SMTP (that one, or the oldest), unless another drain holds it. */
  private async claim(outboxId: number | null): Promise<ClaimedMessage | null> {
    if (!this.mail.usesSmtp) return null;
    const { rows } = await sql<ClaimedMessage>`
      update mail_outbox set claimed_at = now()
      where id = (
        select id from mail_outbox
        where status = 'QUEUED' and transport = 'SMTP' and template = ${FREE_MESSAGE}
          ${outboxId === null ? sql`` : sql`and id = ${outboxId}`}
          and (claimed_at is null or claimed_at < now() - ${CLAIM_TIMEOUT}::interval)
        order by id limit 1 for update skip locked)
      returning id, to_address, subject, body_text, body_html`.execute(this.db);
    return rows[0] ?? null;
  }

  /** Hands the message to the SMTP server, then writes the outcome on both rows (and the communication's history). */
  private async send(message: ClaimedMessage): Promise<void> {
    const text = message.body_text ?? '';
    const outcome = await this.mail.transmit(message.to_address, { subject: message.subject, text, html: message.body_html ?? plainTextHtml(text) }, { template: FREE_MESSAGE });
    this.outcomes[outcome.status] += 1;
    const sentAt = outcome.status === 'SENT' ? new Date() : null;
    await this.db.transaction().execute(async (trx) => {
      await trx
        .updateTable('mail_outbox')
        .set({ status: outcome.status, error: outcome.error, sent_at: sentAt, claimed_at: null })
        .where('id', '=', Number(message.id))
        .execute();
      const { rows } = await sql<{ id: number; version: number }>`
        update communication set status = ${outcome.status}, error = ${outcome.error}, sent_at = ${sentAt},
          version = version + 1, updated_at = now(), updated_by = ${DELIVERY.username}
        where outbox_id = ${Number(message.id)} and template = ${FREE_MESSAGE}
        returning id, version`.execute(trx);
      for (const row of rows) {
        const changes: HistoryChanges = { status: ['QUEUED', outcome.status] };
        if (outcome.error !== null) changes.error = [null, outcome.error];
        if (sentAt) changes.sentAt = [null, sentAt.toISOString()];
        await this.historyOf(trx, DELIVERY, Number(row.id), Number(row.version), changes);
      }
    });
  }

  private historyOf(trx: AccountsTrx, principal: Principal, id: number, version: number, changes: HistoryChanges): Promise<void> {
    return writeHistory(asEngineTrx(trx), principal, { entity: communication.name, recordId: id, version, action: 'TRANSITION', changes });
  }
}
