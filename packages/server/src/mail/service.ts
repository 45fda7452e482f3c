import nodemailer, { type Transporter } from 'nodemailer';
import type { Config } from '../config.js';
import type { Db } from '../db/connect.js';
import { renderMail, mailLang, type MailTemplate } from './templates.js';
import { withAccountTables, type AccountsDb } from './tables.js';

export interface MailRequest {
  to: string;
  template: MailTemplate;
  lang: string | null | undefined;
  data: Record<string, unknown>;
  /** Who caused the message (a username), for the record. */
  createdBy?: string | null;
}

export type MailStatus = 'SENT' | 'FAILED' | 'QUEUED';

export interface MailOutcome {
  id: number;
  status: MailStatus;
  error: string | null;
}

interface Logger {
  error(obj: unknown, msg?: string): void;
}

/**
 * Sends the application's messages. With SMTP_URL every message goes through that server and is
 * recorded (recipient, subject, template, status, error; never the body, which may hold a
 * password). Without it nothing leaves the machine: the whole message is kept in the outbox
 * table, where administrators and managers read it.
 */
export class MailService {
  private readonly db: AccountsDb;
  private readonly transport: Transporter | null;

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

  async send(request: MailRequest): Promise<MailOutcome> {
    const lang = mailLang(request.lang);
    const mail = renderMail(request.template, lang, request.data);
    const base = {
      to_address: request.to,
      subject: mail.subject,
      template: request.template,
      lang,
      created_by: request.createdBy ?? null,
    };
    if (!this.transport) {
      const row = await this.db
        .insertInto('mail_outbox')
        .values({ ...base, transport: 'OUTBOX', status: 'QUEUED', error: null, body_text: mail.text, body_html: mail.html })
        .returning('id')
        .executeTakeFirstOrThrow();
      return { id: row.id, status: 'QUEUED', error: null };
    }
    let error: string | null = null;
    try {
      await this.transport.sendMail({ from: this.config.mail.from, to: request.to, subject: mail.subject, text: mail.text, html: mail.html });
    } catch (cause) {
      error = (cause instanceof Error ? cause.message : String(cause)).slice(0, 1000);
      this.log.error({ err: cause, to: request.to, template: request.template }, 'mail not sent');
    }
    const status: MailStatus = error ? 'FAILED' : 'SENT';
    const row = await this.db
      .insertInto('mail_outbox')
      .values({ ...base, transport: 'SMTP', status, error, body_text: null, body_html: null, sent_at: error ? null : new Date() })
      .returning('id')
      .executeTakeFirstOrThrow();
    return { id: row.id, status, error };
  }

  close(): void {
    this.transport?.close();
  }
}
