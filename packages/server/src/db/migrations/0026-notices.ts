import { sql, type Kysely } from 'kysely';

/**
 * Issue 15: in-app notices to users (a movement request changed status), each with the state of
 * the mail that goes with it. A notice is written by a record hook in the transaction of the
 * change; the mail goes out after the commit: `mail_status` PENDING until a drain claims it
 * (`mail_claimed_at`) and sends it (SENT, FAILED), NONE for a user without an email.
 *
 * The message REQUEST_STATUS_CHANGED is new: its Italian and English templates are seeded here
 * with a copy of the mail module's built-in texts as they were when this migration was written
 * (as migration 0018 did for the earlier messages), unless an administrator already wrote one.
 */
const SEEDED: Record<'it' | 'en', { subject: string; body: string; description: string }> = {
  it: {
    subject: 'Circula: richiesta {{code}} – {{status}}',
    body:
      '<p>Buongiorno {{name}},</p>\n<p>la richiesta <b>{{code}}</b> ({{kind}}) è passata allo stato <b>{{status}}</b>.</p>\n' +
      '<ul><li>Punto di prelievo: {{pickupPoint}}</li><li>Data: {{date}}</li>{{#if motivation}}<li>Motivo del rifiuto: {{motivation}}</li>{{/if}}</ul>\n' +
      '<p>Apri la richiesta: <a href="{{link}}">{{link}}</a></p>',
    description:
      "Avviso al richiedente di un cambio di stato di una richiesta di movimentazione. Segnaposto: {{name}} (nome e cognome), {{code}} (codice della richiesta, obbligatorio), {{kind}} (tipo di richiesta), {{status}} (nuovo stato, obbligatorio), {{pickupPoint}} (punto di prelievo), {{date}} (data pianificata, altrimenti data desiderata, gg/mm/aaaa), {{motivation}} (motivo del rifiuto, vuoto se non rifiutata: usare {{#if motivation}}…{{/if}}), {{link}} (la richiesta nell'applicazione), {{baseUrl}}.",
  },
  en: {
    subject: 'Circula: request {{code}} – {{status}}',
    body:
      '<p>Hello {{name}},</p>\n<p>the request <b>{{code}}</b> ({{kind}}) is now <b>{{status}}</b>.</p>\n' +
      '<ul><li>Pickup point: {{pickupPoint}}</li><li>Date: {{date}}</li>{{#if motivation}}<li>Refusal reason: {{motivation}}</li>{{/if}}</ul>\n' +
      '<p>Open the request: <a href="{{link}}">{{link}}</a></p>',
    description:
      'Notice to the requester of a status change of a movement request. Placeholders: {{name}} (full name), {{code}} (request code, required), {{kind}} (request kind), {{status}} (new status, required), {{pickupPoint}} (pickup point), {{date}} (planned date, else wished date, dd/mm/yyyy), {{motivation}} (refusal reason, empty unless refused: use {{#if motivation}}…{{/if}}), {{link}} (the request in the application), {{baseUrl}}.',
  },
};

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table notice (
      id bigint generated always as identity primary key,
      user_id bigint not null references users(id) on delete cascade,
      kind text not null,
      entity text,
      record_id bigint,
      route text,
      title text not null,
      body text,
      data jsonb,
      created_at timestamptz not null default now(),
      read_at timestamptz,
      mail_status text not null default 'NONE' check (mail_status in ('PENDING', 'SENT', 'FAILED', 'NONE')),
      mail_claimed_at timestamptz
    )`.execute(db);
  // a user's notices, unread first by the bell's count, newest first in the list
  await sql`create index notice_user on notice (user_id, read_at, created_at desc)`.execute(db);
  // the drain's queue: only the few notices whose mail is still to send
  await sql`create index notice_mail_pending on notice (id) where mail_status = 'PENDING'`.execute(db);

  for (const lang of ['it', 'en'] as const) {
    const source = SEEDED[lang];
    const { rows } = await sql<{ id: number }>`
      insert into email_template (template, lang, subject, body, description, created_by, updated_by)
      select 'REQUEST_STATUS_CHANGED', ${lang}, ${source.subject}, ${source.body}, ${source.description}, 'system', 'system'
      where not exists (select 1 from email_template where template = 'REQUEST_STATUS_CHANGED' and lang = ${lang} and not deleted)
      returning id`.execute(db);
    const id = rows[0]?.id;
    if (id !== undefined) await sql`update email_template set code = ${`EMT-${String(id).padStart(6, '0')}`} where id = ${id}`.execute(db);
  }
}
