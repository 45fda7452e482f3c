import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MailService } from '../../src/domain/mail/service.js';
import { BUILT_IN_TEMPLATES, checkTemplate, htmlToText, renderSource } from '../../src/domain/mail/templates.js';
import { callers, json, q, type Call } from '../configuration/support.js';
import { createTestApp, form, login, type TestApp } from '../support/test-app.js';
import { SmtpReceiver } from './smtp-receiver.js';

const BASE_URL = 'http://circula.test:8080';
const TEMPLATES = '/api/templates/email-templates';
const COMMUNICATIONS = '/api/mail/communications';
const USERS = '/api/security/users';
const STRONG = 'Registrato!2026';

let n = 0;
const uniqueEmail = (prefix: string) => `${prefix}.${Date.now().toString(36)}${(n++).toString(36)}@example.org`;
const normalized = (text: string) => text.replace(/\r\n/g, '\n');

interface TemplateRecord {
  id: number;
  version: number;
  template: string;
  lang: string;
  subject: string;
  body: string;
  description: string | null;
  canWrite: boolean;
}

describe('email templates and communications, with a real SMTP server', () => {
  let t: TestApp;
  let smtp: SmtpReceiver;
  let admin: Call;
  let manager: Call;
  let operator: Call;

  beforeAll(async () => {
    smtp = await new SmtpReceiver().start();
    t = await createTestApp({
      baseUrl: BASE_URL,
      mail: { smtpUrl: smtp.url, from: 'Circula <no-reply@circula.test>', registrationLinkHours: 72, recoverLinkMinutes: 60 },
    });
    ({ admin, manager, operator } = await callers(t.app, 'admin', 'manager', 'operator'));
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    await smtp?.stop();
  });

  const templateOf = async (template: string, lang: string): Promise<TemplateRecord> => {
    const res = await admin({ method: 'GET', url: `${TEMPLATES}?q=${q({ filters: [{ field: 'template', op: 'eq', value: template }, { field: 'lang', op: 'eq', value: lang }] })}` });
    expect(res.statusCode).toBe(200);
    const items = res.json().data.items as TemplateRecord[];
    expect(items).toHaveLength(1);
    return items[0]!;
  };
  const saveTemplate = (call: Call, record: { id: number; version: number }, values: Record<string, unknown>) =>
    call({ method: 'PUT', url: `${TEMPLATES}/${record.id}`, ...json({ version: record.version, ...values }) });

  /** Sends a registration link and returns the message that arrived. */
  const registrationMail = async (email: string, lang: string) => {
    const before = smtp.to(email).length;
    const res = await manager({ method: 'POST', url: '/api/webaccess/registration-link', ...json({ email, step: 1, lang, type: 'COLLABORATOR' }) });
    expect(res.json()).toEqual({ data: 'OK' });
    return smtp.waitFor(email, before + 1);
  };

  /** A user registered through a link: a COLLABORATOR subject linked to it. */
  const registeredUser = async (overrides: { name?: string; lastname?: string; lang?: string } = {}) => {
    const email = uniqueEmail('registrato');
    const mail = await registrationMail(email, overrides.lang ?? 'it');
    const uuid = /registration\?u=([0-9a-f-]{36})/.exec(mail.text)![1]!;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/webaccess/registration',
      ...json({ name: overrides.name ?? 'Carla', lastname: overrides.lastname ?? 'Fontana', email, username: email, password: STRONG, confirmPassword: STRONG, uuid }),
    });
    expect(res.statusCode, res.body).toBe(200);
    const user = await t.db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirstOrThrow();
    expect(user.subject_id).toEqual(expect.any(Number));
    return { email, user, subjectId: user.subject_id!, received: smtp.to(email).length };
  };

  const communicationsOf = async (subjectId: number, call: Call = admin) => {
    const res = await call({ method: 'GET', url: `${COMMUNICATIONS}?sort=id,asc&q=${q({ filters: [{ field: 'subject', op: 'eq', value: subjectId }] })}` });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data.items as Record<string, unknown>[];
  };

  describe('the templates', () => {
    it('are seeded in Italian and English for every message, from the built-in texts', async () => {
      const res = await admin({ method: 'GET', url: `${TEMPLATES}?size=100` });
      expect(res.statusCode).toBe(200);
      const items = res.json().data.items as TemplateRecord[];
      const seeded = items.map((r) => `${r.template}:${r.lang}`).sort();
      expect(seeded).toEqual(
        ['PRIVACY_CHANGED', 'RECOVER_PASSWORD_LINK', 'REGISTRATION_LINK', 'REQUEST_STATUS_CHANGED', 'TEMPORARY_PASSWORD'].flatMap((c) => [`${c}:en`, `${c}:it`]),
      );
      const temporary = items.find((r) => r.template === 'TEMPORARY_PASSWORD' && r.lang === 'it')!;
      expect(temporary).toMatchObject({ ...BUILT_IN_TEMPLATES.TEMPORARY_PASSWORD.it, canWrite: true });
      expect(temporary.description).toContain('{{password}}');
      expect(items.every((r) => /^EMT-\d{6}$/.test((r as unknown as { code: string }).code))).toBe(true);
    });

    it('an edit changes the next message; the other language keeps its own text', async () => {
      const it_ = await templateOf('REGISTRATION_LINK', 'it');
      const saved = await saveTemplate(admin, it_, {
        subject: 'Benvenuto in Circula ({{expiresAt}})',
        body: '<p>Ciao!<br>Registrati da <a href="{{link}}">questa pagina</a> entro il {{expiresAt}}.</p><p>Lo staff di <i>{{baseUrl}}</i></p>',
      });
      expect(saved.statusCode, saved.body).toBe(200);
      expect(saved.json().data.version).toBe(it_.version + 1);

      const email = uniqueEmail('modello');
      const mail = await registrationMail(email, 'it');
      expect(mail.subject).toMatch(/^Benvenuto in Circula \(\d{2}\/\d{2}\/\d{2,4}, \d{2}:\d{2}\)$/);
      const uuid = /registration\?u=([0-9a-f-]{36})/.exec(mail.text)?.[1];
      expect(uuid).toBeDefined();
      expect(normalized(mail.text)).toContain(`Ciao!\nRegistrati da questa pagina (${BASE_URL}/registration?u=${uuid}) entro il`);
      expect(normalized(mail.text)).toContain(`Lo staff di ${BASE_URL}`);
      expect(mail.html).toContain('<a href="http://circula.test:8080/registration?u');
      expect(mail.html).toContain('<i>http://circula.test:8080</i>');
      // the link of the edited message works
      expect((await t.app.inject({ method: 'GET', url: `/api/webaccess/registration?u=${uuid}` })).json().data).toMatchObject({ email });

      const english = await registrationMail(uniqueEmail('template'), 'en');
      expect(english.subject).toBe('Circula: complete your registration');
      expect(english.text).toContain('The link works once');

      // the English one edited as plain text: sent as text, with an HTML copy that escapes it
      const en = await templateOf('REGISTRATION_LINK', 'en');
      expect((await saveTemplate(manager, en, { subject: 'Join Circula', body: 'Hello friend & co. (a < b),\nregister at {{link}}\nBye' })).statusCode).toBe(200);
      const plain = await registrationMail(uniqueEmail('plain'), 'en');
      expect(plain.subject).toBe('Join Circula');
      expect(normalized(plain.text).trim()).toMatch(/^Hello friend & co\. \(a < b\),\nregister at http:\/\/circula\.test:8080\/registration\?u=[0-9a-f-]{36}\nBye$/);
      expect(plain.html).toContain('Hello friend &amp; co. (a &lt; b),<br>');
    });

    it('escapes the values in an HTML body, not in the text copy', async () => {
      const { email } = await registeredUser({ name: '<img src=x onerror=alert(1)>', lastname: 'Rossi & "Figli"' });
      await t.app.inject({ method: 'POST', url: '/api/webaccess/recover-password-link', ...json({ username: email }) });
      const mail = await smtp.waitFor(email, 2);
      expect(mail.subject).toBe('Circula: recupero della password');
      expect(mail.html).toContain('Buongiorno &lt;img src&#x3D;x onerror&#x3D;alert(1)&gt; Rossi &amp; &quot;Figli&quot;,');
      expect(mail.html).not.toContain('<img');
      expect(mail.text).toContain('Buongiorno <img src=x onerror=alert(1)> Rossi & "Figli",');
    });

    it('refuses a template that would not render, on its field, and keeps the stored one', async () => {
      const current = await templateOf('TEMPORARY_PASSWORD', 'it');
      const refused = async (values: Record<string, unknown>, errors: { field: string; message: string }[]) => {
        const res = await saveTemplate(admin, current, values);
        expect(res.statusCode, JSON.stringify(values)).toBe(400);
        expect(res.json()).toEqual({ errorCode: 'CONSTRAINT_VIOLATION', errorMessage: 'CONSTRAINT_VIOLATION', errors });
      };
      await refused({ body: '<p>{{#if password}}{{password}}</p>' }, [{ field: 'body', message: 'INVALID_TEMPLATE' }]);
      await refused({ subject: 'Password {{username' }, [{ field: 'subject', message: 'INVALID_TEMPLATE' }]);
      await refused({ body: '<p>{{password}} {{uppercase name}}</p>' }, [{ field: 'body', message: 'INVALID_TEMPLATE' }]);
      await refused({ body: '<p>{{> footer}} {{password}}</p>' }, [{ field: 'body', message: 'INVALID_TEMPLATE' }]);
      await refused({ body: '<p>{{password}} {{link}}</p>', subject: 'Per {{codiceFiscale}}' }, [
        { field: 'subject', message: 'UNKNOWN_PLACEHOLDER' },
        { field: 'body', message: 'UNKNOWN_PLACEHOLDER' },
      ]);
      await refused({ body: '<p>Buongiorno {{name}}, accedi da {{loginUrl}}</p>' }, [{ field: 'body', message: 'MISSING_PLACEHOLDER' }]);
      await refused({ body: '<p>{{{password}}}</p>' }, [{ field: 'body', message: 'UNESCAPED_PLACEHOLDER' }]);
      await refused({ lang: 'es' }, [{ field: 'lang', message: 'UNSUPPORTED_LANGUAGE' }]);
      await refused({ lang: 'xx' }, [{ field: 'lang', message: 'UNSUPPORTED_LANGUAGE' }]);

      // a second template of a message in the same language
      const twin = await admin({ method: 'POST', url: TEMPLATES, ...json({ template: 'TEMPORARY_PASSWORD', lang: 'it', subject: 'Doppio', body: '<p>{{password}}</p>' }) });
      expect(twin.statusCode).toBe(400);
      expect(twin.json()).toMatchObject({ errorCode: 'CONSTRAINT_VIOLATION', errors: [{ field: 'template', message: 'ALREADY_EXISTS' }] });

      // nothing written: same version, same text
      expect(await templateOf('TEMPORARY_PASSWORD', 'it')).toMatchObject({ version: current.version, subject: current.subject, body: current.body });
      // stale version: 409
      const stale = await saveTemplate(admin, { id: current.id, version: current.version - 1 }, { subject: 'Vecchia' });
      expect(stale.statusCode).toBe(409);
    });

    it('accepts a template of a message of its own, with any placeholder, in upper snake case', async () => {
      const res = await manager({ method: 'POST', url: TEMPLATES, ...json({ template: 'ritiro_confermato', lang: 'it', subject: 'Ritiro {{codice}}', body: '<p>Il ritiro {{codice}} è confermato.</p>' }) });
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json().data).toMatchObject({ template: 'RITIRO_CONFERMATO', lang: 'it' });
      const bad = await manager({ method: 'POST', url: TEMPLATES, ...json({ template: 'ALTRO', lang: 'en', subject: 'x', body: '<p>{{#each}}</p>' }) });
      expect(bad.json()).toMatchObject({ errors: [{ field: 'body', message: 'INVALID_TEMPLATE' }] });
    });

    it('is for those with the template authority', async () => {
      expect((await operator({ method: 'GET', url: TEMPLATES })).statusCode).toBe(403);
      const current = await templateOf('PRIVACY_CHANGED', 'en');
      expect((await saveTemplate(operator, current, { subject: 'x' })).statusCode).toBe(403);
    });

    it('falls back to the built-in text when the template is missing or cannot be rendered', async () => {
      const en = await templateOf('RECOVER_PASSWORD_LINK', 'en');
      expect((await admin({ method: 'PUT', url: `${TEMPLATES}/${en.id}/delete` })).statusCode).toBe(200);
      const { email } = await registeredUser({ name: 'John', lastname: 'Smith', lang: 'en' });
      await t.db.updateTable('users').set({ lang: 'en' }).where('email', '=', email).execute();
      await t.app.inject({ method: 'POST', url: '/api/webaccess/recover-password-link', ...json({ username: email }) });
      const mail = await smtp.waitFor(email, 2);
      expect(mail.subject).toBe('Circula: password recovery');
      expect(mail.text).toContain('Hello John Smith');
      expect((await admin({ method: 'PUT', url: `${TEMPLATES}/${en.id}/un-deletes` })).statusCode).toBe(200);

      // a template written around the hooks (straight into the table) that fails when rendered
      await sql`update email_template set body = '<p>{{> missing}} {{link}}</p>' where id = ${en.id}`.execute(t.db);
      await t.app.inject({ method: 'POST', url: '/api/webaccess/recover-password-link', ...json({ username: email }) });
      const again = await smtp.waitFor(email, 3);
      expect(again.subject).toBe('Circula: password recovery');
      expect(again.text).toContain('we received a request to recover the password');
    });
  });

  describe('preview and versions', () => {
    it('previews the text being edited on a real request the caller may read, and nothing is stored', async () => {
      const stored = await templateOf('REQUEST_STATUS_CHANGED', 'it');
      const { rows } = await sql<{ id: number; code: string; status: string; pickup: string }>`
        select t.id, t.code, t.status, w.name as pickup from transaction t join warehouse w on w.id = t.pickup_point
        where t.status = 'REFUSED' and t.refusal_motivation is not null and not t.deleted order by t.id limit 1`.execute(t.db);
      const request = rows[0]!;
      const res = await admin({
        method: 'POST',
        url: `${TEMPLATES}/preview`,
        ...json({ template: 'REQUEST_STATUS_CHANGED', lang: 'it', subject: 'Anteprima {{code}} – {{status}}', body: '<p>{{code}} {{status}}: {{pickupPoint}} · {{motivation}} · <a href="{{link}}">apri</a></p>', recordId: request.id }),
      });
      expect(res.statusCode, res.body).toBe(200);
      const preview = res.json().data as { subject: string; html: string; text: string; fromRecord: boolean };
      expect(preview.fromRecord).toBe(true);
      expect(preview.subject).toBe(`Anteprima ${request.code} – Rifiutata`);
      expect(preview.html).toContain(request.pickup.replace(/&/g, '&amp;'));
      expect(preview.text).toContain(`${BASE_URL}/`);
      expect(preview.text).toMatch(new RegExp(`/${request.id}\\)?$`, 'm'));
      expect((await templateOf('REQUEST_STATUS_CHANGED', 'it')).version).toBe(stored.version);

      // the other messages carry secrets: sample values, never a real link
      const sample = await admin({ method: 'POST', url: `${TEMPLATES}/preview`, ...json({ template: 'RECOVER_PASSWORD_LINK', lang: 'en', subject: 'Hi {{name}}', body: '{{link}}' }) });
      expect(sample.statusCode).toBe(200);
      expect(sample.json().data).toMatchObject({ subject: 'Hi Mario Rossi', fromRecord: false });

      // refused as a save would be; a request nobody may see is 404; an operator may not read templates
      const wrong = await admin({ method: 'POST', url: `${TEMPLATES}/preview`, ...json({ template: 'RECOVER_PASSWORD_LINK', subject: '{{nome}}', body: 'senza link' }) });
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json().errors).toEqual([{ field: 'subject', message: 'UNKNOWN_PLACEHOLDER' }]);
      const missing = await admin({ method: 'POST', url: `${TEMPLATES}/preview`, ...json({ template: 'REQUEST_STATUS_CHANGED', subject: '{{code}}', body: '{{code}} {{status}}', recordId: 999_999_999 }) });
      expect(missing.statusCode).toBe(404);
      const forbidden = await operator({ method: 'POST', url: `${TEMPLATES}/preview`, ...json({ template: 'REQUEST_STATUS_CHANGED', subject: '{{code}}', body: '{{code}} {{status}}' }) });
      expect(forbidden.statusCode).toBe(403);
    });

    it('lists the versions of a template, newest first, each with its text', async () => {
      const before = await templateOf('PRIVACY_CHANGED', 'en');
      const saved = await saveTemplate(admin, before, { subject: 'Privacy: {{name}}, please read' });
      expect(saved.statusCode, saved.body).toBe(200);
      const res = await admin({ method: 'GET', url: `${TEMPLATES}/${before.id}/versions` });
      expect(res.statusCode, res.body).toBe(200);
      const { items, currentVersion } = res.json().data as { items: { version: number; values: Record<string, string | null> }[]; currentVersion: number };
      expect(currentVersion).toBe(before.version + 1);
      expect(items[0]).toMatchObject({ version: before.version + 1, values: { subject: 'Privacy: {{name}}, please read', template: 'PRIVACY_CHANGED', lang: 'en' } });
      // seeded by a migration, without a history entry: its first text is still there
      expect(items[1]).toMatchObject({ version: before.version, action: 'INITIAL', values: { subject: before.subject, body: before.body } });
      // the later tests mail this template: its text back, as a new version
      const back = await saveTemplate(admin, { id: before.id, version: currentVersion }, { subject: before.subject });
      expect(back.statusCode, back.body).toBe(200);
    });
  });

  describe('communications', () => {
    it('records every message to a subject with its outcome; a message to someone who is not a subject is not one', async () => {
      const { email, user, subjectId, received } = await registeredUser({ name: 'Dario', lastname: 'Greco' });
      // the registration link went to an address that was no subject yet
      expect(await communicationsOf(subjectId)).toEqual([]);

      await t.app.inject({ method: 'POST', url: '/api/webaccess/recover-password-link', ...json({ username: email }) });
      const linkMail = await smtp.waitFor(email, received + 1);
      const uuid = /recover-password\?u=([0-9a-f-]{36})/.exec(linkMail.text)![1]!;
      expect((await t.app.inject({ method: 'GET', url: `/api/webaccess/recover-password?u=${uuid}` })).statusCode).toBe(200);
      await smtp.waitFor(email, received + 2);

      const items = await communicationsOf(subjectId);
      expect(items).toHaveLength(2);
      const { rows: outbox } = await sql<{ id: number; template: string }>`select id, template from mail_outbox where to_address = ${email} order by id`.execute(t.db);
      expect(items[0]).toMatchObject({
        subject: subjectId,
        toAddress: email,
        subjectLine: 'Circula: recupero della password',
        template: 'RECOVER_PASSWORD_LINK',
        lang: 'it',
        status: 'SENT',
        error: null,
        outboxId: outbox.find((o) => o.template === 'RECOVER_PASSWORD_LINK')!.id,
        canWrite: false,
        allowedStatuses: [],
      });
      expect(items[0]!.code).toMatch(/^COM-\d{6}$/);
      expect(new Date(items[0]!.sentAt as string).getTime()).toBeGreaterThan(Date.now() - 60_000);
      expect(items[1]).toMatchObject({ subject: subjectId, template: 'TEMPORARY_PASSWORD', subjectLine: 'Circula: la tua password temporanea', status: 'SENT' });
      // one communication per outbox row, no more
      const { rows } = await sql<{ c: number }>`select count(*)::int as c from communication where to_address = ${email}`.execute(t.db);
      expect(rows[0]!.c).toBe(2);
      expect(user.id).toBeGreaterThan(0);
    });

    it('cannot be created, changed or deleted by anyone, administrators included; managers read them, operators do not', async () => {
      const { subjectId } = await registeredUser();
      await new MailService(t.db, t.config).sendPrivacyChanged(
        (await t.db.selectFrom('users').select('id').where('subject_id', '=', subjectId).executeTakeFirstOrThrow()).id,
        ['Informativa'],
      );
      const [record] = await communicationsOf(subjectId, manager);
      expect(record).toBeDefined();
      const id = record!.id as number;
      for (const call of [admin, manager]) {
        const create = await call({ method: 'POST', url: COMMUNICATIONS, ...json({ subject: subjectId, toAddress: 'x@example.org', subjectLine: 'Falsa', template: 'X', lang: 'it' }) });
        expect(create.statusCode).toBe(403);
        expect(create.json()).toMatchObject({ errorCode: 'FORBIDDEN', errorMessage: 'READ_ONLY_RECORDS' });
        const update = await call({ method: 'PUT', url: `${COMMUNICATIONS}/${id}`, ...json({ version: record!.version, subjectLine: 'Cambiata' }) });
        expect(update.statusCode).toBe(403);
        const transition = await call({ method: 'PUT', url: `${COMMUNICATIONS}/${id}?newStatus=FAILED`, ...json({ version: record!.version }) });
        expect(transition.statusCode).toBe(403);
        const del = await call({ method: 'PUT', url: `${COMMUNICATIONS}/${id}/delete` });
        expect(del.statusCode).toBe(403);
        expect(del.json()).toMatchObject({ errorMessage: 'READ_ONLY_RECORDS' });
      }
      const after = (await admin({ method: 'GET', url: `${COMMUNICATIONS}/${id}` })).json().data;
      expect(after).toMatchObject({ version: record!.version, subjectLine: record!.subjectLine, status: record!.status, delete: { deleted: false } });
      const { rows } = await sql<{ c: number }>`select count(*)::int as c from communication where subject_line = 'Falsa'`.execute(t.db);
      expect(rows[0]!.c).toBe(0);

      expect((await operator({ method: 'GET', url: COMMUNICATIONS })).statusCode).toBe(403);
      expect((await operator({ method: 'GET', url: `${COMMUNICATIONS}/${id}` })).statusCode).toBe(403);
    });

    it('records a message the SMTP server refused as FAILED, with the error', async () => {
      const { user, subjectId } = await registeredUser();
      const unreachable = new MailService(t.db, { ...t.config, mail: { ...t.config.mail, smtpUrl: 'smtp://127.0.0.1:1' } }, { error: () => undefined });
      try {
        const outcome = await unreachable.sendTemporaryPassword(user, 'Qualcosa!123', { createdBy: 'admin' });
        expect(outcome.status).toBe('FAILED');
        expect(outcome.communicationId).toEqual(expect.any(Number));
      } finally {
        unreachable.close();
      }
      const items = await communicationsOf(subjectId);
      const failed = items.find((c) => c.template === 'TEMPORARY_PASSWORD')!;
      expect(failed).toMatchObject({ status: 'FAILED', sentAt: null, createdBy: 'admin' });
      expect(failed.error).toEqual(expect.stringMatching(/ECONNREFUSED|connect/i));
    });
  });

  describe('reset password by an administrator', () => {
    it('mails a temporary password that works once and forces a change at sign-in; the answer has no password', async () => {
      const { email, user, subjectId, received } = await registeredUser({ name: 'Elena', lastname: 'Neri' });
      const res = await admin({ method: 'PUT', url: `${USERS}/${user.id}/reset-password` });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data).not.toHaveProperty('temporaryPassword');
      expect(res.json().data).toMatchObject({ id: user.id, passwordTemporary: true });

      const mail = await smtp.waitFor(email, received + 1);
      expect(mail.subject).toBe('Circula: la tua password temporanea');
      expect(mail.text).toContain('Buongiorno Elena Neri');
      expect(mail.text).toContain(`${BASE_URL}/login`);
      const temporary = /è:\n(\S+)\n/.exec(normalized(mail.text))?.[1];
      expect(temporary).toBeDefined();
      expect(mail.html).toContain('<code>');
      expect(res.body).not.toContain(temporary!);

      expect((await login(t.app, email, STRONG)).statusCode).toBe(401);
      const expired = await login(t.app, email, temporary!);
      expect(expired.statusCode).toBe(403);
      expect(expired.json()).toMatchObject({ reason: 'JPPasswordExpiredException' });
      const changed = await t.app.inject({ method: 'POST', url: '/api/auth/change-password', ...form({ username: email, oldPassword: temporary!, newPassword: 'Nuovissima!2026' }) });
      expect(changed.statusCode).toBe(200);
      expect((await login(t.app, email, 'Nuovissima!2026')).statusCode).toBe(200);

      const recorded = (await communicationsOf(subjectId)).filter((c) => c.template === 'TEMPORARY_PASSWORD');
      expect(recorded).toEqual([expect.objectContaining({ status: 'SENT', createdBy: 'admin', toAddress: email })]);
    });

    it('uses the edited template, in the language of the user', async () => {
      const en = await templateOf('TEMPORARY_PASSWORD', 'en');
      expect((await saveTemplate(admin, en, { subject: 'Your new Circula password', body: 'Dear {{name}}, use {{password}} once.' })).statusCode).toBe(200);
      const { email, user, received } = await registeredUser({ name: 'Mary', lastname: 'Jones', lang: 'en' });
      expect(user.lang).toBe('en');
      expect((await admin({ method: 'PUT', url: `${USERS}/${user.id}/reset-password` })).statusCode).toBe(200);
      const mail = await smtp.waitFor(email, received + 1);
      expect(mail.subject).toBe('Your new Circula password');
      const temporary = /^Dear Mary Jones, use (\S+) once\.$/.exec(normalized(mail.text).trim())?.[1];
      expect(temporary).toBeDefined();
      expect((await login(t.app, email, temporary!)).json()).toMatchObject({ reason: 'JPPasswordExpiredException' });
    });

    it('answers 400 USER_HAS_NO_EMAIL for a user without an email, sending nothing', async () => {
      const { user, email, received } = await registeredUser();
      await t.db.updateTable('users').set({ email: null }).where('id', '=', user.id).execute();
      const res = await admin({ method: 'PUT', url: `${USERS}/${user.id}/reset-password` });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ errorCode: 'USER_HAS_NO_EMAIL', errorMessage: 'USER_HAS_NO_EMAIL' });
      await t.mail.flush();
      expect(smtp.to(email)).toHaveLength(received);
      expect((await login(t.app, email, STRONG)).statusCode).toBe(200);
    });
  });

  describe('privacy changed notice', () => {
    it('mails the PRIVACY_CHANGED template in the language of the user and records it for the subject', async () => {
      const mail = new MailService(t.db, t.config);
      const italian = await registeredUser({ name: 'Lucia', lastname: 'Bianchi' });
      const english = await registeredUser({ name: 'Tom', lastname: 'Baker', lang: 'en' });

      const sentIt = await mail.sendPrivacyChanged(italian.user.id, ['Informativa clienti 2026', 'Cookie <policy>']);
      expect(sentIt).toMatchObject({ status: 'SENT', communicationId: expect.any(Number) });
      const it_ = await smtp.waitFor(italian.email, italian.received + 1);
      expect(it_.subject).toBe('Circula: documenti sulla privacy aggiornati');
      expect(normalized(it_.text)).toContain('Buongiorno Lucia Bianchi');
      expect(normalized(it_.text)).toContain('- Informativa clienti 2026\n- Cookie <policy>');
      expect(it_.html).toContain('<li>Cookie &lt;policy&gt;</li>');

      await mail.sendPrivacyChanged(english.user.id, ['Privacy notice']);
      const en = await smtp.waitFor(english.email, english.received + 1);
      expect(en.subject).toBe('Circula: privacy documents updated');
      expect(en.text).toContain('Hello Tom Baker');
      expect(en.text).toContain('- Privacy notice');

      expect((await communicationsOf(italian.subjectId)).map((c) => c.template)).toEqual(['PRIVACY_CHANGED']);
      expect((await communicationsOf(english.subjectId)).map((c) => [c.template, c.lang])).toEqual([['PRIVACY_CHANGED', 'en']]);

      // an edited template is used for it too
      const tmpl = await templateOf('PRIVACY_CHANGED', 'it');
      expect((await saveTemplate(admin, tmpl, { body: '<p>Nuove informative: {{#each documents}}[{{this}}] {{/each}}</p>' })).statusCode).toBe(200);
      await mail.sendPrivacyChanged(italian.user.id, ['A', 'B']);
      const edited = await smtp.waitFor(italian.email, italian.received + 2);
      expect(edited.text.trim()).toBe('Nuove informative: [A] [B]');

      // nobody to write to: no message
      await t.db.updateTable('users').set({ email: null }).where('id', '=', english.user.id).execute();
      expect(await mail.sendPrivacyChanged(english.user.id, ['x'])).toBeNull();
      expect(await mail.sendPrivacyChanged(99_999_999, ['x'])).toBeNull();
      mail.close();
    });
  });
});

describe('template rendering', () => {
  it('turns HTML into readable text', () => {
    expect(htmlToText('<p>Uno &amp; due</p>\n<p>tre<br>quattro <a href="https://x.it/a?b&#x3D;1">qui</a> <a href="https://y.it">https://y.it</a></p><ul><li>a</li><li>b</li></ul>')).toBe(
      'Uno & due\n\ntre\nquattro qui (https://x.it/a?b=1) https://y.it\n\n- a\n- b',
    );
    expect(htmlToText('<style>p { color: red }</style><p>&amp;lt; resta &lt;</p>')).toBe('&lt; resta <');
  });

  it('checks the built-in templates as it checks the stored ones', () => {
    for (const [code, langs] of Object.entries(BUILT_IN_TEMPLATES)) {
      for (const source of Object.values(langs)) expect(checkTemplate(code, source), code).toEqual([]);
    }
    expect(renderSource({ subject: 'A\nB', body: 'x {{y}}' }, { y: '<z>' })).toEqual({ subject: 'A B', text: 'x <z>', html: '<div>x &lt;z&gt;</div>' });
  });
});

