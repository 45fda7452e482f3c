import { addDays, calendarMonth, CATALOGUE, italianInstant, todayInItaly, type DashboardAnswer, type DashboardLink } from '@circula/model';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { monthsOf, parsePeriod, weekOf } from '../../src/domain/dashboard/period.js';
import { DASHBOARD_CONNECTIONS, dashboardDb } from '../../src/domain/dashboard/sections.js';
import { companySubjectIds } from '../../src/records/row-rules.js';
import { callers, json, q, type Call } from '../configuration/support.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

/**
 * The dashboard (issue 20, API.md `GET /api/dashboard`): on the demo's year of data and on
 * requests made here, every figure equals a direct SQL count and the total of the list its link
 * opens; sections follow the user's rights and row rules; bad periods are 400.
 */
describe('dashboard', () => {
  let t: TestApp;
  let admin: Call;
  let operator: Call;
  let owner: Call;
  let logistic: Call;
  let verifier: Call;
  let ownerCompany: number;
  let ownerSubjects: number[];
  const today = todayInItaly();
  // a year no demo record touches: the requests made here are the only ones
  const FUTURE = { from: '2031-01-01', to: '2031-12-31' };

  const one = async <T>(query: string): Promise<T> => (await sql<T>`${sql.raw(query)}`.execute(t.db)).rows[0]!;
  const count = async (query: string): Promise<number> => Number((await one<{ n: number | string }>(query)).n);

  const dashboard = async (call: Call, query = ''): Promise<DashboardAnswer> => {
    const res = await call({ method: 'GET', url: `/api/dashboard${query}` });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as DashboardAnswer;
  };
  /** What the list a figure links to counts for the same user (the web opens the same filters, counted exactly: `count=exact`). */
  const listTotal = async (call: Call, link: DashboardLink): Promise<number> => {
    const target = CATALOGUE.target(link.route);
    expect(target, link.route).toBeDefined();
    const res = await call({ method: 'GET', url: `${target!.endpoint}?size=1&exactCount=true&q=${q({ filters: link.filters })}` });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.estimated).toBeUndefined();
    return res.json().data.total as number;
  };

  beforeAll(async () => {
    t = await createTestApp();
    ({ admin, operator, owner, logistic, verifier } = await callers(t.app, 'admin', 'operator', 'owner', 'logistic', 'verifier'));
    const ownerUser = await one<{ id: number; subject_id: number }>(`select id, subject_id from users where username = 'owner'`);
    ownerCompany = Number(ownerUser.subject_id);
    ownerSubjects = await companySubjectIds(t.db, Number(ownerUser.id));
    const customerCompany = Number((await one<{ subject_id: number }>(`select subject_id from users where username = 'customer'`)).subject_id);
    expect(ownerSubjects).not.toContain(customerCompany);
    const pdpOf = async (subject: number) => Number((await one<{ id: number }>(`select id from warehouse where owner = ${subject} and warehouse_type = 'PDP' and not deleted order by id limit 1`)).id);
    const plain = Number((await one<{ id: number }>(`select id from waste where code = '150101'`)).id);
    const ownerPdp = await pdpOf(ownerCompany);
    const customerPdp = await pdpOf(customerCompany);

    // the owner's three pickup requests of 2031 (one submitted), and one of another company filed by the operator
    const request = async (call: Call, url: string, body: Record<string, unknown>) => {
      const res = await call({ method: 'POST', url, ...json({ lines: [{ waste: plain, quantity: { value: 1, unit: 'T' } }], ...body }) });
      expect(res.statusCode, res.body).toBe(201);
      return res.json().data as { id: number; version: number };
    };
    const mine = [];
    for (const day of ['2031-03-03', '2031-03-10', '2031-04-07']) mine.push(await request(owner, '/api/transactions/rdr', { requester: ownerCompany, pickupPoint: ownerPdp, wishedFrom: day }));
    const submitted = await owner({ method: 'PUT', url: `/api/transactions/rdr/${mine[0]!.id}?newStatus=SUBMITTED`, ...json({ version: mine[0]!.version }) });
    expect(submitted.statusCode, submitted.body).toBe(200);
    await request(operator, '/api/transactions/movement-requests', { kind: 'RDR', requester: customerCompany, pickupPoint: customerPdp, wishedFrom: '2031-05-05' });
    // the demo's year of data, then the requests above: more than the default minute on a loaded 2-core machine
  }, 180_000);
  afterAll(() => t.close());

  it('answers every section to an administrator, each figure the direct SQL count and its list total', async () => {
    const d = await dashboard(admin);
    const { from, to } = parsePeriod(undefined, undefined, today);
    expect(d).toMatchObject({ from, to, today });
    // the last twelve calendar months, this one included, to today
    expect({ from, to }).toEqual({ from: calendarMonth(today, 11).from, to: today });
    expect(Object.keys(d).sort()).toEqual(['deadlines', 'from', 'invoices', 'requests', 'stock', 'to', 'today', 'tonnes', 'transports']);

    // requests: one list (every kind) for a reader of movement-requests
    expect(d.requests!.map((r) => r.route)).toEqual(['movement-requests']);
    const requests = d.requests![0]!;
    const live = 'not deleted and not archived';
    expect(requests.total.count).toBe(await count(`select count(*) as n from transaction where wished_from between '${from}' and '${to}' and ${live}`));
    expect(requests.total.count).toBeGreaterThan(100);
    for (const s of requests.byStatus) {
      expect(s.count, s.status).toBe(await count(`select count(*) as n from transaction where wished_from between '${from}' and '${to}' and status = '${s.status}' and ${live}`));
      expect(await listTotal(admin, s.link), s.status).toBe(s.count);
    }
    expect(requests.byStatus.reduce((sum, s) => sum + s.count, 0)).toBe(requests.total.count);
    expect(requests.open.count).toBe(await count(`select count(*) as n from transaction where status in ('SUBMITTED', 'ACCEPTED') and ${live}`));
    expect(requests.age.map((a) => a.bucket)).toEqual(['0-7', '8-30', '31-90', '90+']);
    expect(requests.age.reduce((sum, a) => sum + a.count, 0)).toBe(requests.open.count);
    const since = (days: number) => italianInstant(addDays(today, -days), 0, 0);
    expect(requests.age[0]!.count).toBe(await count(`select count(*) as n from transaction where status in ('SUBMITTED', 'ACCEPTED') and created_at >= '${since(7)}' and ${live}`));
    expect(requests.age[3]!.count).toBe(await count(`select count(*) as n from transaction where status in ('SUBMITTED', 'ACCEPTED') and created_at < '${since(90)}' and ${live}`));
    for (const a of requests.age) expect(await listTotal(admin, a.link), a.bucket).toBe(a.count);

    // transports: today and this week (Monday to Sunday)
    const week = weekOf(today);
    const transports = d.transports!;
    expect(transports.week).toMatchObject({ from: week.from, to: week.to });
    expect(transports.today.count).toBe(await count(`select count(*) as n from transport where date = '${today}' and ${live}`));
    expect(transports.week.count).toBe(await count(`select count(*) as n from transport where date between '${week.from}' and '${week.to}' and ${live}`));
    expect(transports.week.count).toBeGreaterThan(0);
    expect(await listTotal(admin, transports.today.link)).toBe(transports.today.count);
    expect(await listTotal(admin, transports.week.link)).toBe(transports.week.count);
    for (const s of transports.week.byStatus) expect(await listTotal(admin, s.link), s.status).toBe(s.count);
    expect(transports.items.length).toBe(Math.min(transports.week.count, 50));
    expect(transports.items.every((i) => i.date >= week.from && i.date <= week.to)).toBe(true);
    // each trip's stops with a place, in order, for the small map: the demo sites all have coordinates
    for (const item of transports.items.slice(0, 5)) {
      const { rows } = await sql<{ kind: string; lat: string }>`
        select s.kind, w.address->>'latitude' as lat from transport_stop s join warehouse w on w.id = s.warehouse
        where s.parent_id = ${item.id} and not s.deleted order by s.line_no, s.id`.execute(t.db);
      expect(item.stops.map((s) => [s.kind, s.lat])).toEqual(rows.map((r) => [r.kind, Number(r.lat)]));
    }

    // tonnes: the ledger's loads by EER code and month, net of reversed loads
    const tonnes = d.tonnes!;
    expect(tonnes.months).toEqual(monthsOf(from, to));
    expect(tonnes.months.length).toBe(12);
    const start = italianInstant(from, 0, 0);
    const end = italianInstant(addDays(to, 1), 0, 0);
    const ledgerKg = Number(
      (
        await one<{ kg: string }>(`select coalesce(sum(case when movement = 'C' then quantity_kg else -quantity_kg end), 0)::text as kg from warehouse_movement
          where waste is not null and operation_date >= '${start}' and operation_date < '${end}' and ${live}
            and ((movement = 'C' and corrects is null) or (movement = 'S' and corrects is not null))`)
      ).kg,
    );
    expect(ledgerKg).toBeGreaterThan(100_000);
    expect(tonnes.totalKg).toBeCloseTo(ledgerKg, 3);
    expect(tonnes.codes.reduce((sum, c) => sum + c.totalKg, 0)).toBeCloseTo(ledgerKg, 2);
    expect(tonnes.codes.length).toBeLessThanOrEqual(9);
    for (const c of tonnes.codes) expect(c.monthlyKg.reduce((sum, kg) => sum + kg, 0)).toBeCloseTo(c.totalKg, 2);
    const top = tonnes.codes[0]!;
    expect(top.wasteId).not.toBeNull();
    // each month's kg of the top code, months on the Italian calendar
    const { rows: monthly } = await sql<{ month: string; kg: string }>`
      select to_char(operation_date at time zone 'Europe/Rome', 'YYYY-MM') as month, sum(case when movement = 'C' then quantity_kg else -quantity_kg end)::text as kg
      from warehouse_movement where waste = ${top.wasteId} and operation_date >= ${start}::timestamptz and operation_date < ${end}::timestamptz and not deleted and not archived
        and ((movement = 'C' and corrects is null) or (movement = 'S' and corrects is not null))
      group by 1`.execute(t.db);
    expect(monthly.length).toBeGreaterThan(6);
    for (const [i, month] of tonnes.months.entries()) expect(top.monthlyKg[i], month).toBeCloseTo(Number(monthly.find((m) => m.month === month)?.kg ?? 0), 3);
    const loadRows = await count(`select count(*) as n from warehouse_movement where waste = ${top.wasteId} and movement = 'C' and corrects is null
      and operation_date >= '${start}' and operation_date < '${end}' and ${live}`);
    expect(await listTotal(admin, top.link)).toBe(loadRows);
    expect(await listTotal(admin, tonnes.link)).toBe(
      await count(`select count(*) as n from warehouse_movement where waste is not null and movement = 'C' and corrects is null and operation_date >= '${start}' and operation_date < '${end}' and ${live}`),
    );
    // the months' lists split the period's load rows
    let monthRows = 0;
    for (const link of tonnes.monthLinks) monthRows += await listTotal(admin, link);
    expect(monthRows).toBe(await listTotal(admin, tonnes.link));

    // stock against capacity: the running balances of the warehouses with a capacity
    const stock = d.stock!;
    expect(stock.items.length).toBe(Math.min(20, await count(`select count(*) as n from warehouse where capacity_tons > 0 and ${live}`)));
    expect(await listTotal(admin, stock.link)).toBe(await count(`select count(*) as n from warehouse where capacity_tons > 0 and ${live}`));
    for (const item of stock.items) {
      const held = Number((await one<{ kg: string }>(`select coalesce(sum(quantity_kg), 0)::text as kg from warehouse_stock where warehouse = ${item.warehouseId}`)).kg);
      expect(item.stockKg, item.name).toBeCloseTo(held, 3);
      expect(item.ratio).toBeCloseTo(item.stockKg / item.capacityKg, 9);
    }
    expect(stock.items.map((i) => i.ratio)).toEqual([...stock.items.map((i) => i.ratio)].sort((a, b) => b - a));
    expect(stock.items.some((i) => i.stockKg > 0)).toBe(true);

    // deadlines: every deadline field of the catalogue
    expect(d.deadlines!.map((k) => `${k.route}.${k.field}`).sort()).toEqual(['albo-authorisations.expiry', 'documents.expiry', 'vehicles.adrExpiry', 'warehouse.authorisationExpiry']);
    const tables: Record<string, string> = { 'albo-authorisations': 'albo_authorisation', documents: 'attachment', vehicles: 'vehicle', warehouse: 'warehouse' };
    const columns: Record<string, string> = { expiry: 'expiry', adrExpiry: 'adr_expiry', authorisationExpiry: 'authorisation_expiry' };
    for (const k of d.deadlines!) {
      const within = (days: number) => count(`select count(*) as n from ${tables[k.route]} where ${columns[k.field]} between '${today}' and '${addDays(today, days)}' and ${live}`);
      expect(k.within30.count, k.route).toBe(await within(30));
      expect(k.within60.count, k.route).toBe(await within(60));
      expect(await listTotal(admin, k.within60.link), k.route).toBe(k.within60.count);
    }

    // invoices: the period's revenue, what is overdue now
    const invoices = d.invoices!;
    const issued = await one<{ n: string; invoiced: string; credited: string }>(`select count(*) as n,
        coalesce(sum(taxable) filter (where document_type = 'TD01'), 0)::numeric(18,2)::text as invoiced,
        coalesce(sum(taxable) filter (where document_type = 'TD04'), 0)::numeric(18,2)::text as credited
      from invoice where issue_date between '${from}' and '${to}' and status in ('ISSUED', 'SENT', 'PAID', 'CANCELLED') and ${live}`);
    expect(invoices.issued.count).toBe(Number(issued.n));
    expect(invoices.issued.count).toBeGreaterThan(0);
    expect(invoices).toMatchObject({ invoiced: issued.invoiced, credited: issued.credited });
    expect(Number(invoices.revenue)).toBeCloseTo(Number(issued.invoiced) - Number(issued.credited), 2);
    expect(await listTotal(admin, invoices.issued.link)).toBe(invoices.issued.count);
    const overdue = await one<{ n: string; amount: string }>(`select count(*) as n, coalesce(sum(payable - coalesce(paid_amount, 0)), 0)::numeric(18,2)::text as amount
      from invoice where document_type = 'TD01' and status in ('ISSUED', 'SENT') and payment_status in ('TO_PAY', 'PARTIALLY_PAID') and due_date < '${today}' and ${live}`);
    expect(invoices.overdue).toMatchObject({ count: Number(overdue.n), amount: overdue.amount });
    expect(invoices.overdue.count).toBeGreaterThan(0);
    expect(await listTotal(admin, invoices.overdue.link)).toBe(invoices.overdue.count);
  });

  it("counts only the owner's company's requests, per kind list the owner reads", async () => {
    const theirs = await dashboard(owner, `?from=${FUTURE.from}&to=${FUTURE.to}`);
    // the owner reads pickup and transport requests (RDR_R, RDT_R), not movement-requests
    expect(theirs.requests!.map((r) => r.route)).toEqual(['rdr', 'rdt']);
    const rdr = theirs.requests![0]!;
    expect(rdr.total.count).toBe(3);
    expect(rdr.byStatus.map((s) => [s.status, s.count])).toEqual([
      ['DRAFT', 2],
      ['SUBMITTED', 1],
    ]);
    expect(theirs.requests![1]!.total.count).toBe(0);
    expect(await listTotal(owner, rdr.total.link)).toBe(3);
    // the owner's open requests: their company's, direct SQL
    const open = await count(
      `select count(*) as n from transaction where kind = 'RDR' and status in ('SUBMITTED', 'ACCEPTED') and not deleted and not archived
        and (requester = any(array[${ownerSubjects.join(',')}]::bigint[]) or producer = any(array[${ownerSubjects.join(',')}]::bigint[]))`,
    );
    expect(rdr.open.count).toBe(open);
    expect(await listTotal(owner, rdr.open.link)).toBe(open);
    // the same year for the operator: the other company's request too
    const all = (await dashboard(operator, `?from=${FUTURE.from}&to=${FUTURE.to}`)).requests![0]!;
    expect(all.route).toBe('movement-requests');
    expect(all.total.count).toBe(4);
    expect(all.byStatus.map((s) => [s.status, s.count])).toEqual([
      ['DRAFT', 3],
      ['SUBMITTED', 1],
    ]);
    // no ledger, stock nor documents for the owner (no MOVEMENT_R, WAREHOUSE_R, DOC_BU_R); their invoices and transports only
    expect(theirs.tonnes).toBeUndefined();
    expect(theirs.stock).toBeUndefined();
    expect(theirs.deadlines!.map((k) => k.route)).toEqual(['albo-authorisations']);
    const week = await dashboard(owner);
    expect(await listTotal(owner, week.transports!.week.link)).toBe(week.transports!.week.count);
    expect(week.invoices!.issued.count).toBe(await listTotal(owner, week.invoices!.issued.link));
    expect(week.invoices!.issued.count).toBeLessThan((await dashboard(admin)).invoices!.issued.count);
  });

  it('leaves out the sections the user may not read', async () => {
    const l = await dashboard(logistic);
    // no INVOICE_R: no revenue section at all (absent, not empty)
    expect('invoices' in l).toBe(false);
    expect(l.requests).toBeDefined();
    expect(l.tonnes).toBeDefined();
    expect(l.stock).toBeDefined();
    const v = await dashboard(verifier);
    // the FIR verifier reads transports, warehouses and vehicles; not requests, the ledger nor invoices
    expect(Object.keys(v).sort()).toEqual(['deadlines', 'from', 'to', 'today', 'transports']);
    expect(v.deadlines!.map((k) => k.route).sort()).toEqual(['albo-authorisations', 'vehicles', 'warehouse']);
  });

  it('takes a period, and refuses a bad one with 400', async () => {
    const d = await dashboard(admin, '?from=2026-01-01&to=2026-03-31');
    expect(d).toMatchObject({ from: '2026-01-01', to: '2026-03-31' });
    expect(d.tonnes!.months).toEqual(['2026-01', '2026-02', '2026-03']);
    expect(d.requests![0]!.total.link.filters).toEqual([{ field: 'wishedFrom', op: 'between', value: ['2026-01-01', '2026-03-31'] }]);
    expect(await listTotal(admin, d.requests![0]!.total.link)).toBe(d.requests![0]!.total.count);
    for (const [query, message] of [
      ['from=2026-02-30', 'DASHBOARD_INVALID_FROM'],
      ['from=yesterday', 'DASHBOARD_INVALID_FROM'],
      ['to=2026-13-01', 'DASHBOARD_INVALID_TO'],
      ['to=2026-1-1', 'DASHBOARD_INVALID_TO'],
      ['from=2026-05-01&to=2026-04-30', 'DASHBOARD_RANGE_REVERSED'],
      ['from=2020-01-01&to=2026-01-01', 'DASHBOARD_RANGE_TOO_LONG'],
    ]) {
      const res = await admin({ method: 'GET', url: `/api/dashboard?${query}` });
      expect(res.statusCode, query).toBe(400);
      expect(res.json(), query).toMatchObject({ errorCode: 'BAD_REQUEST', errorMessage: message });
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/dashboard' })).statusCode).toBe(401);
  });

  it('runs at most DASHBOARD_CONNECTIONS of its statements at once, and an error gives its turn back', async () => {
    const { db, limit } = dashboardDb(t.db);
    let active = 0;
    let most = 0;
    const work = (i: number) =>
      limit(async () => {
        active += 1;
        most = Math.max(most, active);
        await new Promise((resolve) => setTimeout(resolve, 10));
        active -= 1;
        if (i === 3) throw new Error('refused');
        return i;
      });
    const settled = await Promise.allSettled([0, 1, 2, 3, 4, 5, 6].map(work));
    expect(most).toBe(DASHBOARD_CONNECTIONS);
    expect(settled.map((s) => (s.status === 'fulfilled' ? s.value : 'refused'))).toEqual([0, 1, 2, 'refused', 4, 5, 6]);
    // statements through the dashboard's database: six sleeps of 0.1 s take at least three turns of two
    const started = Date.now();
    const answers = await Promise.all([1, 2, 3, 4, 5, 6].map(async (n) => (await sql<{ n: number }>`select ${n}::int as n, pg_sleep(0.1)`.execute(db)).rows[0]!.n));
    expect(answers).toEqual([1, 2, 3, 4, 5, 6]);
    expect(Date.now() - started).toBeGreaterThanOrEqual(300);
  });
});

