import { job, JOB_TOTALS_MAX_ITEMS, transaction, type FilterSpec, type JobInvoiceTotals, type JobRequestTotals, type JobStatusCount, type JobTotals, type JobTransportTotals, type Target } from '@circula/model';
import { sql } from 'kysely';
import type { Principal } from '../../auth/users.js';
import { can } from '../../records/policy.js';
import type { AppContext } from '../module.js';

/**
 * A job's totals (issue 20): its requests by status and their estimated kg, its transports by
 * status with their kg, its invoices issued (taxable and total, less credit notes) and what was
 * collected, and the newest linked records of each kind. Every figure reads the rows of one record
 * list through the record engine's scope (RecordService.searchScope: the list's authority, its
 * view filters, the row rules, deleted rows left out) with `job = id`, as one aggregate query: a
 * section the user may not read is null; an external user counts their company's records only.
 */

const num = (value: unknown): number => (value === null || value === undefined ? 0 : Number(value));
const numOrNull = (value: unknown): number | null => (value === null || value === undefined ? null : Number(value));
const money = (value: unknown): string | null => (value === null || value === undefined ? null : Number(value).toFixed(2));

/** Counts per status in the workflow's order, unknown codes last. */
function ordered(target: Target, counts: Map<string, number>): JobStatusCount[] {
  const order = target.entity.statuses?.list.map((s) => s.code) ?? [];
  return [...order, ...[...counts.keys()].filter((c) => !order.includes(c))].filter((c) => counts.has(c)).map((status) => ({ status, count: counts.get(status)! }));
}

const byJob = (jobId: number): FilterSpec[] => [{ field: 'job', op: 'eq', value: jobId }];

/** Every movement request list for a reader of `movement-requests`, else each kind's list the user reads (disjoint by kind). */
function requestTargets(ctx: AppContext, principal: Principal): Target[] {
  const all = ctx.catalogue.target('movement-requests');
  if (all && can(principal, all, 'R')) return [all];
  return ctx.catalogue.targets.filter((t) => t.view !== null && t.entity.name === transaction.name && can(principal, t, 'R'));
}

async function requestTotals(ctx: AppContext, principal: Principal, jobId: number): Promise<JobRequestTotals | null> {
  const targets = requestTargets(ctx, principal);
  if (targets.length === 0) return null;
  const counts = new Map<string, number>();
  let estimatedKg = 0;
  const items: JobRequestTotals['items'] = [];
  for (const target of targets) {
    const scope = ctx.records.searchScope(principal, target, byJob(jobId));
    const [{ rows: sums }, { rows }] = await Promise.all([
      sql<{ status: string; n: number; kg: string | null }>`
        select status, count(*)::int as n, sum(estimated_kg)::text as kg from ${scope.table} where ${scope.where} group by status`.execute(ctx.db),
      sql<{ id: number; code: string; kind: string; status: string; wished_from: string | Date | null; estimated_kg: string | null }>`
        select id, code, kind, status, wished_from::text as wished_from, estimated_kg::text as estimated_kg from ${scope.table} where ${scope.where}
        order by wished_from desc, id desc limit ${JOB_TOTALS_MAX_ITEMS}`.execute(ctx.db),
    ]);
    for (const s of sums) {
      counts.set(s.status, (counts.get(s.status) ?? 0) + Number(s.n));
      estimatedKg += num(s.kg);
    }
    for (const r of rows) {
      items.push({ id: Number(r.id), route: target.route, code: r.code, kind: r.kind, status: r.status, wishedFrom: r.wished_from === null ? null : String(r.wished_from), estimatedKg: numOrNull(r.estimated_kg) });
    }
  }
  items.sort((a, b) => (b.wishedFrom ?? '').localeCompare(a.wishedFrom ?? '') || b.id - a.id);
  const requestTarget = targets[0]!;
  return {
    count: [...counts.values()].reduce((sum, n) => sum + n, 0),
    byStatus: ordered(requestTarget, counts),
    estimatedKg: Math.round(estimatedKg * 1000) / 1000,
    items: items.slice(0, JOB_TOTALS_MAX_ITEMS),
  };
}

async function transportTotals(ctx: AppContext, principal: Principal, jobId: number): Promise<JobTransportTotals | null> {
  const target = ctx.catalogue.target('transport');
  if (!target || !can(principal, target, 'R')) return null;
  const scope = ctx.records.searchScope(principal, target, byJob(jobId));
  const [{ rows: sums }, { rows }] = await Promise.all([
    sql<{ status: string; n: number; estimated: string | null; verified: string | null }>`
      select status, count(*)::int as n, sum(estimated_kg)::text as estimated, sum(verified_kg)::text as verified
      from ${scope.table} where ${scope.where} group by status`.execute(ctx.db),
    sql<{ id: number; code: string; date: string | null; status: string; estimated_kg: string | null; verified_kg: string | null }>`
      select id, code, date::text as date, status, estimated_kg::text as estimated_kg, verified_kg::text as verified_kg
      from ${scope.table} where ${scope.where} order by date desc, id desc limit ${JOB_TOTALS_MAX_ITEMS}`.execute(ctx.db),
  ]);
  const counts = new Map(sums.map((s) => [s.status, Number(s.n)]));
  return {
    count: [...counts.values()].reduce((sum, n) => sum + n, 0),
    byStatus: ordered(target, counts),
    estimatedKg: Math.round(sums.reduce((sum, s) => sum + num(s.estimated), 0) * 1000) / 1000,
    verifiedKg: Math.round(sums.reduce((sum, s) => sum + num(s.verified), 0) * 1000) / 1000,
    items: rows.map((r) => ({ id: Number(r.id), code: r.code, date: r.date, status: r.status, estimatedKg: numOrNull(r.estimated_kg), verifiedKg: numOrNull(r.verified_kg) })),
  };
}

/** Statuses of an invoice or credit note that was issued (a cancelled invoice was issued, then taken back by its credit note). */
export const JOB_ISSUED_STATUSES = ['ISSUED', 'SENT', 'PAID', 'CANCELLED'];

async function invoiceTotals(ctx: AppContext, principal: Principal, jobId: number): Promise<JobInvoiceTotals | null> {
  const target = ctx.catalogue.target('invoices');
  if (!target || !can(principal, target, 'R')) return null;
  const scope = ctx.records.searchScope(principal, target, byJob(jobId));
  const issued = sql.join(JOB_ISSUED_STATUSES.map((s) => sql`${s}`));
  const [{ rows: statuses }, { rows: sums }, { rows }] = await Promise.all([
    sql<{ status: string; n: number }>`select status, count(*)::int as n from ${scope.table} where ${scope.where} group by status`.execute(ctx.db),
    sql<{ n: number; taxable: string; total: string; collected: string }>`
      select count(*)::int as n,
        coalesce(sum(case when document_type = 'TD04' then -taxable else taxable end), 0)::numeric(18,2)::text as taxable,
        coalesce(sum(case when document_type = 'TD04' then -total else total end), 0)::numeric(18,2)::text as total,
        coalesce(sum(paid_amount) filter (where document_type <> 'TD04'), 0)::numeric(18,2)::text as collected
      from ${scope.table} where ${scope.where} and status in (${issued})`.execute(ctx.db),
    sql<{ id: number; code: string; document_number: string | null; document_type: string; issue_date: string | null; status: string; taxable: string | null; total: string | null; paid_amount: string | null }>`
      select id, code, document_number, document_type, issue_date::text as issue_date, status, taxable::text as taxable, total::text as total, paid_amount::text as paid_amount
      from ${scope.table} where ${scope.where} order by issue_date desc nulls first, id desc limit ${JOB_TOTALS_MAX_ITEMS}`.execute(ctx.db),
  ]);
  const counts = new Map(statuses.map((s) => [s.status, Number(s.n)]));
  const s = sums[0] ?? { n: 0, taxable: '0.00', total: '0.00', collected: '0.00' };
  return {
    count: [...counts.values()].reduce((sum, n) => sum + n, 0),
    byStatus: ordered(target, counts),
    issuedCount: Number(s.n),
    taxable: s.taxable,
    total: s.total,
    collected: s.collected,
    items: rows.map((r) => ({
      id: Number(r.id),
      code: r.code,
      documentNumber: r.document_number,
      documentType: r.document_type,
      issueDate: r.issue_date,
      status: r.status,
      taxable: money(r.taxable),
      total: money(r.total),
      paidAmount: money(r.paid_amount),
    })),
  };
}

/** The totals of a job the user may read (the job's own authority and row rules first: 403, or 404 for another company's). */
export async function jobTotals(ctx: AppContext, principal: Principal, jobId: number): Promise<JobTotals> {
  const target = ctx.catalogue.target(job.route)!;
  const record = await ctx.records.get(principal, target, jobId);
  const [requests, transports, invoices] = await Promise.all([
    requestTotals(ctx, principal, jobId),
    transportTotals(ctx, principal, jobId),
    invoiceTotals(ctx, principal, jobId),
  ]);
  return {
    job: { id: Number(record.id), code: String(record.code), name: String(record.name), status: String(record.status), budget: money(record.budget) },
    requests,
    transports,
    invoices,
  };
}
