import Handlebars from 'handlebars';

/** The messages the application sends (issue "Mail"), each in Italian and English. */
export const MAIL_TEMPLATES = ['REGISTRATION_LINK', 'RECOVER_PASSWORD_LINK', 'TEMPORARY_PASSWORD'] as const;
export type MailTemplate = (typeof MAIL_TEMPLATES)[number];
export type MailLang = 'it' | 'en';

interface TemplateSource {
  subject: string;
  text: string;
  html: string;
}

const SOURCES: Record<MailTemplate, Record<MailLang, TemplateSource>> = {
  REGISTRATION_LINK: {
    it: {
      subject: 'Circula: completa la tua registrazione',
      text: [
        'Buongiorno,',
        '',
        'sei stato invitato a registrarti su Circula come collaboratore. Apri questo link per completare la registrazione:',
        '{{link}}',
        '',
        'Il link vale una sola volta e scade il {{expiresAt}}.',
        'Se non ti aspettavi questo messaggio, puoi ignorarlo.',
      ].join('\n'),
      html:
        '<p>Buongiorno,</p><p>sei stato invitato a registrarti su Circula come collaboratore. Apri questo link per completare la registrazione:</p>' +
        '<p><a href="{{link}}">{{link}}</a></p><p>Il link vale una sola volta e scade il {{expiresAt}}.<br>Se non ti aspettavi questo messaggio, puoi ignorarlo.</p>',
    },
    en: {
      subject: 'Circula: complete your registration',
      text: [
        'Hello,',
        '',
        'you have been invited to register on Circula as a collaborator. Open this link to complete your registration:',
        '{{link}}',
        '',
        'The link works once and expires on {{expiresAt}}.',
        'If you did not expect this message, you can ignore it.',
      ].join('\n'),
      html:
        '<p>Hello,</p><p>you have been invited to register on Circula as a collaborator. Open this link to complete your registration:</p>' +
        '<p><a href="{{link}}">{{link}}</a></p><p>The link works once and expires on {{expiresAt}}.<br>If you did not expect this message, you can ignore it.</p>',
    },
  },
  RECOVER_PASSWORD_LINK: {
    it: {
      subject: 'Circula: recupero della password',
      text: [
        'Buongiorno {{name}},',
        '',
        "abbiamo ricevuto una richiesta di recupero della password dell'utente {{username}}. Apri questo link per ricevere una password temporanea:",
        '{{link}}',
        '',
        'Il link vale una sola volta e scade il {{expiresAt}}.',
        'Se non hai chiesto tu il recupero, ignora questo messaggio: la tua password resta invariata.',
      ].join('\n'),
      html:
        "<p>Buongiorno {{name}},</p><p>abbiamo ricevuto una richiesta di recupero della password dell'utente <b>{{username}}</b>. Apri questo link per ricevere una password temporanea:</p>" +
        '<p><a href="{{link}}">{{link}}</a></p><p>Il link vale una sola volta e scade il {{expiresAt}}.<br>Se non hai chiesto tu il recupero, ignora questo messaggio: la tua password resta invariata.</p>',
    },
    en: {
      subject: 'Circula: password recovery',
      text: [
        'Hello {{name}},',
        '',
        'we received a request to recover the password of the user {{username}}. Open this link to receive a temporary password:',
        '{{link}}',
        '',
        'The link works once and expires on {{expiresAt}}.',
        'If you did not ask for it, ignore this message: your password stays as it is.',
      ].join('\n'),
      html:
        '<p>Hello {{name}},</p><p>we received a request to recover the password of the user <b>{{username}}</b>. Open this link to receive a temporary password:</p>' +
        '<p><a href="{{link}}">{{link}}</a></p><p>The link works once and expires on {{expiresAt}}.<br>If you did not ask for it, ignore this message: your password stays as it is.</p>',
    },
  },
  TEMPORARY_PASSWORD: {
    it: {
      subject: 'Circula: la tua password temporanea',
      text: [
        'Buongiorno {{name}},',
        '',
        "la password temporanea dell'utente {{username}} è:",
        '{{password}}',
        '',
        'Accedi da {{loginUrl}}: ti sarà chiesto subito di sceglierne una nuova.',
      ].join('\n'),
      html:
        "<p>Buongiorno {{name}},</p><p>la password temporanea dell'utente <b>{{username}}</b> è:</p><p><code>{{password}}</code></p>" +
        '<p>Accedi da <a href="{{loginUrl}}">{{loginUrl}}</a>: ti sarà chiesto subito di sceglierne una nuova.</p>',
    },
    en: {
      subject: 'Circula: your temporary password',
      text: [
        'Hello {{name}},',
        '',
        'the temporary password of the user {{username}} is:',
        '{{password}}',
        '',
        'Sign in at {{loginUrl}}: you will be asked to choose a new one straight away.',
      ].join('\n'),
      html:
        '<p>Hello {{name}},</p><p>the temporary password of the user <b>{{username}}</b> is:</p><p><code>{{password}}</code></p>' +
        '<p>Sign in at <a href="{{loginUrl}}">{{loginUrl}}</a>: you will be asked to choose a new one straight away.</p>',
    },
  },
};

interface Compiled {
  subject: Handlebars.TemplateDelegate;
  text: Handlebars.TemplateDelegate;
  html: Handlebars.TemplateDelegate;
}

const compiled = new Map<string, Compiled>();

function compile(template: MailTemplate, lang: MailLang): Compiled {
  const key = `${template}:${lang}`;
  let entry = compiled.get(key);
  if (!entry) {
    const source = SOURCES[template][lang];
    entry = {
      // plain text parts are not HTML: no escaping there; the HTML part escapes every value
      subject: Handlebars.compile(source.subject, { noEscape: true, strict: true }),
      text: Handlebars.compile(source.text, { noEscape: true, strict: true }),
      html: Handlebars.compile(source.html, { strict: true }),
    };
    compiled.set(key, entry);
  }
  return entry;
}

/** Italian unless English is asked for (the application's default language is Italian). */
export const mailLang = (lang: string | null | undefined): MailLang => (lang?.toLowerCase().startsWith('en') ? 'en' : 'it');

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

/** Renders a template; a value the template names but `data` lacks is an error (strict mode). */
export function renderMail(template: MailTemplate, lang: string | null | undefined, data: Record<string, unknown>): RenderedMail {
  const c = compile(template, mailLang(lang));
  return { subject: c.subject(data).replace(/[\r\n]+/g, ' '), text: c.text(data), html: c.html(data) };
}

/** A date and time as the recipient reads it (Italian time zone). */
export function formatMailDate(date: Date, lang: string | null | undefined): string {
  return new Intl.DateTimeFormat(mailLang(lang) === 'en' ? 'en-GB' : 'it-IT', {
    dateStyle: 'short',
    timeStyle: 'short',
    timeZone: 'Europe/Rome',
  }).format(date);
}
