import Handlebars from 'handlebars';

/**
 * The messages the application sends (issue "Mail"), each in Italian and English. Their texts
 * live in the `email-template` records administrators edit; the built-in texts below seed those
 * records (migration 0018; REQUEST_STATUS_CHANGED: migration 0026) and are used when a record is
 * missing.
 */
export const MAIL_TEMPLATES = ['REGISTRATION_LINK', 'RECOVER_PASSWORD_LINK', 'TEMPORARY_PASSWORD', 'PRIVACY_CHANGED', 'REQUEST_STATUS_CHANGED'] as const;
export type MailTemplate = (typeof MAIL_TEMPLATES)[number];
export const MAIL_LANGS = ['it', 'en'] as const;
export type MailLang = (typeof MAIL_LANGS)[number];

export const isMailTemplate = (code: string): code is MailTemplate => (MAIL_TEMPLATES as readonly string[]).includes(code);

/** A template as stored: a subject line and a body, both Handlebars; the body is HTML when it has tags. */
export interface TemplateSource {
  subject: string;
  body: string;
}

/** What each message fills in: sample values (validation), the values it cannot do without, the description of the records. */
interface TemplateContract {
  sample: Record<string, unknown>;
  /** Placeholders the body must show (a recovery mail without its link is useless). */
  required: string[];
  /** Placeholders that are secrets of the recipient (a link that opens their account, a password): masked wherever anyone else reads the message. */
  secrets: string[];
  description: Record<MailLang, string>;
}

const SAMPLE_COMMON = { baseUrl: 'https://circula.example' };

export const TEMPLATE_CONTRACTS: Record<MailTemplate, TemplateContract> = {
  REGISTRATION_LINK: {
    sample: { ...SAMPLE_COMMON, link: 'https://circula.example/registration?u=0f6f8a5e-1c2b-4c3d-9e8f-0a1b2c3d4e5f', expiresAt: '24/12/26, 10:00' },
    required: ['link'],
    secrets: ['link'],
    description: {
      it: 'Invito a registrarsi come collaboratore. Segnaposto: {{link}} (il link di registrazione, obbligatorio), {{expiresAt}} (scadenza del link), {{baseUrl}} (indirizzo dell\'applicazione).',
      en: 'Invitation to register as a collaborator. Placeholders: {{link}} (the registration link, required), {{expiresAt}} (when the link expires), {{baseUrl}} (address of the application).',
    },
  },
  RECOVER_PASSWORD_LINK: {
    sample: { ...SAMPLE_COMMON, name: 'Mario Rossi', username: 'mario.rossi', link: 'https://circula.example/recover-password?u=0f6f8a5e-1c2b-4c3d-9e8f-0a1b2c3d4e5f', expiresAt: '24/12/26, 10:00' },
    required: ['link'],
    secrets: ['link'],
    description: {
      it: 'Link per il recupero della password. Segnaposto: {{name}} (nome e cognome), {{username}}, {{link}} (il link di recupero, obbligatorio), {{expiresAt}}, {{baseUrl}}.',
      en: 'Password recovery link. Placeholders: {{name}} (full name), {{username}}, {{link}} (the recovery link, required), {{expiresAt}}, {{baseUrl}}.',
    },
  },
  TEMPORARY_PASSWORD: {
    sample: { ...SAMPLE_COMMON, name: 'Mario Rossi', username: 'mario.rossi', password: 'Tmp!x7Qa-2Lm9Zp4', loginUrl: 'https://circula.example/login' },
    required: ['password'],
    secrets: ['password'],
    description: {
      it: 'Password temporanea, già scaduta: al primo accesso va cambiata. Segnaposto: {{name}}, {{username}}, {{password}} (obbligatorio), {{loginUrl}} (pagina di accesso), {{baseUrl}}.',
      en: 'Temporary password, already expired: it must be changed at the first sign-in. Placeholders: {{name}}, {{username}}, {{password}} (required), {{loginUrl}} (sign-in page), {{baseUrl}}.',
    },
  },
  PRIVACY_CHANGED: {
    sample: { ...SAMPLE_COMMON, name: 'Mario Rossi', username: 'mario.rossi', loginUrl: 'https://circula.example/login', documents: ['Informativa sulla privacy'] },
    required: [],
    secrets: [],
    description: {
      it: 'Avviso di documenti sulla privacy modificati. Segnaposto: {{name}}, {{username}}, {{loginUrl}}, {{baseUrl}}; l\'elenco dei documenti con {{#each documents}}{{this}}{{/each}}.',
      en: 'Notice of changed privacy documents. Placeholders: {{name}}, {{username}}, {{loginUrl}}, {{baseUrl}}; the list of documents with {{#each documents}}{{this}}{{/each}}.',
    },
  },
  REQUEST_STATUS_CHANGED: {
    sample: {
      ...SAMPLE_COMMON,
      name: 'Mario Rossi',
      code: 'RIC-000123',
      kind: 'Richiesta di ritiro',
      status: 'Rifiutata',
      pickupPoint: 'Rossi Srl – Stabilimento di Verona',
      date: '02/03/2030',
      motivation: 'Zona non servita',
      link: 'https://circula.example/rdr/123',
    },
    required: ['code', 'status'],
    secrets: [],
    description: {
      it: "Avviso al richiedente di un cambio di stato di una richiesta di movimentazione. Segnaposto: {{name}} (nome e cognome), {{code}} (codice della richiesta, obbligatorio), {{kind}} (tipo di richiesta), {{status}} (nuovo stato, obbligatorio), {{pickupPoint}} (punto di prelievo), {{date}} (data pianificata, altrimenti data desiderata, gg/mm/aaaa), {{motivation}} (motivo del rifiuto, vuoto se non rifiutata: usare {{#if motivation}}…{{/if}}), {{link}} (la richiesta nell'applicazione), {{baseUrl}}.",
      en: 'Notice to the requester of a status change of a movement request. Placeholders: {{name}} (full name), {{code}} (request code, required), {{kind}} (request kind), {{status}} (new status, required), {{pickupPoint}} (pickup point), {{date}} (planned date, else wished date, dd/mm/yyyy), {{motivation}} (refusal reason, empty unless refused: use {{#if motivation}}…{{/if}}), {{link}} (the request in the application), {{baseUrl}}.',
    },
  },
};

export const BUILT_IN_TEMPLATES: Record<MailTemplate, Record<MailLang, TemplateSource>> = {
  REGISTRATION_LINK: {
    it: {
      subject: 'Circula: completa la tua registrazione',
      body:
        '<p>Buongiorno,</p>\n<p>sei stato invitato a registrarti su Circula come collaboratore. Apri questo link per completare la registrazione:</p>\n' +
        '<p><a href="{{link}}">{{link}}</a></p>\n<p>Il link vale una sola volta e scade il {{expiresAt}}.<br>Se non ti aspettavi questo messaggio, puoi ignorarlo.</p>',
    },
    en: {
      subject: 'Circula: complete your registration',
      body:
        '<p>Hello,</p>\n<p>you have been invited to register on Circula as a collaborator. Open this link to complete your registration:</p>\n' +
        '<p><a href="{{link}}">{{link}}</a></p>\n<p>The link works once and expires on {{expiresAt}}.<br>If you did not expect this message, you can ignore it.</p>',
    },
  },
  RECOVER_PASSWORD_LINK: {
    it: {
      subject: 'Circula: recupero della password',
      body:
        "<p>Buongiorno {{name}},</p>\n<p>abbiamo ricevuto una richiesta di recupero della password dell'utente <b>{{username}}</b>. Apri questo link per ricevere una password temporanea:</p>\n" +
        '<p><a href="{{link}}">{{link}}</a></p>\n<p>Il link vale una sola volta e scade il {{expiresAt}}.<br>Se non hai chiesto tu il recupero, ignora questo messaggio: la tua password resta invariata.</p>',
    },
    en: {
      subject: 'Circula: password recovery',
      body:
        '<p>Hello {{name}},</p>\n<p>we received a request to recover the password of the user <b>{{username}}</b>. Open this link to receive a temporary password:</p>\n' +
        '<p><a href="{{link}}">{{link}}</a></p>\n<p>The link works once and expires on {{expiresAt}}.<br>If you did not ask for it, ignore this message: your password stays as it is.</p>',
    },
  },
  TEMPORARY_PASSWORD: {
    it: {
      subject: 'Circula: la tua password temporanea',
      body:
        "<p>Buongiorno {{name}},</p>\n<p>la password temporanea dell'utente <b>{{username}}</b> è:<br>\n<code>{{password}}</code></p>\n" +
        '<p>Accedi da <a href="{{loginUrl}}">{{loginUrl}}</a>: ti sarà chiesto subito di sceglierne una nuova.</p>',
    },
    en: {
      subject: 'Circula: your temporary password',
      body:
        '<p>Hello {{name}},</p>\n<p>the temporary password of the user <b>{{username}}</b> is:<br>\n<code>{{password}}</code></p>\n' +
        '<p>Sign in at <a href="{{loginUrl}}">{{loginUrl}}</a>: you will be asked to choose a new one straight away.</p>',
    },
  },
  PRIVACY_CHANGED: {
    it: {
      subject: 'Circula: documenti sulla privacy aggiornati',
      body:
        '<p>Buongiorno {{name}},</p>\n<p>abbiamo aggiornato questi documenti sulla privacy:</p>\n<ul>{{#each documents}}<li>{{this}}</li>{{/each}}</ul>\n' +
        '<p>Al prossimo accesso da <a href="{{loginUrl}}">{{loginUrl}}</a> ti sarà chiesto di leggerli e di accettarli.</p>',
    },
    en: {
      subject: 'Circula: privacy documents updated',
      body:
        '<p>Hello {{name}},</p>\n<p>we updated these privacy documents:</p>\n<ul>{{#each documents}}<li>{{this}}</li>{{/each}}</ul>\n' +
        '<p>The next time you sign in at <a href="{{loginUrl}}">{{loginUrl}}</a> you will be asked to read and accept them.</p>',
    },
  },
  REQUEST_STATUS_CHANGED: {
    it: {
      subject: 'Circula: richiesta {{code}} – {{status}}',
      body:
        '<p>Buongiorno {{name}},</p>\n<p>la richiesta <b>{{code}}</b> ({{kind}}) è passata allo stato <b>{{status}}</b>.</p>\n' +
        '<ul><li>Punto di prelievo: {{pickupPoint}}</li><li>Data: {{date}}</li>{{#if motivation}}<li>Motivo del rifiuto: {{motivation}}</li>{{/if}}</ul>\n' +
        '<p>Apri la richiesta: <a href="{{link}}">{{link}}</a></p>',
    },
    en: {
      subject: 'Circula: request {{code}} – {{status}}',
      body:
        '<p>Hello {{name}},</p>\n<p>the request <b>{{code}}</b> ({{kind}}) is now <b>{{status}}</b>.</p>\n' +
        '<ul><li>Pickup point: {{pickupPoint}}</li><li>Date: {{date}}</li>{{#if motivation}}<li>Refusal reason: {{motivation}}</li>{{/if}}</ul>\n' +
        '<p>Open the request: <a href="{{link}}">{{link}}</a></p>',
    },
  },
};

/** Italian unless English is asked for (the application's default language is Italian). */
export const mailLang = (lang: string | null | undefined): MailLang => (lang?.toLowerCase().startsWith('en') ? 'en' : 'it');

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

/** A body with at least one tag is HTML; anything else is plain text. */
export const isHtmlBody = (body: string): boolean => /<\/?[a-z][a-z0-9]*(\s[^<>]*)?\/?>/i.test(body);

// an environment of its own: no helper or partial registered elsewhere reaches the templates
const hb = Handlebars.create();

function compile(source: string, options: { escape: boolean; strict: boolean }): Handlebars.TemplateDelegate {
  return hb.compile(source, { noEscape: !options.escape, strict: options.strict, knownHelpersOnly: true });
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

/** The plain-text copy of an HTML body: blocks become paragraphs, links show their address. */
export function htmlToText(html: string): string {
  const blocks = 'p|div|h[1-6]|ul|ol|table|tr|blockquote|pre|section|header|footer';
  let s = html
    .replace(/<(script|style|head)[\s\S]*?<\/\1\s*>/gi, '')
    .replace(/<!--[\s\S]*?-->/g, '')
    // in HTML a line break in the source is a space
    .replace(/\s+/g, ' ')
    .replace(/<a\s[^>]*?href\s*=\s*(?:"([^"]*)"|'([^']*)')[^>]*>([\s\S]*?)<\/a\s*>/gi, (_m, dq: string | undefined, sq: string | undefined, inner: string) => {
      const href = (dq ?? sq ?? '').trim();
      const label = inner.replace(/<[^>]+>/g, '').trim();
      return !label || label === href ? href : href.toLowerCase().startsWith('mailto:') ? label : `${label} (${href})`;
    })
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<li(\s[^>]*)?>/gi, '\n- ')
    .replace(new RegExp(`</?(${blocks})(\\s[^>]*)?>`, 'gi'), '\n\n')
    .replace(/<[^>]+>/g, '');
  // one pass: "&amp;lt;" becomes "&lt;", not "<"
  s = s.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (m, e: string) => {
    if (e[0] === '#') {
      const code = e[1] === 'x' || e[1] === 'X' ? parseInt(e.slice(2), 16) : parseInt(e.slice(1), 10);
      return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : m;
    }
    return ENTITIES[e.toLowerCase()] ?? m;
  });
  return s
    .split('\n')
    .map((line) => line.replace(/[ \t]+/g, ' ').trim())
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** The HTML copy of a plain text: escaped, its line breaks kept. */
export const plainTextHtml = (text: string): string => `<div>${escapeHtml(text).replace(/\r?\n/g, '<br>\n')}</div>`;

/**
 * Renders a template. An HTML body is filled with every value HTML-escaped and gets a plain-text
 * copy; a text body is filled as it is and gets an HTML copy. `strict`: a placeholder missing from
 * `data` is an error (validation) instead of an empty text (sending).
 */
export function renderSource(source: TemplateSource, data: Record<string, unknown>, strict = false): RenderedMail {
  const subject = compile(source.subject, { escape: false, strict })(data).replace(/[\r\n]+/g, ' ').trim();
  if (isHtmlBody(source.body)) {
    const html = compile(source.body, { escape: true, strict })(data);
    return { subject, html, text: htmlToText(html) };
  }
  const text = compile(source.body, { escape: false, strict })(data);
  return { subject, text, html: plainTextHtml(text) };
}

/** A built-in template rendered (the data of the built-in texts are always complete). */
export function renderBuiltIn(template: MailTemplate, lang: string | null | undefined, data: Record<string, unknown>): RenderedMail {
  return renderSource(BUILT_IN_TEMPLATES[template][mailLang(lang)], data);
}

/** A problem of a template being saved, on one of its fields. */
export interface TemplateProblem {
  field: 'subject' | 'body';
  message: 'INVALID_TEMPLATE' | 'UNKNOWN_PLACEHOLDER' | 'MISSING_PLACEHOLDER' | 'UNESCAPED_PLACEHOLDER';
}

/** `{{{value}}}` and `{{& value}}` put a value into HTML unescaped: not in an HTML body. */
function hasUnescapedMustache(source: string): boolean {
  const visit = (node: unknown): boolean => {
    if (!node || typeof node !== 'object') return false;
    const n = node as { type?: string; escaped?: boolean };
    if (n.type === 'MustacheStatement' && n.escaped === false) return true;
    return Object.values(node).some((child) => (Array.isArray(child) ? child.some(visit) : typeof child === 'object' && visit(child)));
  };
  return visit(hb.parse(source));
}

/**
 * Checks a template before it is stored, so that sending never fails on it: both parts must
 * compile, an HTML body may not skip escaping, and for a message the application sends every
 * placeholder must be one it fills and the required ones must appear in the body.
 */
export function checkTemplate(template: string, source: TemplateSource): TemplateProblem[] {
  const problems: TemplateProblem[] = [];
  const contract = isMailTemplate(template) ? TEMPLATE_CONTRACTS[template] : null;
  const html = isHtmlBody(source.body);
  for (const field of ['subject', 'body'] as const) {
    try {
      hb.precompile(source[field], { knownHelpersOnly: true, strict: true });
      if (field === 'body' && html && hasUnescapedMustache(source.body)) {
        problems.push({ field, message: 'UNESCAPED_PLACEHOLDER' });
        continue;
      }
      // run it: missing partials and, for a known message, unknown placeholders show up here
      compile(source[field], { escape: true, strict: contract !== null })(contract?.sample ?? {});
    } catch (error) {
      const unknown = /not defined in/.test(error instanceof Error ? error.message : String(error));
      problems.push({ field, message: unknown ? 'UNKNOWN_PLACEHOLDER' : 'INVALID_TEMPLATE' });
    }
  }
  if (contract && problems.length === 0) {
    // every required value replaced by a marker: the text the recipient reads must show each one
    const markers = Object.fromEntries(contract.required.map((name, i) => [name, `CIRCULAMARKER${i}X`]));
    const rendered = renderSource(source, { ...contract.sample, ...markers }, false);
    if (contract.required.some((name) => !rendered.text.includes(markers[name]!))) problems.push({ field: 'body', message: 'MISSING_PLACEHOLDER' });
  }
  return problems;
}

/** A date and time as the recipient reads it (Italian time zone). */
export function formatMailDate(date: Date, lang: string | null | undefined): string {
  return new Intl.DateTimeFormat(mailLang(lang) === 'en' ? 'en-GB' : 'it-IT', {
    dateStyle: 'short',
    timeStyle: 'short',
    timeZone: 'Europe/Rome',
  }).format(date);
}
