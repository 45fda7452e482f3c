import { sql, type Kysely } from 'kysely';
import { createRecordTableV2 } from '../record-table.js';

/**
 * Email templates (editable texts of the messages the application sends) and communications (the
 * messages sent to subjects). The Italian and English templates of every message are seeded with
 * the texts below: a copy of the mail module's built-in texts as they were when this migration was
 * written, so that it seeds the same rows forever whatever the module becomes. A message added
 * later comes with a migration of its own.
 */
const SEEDED: Record<string, Record<'it' | 'en', { subject: string; body: string; description: string }>> = {
  "REGISTRATION_LINK": {
    "it": {
      "subject": "Circula: completa la tua registrazione",
      "body": "<p>Buongiorno,</p>\n<p>sei stato invitato a registrarti su Circula come collaboratore. Apri questo link per completare la registrazione:</p>\n<p><a href=\"{{link}}\">{{link}}</a></p>\n<p>Il link vale una sola volta e scade il {{expiresAt}}.<br>Se non ti aspettavi questo messaggio, puoi ignorarlo.</p>",
      "description": "Invito a registrarsi come collaboratore. Segnaposto: {{link}} (il link di registrazione, obbligatorio), {{expiresAt}} (scadenza del link), {{baseUrl}} (indirizzo dell'applicazione)."
    },
    "en": {
      "subject": "Circula: complete your registration",
      "body": "<p>Hello,</p>\n<p>you have been invited to register on Circula as a collaborator. Open this link to complete your registration:</p>\n<p><a href=\"{{link}}\">{{link}}</a></p>\n<p>The link works once and expires on {{expiresAt}}.<br>If you did not expect this message, you can ignore it.</p>",
      "description": "Invitation to register as a collaborator. Placeholders: {{link}} (the registration link, required), {{expiresAt}} (when the link expires), {{baseUrl}} (address of the application)."
    }
  },
  "RECOVER_PASSWORD_LINK": {
    "it": {
      "subject": "Circula: recupero della password",
      "body": "<p>Buongiorno {{name}},</p>\n<p>abbiamo ricevuto una richiesta di recupero della password dell'utente <b>{{username}}</b>. Apri questo link per ricevere una password temporanea:</p>\n<p><a href=\"{{link}}\">{{link}}</a></p>\n<p>Il link vale una sola volta e scade il {{expiresAt}}.<br>Se non hai chiesto tu il recupero, ignora questo messaggio: la tua password resta invariata.</p>",
      "description": "Link per il recupero della password. Segnaposto: {{name}} (nome e cognome), {{username}}, {{link}} (il link di recupero, obbligatorio), {{expiresAt}}, {{baseUrl}}."
    },
    "en": {
      "subject": "Circula: password recovery",
      "body": "<p>Hello {{name}},</p>\n<p>we received a request to recover the password of the user <b>{{username}}</b>. Open this link to receive a temporary password:</p>\n<p><a href=\"{{link}}\">{{link}}</a></p>\n<p>The link works once and expires on {{expiresAt}}.<br>If you did not ask for it, ignore this message: your password stays as it is.</p>",
      "description": "Password recovery link. Placeholders: {{name}} (full name), {{username}}, {{link}} (the recovery link, required), {{expiresAt}}, {{baseUrl}}."
    }
  },
  "TEMPORARY_PASSWORD": {
    "it": {
      "subject": "Circula: la tua password temporanea",
      "body": "<p>Buongiorno {{name}},</p>\n<p>la password temporanea dell'utente <b>{{username}}</b> è:<br>\n<code>{{password}}</code></p>\n<p>Accedi da <a href=\"{{loginUrl}}\">{{loginUrl}}</a>: ti sarà chiesto subito di sceglierne una nuova.</p>",
      "description": "Password temporanea, già scaduta: al primo accesso va cambiata. Segnaposto: {{name}}, {{username}}, {{password}} (obbligatorio), {{loginUrl}} (pagina di accesso), {{baseUrl}}."
    },
    "en": {
      "subject": "Circula: your temporary password",
      "body": "<p>Hello {{name}},</p>\n<p>the temporary password of the user <b>{{username}}</b> is:<br>\n<code>{{password}}</code></p>\n<p>Sign in at <a href=\"{{loginUrl}}\">{{loginUrl}}</a>: you will be asked to choose a new one straight away.</p>",
      "description": "Temporary password, already expired: it must be changed at the first sign-in. Placeholders: {{name}}, {{username}}, {{password}} (required), {{loginUrl}} (sign-in page), {{baseUrl}}."
    }
  },
  "PRIVACY_CHANGED": {
    "it": {
      "subject": "Circula: documenti sulla privacy aggiornati",
      "body": "<p>Buongiorno {{name}},</p>\n<p>abbiamo aggiornato questi documenti sulla privacy:</p>\n<ul>{{#each documents}}<li>{{this}}</li>{{/each}}</ul>\n<p>Al prossimo accesso da <a href=\"{{loginUrl}}\">{{loginUrl}}</a> ti sarà chiesto di leggerli e di accettarli.</p>",
      "description": "Avviso di documenti sulla privacy modificati. Segnaposto: {{name}}, {{username}}, {{loginUrl}}, {{baseUrl}}; l'elenco dei documenti con {{#each documents}}{{this}}{{/each}}."
    },
    "en": {
      "subject": "Circula: privacy documents updated",
      "body": "<p>Hello {{name}},</p>\n<p>we updated these privacy documents:</p>\n<ul>{{#each documents}}<li>{{this}}</li>{{/each}}</ul>\n<p>The next time you sign in at <a href=\"{{loginUrl}}\">{{loginUrl}}</a> you will be asked to read and accept them.</p>",
      "description": "Notice of changed privacy documents. Placeholders: {{name}}, {{username}}, {{loginUrl}}, {{baseUrl}}; the list of documents with {{#each documents}}{{this}}{{/each}}."
    }
  }
};

export async function up(db: Kysely<unknown>): Promise<void> {
  await createRecordTableV2(db, 'email_template', {
    columns: [sql`template text not null`, sql`lang text not null`, sql`subject text not null`, sql`body text not null`, sql`description text`],
    search: ['template', 'subject', 'description'],
  });
  // one template of a message per language; the mail service reads it by both
  await sql`create unique index email_template_template on email_template (template, lang) where not deleted`.execute(db);

  await createRecordTableV2(db, 'communication', {
    columns: [
      sql`subject bigint not null`,
      sql`to_address text not null`,
      sql`subject_line text not null`,
      sql`template text not null`,
      sql`lang text not null`,
      sql`error text`,
      sql`sent_at timestamptz`,
      sql`outbox_id bigint`,
    ],
    search: ['to_address', 'subject_line', 'template'],
  });
  // a subject's messages, newest first
  await sql`create index communication_subject on communication (subject, id desc)`.execute(db);

  for (const [template, byLang] of Object.entries(SEEDED)) {
    for (const lang of ['it', 'en'] as const) {
      const source = byLang[lang];
      const { rows } = await sql<{ id: number }>`
        insert into email_template (template, lang, subject, body, description, created_by, updated_by)
        values (${template}, ${lang}, ${source.subject}, ${source.body}, ${source.description}, 'system', 'system')
        returning id`.execute(db);
      const id = rows[0]!.id;
      await sql`update email_template set code = ${`EMT-${String(id).padStart(6, '0')}`} where id = ${id}`.execute(db);
    }
  }
}
