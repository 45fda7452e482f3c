import { sql } from 'kysely';
import { Drain } from '../mail/drain.js';
import type { Db } from '../../db/connect.js';
import type { MailService } from '../mail/service.js';
import { REQUEST_STATUS_CHANGED } from './hooks.js';
import { withNoticeTables, type NoticeMailStatus, type NoticesDb } from './tables.js';

interface Logger {
  error(obj: unknown, msg?: string): void;
}

interface ClaimedNotice {
  id: number;
  user_id: number;
  kind: string;
  record_id: number | null;
  route: string | null;
  data: Record<string, unknown> | null;
}

/** A claim older than this is taken as abandoned (its process died while sending) and claimed again. */
const CLAIM_TIMEOUT = '15 minutes';

const text = (value: unknown) => (typeof value === 'string' ? value : '');

/**
 * Mails the notices whose mail is PENDING (queued by the notice hooks in the transaction of the
 * change), one by one, through the mail service (SMTP, or the outbox without it), recorded among
 * the communications of the request's requester; then marks each SENT or FAILED.
 *
 * A notice is claimed by one statement (`mail_claimed_at` set, the row skipped by any other drain
 * that holds it locked) before its mail goes out, so two drains, in this process or in another
 * app server, never mail it twice; a claim a dead process left behind is taken again after
 * CLAIM_TIMEOUT. Started after every successful write that may have queued a notice and at start.
 */
export class NoticeMailer {
  readonly #drain: Drain;
  private readonly db: NoticesDb;

  constructor(
    db: Db,
    private readonly mail: MailService,
    private readonly log: Logger = console,
  ) {
    this.db = withNoticeTables(db);
    this.#drain = new Drain(() => this.drainOne(), log, 'notice mails not sent');
  }

  /** Starts a drain (or asks the running one to look again); never throws. */
  kick(): Promise<void> {
    // the mail service's flush() (tests, shutdown) waits for the drain too
    return this.mail.track(this.#drain.kick());
  }

  /** Resolves when no drain is running (shutdown, tests). */
  idle(): Promise<void> {
    return this.#drain.idle();
  }

  /** Claims and mails one pending notice; false when none is pending. */
  private async drainOne(): Promise<boolean> {
    const { rows } = await sql<ClaimedNotice>`
      update notice set mail_claimed_at = now()
      where id = (
        select id from notice
        where mail_status = 'PENDING' and (mail_claimed_at is null or mail_claimed_at < now() - ${CLAIM_TIMEOUT}::interval)
        order by id limit 1 for update skip locked)
      returning id, user_id, kind, record_id, route, data`.execute(this.db);
    const notice = rows[0];
    if (!notice) return false;
    let status: NoticeMailStatus;
    try {
      status = await this.send({ ...notice, id: Number(notice.id), user_id: Number(notice.user_id) });
    } catch (error) {
      this.log.error({ err: error, notice: notice.id }, 'notice mail not sent');
      status = 'FAILED';
    }
    await this.db.updateTable('notice').set({ mail_status: status }).where('id', '=', Number(notice.id)).execute();
    return true;
  }

  private async send(notice: ClaimedNotice): Promise<NoticeMailStatus> {
    const user = await this.db.selectFrom('users').selectAll().where('id', '=', notice.user_id).executeTakeFirst();
    // disabled, or without an email since the notice was written: nobody to mail
    if (!user || !user.enabled || !user.email?.trim()) return 'NONE';
    if (notice.kind !== REQUEST_STATUS_CHANGED || notice.record_id === null) return 'NONE';
    const data = notice.data ?? {};
    const requester = typeof data.requester === 'number' ? data.requester : null;
    const outcome = await this.mail.sendRequestStatusChanged(
      { ...user, email: user.email.trim() },
      {
        id: Number(notice.record_id),
        route: notice.route ?? 'movement-requests',
        code: text(data.code),
        kind: text(data.kind),
        status: text(data.status),
        pickupPoint: text(data.pickupPoint),
        date: text(data.date),
        motivation: text(data.motivation),
      },
      { subjectId: requester, createdBy: typeof data.by === 'string' ? data.by : null },
    );
    return outcome.status === 'FAILED' ? 'FAILED' : 'SENT';
  }
}
