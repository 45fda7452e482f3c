import { sql } from 'kysely';
import { Drain } from '../mail/drain.js';
import type { Db } from '../../db/connect.js';
import type { MailService } from '../mail/service.js';
import { localised } from './service.js';

interface Logger {
  error(obj: unknown, msg?: string): void;
}

interface ClaimedNotice {
  id: number;
  privacy_id: number;
  revision: number;
  requested_by: string | null;
}

/**
 * Mails the PRIVACY_CHANGED notice of each new revision of a privacy definition (queued in
 * `privacy_notice` by the privacy hooks, in the revision's transaction) to every enabled user with
 * an email who is in the definition's audience (its roles; empty = everyone), in the user's
 * language. Only a definition that will be asked after sign-in is announced: active, mandatory,
 * not deleted, and still at that revision (a later one has a notice of its own).
 *
 * A notice is claimed by one statement (sent_at set) before its mails go out, so two drains,
 * in this process or in another app server, never mail it twice. Each message goes through the
 * mail service: by SMTP, or into the outbox when SMTP is not configured.
 */
export class PrivacyNotices {
  readonly #drain: Drain;

  constructor(
    private readonly db: Db,
    private readonly mail: MailService,
    private readonly log: Logger = console,
  ) {
    this.#drain = new Drain(() => this.drainOne(), log, 'privacy change notices not sent');
  }

  /** Starts a drain (or asks the running one to look again); never throws. */
  kick(): Promise<void> {
    return this.#drain.kick();
  }

  /** Resolves when no drain is running (shutdown, tests). */
  idle(): Promise<void> {
    return this.#drain.idle();
  }

  /** Claims and mails one pending notice; false when none is pending. */
  private async drainOne(): Promise<boolean> {
    const { rows } = await sql<ClaimedNotice>`
      update privacy_notice set sent_at = now()
      where id = (select id from privacy_notice where sent_at is null order by id limit 1 for update skip locked)
      returning id, privacy_id, revision, requested_by`.execute(this.db);
    const notice = rows[0];
    if (!notice) return false;
    let sent = 0;
    for (const recipient of await this.recipients(notice)) {
      const outcome = await this.mail.sendPrivacyChanged(recipient.id, [localised(recipient.label, recipient.lang, recipient.code ?? String(notice.privacy_id))], {
        createdBy: notice.requested_by,
      });
      if (outcome) sent += 1;
    }
    await sql`update privacy_notice set recipients = ${sent} where id = ${notice.id}`.execute(this.db);
    return true;
  }

  private async recipients(notice: ClaimedNotice) {
    const { rows } = await sql<{ id: number; lang: string | null; label: Record<string, string> | null; code: string | null }>`
      select u.id, u.lang, d.label, d.code
      from privacy_definition d
      join users u on u.enabled and coalesce(trim(u.email), '') <> ''
      where d.id = ${notice.privacy_id} and d.revision = ${notice.revision}
        and not d.deleted and d.active and d.mandatory
        and (coalesce(cardinality(d.audience), 0) = 0 or exists (
          select 1 from user_groups ug join group_authorities ga on ga.group_id = ug.group_id
          where ug.user_id = u.id and ga.authority_code = any(d.audience)))
      order by u.id`.execute(this.db);
    return rows.map((r) => ({ ...r, id: Number(r.id) }));
  }
}
