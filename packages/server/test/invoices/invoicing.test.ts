import { calendarMonth, todayInItaly } from '@circula/model';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callers, json, q, type Call } from '../configuration/support.js';
import { createTestApp, type TestApp } from '../support/test-app.js';
import { useXsdWithImports } from '../support/xsd-imports.js';

const INVOICES = '/api/invoices/invoices';
const SUPPLIER_INVOICES = '/api/invoices/supplier-invoices';
const MOVEMENTS = '/api/invoices/account-movements';
const LISTS = '/api/pricelists/pricelists';

const dir = (file: string) => fileURLToPath(new URL(`../../src/domain/invoices/fatturapa/${file}`, import.meta.url));
const schemaErrors = useXsdWithImports(dir('Schema_VFPA12_V1.2.3.xsd'), { 'http://www.w3.org/2000/09/xmldsig#': dir('xmldsig-core-schema.xsd') });

type Rec = Record<string, unknown> & { id: number; version: number };
type RunResult = { invoices: { customerId: number; lines: Record<string, unknown>[]; taxable: string; vat: string; total: string; invoiceId?: number }[]; skipped: { customerId: number; reason: string; detail: string | null }[] };

/** Price lists, the invoice run, issuing, FatturaPA, credit notes, collections and supplier invoices (issue 19), on the demo data. */
describe('invoicing', () => {
  let t: TestApp;
  let admin: Call;
  let operator: Call;
  let manager: Call;
  let owner: Call;
  const today = todayInItaly();
  const count = async (where = sql`true`) => Number((await sql<{ n: string }>`select count(*) as n from invoice where ${where}`.execute(t.db)).rows[0]!.n);
  const get = async (url: string, id: number): Promise<Rec> => {
    const res = await admin({ method: 'GET', url: `${url}/${id}` });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data;
  };
  const run = async (body: Record<string, unknown>, call: Call = manager) => {
    const res = await call({ method: 'POST', url: '/api/invoices/run', ...json(body) });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as RunResult;
  };
  const move = (record: { id: number; version: number }, status: string, body: Record<string, unknown> = {}) =>
    manager({ method: 'PUT', url: `${INVOICES}/${record.id}?newStatus=${status}`, ...json({ version: record.version, ...body }) });

  beforeAll(async () => {
    t = await createTestApp();
    ({ admin, operator, manager, owner } = await callers(t.app, 'admin', 'operator', 'manager', 'owner'));
  });
  afterAll(() => t.close());

  it('seeds a year of invoices: issued and numbered per year, paid, partly paid, overdue, one credited', async () => {
    const { rows } = await sql<{ status: string; payment_status: string | null; document_type: string; n: string }>`
      select status, payment_status, document_type, count(*) as n from invoice group by 1, 2, 3`.execute(t.db);
    const n = (status: string, payment?: string) => rows.filter((r) => r.status === status && (!payment || r.payment_status === payment)).reduce((s, r) => s + Number(r.n), 0);
    expect(n('ISSUED') + n('PAID') + n('CANCELLED')).toBeGreaterThan(100);
    expect(n('PAID', 'PAID')).toBeGreaterThan(50);
    expect(n('ISSUED', 'PARTIALLY_PAID')).toBeGreaterThan(0);
    expect(n('CANCELLED')).toBe(1);
    expect(rows.some((r) => r.document_type === 'TD04' && r.status === 'ISSUED')).toBe(true);
    const overdue = await count(sql`status = 'ISSUED' and due_date < ${today}::date and payment_status in ('TO_PAY', 'PARTIALLY_PAID')`);
    expect(overdue).toBeGreaterThan(0);
    // numbers per year and section: 1…n, no gap, no duplicate
    const { rows: years } = await sql<{ year: number; n: string; max: number; distinct: string }>`
      select year, count(*) as n, max(number) as max, count(distinct number) as distinct from invoice where number is not null group by year`.execute(t.db);
    for (const y of years) expect([Number(y.n), Number(y.distinct)]).toEqual([y.max, y.max]);
    // a customer's list agreed in a signed contract: its work invoiced apart, naming the contract
    const { rows: contracted } = await sql<{ n: string }>`
      select count(*) as n from invoice i join pricelist l on l.contract = i.contract where i.contract is not null and l.counterpart = i.customer`.execute(t.db);
    expect(Number(contracted[0]!.n)).toBeGreaterThan(0);
    // collections name the account the money came into
    expect(await count(sql`id in (select invoice from account_movement where account is not null)`)).toBeGreaterThan(0);
    // supplier invoices: one with a difference against the purchase list
    const { rows: checks } = await sql<{ check_outcome: string }>`select check_outcome from supplier_invoice`.execute(t.db);
    expect(checks.map((c) => c.check_outcome)).toContain('DIFFERENCES');
    expect(checks.map((c) => c.check_outcome)).toContain('OK');
  });

  it('writes every demo issued invoice as FatturaPA valid against the official schema, and prints it', async () => {
    const { rows } = await sql<{ id: number; file_name: string }>`select id, file_name from invoice where status <> 'DRAFT' order by id`.execute(t.db);
    expect(rows.length).toBeGreaterThan(100);
    for (const row of rows) {
      const res = await operator({ method: 'GET', url: `${INVOICES}/${row.id}/fatturapa` });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['content-disposition']).toContain(row.file_name);
      expect(row.file_name).toMatch(/^IT[0-9A-Z]{11,16}_[0-9A-Z]{5}\.xml$/);
      expect(schemaErrors(res.body), `invoice ${row.id}`).toEqual([]);
    }
    for (const row of rows) {
      const pdf = await operator({ method: 'GET', url: `${INVOICES}/${row.id}/pdf` });
      expect(pdf.statusCode).toBe(200);
      expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    }
  });

  it('a dry run changes nothing; the real run makes drafts once; nothing is ever invoiced at zero', async () => {
    const period = { from: calendarMonth(today, 0).from, to: today };
    const before = await count();
    const dry = await run({ ...period, dryRun: true });
    expect(await count()).toBe(before);
    expect(dry.invoices.length).toBeGreaterThan(0);
    for (const inv of dry.invoices) {
      expect(inv.lines.length).toBeGreaterThan(0);
      for (const line of inv.lines) expect(Number(line.amount)).not.toBe(0);
    }

    // a code no list prices: its customers are skipped with the reason, the others invoiced
    const priced = dry.invoices.find((i) => i.lines.some((l) => l.waste !== null))!;
    const line = priced.lines.find((l) => l.waste !== null)!;
    const { rows: unpriced } = await sql<{ id: number }>`
      update pricelist_row set deleted = true where waste = ${Number(line.waste)} and not deleted returning id`.execute(t.db);
    const without = await run({ ...period, dryRun: true });
    expect(without.skipped.find((s) => s.customerId === priced.customerId)).toMatchObject({ reason: 'NO_PRICE' });
    expect(without.invoices.some((i) => i.customerId === priced.customerId)).toBe(false);
    await sql`update pricelist_row set deleted = false where id = any(${unpriced.map((r) => r.id)}::bigint[])`.execute(t.db);

    const real = await run({ ...period, dryRun: false, customerIds: [priced.customerId] });
    expect(real.invoices).toHaveLength(dry.invoices.filter((i) => i.customerId === priced.customerId).length);
    const draft = await get(INVOICES, real.invoices[0]!.invoiceId!);
    expect(draft).toMatchObject({ status: 'DRAFT', documentNumber: null, total: Number(real.invoices[0]!.total) });
    const again = await run({ ...period, dryRun: true, customerIds: [priced.customerId] });
    expect(again.invoices).toHaveLength(0);

    // only those who may write invoices run invoicing (operators read them)
    expect((await operator({ method: 'POST', url: '/api/invoices/run', ...json({ ...period, dryRun: true }) })).statusCode).toBe(403);
    const denied = await owner({ method: 'POST', url: '/api/invoices/run', ...json({ ...period, dryRun: true }) });
    expect(denied.statusCode).toBe(403);
    const bad = await manager({ method: 'POST', url: '/api/invoices/run', ...json({ from: today, to: '2020-01-01', dryRun: true }) });
    expect(bad.statusCode).toBe(400);
  });

  it('issues with the next number of the section, then freezes the invoice; drafts have no FatturaPA', async () => {
    const { rows } = await sql<{ id: number }>`select id from invoice where status = 'DRAFT' order by id limit 1`.execute(t.db);
    const draft = await get(INVOICES, rows[0]!.id);
    expect((await operator({ method: 'GET', url: `${INVOICES}/${draft.id}/fatturapa` })).statusCode).toBe(409);
    const { rows: last } = await sql<{ last_number: number; last_date: string }>`
      select last_number, to_char(last_date, 'YYYY-MM-DD') as last_date from invoice_counter where year = ${Number(today.slice(0, 4))} and section = 'A'`.execute(t.db);

    // a date before the section's last one is refused with that date
    if (last[0] && last[0].last_date > `${today.slice(0, 4)}-01-01`) {
      const early = await move(draft, 'ISSUED', { issueDate: `${today.slice(0, 4)}-01-01` });
      expect(early.statusCode, early.body).toBe(400);
      expect(early.json().errors[0]).toMatchObject({ field: 'issueDate', message: 'INVOICE_DATE_ORDER', params: { lastDate: last[0].last_date } });
    }
    const issued = await move(draft, 'ISSUED', { issueDate: today });
    expect(issued.statusCode, issued.body).toBe(200);
    const invoice = issued.json().data as Rec;
    const number = (last[0]?.last_number ?? 0) + 1;
    expect(invoice).toMatchObject({ status: 'ISSUED', number, documentNumber: `${number}/A`, issueDate: today, paymentStatus: 'TO_PAY', year: Number(today.slice(0, 4)) });
    expect(invoice.dueDate).toBeTruthy();

    const changed = await manager({ method: 'PUT', url: `${INVOICES}/${invoice.id}`, ...json({ version: invoice.version, notes: 'changed' }) });
    expect(changed.statusCode).toBe(409);
    expect(changed.json().errorMessage).toBe('INVOICE_ISSUED');
    const deleted = await manager({ method: 'PUT', url: `${INVOICES}/${invoice.id}/delete`, ...json({ version: invoice.version }) });
    expect(deleted.statusCode).toBe(409);
    const cancelled = await move(invoice, 'CANCELLED');
    expect(cancelled.statusCode).toBe(409);
    expect(cancelled.json().errorMessage).toBe('INVOICE_CREDIT_NOTE_REQUIRED');
    const xml = await operator({ method: 'GET', url: `${INVOICES}/${invoice.id}/fatturapa` });
    expect(schemaErrors(xml.body)).toEqual([]);
    expect(xml.body).toContain(`<Numero>${number}/A</Numero>`);
  });

  it('gives concurrent issues distinct consecutive numbers', async () => {
    const period = calendarMonth(today, 0);
    const { rows: drafts } = await sql<{ id: number }>`select id from invoice where status = 'DRAFT' order by id`.execute(t.db);
    if (drafts.length < 3) await run({ from: period.from, to: today, dryRun: false });
    const { rows: ids } = await sql<{ id: number }>`select id from invoice where status = 'DRAFT' order by id limit 3`.execute(t.db);
    expect(ids.length).toBe(3);
    const records = await Promise.all(ids.map((r) => get(INVOICES, r.id)));
    const results = await Promise.all(records.map((r) => move(r, 'ISSUED', { issueDate: today })));
    for (const res of results) expect(res.statusCode, res.body).toBe(200);
    const numbers = results.map((r) => Number(r.json().data.number)).sort((a, b) => a - b);
    expect(numbers[1]! - numbers[0]!).toBe(1);
    expect(numbers[2]! - numbers[1]!).toBe(1);
  });

  it('issues selected drafts at once, all or none, numbered in order', async () => {
    await run({ from: calendarMonth(today, 0).from, to: today, dryRun: false });
    const { rows: ids } = await sql<{ id: number }>`select id from invoice where status = 'DRAFT' order by id limit 3`.execute(t.db);
    expect(ids.length).toBeGreaterThan(1);
    const { rows: issuedOne } = await sql<{ id: number }>`select id from invoice where status = 'ISSUED' limit 1`.execute(t.db);
    // one already issued among them: nothing is issued
    const mixed = await manager({ method: 'POST', url: '/api/invoices/issue', ...json({ ids: [...ids.map((r) => r.id), issuedOne[0]!.id], issueDate: today }) });
    expect(mixed.statusCode).toBe(409);
    expect(await count(sql`id = any(${ids.map((r) => r.id)}::bigint[]) and status = 'DRAFT'`)).toBe(ids.length);
    expect((await operator({ method: 'POST', url: '/api/invoices/issue', ...json({ ids: ids.map((r) => r.id) }) })).statusCode).toBe(403);
    const res = await manager({ method: 'POST', url: '/api/invoices/issue', ...json({ ids: ids.map((r) => r.id), issueDate: today }) });
    expect(res.statusCode, res.body).toBe(200);
    const issued = res.json().data.issued as { id: number; documentNumber: string }[];
    const numbers = issued.map((i) => Number(i.documentNumber.split('/')[0]));
    expect(issued.map((i) => i.id)).toEqual(ids.map((r) => r.id));
    numbers.forEach((n, i) => i > 0 && expect(n).toBe(numbers[i - 1]! + 1));
    const first = await get(INVOICES, ids[0]!.id);
    expect(first).toMatchObject({ status: 'ISSUED', issueDate: today, paymentStatus: 'TO_PAY' });
    const history = await manager({ method: 'GET', url: `${INVOICES}/${ids[0]!.id}/history` });
    expect(JSON.stringify(history.json())).toContain('ISSUED');
  });

  it('records collections: partial, refused beyond the due amount, then paid; removing one reopens it', async () => {
    const { rows } = await sql<{ id: number }>`select id from invoice where status = 'ISSUED' and paid_amount = 0 and document_type = 'TD01' order by id desc limit 1`.execute(t.db);
    const invoice = await get(INVOICES, rows[0]!.id);
    const due = Number(invoice.payable);
    const part = Math.round(due * 40) / 100;
    const first = await manager({ method: 'POST', url: MOVEMENTS, ...json({ invoice: invoice.id, movementDate: today, amount: part }) });
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json().data).toMatchObject({ direction: 'ACTIVE', counterpart: invoice.customer });
    expect(await get(INVOICES, invoice.id)).toMatchObject({ paymentStatus: 'PARTIALLY_PAID', paidAmount: part, status: 'ISSUED' });
    const tooMuch = await manager({ method: 'POST', url: MOVEMENTS, ...json({ invoice: invoice.id, movementDate: today, amount: due }) });
    expect(tooMuch.statusCode).toBe(400);
    expect(tooMuch.json().errors[0]).toMatchObject({ field: 'amount', message: 'PAYMENT_EXCEEDS_DUE' });
    const rest = Math.round((due - part) * 100) / 100;
    const second = await manager({ method: 'POST', url: MOVEMENTS, ...json({ invoice: invoice.id, movementDate: today, amount: rest }) });
    expect(second.statusCode, second.body).toBe(201);
    expect(await get(INVOICES, invoice.id)).toMatchObject({ paymentStatus: 'PAID', status: 'PAID' });
    const movement = second.json().data as Rec;
    const removed = await manager({ method: 'PUT', url: `${MOVEMENTS}/${movement.id}/delete`, ...json({ version: movement.version }) });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(await get(INVOICES, invoice.id)).toMatchObject({ paymentStatus: 'PARTIALLY_PAID', status: 'ISSUED' });
    // a draft takes no payment
    const { rows: drafts } = await sql<{ id: number }>`select id from invoice where status = 'DRAFT' limit 1`.execute(t.db);
    if (drafts[0]) {
      const onDraft = await manager({ method: 'POST', url: MOVEMENTS, ...json({ invoice: drafts[0].id, movementDate: today, amount: 1 }) });
      expect(onDraft.statusCode).toBe(409);
    }
  });

  it('a credit note for the whole invoice cancels it and frees its work for a new run', async () => {
    const { rows } = await sql<{ id: number; period_from: string; period_to: string; customer: number }>`
      select id, to_char(period_from, 'YYYY-MM-DD') as period_from, to_char(period_to, 'YYYY-MM-DD') as period_to, customer from invoice
      where status = 'ISSUED' and document_type = 'TD01' and paid_amount = 0 and period_from is not null order by id limit 1`.execute(t.db);
    const original = rows[0]!;
    const res = await manager({ method: 'POST', url: `${INVOICES}/${original.id}/credit-note` });
    expect(res.statusCode, res.body).toBe(200);
    const note = res.json().data as Rec;
    expect(note).toMatchObject({ documentType: 'TD04', status: 'DRAFT', creditedInvoice: original.id, customer: original.customer });
    const issued = await move(note, 'ISSUED', { issueDate: today });
    expect(issued.statusCode, issued.body).toBe(200);
    // never collected: the note offsets it, nothing is owed either way
    expect(await get(INVOICES, original.id)).toMatchObject({ status: 'CANCELLED', paymentStatus: 'OFFSET' });
    expect(issued.json().data).toMatchObject({ status: 'ISSUED', paymentStatus: 'OFFSET' });
    const xml = await operator({ method: 'GET', url: `${INVOICES}/${note.id}/fatturapa` });
    expect(schemaErrors(xml.body)).toEqual([]);
    expect(xml.body).toContain('<TipoDocumento>TD04</TipoDocumento>');
    expect(xml.body).toContain('<DatiFattureCollegate>');
    const refund = await manager({ method: 'POST', url: MOVEMENTS, ...json({ invoice: note.id, movementDate: today, amount: 1 }) });
    expect(refund.statusCode).toBe(409);
    expect(refund.json().errorMessage).toBe('INVOICE_OFFSET');
    const freed = await run({ from: original.period_from, to: original.period_to, customerIds: [original.customer], dryRun: true });
    expect(freed.invoices.length).toBeGreaterThan(0);
  });

  it('a credit note for a paid invoice cancels it and is refunded: the money goes out to the customer', async () => {
    const { rows } = await sql<{ id: number; customer: number }>`
      select id, customer from invoice where status = 'PAID' and document_type = 'TD01' and not deleted
        and not exists (select 1 from invoice c where c.credited_invoice = invoice.id) order by id limit 1`.execute(t.db);
    const original = rows[0]!;
    const note = (await manager({ method: 'POST', url: `${INVOICES}/${original.id}/credit-note` })).json().data as Rec;
    const issued = await move(note, 'ISSUED', { issueDate: today });
    expect(issued.statusCode, issued.body).toBe(200);
    expect(issued.json().data).toMatchObject({ paymentStatus: 'TO_PAY' });
    expect(await get(INVOICES, original.id)).toMatchObject({ status: 'CANCELLED', paymentStatus: 'PAID' });
    const refund = await manager({ method: 'POST', url: MOVEMENTS, ...json({ invoice: note.id, movementDate: today, amount: 1 }) });
    expect(refund.statusCode, refund.body).toBe(201);
    expect(refund.json().data).toMatchObject({ direction: 'PASSIVE', counterpart: original.customer });
    expect((await get(INVOICES, note.id)).paymentStatus).toBe('PARTIALLY_PAID');
  });

  it('checks a supplier invoice against the purchase list and flags a different price', async () => {
    const { rows } = await sql<{ counterpart: number; waste: number; price: string }>`
      select l.counterpart, r.waste, r.price::text as price from pricelist l join pricelist_row r on r.parent_id = l.id
      where l.direction = 'PASSIVE' and l.counterpart is not null and not r.deleted limit 1`.execute(t.db);
    const row = rows[0]!;
    const body = (price: number, number: string) => ({
      supplier: row.counterpart, documentNumber: number, issueDate: today, periodFrom: calendarMonth(today, 0).from, periodTo: today,
      lines: [{ description: 'Smaltimento', waste: row.waste, unit: 'KG', unitPrice: price, vatCode: 'IVA22' }],
    });
    const ok = await manager({ method: 'POST', url: SUPPLIER_INVOICES, ...json(body(Number(row.price), 'T-1')) });
    expect(ok.statusCode, ok.body).toBe(201);
    expect(ok.json().data).toMatchObject({ checkOutcome: 'OK' });
    const off = await manager({ method: 'POST', url: SUPPLIER_INVOICES, ...json(body(Number(row.price) + 0.05, 'T-2')) });
    expect(off.statusCode, off.body).toBe(201);
    const flagged = off.json().data as Rec;
    expect(flagged.checkOutcome).toBe('DIFFERENCES');
    expect((flagged.lines as Record<string, unknown>[])[0]).toMatchObject({ expectedPrice: Number(row.price) });
    expect(String((flagged.lines as Record<string, unknown>[])[0]!.difference)).toContain('di listino');
    // the same supplier number twice in a year is refused
    const twice = await manager({ method: 'POST', url: SUPPLIER_INVOICES, ...json(body(Number(row.price), 'T-1')) });
    expect(twice.statusCode).toBe(400);
  });

  it('prices one thing per row: an EER code, a material or a service', async () => {
    const { rows } = await sql<{ waste: number; material: number }>`select (select id from waste limit 1) as waste, (select id from material limit 1) as material`.execute(t.db);
    const body = (row: Record<string, unknown>) => ({ name: 'Listino prova', validFrom: today, rows: [{ unit: 'KG', price: 0.1, ...row }] });
    const both = await manager({ method: 'POST', url: LISTS, ...json(body({ waste: rows[0]!.waste, material: rows[0]!.material })) });
    expect(both.statusCode).toBe(400);
    expect(both.json().errors[0]).toMatchObject({ field: 'rows.0.waste', message: 'PRICELIST_ROW_ITEM' });
    expect((await manager({ method: 'POST', url: LISTS, ...json(body({})) })).statusCode).toBe(400);
    const one = await manager({ method: 'POST', url: LISTS, ...json(body({ waste: rows[0]!.waste })) });
    expect(one.statusCode, one.body).toBe(201);
    expect(one.json().data).toMatchObject({ direction: 'ACTIVE' });
  });

  it('serves the sale and purchase lists as their own views', async () => {
    const sale = await operator({ method: 'GET', url: `${LISTS}?q=${q({ filters: [] })}` });
    expect(sale.statusCode).toBe(200);
    expect((sale.json().data.items as Rec[]).every((l) => l.direction === 'ACTIVE')).toBe(true);
    const purchase = await operator({ method: 'GET', url: '/api/pricelists/pricelists-purchase' });
    expect((purchase.json().data.items as Rec[]).every((l) => l.direction === 'PASSIVE')).toBe(true);
    // an owner reads only the invoices of its company
    const { rows } = await sql<{ subject_id: number | null }>`select subject_id from users where username = 'owner'`.execute(t.db);
    const mine = await owner({ method: 'GET', url: `${INVOICES}?size=100` });
    expect(mine.statusCode).toBe(200);
    for (const inv of mine.json().data.items as Rec[]) expect(inv.customer).toBe(rows[0]!.subject_id);
    const { rows: others } = await sql<{ id: number }>`select id from invoice where customer <> ${rows[0]!.subject_id ?? 0} limit 1`.execute(t.db);
    expect((await owner({ method: 'GET', url: `${INVOICES}/${others[0]!.id}` })).statusCode).toBe(404);
  });
});
