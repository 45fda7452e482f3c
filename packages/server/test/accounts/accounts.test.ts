import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { json } from '../configuration/support.js';
import { as, createTestApp, DEMO_PASSWORD, form, login, signIn, type TestApp } from '../support/test-app.js';
import { SmtpReceiver } from './smtp-receiver.js';

const BASE_URL = 'http://circula.test:8080';
const STRONG = 'Registrato!2026';
const UUID_IN = (path: string) => new RegExp(`${BASE_URL.replace(/[.:/]/g, '\\$&')}${path}\\?u=([0-9a-f-]{36})`);

let n = 0;
const uniqueEmail = (prefix: string) => `${prefix}.${Date.now().toString(36)}${(n++).toString(36)}@example.org`;

describe('accounts with a real SMTP server', () => {
  let t: TestApp;
  let smtp: SmtpReceiver;
  let manager: ReturnType<typeof as>;

  beforeAll(async () => {
    smtp = await new SmtpReceiver().start();
    t = await createTestApp({
      baseUrl: BASE_URL,
      mail: { smtpUrl: smtp.url, from: 'Circula <no-reply@circula.test>', registrationLinkHours: 72, recoverLinkMinutes: 60 },
    });
    manager = as(t.app, (await signIn(t.app, 'manager')).token);
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    await smtp?.stop();
  });

  const sendLink = (email: string, lang = 'it', call = manager) =>
    call({ method: 'POST', url: '/api/webaccess/registration-link', ...json({ email, step: 1, lang, type: 'COLLABORATOR' }) });
  const readLink = (uuid: string, remoteAddress?: string) =>
    t.app.inject({ method: 'GET', url: `/api/webaccess/registration?u=${uuid}`, ...(remoteAddress ? { remoteAddress } : {}) });
  const register = (payload: Record<string, unknown>, remoteAddress?: string) =>
    t.app.inject({ method: 'POST', url: '/api/webaccess/registration', ...json(payload), ...(remoteAddress ? { remoteAddress } : {}) });
  const registration = (email: string, uuid: string, overrides: Record<string, unknown> = {}) => ({
    name: 'Carla',
    lastname: 'Fontana',
    email,
    username: email,
    password: STRONG,
    confirmPassword: STRONG,
    uuid,
    subjectType: 'PERSON',
    type: 'COLLABORATOR',
    ...overrides,
  });
  /** Sends a registration link and returns the uuid read from the message that arrived. */
  const linkFor = async (email: string, lang = 'it') => {
    const before = smtp.to(email).length;
    const res = await sendLink(email, lang);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: 'OK' });
    const mail = await smtp.waitFor(email, before + 1);
    const uuid = UUID_IN('/registration').exec(mail.text)?.[1];
    expect(uuid).toBeDefined();
    return { uuid: uuid!, mail };
  };

  describe('registration link', () => {
    it('mails an Italian link to the registration page that reads back the email', async () => {
      const email = uniqueEmail('nuovo');
      const { uuid, mail } = await linkFor(email);
      expect(mail.to).toEqual([email]);
      expect(mail.from).toBe('no-reply@circula.test');
      expect(mail.subject).toBe('Circula: completa la tua registrazione');
      expect(mail.text).toContain(`${BASE_URL}/registration?u=${uuid}`);
      expect(mail.text).toContain('vale una sola volta');
      expect(mail.html).toContain(`${BASE_URL}/registration?u`);

      const read = await readLink(uuid);
      expect(read.statusCode).toBe(200);
      expect(read.json()).toEqual({ data: { email, uuid, type: 'COLLABORATOR' } });

      // the message is recorded, without its body (SMTP delivered it)
      const { rows } = await sql<{ status: string; transport: string; template: string; subject: string; body_text: string | null; error: string | null }>`
        select status, transport, template, subject, body_text, error from mail_outbox where to_address = ${email}`.execute(t.db);
      expect(rows).toEqual([{ status: 'SENT', transport: 'SMTP', template: 'REGISTRATION_LINK', subject: mail.subject, body_text: null, error: null }]);

      // the link lives REGISTRATION_LINK_HOURS (72 by default)
      const { rows: links } = await sql<{ hours: number }>`
        select extract(epoch from expires_at - created_at) / 3600 as hours from account_links where email = ${email}`.execute(t.db);
      expect(Number(links[0]!.hours)).toBeCloseTo(72, 1);
    });

    it('mails in English when asked', async () => {
      const email = uniqueEmail('new');
      const { uuid, mail } = await linkFor(email, 'en');
      expect(mail.subject).toBe('Circula: complete your registration');
      expect(mail.text).toContain(`${BASE_URL}/registration?u=${uuid}`);
      expect(mail.text).toContain('The link works once');
    });

    it('answers USER_ALREADY_EXIST, and mails nothing, when a user has that email', async () => {
      const before = smtp.to('operator@circula.example').length;
      const res = await sendLink('OPERATOR@circula.example');
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ data: 'USER_ALREADY_EXIST' });
      await t.mail.flush();
      expect(smtp.to('operator@circula.example').length).toBe(before);
    });

    it('requires a valid email', async () => {
      const empty = await sendLink('');
      expect(empty.statusCode).toBe(400);
      expect(empty.json()).toMatchObject({ errorCode: 'CONSTRAINT_VIOLATION', errors: [{ field: 'email', message: 'REQUIRED' }] });
      const invalid = await sendLink('non-una-email');
      expect(invalid.statusCode).toBe(400);
      expect(invalid.json()).toMatchObject({ errorCode: 'CONSTRAINT_VIOLATION', errors: [{ field: 'email', message: 'INVALID' }] });
      const missing = await manager({ method: 'POST', url: '/api/webaccess/registration-link', ...json({ step: 1, lang: 'it' }) });
      expect(missing.statusCode).toBe(400);
      expect(missing.json()).toMatchObject({ errorCode: 'CONSTRAINT_VIOLATION', errors: [{ field: 'email', message: 'REQUIRED' }] });
    });

    it('is for administrators and managers only', async () => {
      const operator = as(t.app, (await signIn(t.app, 'operator')).token);
      expect((await sendLink(uniqueEmail('x'), 'it', operator)).statusCode).toBe(403);
      const anonymous = await t.app.inject({ method: 'POST', url: '/api/webaccess/registration-link', ...json({ email: uniqueEmail('y') }) });
      expect(anonymous.statusCode).toBe(401);
      const admin = as(t.app, (await signIn(t.app, 'admin')).token);
      expect((await sendLink(uniqueEmail('z'), 'it', admin)).json()).toEqual({ data: 'OK' });
    });
  });

  describe('registration', () => {
    it('creates an ON_BOARD user and a COLLABORATOR person linked to it; the link works once', async () => {
      const email = uniqueEmail('carla');
      const { uuid } = await linkFor(email);
      const res = await register(registration(email, uuid));
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ data: {} });

      const user = await signIn(t.app, email, STRONG);
      expect(user.roles).toEqual(['ON_BOARD']);
      expect(user.authorities).not.toContain('ACCESS_BACKOFFICE');
      const me = (await as(t.app, user.token)({ method: 'GET', url: '/api/auth/whoami' })).json().data;
      expect(me).toMatchObject({ username: email, email, fullname: 'Carla Fontana', lang: 'it' });
      expect(me.subjectId).toEqual(expect.any(Number));

      const subject = (await as(t.app, (await signIn(t.app, 'admin')).token)({ method: 'GET', url: `/api/subjects/subjects/${me.subjectId}` })).json().data;
      expect(subject).toMatchObject({
        subjectType: 'PERSON',
        name: 'Carla',
        lastName: 'Fontana',
        roles: ['COLLABORATOR'],
        userId: user.id,
        contact: { email },
      });
      expect(subject.code).toMatch(/^SBJ-\d{6}$/);

      // spent: neither reading nor registering works again
      expect((await readLink(uuid)).json()).toMatchObject({ errorCode: 'INVALID_UUUID', errorMessage: 'INVALID_UUUID' });
      const again = await register(registration(email, uuid, { name: 'Altra' }));
      expect(again.statusCode).toBe(400);
      expect(again.json()).toMatchObject({ errorMessage: 'INVALID_UUUID' });
    });

    it('refuses unknown, malformed and expired links with INVALID_UUUID', async () => {
      const unknown = await readLink('0f6f8a5e-1c2b-4c3d-9e8f-0a1b2c3d4e5f');
      expect(unknown.statusCode).toBe(400);
      expect(unknown.json()).toEqual({ errorCode: 'INVALID_UUUID', errorMessage: 'INVALID_UUUID' });
      expect((await readLink('not-a-uuid')).statusCode).toBe(400);
      expect((await t.app.inject({ method: 'GET', url: '/api/webaccess/registration' })).json()).toMatchObject({ errorMessage: 'INVALID_UUUID' });

      const email = uniqueEmail('scaduto');
      const { uuid } = await linkFor(email);
      expect((await readLink(uuid)).statusCode).toBe(200);
      await sql`update account_links set expires_at = now() - interval '1 second' where email = ${email}`.execute(t.db);
      expect((await readLink(uuid)).json()).toMatchObject({ errorMessage: 'INVALID_UUUID' });
      const res = await register(registration(email, uuid));
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ errorMessage: 'INVALID_UUUID' });
      expect(await t.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirst()).toBeUndefined();
    });

    it('checks names, confirmation and the password rule, and keeps the link usable when it refuses', async () => {
      const email = uniqueEmail('regole');
      const { uuid } = await linkFor(email);

      const missing = await register(registration(email, uuid, { name: ' ', lastname: null, confirmPassword: 'Diversa!2026' }));
      expect(missing.statusCode).toBe(400);
      expect(missing.json()).toEqual({
        errorCode: 'CONSTRAINT_VIOLATION',
        errorMessage: 'CONSTRAINT_VIOLATION',
        errors: [
          { field: 'name', message: 'REQUIRED' },
          { field: 'lastname', message: 'REQUIRED' },
          { field: 'confirmPassword', message: 'PASSWORDS_DO_NOT_MATCH' },
        ],
      });
      const otherEmail = await register(registration(email, uuid, { email: 'altro@example.org', username: 'altro@example.org' }));
      expect(otherEmail.json()).toMatchObject({ errorCode: 'CONSTRAINT_VIOLATION', errors: [{ field: 'email', message: 'INVALID' }, { field: 'username', message: 'INVALID' }] });

      const weak = await register(registration(email, uuid, { password: 'semplice', confirmPassword: 'semplice' }));
      expect(weak.statusCode).toBe(400);
      expect(weak.json()).toEqual({ errorCode: 'INVALID_PASSWORD', errorMessage: 'INVALID_PASSWORD' });

      expect((await readLink(uuid)).statusCode).toBe(200);
      expect((await register(registration(email, uuid))).statusCode).toBe(200);
    });

    it('answers already_exists when someone registered that email with another link', async () => {
      const email = uniqueEmail('doppio');
      const first = await linkFor(email);
      const second = await linkFor(email);
      expect(first.uuid).not.toBe(second.uuid);
      expect((await register(registration(email, first.uuid))).statusCode).toBe(200);
      const res = await register(registration(email, second.uuid));
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ errorCode: 'already_exists', errorMessage: 'already_exists' });
      // and a new link for it is no longer sent
      expect((await sendLink(email)).json()).toEqual({ data: 'USER_ALREADY_EXIST' });
    });

    it('throttles an address presenting unknown links, like sign-in', async () => {
      const address = '10.9.8.7';
      const limit = t.config.loginRateLimit.perAddress;
      for (let i = 0; i < limit; i++) expect((await readLink(`0f6f8a5e-1c2b-4c3d-9e8f-${String(i).padStart(12, '0')}`, address)).statusCode).toBe(400);
      const blocked = await readLink('0f6f8a5e-1c2b-4c3d-9e8f-999999999999', address);
      expect(blocked.statusCode).toBe(429);
      expect(blocked.json()).toMatchObject({ errorCode: 'TOO_MANY_REQUESTS' });
      expect((await register(registration('x@example.org', '0f6f8a5e-1c2b-4c3d-9e8f-999999999999'), address)).statusCode).toBe(429);
      // other addresses are not affected
      expect((await readLink('0f6f8a5e-1c2b-4c3d-9e8f-999999999999', '10.9.8.6')).statusCode).toBe(400);
    }, 60_000);
  });

  describe('password recovery', () => {
    const requestRecovery = (username: string, remoteAddress?: string) =>
      t.app.inject({ method: 'POST', url: '/api/webaccess/recover-password-link', ...json({ username, lang: 'it' }), ...(remoteAddress ? { remoteAddress } : {}) });
    const recover = (uuid: string) => t.app.inject({ method: 'GET', url: `/api/webaccess/recover-password?u=${uuid}` });

    it('mails a link, then an expired temporary password; the next sign-in goes through change-password', async () => {
      // a user of its own, registered through a link, with a session open
      const email = uniqueEmail('smemorato');
      const { uuid: regUuid } = await linkFor(email);
      expect((await register(registration(email, regUuid, { name: 'Dario', lastname: 'Greco' }))).statusCode).toBe(200);
      const session = await signIn(t.app, email, STRONG);

      const res = await requestRecovery(email.toUpperCase());
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ data: 'OK' });
      const linkMail = await smtp.waitFor(email, 2);
      expect(linkMail.subject).toBe('Circula: recupero della password');
      expect(linkMail.text).toContain('Buongiorno Dario Greco');
      const uuid = UUID_IN('/recover-password').exec(linkMail.text)?.[1];
      expect(uuid).toBeDefined();
      // asking is not recovering: the password still works
      expect((await login(t.app, email, STRONG)).statusCode).toBe(200);

      const done = await recover(uuid!);
      expect(done.statusCode).toBe(200);
      expect(done.json()).toEqual({ data: 'OK' });
      const passwordMail = await smtp.waitFor(email, 3);
      expect(passwordMail.subject).toBe('Circula: la tua password temporanea');
      expect(passwordMail.text).toContain(`${BASE_URL}/login`);
      const temporary = /è:\n(\S+)\n/.exec(passwordMail.text.replace(/\r\n/g, '\n'))?.[1];
      expect(temporary).toBeDefined();

      // the old password and the open session are gone; the temporary one is already expired
      expect((await login(t.app, email, STRONG)).statusCode).toBe(401);
      expect((await as(t.app, session.token)({ method: 'GET', url: '/api/auth/whoami' })).statusCode).toBe(401);
      const expired = await login(t.app, email, temporary!);
      expect(expired.statusCode).toBe(403);
      expect(expired.json()).toMatchObject({ errorCode: 'FORBIDDEN', reason: 'JPPasswordExpiredException' });
      const changed = await t.app.inject({
        method: 'POST',
        url: '/api/auth/change-password',
        ...form({ username: email, oldPassword: temporary!, newPassword: 'Ritrovata!2026' }),
      });
      expect(changed.statusCode).toBe(200);
      expect((await login(t.app, email, 'Ritrovata!2026')).statusCode).toBe(200);

      // the link works once
      const again = await recover(uuid!);
      expect(again.statusCode).toBe(400);
      expect(again.json()).toEqual({ errorCode: 'INVALID_UUUID', errorMessage: 'INVALID_UUUID' });
    });

    it('answers the same whether or not the user exists, and mails only existing users', async () => {
      const before = smtp.messages.length;
      const unknown = await requestRecovery('nessuno-con-questo-nome', '10.1.1.1');
      const known = await requestRecovery('verifier', '10.1.1.2');
      expect(unknown.statusCode).toBe(known.statusCode);
      expect(unknown.body).toBe(known.body);
      expect(unknown.headers['content-type']).toBe(known.headers['content-type']);
      // both links are mailed after the answer: once the mail service is idle, whatever was sent has arrived
      await t.mail.flush();
      expect(smtp.messages.length).toBe(before + 1);
      expect(smtp.messages.at(-1)).toMatchObject({ to: ['verifier@circula.example'], subject: 'Circula: recupero della password' });
      // asking changed nothing for the known user
      expect((await login(t.app, 'verifier', DEMO_PASSWORD)).statusCode).toBe(200);
    });

    it('refuses unknown and expired recovery links', async () => {
      expect((await recover('0f6f8a5e-1c2b-4c3d-9e8f-0a1b2c3d4e5f')).json()).toMatchObject({ errorMessage: 'INVALID_UUUID' });
      await requestRecovery('logistic');
      const mail = await smtp.waitFor('logistic@circula.example');
      const uuid = UUID_IN('/recover-password').exec(mail.text)![1]!;
      // a registration link is not a recovery link and the other way round
      expect((await readLink(uuid)).statusCode).toBe(400);
      await sql`update account_links set expires_at = now() - interval '1 second' where email = 'logistic@circula.example'`.execute(t.db);
      const res = await recover(uuid);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ errorMessage: 'INVALID_UUUID' });
      expect((await login(t.app, 'logistic', DEMO_PASSWORD)).statusCode).toBe(200);
    });

    it('throttles recovery requests per username like sign-in', async () => {
      const limit = t.config.loginRateLimit.perUsername;
      for (let i = 0; i < limit; i++) expect((await requestRecovery('customer', `10.2.0.${i + 1}`)).statusCode).toBe(200);
      const blocked = await requestRecovery('customer', '10.2.0.99');
      expect(blocked.statusCode).toBe(429);
      // an unknown username is limited the same way (the answer tells nothing)
      for (let i = 0; i < limit; i++) expect((await requestRecovery('sconosciuto', `10.3.0.${i + 1}`)).statusCode).toBe(200);
      expect((await requestRecovery('sconosciuto', '10.3.0.99')).statusCode).toBe(429);
      // sign-in of that user is not affected
      expect((await login(t.app, 'customer', DEMO_PASSWORD)).statusCode).toBe(200);
    });
  });
});

describe('accounts without SMTP: the outbox', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ baseUrl: BASE_URL });
  }, 120_000);
  afterAll(() => t?.close());

  it('keeps every message for administrators and managers to read, the secrets of others masked', async () => {
    expect(t.config.mail.smtpUrl).toBeNull();
    const manager = as(t.app, (await signIn(t.app, 'manager')).token);
    const admin = as(t.app, (await signIn(t.app, 'admin')).token);
    const email = uniqueEmail('outbox');
    const sent = await manager({ method: 'POST', url: '/api/webaccess/registration-link', ...json({ email, step: 1, lang: 'it', type: 'COLLABORATOR' }) });
    expect(sent.json()).toEqual({ data: 'OK' });

    const page = await admin({ method: 'GET', url: `/api/mail/outbox?to=${encodeURIComponent(email.toUpperCase())}` });
    expect(page.statusCode).toBe(200);
    const { items, total } = page.json().data;
    expect(total).toBe(1);
    expect(items[0]).toMatchObject({ to: email, subject: 'Circula: completa la tua registrazione', template: 'REGISTRATION_LINK', lang: 'it', transport: 'OUTBOX', status: 'QUEUED', error: null, createdBy: 'manager' });
    // the invitation's link is the invitee's: neither the administrator nor the manager who sent it reads it
    for (const reader of [admin, manager]) {
      const message = (await reader({ method: 'GET', url: `/api/mail/outbox?to=${encodeURIComponent(email)}` })).json().data.items[0];
      expect(message.text).toContain('••••••••');
      expect(message.text).not.toMatch(/registration\?u=/);
      expect(message.html).not.toMatch(/registration\?u=/);
    }
    // the whole message is kept, for its recipient: delivered, the link works
    const { rows } = await sql<{ secret_text: string }>`select secret_text from mail_outbox where to_address = ${email}`.execute(t.db);
    const uuid = UUID_IN('/registration').exec(rows[0]!.secret_text)?.[1];
    expect(uuid).toBeDefined();
    expect((await t.app.inject({ method: 'GET', url: `/api/webaccess/registration?u=${uuid}` })).json().data).toEqual({ email, uuid, type: 'COLLABORATOR' });

    // paged, newest first
    await t.app.inject({ method: 'POST', url: '/api/webaccess/recover-password-link', ...json({ username: 'owner' }) });
    // the link is written after the answer
    await t.mail.flush();
    const newest = (await manager({ method: 'GET', url: '/api/mail/outbox?page=0&size=1' })).json().data.items[0];
    expect(newest).toMatchObject({ to: 'owner@circula.example', template: 'RECOVER_PASSWORD_LINK', status: 'QUEUED' });
    const second = (await manager({ method: 'GET', url: '/api/mail/outbox?page=1&size=1' })).json().data;
    expect(second).toMatchObject({ page: 1, size: 1, total: 2, items: [{ to: email }] });

    const operator = as(t.app, (await signIn(t.app, 'operator')).token);
    expect((await operator({ method: 'GET', url: '/api/mail/outbox' })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/mail/outbox' })).statusCode).toBe(401);
  });
});

describe('no account takeover through the outbox (issue 13, finding 1)', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ baseUrl: BASE_URL });
  }, 120_000);
  afterAll(() => t?.close());

  it("a manager who asks for the administrator's recovery link cannot read it, nor the temporary password, nor sign in as admin", async () => {
    const manager = as(t.app, (await signIn(t.app, 'manager')).token);
    const outboxOf = async (template: string) =>
      (await manager({ method: 'GET', url: `/api/mail/outbox?to=${encodeURIComponent('admin@circula.example')}&template=${template}` })).json().data.items as { text: string; html: string }[];
    expect((await t.app.inject({ method: 'POST', url: '/api/webaccess/recover-password-link', ...json({ username: 'admin' }) })).statusCode).toBe(200);
    await t.mail.flush();
    const link = await outboxOf('RECOVER_PASSWORD_LINK');
    expect(link).toHaveLength(1);
    expect(`${link[0]!.text}${link[0]!.html}`).not.toMatch(/recover-password\?u=/);
    expect(link[0]!.text).toContain('••••••••');
    // without the link there is no temporary password to read either: the delivered link (the database copy) is spent here as the real admin would
    const { rows } = await sql<{ secret_text: string }>`select secret_text from mail_outbox where template = 'RECOVER_PASSWORD_LINK' and to_address = 'admin@circula.example'`.execute(t.db);
    const uuid = UUID_IN('/recover-password').exec(rows[0]!.secret_text)![1]!;
    expect((await t.app.inject({ method: 'GET', url: `/api/webaccess/recover-password?u=${uuid}` })).statusCode).toBe(200);
    const password = await outboxOf('TEMPORARY_PASSWORD');
    expect(password).toHaveLength(1);
    expect(password[0]!.text).toContain('••••••••');
    const { rows: mailed } = await sql<{ secret_text: string }>`select secret_text from mail_outbox where template = 'TEMPORARY_PASSWORD' and to_address = 'admin@circula.example'`.execute(t.db);
    const temporary = /:\n(\S+)\n/.exec(mailed[0]!.secret_text.replace(/\r\n/g, '\n'))![1]!;
    expect(password[0]!.text).not.toContain(temporary);
    expect(password[0]!.html).not.toContain(temporary);
    // the real administrator, who received both, sets a password of their own
    const restored = await t.app.inject({ method: 'POST', url: '/api/auth/change-password', ...form({ username: 'admin', oldPassword: temporary, newPassword: DEMO_PASSWORD }) });
    expect(restored.statusCode).toBe(200);
  });

  it('shows a message with its secret to its recipient', async () => {
    const admin = as(t.app, (await signIn(t.app, 'admin')).token);
    const managerId = (await signIn(t.app, 'manager')).id;
    expect((await admin({ method: 'PUT', url: `/api/security/users/${managerId}/reset-password` })).statusCode).toBe(200);
    const { rows } = await sql<{ secret_text: string }>`select secret_text from mail_outbox where template = 'TEMPORARY_PASSWORD' and to_address = 'manager@circula.example' order by id desc limit 1`.execute(t.db);
    const temporary = /:\n(\S+)\n/.exec(rows[0]!.secret_text.replace(/\r\n/g, '\n'))![1]!;
    const asAdmin = (await admin({ method: 'GET', url: '/api/mail/outbox?to=manager%40circula.example&template=TEMPORARY_PASSWORD' })).json().data.items[0];
    expect(asAdmin.text).not.toContain(temporary);
    // the manager signs in with it (it is expired: the change-password step comes next) and reads it
    const changed = await t.app.inject({ method: 'POST', url: '/api/auth/change-password', ...form({ username: 'manager', oldPassword: temporary, newPassword: 'Nuova!Password2026' }) });
    expect(changed.statusCode).toBe(200);
    const manager = as(t.app, (await signIn(t.app, 'manager', 'Nuova!Password2026')).token);
    const own = (await manager({ method: 'GET', url: '/api/mail/outbox?to=manager%40circula.example&template=TEMPORARY_PASSWORD' })).json().data.items[0];
    expect(own.text).toContain(temporary);
  });
});
