import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MASKED_SECRET } from '../../src/domain/mail/service.js';
import { schedulerOf } from '../../src/scheduler/index.js';
import { callers, json, q, type Call } from '../configuration/support.js';
import { createTestApp, type TestApp } from '../support/test-app.js';
import { SmtpReceiver } from './smtp-receiver.js';

const COMMUNICATIONS = '/api/mail/communications';
const SEND = `${COMMUNICATIONS}/send`;
const SUBJECTS = '/api/subjects/subjects';

let n = 0;
const uniqueEmail = (prefix: string) => `${prefix}.${Date.now().toString(36)}${(n++).toString(36)}@example.org`;
const normalized = (text: string) => text.replace(/\r\n/g, '\n');

/** The rows a refused call must not have written. */
const written = async (t: TestApp) => {
  const { rows } = await sql<{ c: number; o: number }>`
    select (select count(*)::int from communication) as c, (select count(*)::int from mail_outbox) as o`.execute(t.db);
  return rows[0]!;
};

const newSubject = async (admin: Call, values: Record<string, unknown> = {}) => {
  const res = await admin({ method: 'POST', url: SUBJECTS, ...json({ subjectType: 'COMPANY', name: `Rossi Ambiente ${n++}`, ...values }) });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data.id as number;
};

const historyOf = async (call: Call, id: number) => {
  const res = await call({ method: 'GET', url: `${COMMUNICATIONS}/${id}/history` });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().data.items as { version: number; by: string; action: string; changes: Record<string, [unknown, unknown]> }[]).sort((a, b) => a.version - b.version);
};

describe('messages to subjects, with a real SMTP server', () => {
  let t: TestApp;
  let smtp: SmtpReceiver;
  let port: number;
  let admin: Call;
  let manager: Call;
  let operator: Call;
  let owner: Call;
  let customer: Call;
  let subjectId: number;

  beforeAll(async () => {
    smtp = await new SmtpReceiver().start();
    port = smtp.port;
    t = await createTestApp({ mail: { smtpUrl: smtp.url, from: 'Circula <no-reply@circula.test>', registrationLinkHours: 72, recoverLinkMinutes: 60 } });
    ({ admin, manager, operator, owner, customer } = await callers(t.app, 'admin', 'manager', 'operator', 'owner', 'customer'));
    subjectId = await newSubject(admin);
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    await smtp?.stop();
  });

  const send = (call: Call, values: Record<string, unknown>) => call({ method: 'POST', url: SEND, ...json(values) });
  const message = (to: string, values: Record<string, unknown> = {}) => ({
    subject: subjectId,
    toAddress: to,
    subjectLine: 'Ritiro del 12 marzo',
    body: 'Buongiorno,\nconfermiamo il ritiro di martedì 12 marzo alle 9:00.\n\nCordiali saluti',
    lang: 'it',
    ...values,
  });

  it('a manager writes to a subject: the mail arrives with its subject line and body, the communication is SENT', async () => {
    const to = uniqueEmail('cliente');
    const res = await send(manager, message(to));
    expect(res.statusCode, res.body).toBe(201);
    const record = res.json().data;
    expect(record).toMatchObject({
      subject: subjectId,
      toAddress: to,
      subjectLine: 'Ritiro del 12 marzo',
      body: 'Buongiorno,\nconfermiamo il ritiro di martedì 12 marzo alle 9:00.\n\nCordiali saluti',
      template: 'MESSAGE',
      lang: 'it',
      status: 'SENT',
      error: null,
      createdBy: 'manager',
      canWrite: false,
    });
    expect(record.code).toMatch(/^COM-\d{6}$/);
    expect(new Date(record.sentAt).getTime()).toBeGreaterThan(Date.now() - 60_000);

    const mail = await smtp.waitFor(to);
    expect(mail).toMatchObject({ from: 'no-reply@circula.test', subject: 'Ritiro del 12 marzo' });
    expect(normalized(mail.text)).toContain('Buongiorno,\nconfermiamo il ritiro di martedì 12 marzo alle 9:00.\n\nCordiali saluti');
    expect(mail.html).toContain('confermiamo il ritiro di marted');

    // the outbox row of the same message, and the communication's history: written, then sent
    const outbox = await t.db.selectFrom('mail_outbox' as never).selectAll().where('id' as never, '=', record.outboxId as never).executeTakeFirstOrThrow() as Record<string, unknown>;
    expect(outbox).toMatchObject({ to_address: to, subject: 'Ritiro del 12 marzo', template: 'MESSAGE', transport: 'SMTP', status: 'SENT', claimed_at: null, created_by: 'manager' });
    const history = await historyOf(manager, record.id);
    expect(history.map((h) => [h.version, h.action, h.by, h.changes.status])).toEqual([
      [1, 'CREATE', 'manager', [null, 'QUEUED']],
      [2, 'TRANSITION', 'system', ['QUEUED', 'SENT']],
    ]);
    // listed among the subject's communications
    const list = await manager({ method: 'GET', url: `${COMMUNICATIONS}?q=${q({ filters: [{ field: 'subject', op: 'eq', value: subjectId }, { field: 'status', op: 'eq', value: 'SENT' }] })}` });
    expect((list.json().data.items as { id: number }[]).map((c) => c.id)).toContain(record.id);
  });

  it('sends the text as written: no placeholder is filled, no tag reaches the HTML', async () => {
    const to = uniqueEmail('letterale');
    const body = 'Gentile {{name}},\n<b>nessun</b> segnaposto & nessun tag.';
    const res = await send(admin, message(to, { subjectLine: 'Oggetto {{code}}', body, lang: 'en' }));
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data).toMatchObject({ status: 'SENT', body, subjectLine: 'Oggetto {{code}}', lang: 'en' });
    const mail = await smtp.waitFor(to);
    expect(mail.subject).toBe('Oggetto {{code}}');
    expect(normalized(mail.text)).toContain(body);
    expect(mail.html).toContain('&lt;b&gt;nessun&lt;/b&gt; segnaposto &amp; nessun tag.');
    expect(mail.html).not.toContain('<b>');
  });

  it('an unreachable SMTP server: FAILED with the error; "Reinvia" once it is back: SENT, the same communication', async () => {
    const to = uniqueEmail('guasto');
    await smtp.stop();
    let failed: Record<string, unknown>;
    try {
      const res = await send(manager, message(to, { subjectLine: 'Fattura di marzo' }));
      expect(res.statusCode, res.body).toBe(201);
      failed = res.json().data;
    } finally {
      await smtp.start(port);
    }
    expect(failed).toMatchObject({ status: 'FAILED', sentAt: null, toAddress: to });
    expect(failed.error).toMatch(/ECONNREFUSED|connect/i);
    expect(smtp.to(to)).toHaveLength(0);

    const resent = await manager({ method: 'POST', url: `${COMMUNICATIONS}/${failed.id as number}/resend` });
    expect(resent.statusCode, resent.body).toBe(200);
    expect(resent.json().data).toMatchObject({ id: failed.id, status: 'SENT', error: null, outboxId: failed.outboxId });
    const mail = await smtp.waitFor(to);
    expect(mail.subject).toBe('Fattura di marzo');
    const history = await historyOf(manager, failed.id as number);
    expect(history.map((h) => [h.action, h.by, h.changes.status])).toEqual([
      ['CREATE', 'manager', [null, 'QUEUED']],
      ['TRANSITION', 'system', ['QUEUED', 'FAILED']],
      ['TRANSITION', 'manager', ['FAILED', 'QUEUED']],
      ['TRANSITION', 'system', ['QUEUED', 'SENT']],
    ]);
    expect(history[1]!.changes.error).toEqual([null, failed.error]);
    // one outbox row, one communication: a resend is no copy
    const { rows } = await sql<{ c: number; o: number }>`
      select (select count(*)::int from communication where to_address = ${to}) as c, (select count(*)::int from mail_outbox where to_address = ${to}) as o`.execute(t.db);
    expect(rows[0]).toEqual({ c: 1, o: 1 });

    // a message that did not fail is not sent again
    const again = await manager({ method: 'POST', url: `${COMMUNICATIONS}/${failed.id as number}/resend` });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ errorCode: 'COMMUNICATION_NOT_FAILED' });
    expect(smtp.to(to)).toHaveLength(1);
  });

  it('OUTBOX_RETRY sends again the messages that failed in the last hours', async () => {
    const to = uniqueEmail('riprova');
    await smtp.stop();
    let id: number;
    try {
      const res = await send(admin, message(to));
      expect(res.json().data.status).toBe('FAILED');
      id = res.json().data.id;
    } finally {
      await smtp.start(port);
    }
    const entry = await admin({ method: 'POST', url: '/api/conf/scheduler', ...json({ name: 'Riprova posta', job: 'OUTBOX_RETRY', cron: '0 0 6 * * ?', enabled: false }) });
    expect(entry.statusCode, entry.body).toBe(201);
    expect((await admin({ method: 'POST', url: `/api/conf/scheduler/${entry.json().data.id}/run` })).statusCode).toBe(202);
    await schedulerOf(t.app)!.idle();
    const run = (await admin({ method: 'GET', url: `/api/conf/scheduler/${entry.json().data.id}/runs` })).json().data.items[0];
    expect(run.status, run.log).toBe('SUCCEEDED');
    expect(run.log).toMatch(/1 of 1 message\(s\) to subjects sent/);
    await smtp.waitFor(to);
    expect((await admin({ method: 'GET', url: `${COMMUNICATIONS}/${id}` })).json().data).toMatchObject({ status: 'SENT', error: null });
  });

  it('customers, owners and operators may not write to subjects (403), and nothing is written', async () => {
    const before = await written(t);
    for (const call of [customer, owner, operator]) {
      const res = await send(call, message(uniqueEmail('vietato')));
      expect(res.statusCode, res.body).toBe(403);
      expect(res.json()).toMatchObject({ errorCode: 'FORBIDDEN', errorMessage: 'CANT_UPDATE' });
    }
    const { rows } = await sql<{ id: number }>`select id from communication where template = 'MESSAGE' order by id limit 1`.execute(t.db);
    for (const call of [customer, owner, operator]) {
      expect((await call({ method: 'POST', url: `${COMMUNICATIONS}/${rows[0]!.id}/resend` })).statusCode).toBe(403);
    }
    await t.mail.flush();
    expect(await written(t)).toEqual(before);
  });

  it('bad input: 400 with every field in error, nothing written, nothing sent', async () => {
    const before = await written(t);
    const received = smtp.messages.length;
    const missing = await send(manager, {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ errorCode: 'CONSTRAINT_VIOLATION' });
    expect(missing.json().errors).toEqual([
      { field: 'subject', message: 'REQUIRED' },
      { field: 'toAddress', message: 'REQUIRED' },
      { field: 'subjectLine', message: 'REQUIRED' },
      { field: 'body', message: 'REQUIRED' },
    ]);

    const wrong = await send(manager, { subject: 987_654_321, toAddress: 'non-una-email', subjectLine: '   ', body: 'x'.repeat(20_001), lang: 'fr' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors).toEqual([
      { field: 'subject', message: 'NOT_FOUND' },
      { field: 'toAddress', message: 'INVALID' },
      { field: 'subjectLine', message: 'REQUIRED' },
      { field: 'body', message: 'TOO_LONG' },
      { field: 'lang', message: 'INVALID' },
    ]);

    // one address, one header line
    const sneaky = await send(manager, message('a@example.org, b@example.org', { subjectLine: 'Ciao\r\nBcc: c@example.org' }));
    expect(sneaky.json().errors).toEqual([
      { field: 'toAddress', message: 'INVALID' },
      { field: 'subjectLine', message: 'INVALID' },
    ]);
    const long = await send(manager, message(`${'a'.repeat(310)}@example.org`, { subjectLine: 'x'.repeat(301), subject: 'SBJ-1' }));
    expect(long.json().errors).toEqual([
      { field: 'subject', message: 'INVALID' },
      { field: 'toAddress', message: 'TOO_LONG' },
      { field: 'subjectLine', message: 'TOO_LONG' },
    ]);

    // a deleted subject is no recipient
    const gone = await newSubject(admin);
    expect((await admin({ method: 'PUT', url: `${SUBJECTS}/${gone}/delete` })).statusCode).toBe(200);
    const deleted = await send(manager, message(uniqueEmail('cancellato'), { subject: gone }));
    expect(deleted.json().errors).toEqual([{ field: 'subject', message: 'NOT_FOUND' }]);

    await t.mail.flush();
    expect(await written(t)).toEqual(before);
    expect(smtp.messages.length).toBe(received);
  });

  it('resends only messages users wrote: the application\'s own (a link, a password) are asked for again', async () => {
    const to = uniqueEmail('privacy');
    const outcome = await t.mail.send({ to, template: 'PRIVACY_CHANGED', lang: 'it', data: { name: 'Carla', username: 'carla', loginUrl: 'x', documents: ['Informativa'] }, subjectId });
    expect(outcome.communicationId).toEqual(expect.any(Number));
    const res = await admin({ method: 'POST', url: `${COMMUNICATIONS}/${outcome.communicationId}/resend` });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ errorCode: 'COMMUNICATION_NOT_RESENDABLE' });
    expect((await admin({ method: 'GET', url: `${COMMUNICATIONS}/${outcome.communicationId}` })).json().data).toMatchObject({ template: 'PRIVACY_CHANGED', body: null });
    expect((await admin({ method: 'POST', url: `${COMMUNICATIONS}/987654321/resend` })).statusCode).toBe(404);
  });
});

describe('messages to subjects without SMTP: kept in the outbox', () => {
  let t: TestApp;
  let admin: Call;
  let manager: Call;

  beforeAll(async () => {
    t = await createTestApp();
    ({ admin, manager } = await callers(t.app, 'admin', 'manager'));
  }, 120_000);
  afterAll(() => t?.close());

  it('is QUEUED in the outbox with its body, readable there; the application\'s secrets stay masked', async () => {
    const subjectId = await newSubject(admin, { pec: 'rossi@pec.example.org' });
    const res = await manager({ method: 'POST', url: SEND, ...json({ subject: subjectId, toAddress: 'rossi@pec.example.org', subjectLine: 'Documenti', body: 'In allegato i documenti.' }) });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data).toMatchObject({ status: 'QUEUED', sentAt: null, error: null, lang: 'it', body: 'In allegato i documenti.' });

    // the application's own message to a user who is a subject: its password masked in the outbox, no body on the communication
    const user = await t.db.selectFrom('users').select(['id', 'username', 'email', 'first_name', 'last_name', 'lang', 'subject_id']).where('username', '=', 'operator').executeTakeFirstOrThrow();
    const secret = await t.mail.sendTemporaryPassword({ ...user, subject_id: subjectId }, 'Segreta!2026');
    expect(secret.communicationId).toEqual(expect.any(Number));

    const outbox = await manager({ method: 'GET', url: '/api/mail/outbox?size=20' });
    const items = outbox.json().data.items as { to: string; template: string; status: string; text: string | null; transport: string }[];
    expect(items.find((m) => m.template === 'MESSAGE')).toMatchObject({ to: 'rossi@pec.example.org', status: 'QUEUED', transport: 'OUTBOX', text: 'In allegato i documenti.' });
    const password = items.find((m) => m.template === 'TEMPORARY_PASSWORD')!;
    expect(password.text).toContain(MASKED_SECRET);
    expect(password.text).not.toContain('Segreta!2026');
    const communication = (await manager({ method: 'GET', url: `${COMMUNICATIONS}/${secret.communicationId}` })).json().data;
    expect(communication).toMatchObject({ template: 'TEMPORARY_PASSWORD', body: null });
  });
});
