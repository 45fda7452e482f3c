import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUILT_IN_TEMPLATES, TEMPLATE_CONTRACTS } from '../../src/domain/mail/templates.js';
import { noticeMailerOf } from '../../src/domain/notices/routes.js';
import { SmtpReceiver } from '../accounts/smtp-receiver.js';
import { callers, json, q, type Call } from '../configuration/support.js';
import { STRONG_PASSWORD, uniqueName } from '../security/support.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

const BASE_URL = 'http://circula.test:8080';
const OWNER_EMAIL = 'owner@circula.example';
/** A subject line as a mail client shows it (the test receiver keeps the space between two encoded words). */
const subjectOf = (mail: { subject: string }) => mail.subject.replace(/\s+/g, ' ');
const TEMPLATES = '/api/templates/email-templates';

interface NoticeItem {
  id: number;
  kind: string;
  title: string;
  body: string | null;
  route: string | null;
  recordId: number | null;
  createdAt: string;
  readAt: string | null;
}
interface NoticePage {
  items: NoticeItem[];
  total: number;
  page: number;
  size: number;
  unread: number;
}

/** Issue 15: on every status change of a movement request the requester gets an in-app notice and a mail. */
describe('request status notices', () => {
  let t: TestApp;
  let smtp: SmtpReceiver;
  let admin: Call;
  let operator: Call;
  let owner: Call;
  let customer: Call;
  let ownerCompany: number;
  let ownerPdp: number;
  let pdpName: string;
  let plain: number;
  let english: { id: number; email: string };

  const idOf = async (query: string) => Number((await sql<{ id: number }>`${sql.raw(query)}`.execute(t.db)).rows[0]!.id);
  const userId = (username: string) => idOf(`select id from users where username = '${username}'`);

  beforeAll(async () => {
    smtp = await new SmtpReceiver().start();
    t = await createTestApp({
      baseUrl: BASE_URL,
      mail: { smtpUrl: smtp.url, from: 'Circula <no-reply@circula.test>', registrationLinkHours: 72, recoverLinkMinutes: 60 },
    });
    ({ admin, operator, owner, customer } = await callers(t.app, 'admin', 'operator', 'owner', 'customer'));
    ownerCompany = await idOf(`select subject_id as id from users where username = 'owner'`);
    ownerPdp = await idOf(`select id from warehouse where owner = ${ownerCompany} and warehouse_type = 'PDP' order by id limit 1`);
    pdpName = (await sql<{ name: string }>`select name from warehouse where id = ${ownerPdp}`.execute(t.db)).rows[0]!.name;
    plain = await idOf(`select id from waste where code = '150101'`);
    // a second user of the owner's company, in English
    const username = uniqueName('titolare');
    const email = `${username}@esempio.it`;
    const created = await admin({
      method: 'POST',
      url: '/api/security/users',
      ...json({ username, email, firstName: 'Jane', lastName: 'Doe', lang: 'en', groups: ['OWNERS'], password: STRONG_PASSWORD }),
    });
    expect(created.statusCode, created.body).toBe(201);
    await sql`update users set subject_id = ${ownerCompany} where username = ${username}`.execute(t.db);
    english = { id: await userId(username), email };
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    await smtp?.stop();
  });

  const newRequest = (extra: Record<string, unknown> = {}) => ({
    requester: ownerCompany,
    pickupPoint: ownerPdp,
    wishedFrom: '2030-03-02',
    wishedTo: '2030-03-06',
    lines: [{ waste: plain, quantity: { value: 1.5, unit: 'T' } }],
    ...extra,
  });
  const move = async (call: Call, id: number, status: string, values: Record<string, unknown> = {}) => {
    const current = (await call({ method: 'GET', url: `/api/transactions/rdr/${id}` })).json().data as { version: number };
    return call({ method: 'PUT', url: `/api/transactions/rdr/${id}?newStatus=${status}`, ...json({ version: current.version, ...values }) });
  };
  /** A pickup request filed by `by` (the owner by default) and submitted. */
  const submitted = async (by: Call = owner) => {
    const res = await by({ method: 'POST', url: '/api/transactions/rdr', ...json(newRequest()) });
    expect(res.statusCode, res.body).toBe(201);
    const created = res.json().data as { id: number; code: string };
    expect((await move(by, created.id, 'SUBMITTED')).statusCode).toBe(200);
    return created;
  };
  const noticesOf = async (call: Call, query = '') => {
    const res = await call({ method: 'GET', url: `/api/notices${query}` });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as NoticePage;
  };
  const rowsFor = async (recordId: number) =>
    (
      await sql<{ user_id: number; title: string; body: string; mail_status: string; route: string }>`
        select user_id, title, body, mail_status, route from notice where entity = 'transaction' and record_id = ${recordId} order by id`.execute(t.db)
    ).rows.map((r) => ({ ...r, user_id: Number(r.user_id) }));
  const drained = async () => {
    await noticeMailerOf(t.app)!.idle();
    await t.mail.flush();
  };

  let accepted: { id: number; code: string };
  let refused: { id: number; code: string };

  it("notifies the requester's users when staff accept or refuse a request; the user who acted and the author who changed it get nothing", async () => {
    accepted = await submitted();
    refused = await submitted();
    // the owner submitted: nobody of the company hears of their own change, but the other user does
    expect((await rowsFor(accepted.id)).map((r) => r.user_id)).toEqual([english.id]);

    expect((await move(operator, accepted.id, 'ACCEPTED')).statusCode).toBe(200);
    const res = await move(operator, refused.id, 'REFUSED', { refusalMotivation: 'AREA_NOT_SERVED', refusalNotes: 'Fuori zona' });
    expect(res.statusCode, res.body).toBe(200);

    const mine = await noticesOf(owner);
    expect(mine.unread).toBe(2);
    expect(mine.total).toBe(2);
    const [refusal, acceptance] = mine.items;
    expect(acceptance).toMatchObject({ kind: 'REQUEST_STATUS_CHANGED', title: `Richiesta ${accepted.code} accettata`, route: 'rdr', recordId: accepted.id, readAt: null });
    expect(acceptance!.body).toBe(`Richiesta di ritiro · Punto di prelievo: ${pdpName} · Data richiesta: 02/03/2030`);
    expect(refusal).toMatchObject({ title: `Richiesta ${refused.code} rifiutata`, route: 'rdr', recordId: refused.id });
    expect(refusal!.body).toContain('Motivo del rifiuto: Zona non servita');
    expect(new Date(refusal!.createdAt).getTime()).toBeGreaterThanOrEqual(new Date(acceptance!.createdAt).getTime());

    // the English user of the same company reads them in English
    const theirs = (await rowsFor(refused.id)).filter((r) => r.user_id === english.id);
    expect(theirs.map((r) => r.title)).toEqual([`Request ${refused.code} submitted`, `Request ${refused.code} refused`]);
    expect(theirs[1]!.body).toContain('Refusal reason: Area not served');

    // the operator acted: no notice
    expect(await noticesOf(operator)).toMatchObject({ items: [], total: 0, unread: 0 });
    const operatorId = await userId('operator');
    expect((await rowsFor(accepted.id)).some((r) => r.user_id === operatorId)).toBe(false);
  });

  it('does not notify a staff author, nor staff who only act on it', async () => {
    // the operator files a request for the owner's company; an administrator accepts it
    const byStaff = await submitted(operator);
    const operatorId = await userId('operator');
    const ownerId = await userId('owner');
    // submitted by the operator: the company's users hear of it
    expect((await rowsFor(byStaff.id)).map((r) => r.user_id).sort()).toEqual([ownerId, english.id].sort());
    expect((await move(admin, byStaff.id, 'ACCEPTED')).statusCode).toBe(200);
    const rows = await rowsFor(byStaff.id);
    expect(rows.map((r) => r.user_id)).not.toContain(operatorId);
    expect(rows.map((r) => r.user_id)).not.toContain(await userId('admin'));
    expect(rows.filter((r) => r.title.endsWith('accettata') || r.title.endsWith('accepted'))).toHaveLength(2);
    // planned: the notice gives the planned day instead of the wished one
    expect((await move(admin, byStaff.id, 'PLANNED', { plannedDate: '2030-03-04' })).statusCode).toBe(200);
    const planned = (await rowsFor(byStaff.id)).filter((r) => r.user_id === ownerId).at(-1)!;
    expect(planned.title).toBe(`Richiesta ${byStaff.code} pianificata`);
    expect(planned.body).toBe(`Richiesta di ritiro · Punto di prelievo: ${pdpName} · Data pianificata: 04/03/2030`);
  });

  it('mails each notice through SMTP, in the language of the user, with the motivation and a link; recorded for the requester', async () => {
    await drained();
    const acceptMail = smtp.to(OWNER_EMAIL).find((m) => m.subject.includes(accepted.code))!;
    expect(subjectOf(acceptMail)).toBe(`Circula: richiesta ${accepted.code} – Accettata`);
    expect(acceptMail.text).toContain(`${BASE_URL}/rdr/${accepted.id}`);
    expect(acceptMail.text).toContain(pdpName);
    expect(acceptMail.text).toContain('02/03/2030');
    expect(acceptMail.text).not.toContain('Motivo del rifiuto');

    const refuseMail = smtp.to(OWNER_EMAIL).find((m) => m.subject.includes(refused.code))!;
    expect(subjectOf(refuseMail)).toBe(`Circula: richiesta ${refused.code} – Rifiutata`);
    expect(refuseMail.text).toContain('Motivo del rifiuto: Zona non servita');
    expect(refuseMail.html).toContain(`<a href="${BASE_URL}/rdr/${refused.id}">`);

    const englishMails = smtp.to(english.email).filter((m) => m.subject.includes(refused.code));
    expect(englishMails.map(subjectOf)).toEqual([`Circula: request ${refused.code} – Submitted`, `Circula: request ${refused.code} – Refused`]);
    expect(englishMails[1]!.text).toContain('Refusal reason: Area not served');

    // every notice with an email was mailed once, and every mail went to its own user
    const statuses = await sql<{ mail_status: string; n: number }>`select mail_status, count(*)::int as n from notice group by mail_status`.execute(t.db);
    expect(statuses.rows.map((r) => r.mail_status)).toEqual(['SENT']);
    expect(smtp.messages.filter((m) => /request|richiesta/i.test(m.subject)).length).toBe(statuses.rows[0]!.n);

    const communications = await admin({
      method: 'GET',
      url: `/api/mail/communications?size=100&q=${q({ filters: [{ field: 'subject', op: 'eq', value: ownerCompany }, { field: 'template', op: 'eq', value: 'REQUEST_STATUS_CHANGED' }] })}`,
    });
    expect(communications.statusCode, communications.body).toBe(200);
    const lines = (communications.json().data.items as { subjectLine: string; toAddress: string; status: string }[]).filter((c) => c.subjectLine.includes(refused.code));
    expect(lines.map((c) => c.toAddress).sort()).toEqual([english.email, english.email, OWNER_EMAIL].sort());
    expect(lines.every((c) => c.status === 'SENT')).toBe(true);
  });

  it("uses the administrators' template instead of the built-in text", async () => {
    // seeded in both languages from the built-in texts, with the placeholders described
    for (const lang of ['it', 'en'] as const) {
      const res = await admin({
        method: 'GET',
        url: `${TEMPLATES}?q=${q({ filters: [{ field: 'template', op: 'eq', value: 'REQUEST_STATUS_CHANGED' }, { field: 'lang', op: 'eq', value: lang }] })}`,
      });
      expect(res.json().data.items).toEqual([
        expect.objectContaining({ ...BUILT_IN_TEMPLATES.REQUEST_STATUS_CHANGED[lang], description: TEMPLATE_CONTRACTS.REQUEST_STATUS_CHANGED.description[lang], canWrite: true }),
      ]);
    }
    const listed = await admin({
      method: 'GET',
      url: `${TEMPLATES}?q=${q({ filters: [{ field: 'template', op: 'eq', value: 'REQUEST_STATUS_CHANGED' }, { field: 'lang', op: 'eq', value: 'it' }] })}`,
    });
    const seeded = listed.json().data.items as { id: number }[];
    // seeded by the migration; replaced here by one an administrator writes
    expect(seeded).toHaveLength(1);
    expect((await admin({ method: 'PUT', url: `${TEMPLATES}/${seeded[0]!.id}/delete` })).statusCode).toBe(200);
    const created = await admin({
      method: 'POST',
      url: TEMPLATES,
      ...json({
        template: 'REQUEST_STATUS_CHANGED',
        lang: 'it',
        subject: 'Aggiornamento {{code}}: {{status}}',
        body: 'Gentile {{name}},\nla sua {{kind}} {{code}} è ora {{status}}{{#if motivation}} ({{motivation}}){{/if}}.\n{{link}}',
      }),
    });
    expect(created.statusCode, created.body).toBe(201);

    const request = await submitted();
    expect((await move(operator, request.id, 'REFUSED', { refusalMotivation: 'NO_CONTRACT' })).statusCode).toBe(200);
    const mail = await smtp.waitFor(OWNER_EMAIL, smtp.to(OWNER_EMAIL).length + 1);
    expect(subjectOf(mail)).toBe(`Aggiornamento ${request.code}: Rifiutata`);
    expect(mail.text.replace(/\r\n/g, '\n')).toContain(`Gentile Giulia Verdi,\nla sua Richiesta di ritiro ${request.code} è ora Rifiutata (Contratto assente o scaduto).\n${BASE_URL}/rdr/${request.id}`);
    // a template without a required placeholder is refused
    const incomplete = await admin({ method: 'PUT', url: `${TEMPLATES}/${created.json().data.id}`, ...json({ version: created.json().data.version, body: 'Gentile {{name}}' }) });
    expect(incomplete.statusCode).toBe(400);
  });

  it("lets nobody read or mark another user's notice; a user marks their own, one or all", async () => {
    const mine = await noticesOf(owner, '?unread=true&size=1');
    expect(mine.items).toHaveLength(1);
    expect(mine.size).toBe(1);
    expect(mine.total).toBe(mine.unread);
    const notice = mine.items[0]!;

    expect((await operator({ method: 'PUT', url: `/api/notices/${notice.id}/read` })).statusCode).toBe(404);
    expect((await customer({ method: 'PUT', url: `/api/notices/${notice.id}/read` })).statusCode).toBe(404);
    expect((await customer({ method: 'PUT', url: '/api/notices/read-all' })).statusCode).toBe(200);
    expect((await noticesOf(customer)).items).toEqual([]);
    expect((await noticesOf(owner)).unread).toBe(mine.unread);

    const read = await owner({ method: 'PUT', url: `/api/notices/${notice.id}/read` });
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json().data).toMatchObject({ id: notice.id, readAt: expect.any(String) });
    const after = await noticesOf(owner);
    expect(after.unread).toBe(mine.unread - 1);
    expect(after.items.find((n) => n.id === notice.id)!.readAt).toBe(read.json().data.readAt);
    expect((await noticesOf(owner, '?unread=true')).items.some((n) => n.id === notice.id)).toBe(false);
    // the notices page's "read" filter: the read ones only
    const readOnes = await noticesOf(owner, '?read=true');
    expect(readOnes.items.map((n) => n.id)).toEqual([notice.id]);
    expect(readOnes).toMatchObject({ total: 1, unread: mine.unread - 1 });

    const all = await owner({ method: 'PUT', url: '/api/notices/read-all' });
    expect(all.json().data).toEqual({ marked: mine.unread - 1, unread: 0 });
    expect(await noticesOf(owner, '?unread=true')).toMatchObject({ items: [], total: 0, unread: 0 });
    // the other user of the company still has theirs
    expect(Number((await sql<{ n: number }>`select count(*)::int as n from notice where user_id = ${english.id} and read_at is null`.execute(t.db)).rows[0]!.n)).toBeGreaterThan(0);

    expect((await t.app.inject({ method: 'GET', url: '/api/notices' })).statusCode).toBe(401);
    expect((await owner({ method: 'PUT', url: '/api/notices/999999999/read' })).statusCode).toBe(404);
  });

  it('writes the notice of a user without an email with no mail to send', async () => {
    await sql`update users set email = null where id = ${english.id}`.execute(t.db);
    try {
      const request = await submitted();
      expect((await move(operator, request.id, 'ACCEPTED')).statusCode).toBe(200);
      await drained();
      const rows = (await rowsFor(request.id)).filter((r) => r.title.endsWith('accettata') || r.title.endsWith('accepted'));
      expect(rows.map((r) => [r.user_id === english.id ? 'english' : 'owner', r.mail_status]).sort()).toEqual([
        ['english', 'NONE'],
        ['owner', 'SENT'],
      ]);
    } finally {
      await sql`update users set email = ${english.email} where id = ${english.id}`.execute(t.db);
    }
  });

  it('writes no notice for a status change that is rolled back', async () => {
    const request = await submitted();
    await drained();
    const before = await rowsFor(request.id);
    const sentBefore = smtp.messages.length;
    const res = await move(operator, request.id, 'REFUSED');
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([{ field: 'refusalMotivation', message: 'REQUIRED' }]);
    expect(await rowsFor(request.id)).toEqual(before);
    await drained();
    expect(smtp.messages.length).toBe(sentBefore);
    expect((await sql<{ status: string }>`select status from transaction where id = ${request.id}`.execute(t.db)).rows[0]!.status).toBe('SUBMITTED');
  });
});
