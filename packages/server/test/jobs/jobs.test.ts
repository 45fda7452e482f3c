import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callers, json, q, type Call } from '../configuration/support.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

const JOBS = '/api/jobs/job';
const REQUESTS = '/api/transactions/movement-requests';
const TRANSPORTS = '/api/transports/transport';
const INVOICES = '/api/invoices/invoices';

type Totals = {
  job: { id: number; code: string; status: string };
  requests: { count: number; byStatus: { status: string; count: number }[]; estimatedKg: number; items: { id: number; route: string }[] } | null;
  transports: { count: number; byStatus: { status: string; count: number }[]; estimatedKg: number; verifiedKg: number; items: { id: number }[] } | null;
  invoices: { count: number; issuedCount: number; taxable: string; total: string; collected: string; items: { id: number }[] } | null;
};

describe('business jobs (commesse)', () => {
  let t: TestApp;
  let admin: Call;
  let operator: Call;
  let owner: Call;
  let logistic: Call;
  let ownerCompany: number;
  let customerCompany: number;

  const idOf = async (query: string) => Number((await sql<{ id: number }>`${sql.raw(query)}`.execute(t.db)).rows[0]!.id);
  const created = async (call: Call, body: Record<string, unknown>) => {
    const res = await call({ method: 'POST', url: JOBS, ...json(body) });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().data as Record<string, unknown> & { id: number; version: number; code: string; status: string };
  };
  const totalsOf = async (call: Call, id: number) => {
    const res = await call({ method: 'GET', url: `${JOBS}/${id}/totals` });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as Totals;
  };

  beforeAll(async () => {
    t = await createTestApp();
    ({ admin, operator, owner, logistic } = await callers(t.app, 'admin', 'operator', 'owner', 'logistic'));
    ownerCompany = await idOf(`select subject_id as id from users where username = 'owner'`);
    customerCompany = await idOf(`select subject_id as id from users where username = 'customer'`);
  }, 240_000);
  afterAll(() => t.close());

  it('seeds demo jobs for the demo customers, with requests, transports and invoices linked', async () => {
    const { rows } = await sql<{ customer: number; status: string; requests: number; transports: number; invoices: number }>`
      select j.customer, j.status,
        (select count(*)::int from transaction r where r.job = j.id) as requests,
        (select count(*)::int from transport tr where tr.job = j.id) as transports,
        (select count(*)::int from invoice i where i.job = j.id) as invoices
      from job j where j.created_by = 'system' order by j.id`.execute(t.db);
    expect(rows.length).toBe(3);
    expect(rows.map((r) => Number(r.customer)).slice(0, 2)).toEqual([ownerCompany, customerCompany]);
    expect(rows.map((r) => r.status)).toEqual(['OPEN', 'CLOSED', 'OPEN']);
    expect(rows.every((r) => r.requests > 0)).toBe(true);
    expect(rows.reduce((s, r) => s + r.transports, 0)).toBeGreaterThan(0);
    expect(rows.reduce((s, r) => s + r.invoices, 0)).toBeGreaterThan(0);
  });

  it('creates a job with its code, checks its dates, and moves OPEN → CLOSED, then never again', async () => {
    const bad = await operator({ method: 'POST', url: JOBS, ...json({ name: 'Cantiere', customer: customerCompany, startDate: '2026-05-10', endDate: '2026-05-01' }) });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual([expect.objectContaining({ field: 'endDate', message: 'BEFORE_START' })]);
    expect(Number((await sql<{ n: number }>`select count(*)::int as n from job where name = 'Cantiere'`.execute(t.db)).rows[0]!.n)).toBe(0);

    const job = await created(operator, { name: 'Cantiere', customer: customerCompany, startDate: '2026-05-01', endDate: '2026-09-30', budget: 15000.5 });
    expect(job.code).toMatch(/^COM/);
    expect(job).toMatchObject({ status: 'OPEN', name: 'Cantiere', customer: customerCompany, budget: 15000.5 });
    const list = await operator({ method: 'GET', url: `${JOBS}?q=${q({ filters: [{ field: 'customer', op: 'eq', value: customerCompany }] })}` });
    expect(list.json().data.items.map((r: { id: number }) => r.id)).toContain(job.id);

    const changed = await operator({ method: 'PUT', url: `${JOBS}/${job.id}`, ...json({ version: job.version, notes: 'Seconda fase' }) });
    expect(changed.statusCode, changed.body).toBe(200);
    const closed = await operator({ method: 'PUT', url: `${JOBS}/${job.id}?newStatus=CLOSED`, ...json({ version: changed.json().data.version }) });
    expect(closed.statusCode, closed.body).toBe(200);
    expect(closed.json().data.status).toBe('CLOSED');
    const reopened = await operator({ method: 'PUT', url: `${JOBS}/${job.id}?newStatus=OPEN`, ...json({ version: closed.json().data.version }) });
    expect(reopened.statusCode).toBeGreaterThanOrEqual(400);
    expect((await operator({ method: 'GET', url: `${JOBS}/${job.id}` })).json().data.status).toBe('CLOSED');
    // the logistic group holds no JOB authority
    expect((await logistic({ method: 'GET', url: JOBS })).statusCode).toBe(403);
    expect((await logistic({ method: 'GET', url: `${JOBS}/${job.id}/totals` })).statusCode).toBe(403);
  });

  it('lets requests, transports and invoices name a job, and sums them as direct SQL does', async () => {
    const job = await created(admin, { name: 'Bonifica', customer: customerCompany, startDate: '2026-01-01' });
    const requestIds = (await sql<{ id: number }>`select id from transaction where not deleted and job is null order by id limit 4`.execute(t.db)).rows.map((r) => Number(r.id));
    for (const id of requestIds) {
      const current = (await admin({ method: 'GET', url: `${REQUESTS}/${id}` })).json().data;
      const res = await admin({ method: 'PUT', url: `${REQUESTS}/${id}`, ...json({ version: current.version, job: job.id }) });
      // a request whose status freezes it is linked directly (the generic pages show it either way)
      if (res.statusCode !== 200) await sql`update transaction set job = ${job.id} where id = ${id}`.execute(t.db);
    }
    const transportIds = (await sql<{ id: number }>`select id from transport where not deleted and job is null order by id limit 3`.execute(t.db)).rows.map((r) => Number(r.id));
    await sql`update transport set job = ${job.id} where id = any(${transportIds}::bigint[])`.execute(t.db);
    const invoiceIds = (await sql<{ id: number }>`select id from invoice where not deleted and job is null order by id limit 5`.execute(t.db)).rows.map((r) => Number(r.id));
    await sql`update invoice set job = ${job.id} where id = any(${invoiceIds}::bigint[])`.execute(t.db);
    // an issued invoice may still be put in a job (bookkeeping), never otherwise changed
    const issued = await idOf(`select id from invoice where status = 'ISSUED' and not deleted and job is null order by id limit 1`);
    const current = (await admin({ method: 'GET', url: `${INVOICES}/${issued}` })).json().data;
    expect((await admin({ method: 'PUT', url: `${INVOICES}/${issued}`, ...json({ version: current.version, job: job.id, notes: 'Altro' }) })).statusCode).toBe(409);
    const put = await admin({ method: 'PUT', url: `${INVOICES}/${issued}`, ...json({ version: current.version, job: job.id }) });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json().data).toMatchObject({ job: job.id, status: 'ISSUED', total: current.total });
    invoiceIds.push(issued);
    // an invoice read through the API names it
    expect((await admin({ method: 'GET', url: `${INVOICES}/${invoiceIds[0]}` })).json().data.job).toBe(job.id);
    expect((await admin({ method: 'GET', url: `${TRANSPORTS}/${transportIds[0]}` })).json().data.job).toBe(job.id);
    expect((await admin({ method: 'GET', url: `${REQUESTS}/${requestIds[0]}` })).json().data.job).toBe(job.id);
    // the generic list filters by it
    const linked = await admin({ method: 'GET', url: `${REQUESTS}?q=${q({ filters: [{ field: 'job', op: 'eq', value: job.id }] })}` });
    expect(linked.json().data.total).toBe(requestIds.length);

    const totals = await totalsOf(admin, job.id);
    const { rows: req } = await sql<{ status: string; n: number; kg: string | null }>`
      select status, count(*)::int as n, sum(estimated_kg)::text as kg from transaction where job = ${job.id} and not deleted group by status`.execute(t.db);
    expect(totals.requests!.count).toBe(requestIds.length);
    expect(Object.fromEntries(totals.requests!.byStatus.map((s) => [s.status, s.count]))).toEqual(Object.fromEntries(req.map((r) => [r.status, Number(r.n)])));
    expect(totals.requests!.estimatedKg).toBeCloseTo(req.reduce((s, r) => s + Number(r.kg ?? 0), 0), 3);
    expect(totals.requests!.items.map((i) => i.id).sort()).toEqual([...requestIds].sort());

    const { rows: tr } = await sql<{ n: number; est: string | null; ver: string | null }>`
      select count(*)::int as n, sum(estimated_kg)::text as est, sum(verified_kg)::text as ver from transport where job = ${job.id} and not deleted`.execute(t.db);
    expect(totals.transports!.count).toBe(Number(tr[0]!.n));
    expect(totals.transports!.estimatedKg).toBeCloseTo(Number(tr[0]!.est ?? 0), 3);
    expect(totals.transports!.verifiedKg).toBeCloseTo(Number(tr[0]!.ver ?? 0), 3);

    const { rows: inv } = await sql<{ n: number; taxable: string; total: string; collected: string }>`
      select count(*)::int as n,
        coalesce(sum(case when document_type = 'TD04' then -taxable else taxable end), 0)::numeric(18,2)::text as taxable,
        coalesce(sum(case when document_type = 'TD04' then -total else total end), 0)::numeric(18,2)::text as total,
        coalesce(sum(paid_amount) filter (where document_type <> 'TD04'), 0)::numeric(18,2)::text as collected
      from invoice where job = ${job.id} and not deleted and status in ('ISSUED', 'SENT', 'PAID', 'CANCELLED')`.execute(t.db);
    expect(totals.invoices!.count).toBe(invoiceIds.length);
    expect({ n: totals.invoices!.issuedCount, taxable: totals.invoices!.taxable, total: totals.invoices!.total, collected: totals.invoices!.collected }).toEqual({
      n: Number(inv[0]!.n),
      taxable: inv[0]!.taxable,
      total: inv[0]!.total,
      collected: inv[0]!.collected,
    });
    expect(Number(inv[0]!.n)).toBeGreaterThan(0);
  });

  it("shows an external user their company's jobs only, and counts only their company's linked records", async () => {
    const mine = await created(admin, { name: 'Lavori titolare', customer: ownerCompany, startDate: '2026-02-01' });
    const other = await created(admin, { name: 'Lavori altrui', customer: customerCompany, startDate: '2026-02-01' });
    // one of the owner's requests and one of another company's both name the owner's job
    const ownRequest = await idOf(`select id from transaction where requester = ${ownerCompany} and kind = 'RDR' and not deleted and job is null order by id limit 1`);
    const foreignRequest = await idOf(`select id from transaction where requester not in (${ownerCompany}, ${customerCompany}) and kind = 'RDR' and not deleted and job is null order by id limit 1`);
    await sql`update transaction set job = ${mine.id} where id in (${ownRequest}, ${foreignRequest})`.execute(t.db);

    const list = (await owner({ method: 'GET', url: JOBS })).json().data.items.map((r: { id: number }) => r.id);
    expect(list).toContain(mine.id);
    expect(list).not.toContain(other.id);
    expect((await owner({ method: 'GET', url: `${JOBS}/${other.id}` })).statusCode).toBe(404);
    expect((await owner({ method: 'GET', url: `${JOBS}/${other.id}/totals` })).statusCode).toBe(404);
    // owners read jobs, never write them
    expect((await owner({ method: 'POST', url: JOBS, ...json({ name: 'X', customer: ownerCompany, startDate: '2026-02-01' }) })).statusCode).toBe(403);

    const theirs = await totalsOf(owner, mine.id);
    // owners read pickup and transport requests only (kind lists), their company's
    expect(theirs.requests!.items.map((i) => i.id)).toEqual([ownRequest]);
    expect(theirs.requests!.items[0]!.route).toBe('rdr');
    expect(theirs.requests!.count).toBe(1);
    const all = await totalsOf(admin, mine.id);
    expect(all.requests!.count).toBe(2);
    // the owner group reads no price lists or treatments, but invoices: the section is there; the
    // logistic operator's totals of the admin's job would leave invoices out (no INVOICE_R)
    expect(theirs.invoices).not.toBeNull();
  });

  it('leaves out the sections of lists the user may not read', async () => {
    const job = await created(admin, { name: 'Solo lettura', customer: customerCompany, startDate: '2026-03-01' });
    // a group that reads jobs and nothing else
    await sql`insert into groups (code, name) values ('JOB_READERS', 'Lettori commesse')`.execute(t.db);
    const group = await idOf(`select id from groups where code = 'JOB_READERS'`);
    await sql`insert into group_authorities (group_id, authority_code) values (${group}, 'JOB_R'), (${group}, 'ACCESS_BACKOFFICE')`.execute(t.db);
    const user = await idOf(`select id from users where username = 'logistic'`);
    await sql`delete from user_groups where user_id = ${user}`.execute(t.db);
    await sql`insert into user_groups (user_id, group_id) values (${user}, ${group})`.execute(t.db);
    const { reader } = await callers(t.app, 'logistic').then((c) => ({ reader: c.logistic }));
    const totals = await totalsOf(reader, job.id);
    expect(totals).toMatchObject({ job: { id: job.id }, requests: null, transports: null, invoices: null });
  });
});
