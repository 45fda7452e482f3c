import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MailService } from '../../src/domain/mail/service.js';
import { PrivacyNotices } from '../../src/domain/privacy/notices.js';
import { callers, json, type Call } from '../configuration/support.js';
import { minimalPdf } from '../documents/fixtures.js';
import { STRONG_PASSWORD, uniqueName } from '../security/support.js';
import { multipart } from '../support/multipart.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

const DEFINITIONS = '/api/privacy/definitions';

interface OutboxRow {
  to_address: string;
  lang: string;
  subject: string;
  body_text: string | null;
  transport: string;
  status: string;
  created_by: string | null;
}

/** PRIVACY_CHANGED: a new revision of a privacy definition is mailed to its audience once committed. */
describe('privacy change notices', () => {
  let t: TestApp;
  let admin: Call;
  const customers: { username: string; email: string; lang: 'it' | 'en' }[] = [];
  let disabledEmail: string;

  beforeAll(async () => {
    t = await createTestApp({ documentsDir: mkdtempSync(path.join(tmpdir(), 'circula-notices-test-')) });
    ({ admin } = await callers(t.app, 'admin'));
    // the demo customer (Italian) and two more customers, one in English, one disabled
    customers.push({ username: 'customer', email: 'customer@circula.example', lang: 'it' });
    for (const [lang, enabled] of [['en', true], ['it', false]] as const) {
      const username = uniqueName('cliente');
      const email = `${username}@esempio.it`;
      const res = await admin({
        method: 'POST',
        url: '/api/security/users',
        ...json({ username, email, firstName: 'Cliente', lastName: 'Prova', lang, groups: ['CUSTOMERS'], password: STRONG_PASSWORD }),
      });
      expect(res.statusCode, res.body).toBe(201);
      if (enabled) customers.push({ username, email, lang });
      else {
        disabledEmail = email;
        await sql`update users set enabled = false where username = ${username}`.execute(t.db);
      }
    }
  });
  afterAll(async () => {
    await t.close();
    rmSync(t.config.documentsDir, { recursive: true, force: true });
  });

  const createDefinition = async (body: Record<string, unknown>) => {
    const res = await admin({
      method: 'POST',
      url: DEFINITIONS,
      ...json({ code: uniqueName('AVV').toUpperCase().slice(0, 32), label: { it: 'Informativa clienti', en: 'Customer notice' }, audience: ['ROLE_CUSTOMER'], ...body }),
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().data as { id: number; version: number; revision: number };
  };
  const update = async (id: number, body: Record<string, unknown>, version?: number) => {
    const current = (await admin({ method: 'GET', url: `${DEFINITIONS}/${id}` })).json().data as { version: number };
    return admin({ method: 'PUT', url: `${DEFINITIONS}/${id}`, ...json({ version: version ?? current.version, ...body }) });
  };
  const notices = async (privacyId: number) =>
    (
      await sql<{ revision: number; sent_at: Date | null; recipients: number | null; requested_by: string | null }>`
        select revision, sent_at, recipients, requested_by from privacy_notice where privacy_id = ${privacyId} order by revision`.execute(t.db)
    ).rows;
  /** Waits until the notice of that revision has been mailed (the drain runs after the response). */
  const mailed = async (privacyId: number, revision: number) => {
    for (let i = 0; i < 200; i++) {
      const notice = (await notices(privacyId)).find((n) => n.revision === revision);
      if (notice?.recipients != null) return notice;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    throw new Error(`the notice of ${privacyId} revision ${revision} was not mailed`);
  };
  const outbox = async (marker: string) =>
    (
      await sql<OutboxRow>`
        select to_address, lang, subject, body_text, transport, status, created_by from mail_outbox
        where template = 'PRIVACY_CHANGED' and body_text like ${`%${marker}%`} order by to_address`.execute(t.db)
    ).rows;

  it('mails every enabled user of the audience, in their language, through the outbox, once the revision is committed', async () => {
    const label = { it: `Informativa clienti ${uniqueName('v')}`, en: `Customer notice ${uniqueName('v')}` };
    const definition = await createDefinition({ label });
    // creating a definition is not a change
    expect(await notices(definition.id)).toEqual([]);

    const raised = await update(definition.id, { revision: 2 });
    expect(raised.statusCode, raised.body).toBe(200);
    const notice = await mailed(definition.id, 2);
    expect(notice).toMatchObject({ recipients: customers.length, requested_by: 'admin' });

    const italian = await outbox(label.it);
    const english = await outbox(label.en);
    expect(italian.map((r) => r.to_address).sort()).toEqual(customers.filter((c) => c.lang === 'it').map((c) => c.email).sort());
    expect(english.map((r) => r.to_address)).toEqual(customers.filter((c) => c.lang === 'en').map((c) => c.email));
    for (const row of italian) expect(row).toMatchObject({ lang: 'it', subject: 'Circula: documenti sulla privacy aggiornati', transport: 'OUTBOX', status: 'QUEUED', created_by: 'admin' });
    expect(english[0]).toMatchObject({ lang: 'en', subject: 'Circula: privacy documents updated' });
    // not the disabled customer, not users outside the audience
    const all = [...italian, ...english].map((r) => r.to_address);
    expect(all).not.toContain(disabledEmail);
    expect(all).not.toContain('operator@circula.example');
    expect(all).not.toContain('admin@circula.example');
  });

  it('announces a new document (the revision it raises) to everyone when the audience is empty', async () => {
    const label = { it: `Informativa generale ${uniqueName('g')}`, en: `General notice ${uniqueName('g')}` };
    const definition = await createDefinition({ label, audience: [] });
    const upload = await admin({ method: 'POST', url: '/api/resources/document', ...(await multipart({ name: 'informativa-2026.pdf', bytes: minimalPdf() })) });
    expect(upload.statusCode, upload.body).toBe(201);
    const changed = await update(definition.id, { document: upload.json().data.id });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().data.revision).toBe(2);
    const notice = await mailed(definition.id, 2);
    const { rows } = await sql<{ n: number }>`select count(*)::int as n from users where enabled and coalesce(trim(email), '') <> ''`.execute(t.db);
    expect(notice.recipients).toBe(rows[0]!.n);
    const sent = [...(await outbox(label.it)), ...(await outbox(label.en))].map((r) => r.to_address);
    expect(sent).toHaveLength(rows[0]!.n);
    expect(sent).toContain('operator@circula.example');
    expect(sent).not.toContain(disabledEmail);
  });

  it('sends nothing for a label-only edit, for a refused write, or for a definition that is not asked', async () => {
    const label = { it: `Informativa silenziosa ${uniqueName('s')}`, en: `Quiet notice ${uniqueName('s')}` };
    const definition = await createDefinition({ label });
    const relabelled = await update(definition.id, { label: { it: `${label.it} bis`, en: `${label.en} bis` } });
    expect(relabelled.statusCode, relabelled.body).toBe(200);
    expect(relabelled.json().data.revision).toBe(1);
    // a stale version: 409, the raised revision and its notice are rolled back together
    const stale = await update(definition.id, { revision: 5 }, definition.version);
    expect(stale.statusCode).toBe(409);
    expect(await notices(definition.id)).toEqual([]);

    // inactive: the revision is queued but nobody is asked to accept it, so nobody is mailed
    expect((await update(definition.id, { active: false })).statusCode).toBe(200);
    expect((await update(definition.id, { revision: 2 })).statusCode).toBe(200);
    expect((await mailed(definition.id, 2)).recipients).toBe(0);
    expect(await outbox(label.it)).toEqual([]);
    expect(await outbox(label.en)).toEqual([]);
  });

  it('mails a notice left queued (a process stopped before it mailed it) at the next drain, and only once', async () => {
    const label = { it: `Informativa in coda ${uniqueName('q')}`, en: `Queued notice ${uniqueName('q')}` };
    const definition = await createDefinition({ label });
    await sql`update privacy_definition set revision = 2 where id = ${definition.id}`.execute(t.db);
    await sql`insert into privacy_notice (privacy_id, revision, requested_by) values (${definition.id}, 2, 'admin')`.execute(t.db);
    const mail = new MailService(t.db, t.config);
    const first = new PrivacyNotices(t.db, mail);
    const second = new PrivacyNotices(t.db, mail);
    await Promise.all([first.kick(), second.kick(), first.kick()]);
    await first.idle();
    expect((await notices(definition.id))[0]).toMatchObject({ recipients: customers.length });
    expect(await outbox(label.it)).toHaveLength(customers.filter((c) => c.lang === 'it').length);
    await first.kick();
    expect(await outbox(label.it)).toHaveLength(customers.filter((c) => c.lang === 'it').length);
  });
});
