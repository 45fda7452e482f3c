import { sql } from 'kysely';
import nodemailer, { type Transporter } from 'nodemailer';
import { fullName } from '../../auth/users.js';
import type { Config } from '../../config.js';
import type { Db } from '../../db/connect.js';
import type { UserRow } from '../../db/schema.js';
import { renderBuiltIn, renderSource, mailLang, TEMPLATE_CONTRACTS, type MailLang, type MailTemplate, type RenderedMail } from './templates.js';
import { withAccountTables, type AccountsDb, type AccountsTrx } from './tables.js';

export interface MailRequest {
  to: string;
  template: MailTemplate;
  lang: string | null | undefined;
  data: Record<string, unknown>;
  /** Who caused the message (a username), for the record. */
  createdBy?: string | null;
  /** The subject the recipient is: the message is also recorded among the subject's communications. */
  subjectId?: number | null;
  /** The user the message is for: the only one who may read its secrets in the outbox. */
  recipientUserId?: number | null;
}

/** What the outbox shows in place of a secret to anyone but its recipient. */
export const MASKED_SECRET = '••••••••';

export type MailStatus = 'SENT' | 'FAILED' | 'QUEUED';

export interface MailOutcome {
  id: number;
  status: MailStatus;
  error: string | null;
  /** The communication recorded for the recipient subject, if any. */
  communicationId: number | null;
}

/** The user columns a message to a user needs. */
export type MailUser = Pick<UserRow, 'id' | 'username' | 'email' | 'first_name' | 'last_name' | 'lang' | 'subject_id'>;

interface Logger {
  error(obj: unknown, msg?: string): void;
}

/**
 * Sends the application's messages, rendered from the `email-template` records (the built-in
 * text when a record is missing, or when a stored one cannot be rendered). With SMTP_URL every
 * message goes through that server and is recorded (recipient, subject, template, status, error;
 * never the body, which may hold a password). Without it nothing leaves the machine: the whole
 * message is kept in the outbox table, where administrators and managers read it with its secrets
 * masked: a link or a password meant for one user is shown to that user alone. A message to a
 * subject is also recorded as a `communication`, in the same transaction as the outbox row.
 */
export class MailService {
  private readonly db: AccountsDb;
  private readonly transport: Transporter | null;
  /** Sends (and work that will send) not settled yet: what flush() waits for. */
  private readonly pending = new Set<Promise<void>>();

  constructor(
    db: Db,
    private readonly config: Config,
    private readonly log: Logger = console,
  ) {
    this.db = withAccountTables(db);
    this.transport = config.mail.smtpUrl ? nodemailer.createTransport(config.mail.smtpUrl) : null;
  }

  get usesSmtp(): boolean {
    return this.transport !== null;
  }

  private get baseUrl(): string {
    return this.config.baseUrl.replace(/\/+$/, '');
  }

  /** The stored template of a message in a language, rendered; the built-in one without it. */
  async render(template: MailTemplate, lang: MailLang, data: Record<string, unknown>): Promise<RenderedMail> {
    const values = { baseUrl: this.baseUrl, ...data };
    const { rows } = await sql<{ id: number; subject: string; body: string }>`
      select id, subject, body from email_template
      where template = ${template} and lang = ${lang} and not deleted
      order by id limit 1`.execute(this.db);
    const stored = rows[0];
    if (stored) {
      try {
        return renderSource(stored, values);
      } catch (error) {
        // the hooks validate every template saved: this is a template written around them
        this.log.error({ err: error, template, lang, templateId: stored.id }, 'email template not rendered: built-in text used');
      }
    }
    return renderBuiltIn(template, lang, values);
  }

  /**
   * Keeps count of work that sends mail after the request that started it has been answered (a
   * recovery link goes out after the answer, so that its duration tells nothing): flush() and
   * close() wait for it. Returns the same promise.
   */
  track<T>(work: Promise<T>): Promise<T> {
    const settled = work.then(
      () => undefined,
      () => undefined,
    );
    this.pending.add(settled);
    void settled.then(() => this.pending.delete(settled));
    return work;
  }

  /**
   * Resolves once every message asked for so far has been handed to the SMTP server (or kept in
   * the outbox) or has failed, including work tracked with track(). What is sent meanwhile is
   * waited for too. After it, a message that did not arrive will not arrive.
   */
  async flush(): Promise<void> {
    while (this.pending.size > 0) await Promise.all(this.pending);
  }

  send(request: MailRequest): Promise<MailOutcome> {
    return this.track(this.deliver(request));
  }

  private async deliver(request: MailRequest): Promise<MailOutcome> {
    const lang = mailLang(request.lang);
    const mail = await this.render(request.template, lang, request.data);
    const base = {
      to_address: request.to,
      subject: mail.subject,
      template: request.template,
      lang,
      created_by: request.createdBy ?? null,
    };
    let status: MailStatus = 'QUEUED';
    let error: string | null = null;
    if (this.transport) ({ status, error } = await this.transmit(request.to, mail, { template: request.template }));
    const sentAt = status === 'SENT' ? new Date() : null;
    const kept = this.transport ? null : await this.keptBodies(request, lang, mail);
    return this.db.transaction().execute(async (trx) => {
      const row = await trx
        .insertInto('mail_outbox')
        .values(
          kept
            ? { ...base, transport: 'OUTBOX', status, error: null, ...kept, recipient_user_id: request.recipientUserId ?? null }
            : { ...base, transport: 'SMTP', status, error, body_text: null, body_html: null, sent_at: sentAt },
        )
        .returning('id')
        .executeTakeFirstOrThrow();
      const communicationId =
        request.subjectId != null
          ? await recordCommunication(trx, {
              subjectId: request.subjectId,
              to: request.to,
              subjectLine: mail.subject,
              template: request.template,
              lang,
              status,
              error,
              sentAt,
              outboxId: row.id,
              by: request.createdBy ?? null,
            })
          : null;
      return { id: row.id, status, error, communicationId };
    });
  }

  /**
   * Hands one rendered message to the SMTP server: SENT once the server accepted it, FAILED with the
   * error (the server's answer, or why it could not be reached) otherwise. Only with SMTP_URL.
   */
  async transmit(to: string, mail: RenderedMail, context: Record<string, unknown> = {}): Promise<{ status: 'SENT' | 'FAILED'; error: string | null }> {
    if (!this.transport) throw new Error('no SMTP server configured');
    try {
      await this.transport.sendMail({ from: this.config.mail.from, to, subject: mail.subject, text: mail.text, html: mail.html });
      return { status: 'SENT', error: null };
    } catch (cause) {
      this.log.error({ err: cause, to, ...context }, 'mail not sent');
      return { status: 'FAILED', error: (cause instanceof Error ? cause.message : String(cause)).slice(0, 1000) };
    }
  }

  /**
   * The bodies an outbox row keeps: the message as anyone may read it (its secrets — a link that
   * opens an account, a password — masked), and the whole message for its recipient alone.
   */
  private async keptBodies(request: MailRequest, lang: MailLang, mail: RenderedMail) {
    const secrets = TEMPLATE_CONTRACTS[request.template].secrets.filter((key) => request.data[key] != null);
    if (secrets.length === 0) return { body_text: mail.text, body_html: mail.html, secret_text: null, secret_html: null };
    const masked = await this.render(request.template, lang, { ...request.data, ...Object.fromEntries(secrets.map((key) => [key, MASKED_SECRET])) });
    return { body_text: masked.text, body_html: masked.html, secret_text: mail.text, secret_html: mail.html };
  }

  /** The subject a user is: the one the user row names, else one linked to the user. */
  async subjectOf(user: Pick<MailUser, 'id' | 'subject_id'>): Promise<number | null> {
    if (user.subject_id != null) return user.subject_id;
    const { rows } = await sql<{ id: number }>`
      select id from subject where user_id = ${user.id} and not deleted order by id limit 1`.execute(this.db);
    return rows[0]?.id ?? null;
  }

  /** The TEMPORARY_PASSWORD message to a user (who must have an email). */
  async sendTemporaryPassword(user: MailUser, password: string, options: { lang?: string | null; createdBy?: string | null } = {}): Promise<MailOutcome> {
    if (!user.email) throw new Error(`user ${user.id} has no email`);
    return this.send({
      to: user.email,
      template: 'TEMPORARY_PASSWORD',
      lang: options.lang ?? user.lang,
      data: { name: fullName(user), username: user.username, password, loginUrl: `${this.baseUrl}/login` },
      createdBy: options.createdBy ?? null,
      subjectId: await this.subjectOf(user),
      recipientUserId: user.id,
    });
  }

  /**
   * The PRIVACY_CHANGED notice to a user: which privacy documents changed (their titles), to read
   * and accept at the next sign-in. Null when the user does not exist, is disabled or has no email.
   */
  async sendPrivacyChanged(userId: number, documents: string[], options: { createdBy?: string | null } = {}): Promise<MailOutcome | null> {
    const user = await this.db.selectFrom('users').selectAll().where('id', '=', userId).executeTakeFirst();
    if (!user || !user.enabled || !user.email) return null;
    return this.send({
      to: user.email,
      template: 'PRIVACY_CHANGED',
      lang: user.lang,
      data: { name: fullName(user), username: user.username, loginUrl: `${this.baseUrl}/login`, documents },
      createdBy: options.createdBy ?? null,
      subjectId: await this.subjectOf(user),
    });
  }

  /**
   * The REQUEST_STATUS_CHANGED notice to a user (who must have an email): a movement request
   * changed status. `values` are the texts in the user's language (kind, status, pickup point,
   * date, refusal motivation); the link opens the request at `/{route}/{id}`. Recorded among the
   * communications of `subjectId` (the requester).
   */
  async sendRequestStatusChanged(
    user: MailUser,
    request: { id: number; route: string; code: string; kind: string; status: string; pickupPoint: string; date: string; motivation: string },
    options: { subjectId?: number | null; createdBy?: string | null } = {},
  ): Promise<MailOutcome> {
    if (!user.email) throw new Error(`user ${user.id} has no email`);
    const { id, route, ...texts } = request;
    return this.send({
      to: user.email,
      template: 'REQUEST_STATUS_CHANGED',
      lang: user.lang,
      data: { name: fullName(user), ...texts, link: `${this.baseUrl}/${route}/${id}` },
      createdBy: options.createdBy ?? null,
      subjectId: options.subjectId !== undefined ? options.subjectId : await this.subjectOf(user),
      recipientUserId: user.id,
    });
  }

  /** Waits for the messages under way, then closes the SMTP connections. */
  async close(): Promise<void> {
    await this.flush();
    this.transport?.close();
  }
}

/**
 * One communication row, with the record columns the record engine would write (code included).
 * `body`: only a message a user wrote (messages.ts); the application's own messages keep none.
 */
export async function recordCommunication(
  trx: AccountsTrx,
  values: {
    subjectId: number;
    to: string;
    subjectLine: string;
    template: string;
    lang: string;
    status: MailStatus;
    error: string | null;
    sentAt: Date | null;
    outboxId: number;
    by: string | null;
    body?: string | null;
    authorId?: number | null;
  },
): Promise<number> {
  const by = values.by ?? 'system';
  const { rows } = await sql<{ id: number }>`
    insert into communication (status, subject, to_address, subject_line, template, lang, error, sent_at, outbox_id, body, author_id, created_by, updated_by)
    values (${values.status}, ${values.subjectId}, ${values.to.slice(0, 320)}, ${values.subjectLine.slice(0, 1000)}, ${values.template},
      ${values.lang}, ${values.error}, ${values.sentAt}, ${values.outboxId}, ${values.body ?? null}, ${values.authorId ?? null}, ${by}, ${by})
    returning id`.execute(trx);
  const id = rows[0]!.id;
  await sql`update communication set code = ${`COM-${String(id).padStart(6, '0')}`} where id = ${id}`.execute(trx);
  return id;
}
