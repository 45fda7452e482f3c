import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schedulerOf } from '../../src/scheduler/index.js';
import { callers, json, type Call } from '../configuration/support.js';
import { createTestApp, signIn, type TestApp } from '../support/test-app.js';

const E = '/api/conf/scheduler';

describe('scheduler jobs', () => {
  let t: TestApp;
  let admin: Call;
  let adminId: number;

  /** Runs the job once through "run now" and answers its run. */
  const runJob = async (job: string, parameters?: Record<string, unknown>) => {
    const created = await admin({ method: 'POST', url: E, ...json({ name: `Prova ${job}`, job, cron: '0 0 6 * * ?', enabled: false, ...(parameters ? { parameters } : {}) }) });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().data.id;
    const res = await admin({ method: 'POST', url: `${E}/${id}/run` });
    expect(res.statusCode, res.body).toBe(202);
    await schedulerOf(t.app)!.idle();
    const run = (await admin({ method: 'GET', url: `${E}/${id}/runs` })).json().data.items[0];
    expect(run.status, run.log).toBe('SUCCEEDED');
    return { id, run };
  };
  const again = async (id: number) => {
    expect((await admin({ method: 'POST', url: `${E}/${id}/run` })).statusCode).toBe(202);
    await schedulerOf(t.app)!.idle();
  };
  const noticesOf = async (kind: string, entity: string, recordId: number) =>
    (await sql<{ user_id: number; title: string; body: string }>`
      select user_id, title, body from notice where kind = ${kind} and entity = ${entity} and record_id = ${recordId} order by id`.execute(t.db)).rows;

  beforeAll(async () => {
    t = await createTestApp();
    ({ admin } = await callers(t.app, 'admin'));
    adminId = (await signIn(t.app, 'admin')).id;
  }, 180_000);
  afterAll(() => t.close());

  it('DEADLINE_REMINDERS: one notice per reader for an expiring enrolment, not again at the next run, then one when it has expired', async () => {
    // a new enrolment expiring in ten days, typed as the browser journey types it (e2e/specs/scheduler.spec.ts)
    const [model] = (await admin({ method: 'GET', url: '/api/subjects/albo-authorisations?size=1' })).json().data.items;
    const expiry = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Rome' }).format(new Date(Date.now() + 10 * 86_400_000));
    const created = await admin({ method: 'POST', url: '/api/subjects/albo-authorisations', ...json({ holder: model.holder, category: model.category, number: 'TEST123', expiry }) });
    expect(created.statusCode, created.body).toBe(201);
    const albo = { id: created.json().data.id as number, number: 'TEST123' };
    const { id } = await runJob('DEADLINE_REMINDERS', { days: 30 });
    const first = await noticesOf('DEADLINE_REMINDER', 'albo-authorisation', Number(albo.id));
    expect(first.length).toBeGreaterThan(0);
    // the administrator hears of it, in Italian, and sees it in the bell's list
    const mine = first.filter((n) => Number(n.user_id) === adminId);
    expect(mine).toHaveLength(1);
    expect(mine[0]!.title).toMatch(new RegExp(`^Iscrizione Albo ${albo.number}: scade il \\d{2}/\\d{2}/\\d{4}$`));
    const bell = (await admin({ method: 'GET', url: '/api/notices?unread=true&size=100' })).json().data.items;
    expect(bell.some((n: { title: string; route: string; recordId: number }) => n.title === mine[0]!.title && n.route === 'albo-authorisations' && n.recordId === Number(albo.id))).toBe(true);
    // users without the subjects' read authority and external users hear nothing
    const { rows: outsiders } = await sql<{ n: number }>`
      select count(*)::int as n from notice n join users u on u.id = n.user_id
      where n.kind = 'DEADLINE_REMINDER' and u.username in ('customer', 'owner')`.execute(t.db);
    expect(outsiders[0]!.n).toBe(0);

    await again(id);
    expect(await noticesOf('DEADLINE_REMINDER', 'albo-authorisation', Number(albo.id))).toHaveLength(first.length);

    await sql`update albo_authorisation set expiry = current_date - 1 where id = ${albo.id}`.execute(t.db);
    await again(id);
    const after = await noticesOf('DEADLINE_REMINDER', 'albo-authorisation', Number(albo.id));
    expect(after).toHaveLength(first.length * 2);
    expect(after.filter((n) => Number(n.user_id) === adminId)[1]!.title).toContain('scaduta il');
    await again(id);
    expect(await noticesOf('DEADLINE_REMINDER', 'albo-authorisation', Number(albo.id))).toHaveLength(first.length * 2);
  });

  it('DEADLINE_REMINDERS: ADR certificates and authorisations, not a cancelled enrolment nor a far deadline', async () => {
    const vehicle = (await sql<{ id: number; plate: string }>`select id, plate from vehicle where not deleted order by id limit 1`.execute(t.db)).rows[0]!;
    await sql`update vehicle set adr = true, adr_expiry = current_date + 5 where id = ${vehicle.id}`.execute(t.db);
    const [site, far] = (await sql<{ id: number }>`select id from warehouse where not deleted order by id limit 2`.execute(t.db)).rows;
    await sql`update warehouse set authorisation_expiry = current_date - 3 where id = ${site!.id}`.execute(t.db);
    await sql`update warehouse set authorisation_expiry = current_date + 200 where id = ${far!.id}`.execute(t.db);
    const revoked = (await sql<{ id: number }>`select id from albo_authorisation where not deleted and number <> 'TEST123' order by id desc limit 1`.execute(t.db)).rows[0]!;
    await sql`update albo_authorisation set expiry = current_date + 3, status = 'REVOKED' where id = ${revoked.id}`.execute(t.db);
    await runJob('DEADLINE_REMINDERS');
    const adr = await noticesOf('DEADLINE_REMINDER', 'vehicle', Number(vehicle.id));
    expect(adr.find((n) => Number(n.user_id) === adminId)?.title).toContain(`Certificato ADR del veicolo ${vehicle.plate}: scade il`);
    expect((await noticesOf('DEADLINE_REMINDER', 'warehouse', Number(site!.id))).length).toBeGreaterThan(0);
    expect(await noticesOf('DEADLINE_REMINDER', 'warehouse', Number(far!.id))).toEqual([]);
    expect(await noticesOf('DEADLINE_REMINDER', 'albo-authorisation', Number(revoked.id))).toEqual([]);
  });

  it('OVERDUE_INVOICES: a notice for an issued invoice past due and not collected, none for a paid one, once', async () => {
    const [open, paid] = (await sql<{ id: number }>`select id from invoice where not deleted order by id limit 2`.execute(t.db)).rows;
    await sql`update invoice set status = 'ISSUED', document_type = 'TD01', document_number = 'A/9001', due_date = current_date - 5, payable = 122, total = 122, paid_amount = 22 where id = ${open!.id}`.execute(t.db);
    await sql`update invoice set status = 'PAID', document_type = 'TD01', due_date = current_date - 5, payable = 100, total = 100, paid_amount = 100 where id = ${paid!.id}`.execute(t.db);
    const { id } = await runJob('OVERDUE_INVOICES');
    const notices = await noticesOf('OVERDUE_INVOICE', 'invoice', Number(open!.id));
    const mine = notices.find((n) => Number(n.user_id) === adminId)!;
    expect(mine.title).toMatch(/^Fattura A\/9001 scaduta il \d{2}\/\d{2}\/\d{4}$/);
    expect(mine.body).toContain('100,00');
    expect(await noticesOf('OVERDUE_INVOICE', 'invoice', Number(paid!.id))).toEqual([]);
    await again(id);
    expect(await noticesOf('OVERDUE_INVOICE', 'invoice', Number(open!.id))).toHaveLength(notices.length);
  });

  it('DATA_RETENTION: removes old expired sessions, used links, old runs and old read notices, nothing else', async () => {
    const user = adminId;
    const session = async (expires: string, revoked: string | null) =>
      (await sql<{ id: string }>`insert into sessions (user_id, expires_at, revoked_at) values (${user}, now() + ${expires}::interval, ${revoked === null ? null : sql`now() + ${revoked}::interval`}) returning id`.execute(t.db)).rows[0]!.id;
    const oldExpired = await session('-40 days', null);
    const oldRevoked = await session('1 day', '-40 days');
    const recentExpired = await session('-2 days', null);
    const live = await session('1 day', null);
    const notice = async (readAgo: string | null, createdAgo: string) =>
      (await sql<{ id: number }>`insert into notice (user_id, kind, title, created_at, read_at) values (${user}, 'TEST', 'Prova', now() - ${createdAgo}::interval,
        ${readAgo === null ? null : sql`now() - ${readAgo}::interval`}) returning id`.execute(t.db)).rows[0]!.id;
    const oldRead = await notice('200 days', '300 days');
    const recentRead = await notice('1 day', '300 days');
    const oldUnread = await notice(null, '400 days');
    const entry = (await admin({ method: 'POST', url: E, ...json({ name: 'Storico', job: 'DATA_RETENTION', cron: '0 0 6 * * ?', enabled: false }) })).json().data.id;
    const run = async (endedAgo: string) =>
      (await sql<{ id: number }>`insert into scheduler_run (scheduler_id, job, trigger, status, instance_id, started_at, ended_at)
        values (${entry}, 'DATA_RETENTION', 'SCHEDULE', 'SUCCEEDED', 'test', now() - ${endedAgo}::interval, now() - ${endedAgo}::interval) returning id`.execute(t.db)).rows[0]!.id;
    const oldRun = await run('100 days');
    const recentRun = await run('1 day');
    const link = async (expires: string, used: string | null) =>
      (await sql<{ token_hash: string }>`insert into account_links (token_hash, kind, email, lang, expires_at, used_at)
        values (${`h${Math.random()}`}, 'RECOVER', 'x@example.com', 'it', now() + ${expires}::interval, ${used === null ? null : sql`now() + ${used}::interval`}) returning token_hash`.execute(t.db)).rows[0]!.token_hash;
    const oldLink = await link('-31 days', null);
    const usedLink = await link('1 day', '-31 days');
    const validLink = await link('1 day', null);

    const { run: outcome } = await runJob('DATA_RETENTION');
    expect(outcome.log).toMatch(/sessions: \d+ removed/);

    const ids = async (table: string, column: string, wanted: readonly (string | number)[]) =>
      (await sql<{ id: string }>`select ${sql.ref(column)}::text as id from ${sql.table(table)} where ${sql.ref(column)}::text = any(${wanted.map(String)}::text[])`.execute(t.db)).rows.map((r) => r.id).sort();
    expect(await ids('sessions', 'id', [oldExpired, oldRevoked, recentExpired, live])).toEqual([recentExpired, live].map(String).sort());
    expect(await ids('notice', 'id', [oldRead, recentRead, oldUnread])).toEqual([recentRead, oldUnread].map(String).sort());
    expect(await ids('scheduler_run', 'id', [oldRun, recentRun])).toEqual([String(recentRun)]);
    expect(await ids('account_links', 'token_hash', [oldLink, usedLink, validLink])).toEqual([validLink]);
  });

  it('STORAGE_AGE_ALERTS and OUTBOX_RETRY run on the demo data', async () => {
    const storage = await runJob('STORAGE_AGE_ALERTS');
    expect(storage.run.log).toMatch(/stock item\(s\) beyond their limit/);
    const { rows } = await sql<{ n: number; d: number }>`select count(*)::int as n, count(distinct (user_id, dedupe_key))::int as d from notice where kind = 'STORAGE_AGE_ALERT'`.execute(t.db);
    expect(rows[0]!.n).toBe(rows[0]!.d);
    await again(storage.id);
    expect((await sql<{ n: number }>`select count(*)::int as n from notice where kind = 'STORAGE_AGE_ALERT'`.execute(t.db)).rows[0]!.n).toBe(rows[0]!.n);

    // a notice whose mail failed an hour ago goes back to the drain (which finds it has no mail to
    // send: NONE); one that failed three days ago, beyond retryFailedHours, stays FAILED
    const failed = async (ago: string) =>
      (await sql<{ id: number }>`insert into notice (user_id, kind, title, created_at, mail_status) values (${adminId}, 'TEST', 'Prova', now() - ${ago}::interval, 'FAILED') returning id`.execute(t.db)).rows[0]!.id;
    const recent = await failed('1 hour');
    const old = await failed('3 days');
    const outbox = await runJob('OUTBOX_RETRY');
    expect(outbox.run.log).toMatch(/1 failed mail\(s\) queued again/);
    expect(outbox.run.log).toMatch(/queued mail\(s\) handled/);
    const status = async (id: number) => (await sql<{ mail_status: string }>`select mail_status from notice where id = ${id}`.execute(t.db)).rows[0]!.mail_status;
    expect(await status(recent)).toBe('NONE');
    expect(await status(old)).toBe('FAILED');
  });
});
