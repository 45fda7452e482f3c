import {
  addDays,
  calendarMonth,
  columnName,
  transaction,
  DASHBOARD_AGE_BUCKETS,
  DASHBOARD_MAX_TRANSPORTS,
  DASHBOARD_MAX_WAREHOUSES,
  DASHBOARD_OPEN_REQUEST_STATUSES,
  DASHBOARD_TOP_CODES,
  type DashboardCount,
  type DashboardDeadline,
  type DashboardInvoices,
  type DashboardLink,
  type DashboardRequests,
  type DashboardStock,
  type DashboardTonnes,
  type DashboardTonnesCode,
  type DashboardTransport,
  type DashboardTransports,
  type FilterSpec,
  italianInstant,
  type Target,
} from '@circula/model';
import { sql, type CompiledQuery, type QueryExecutorProvider, type RawBuilder } from 'kysely';
import type { Db } from '../../db/connect.js';
import { Semaphore } from '../../db/mutex.js';
import type { Principal } from '../../auth/users.js';
import { can } from '../../records/policy.js';
import type { AppContext } from '../module.js';
import { monthsOf, weekOf } from './period.js';

/**
 * The dashboard's sections (issue 20). Each reads the rows of one record list through the record
 * engine's scope (RecordService.searchScope: the user's authority, the view's filters, the row
 * rules, deleted and archived rows left out) with the filters its link carries, so a figure is
 * what the linked list counts. A section is null when the user may not read its list. Each is
 * one aggregate query (GROUP BY), two at most.
 */

export interface DashboardContext {
  ctx: AppContext;
  principal: Principal;
  from: string;
  to: string;
  today: string;
  /** What the sections' statements run on: the database, at most DASHBOARD_CONNECTIONS at a time (dashboardDb). */
  db: QueryExecutorProvider;
  /** Runs other work on the database (the engine's search) within the same limit. */
  limit: <T>(work: () => Promise<T>) => Promise<T>;
}

/**
 * How many database connections one dashboard uses at once. Its sections and their statements
 * (a dozen) ran all together: under load one dashboard took the whole pool of 10 from everybody
 * else (`npm run bench:load`).
 */
export const DASHBOARD_CONNECTIONS = 2;

/** The database for one dashboard: each statement waits its turn among DASHBOARD_CONNECTIONS. */
export function dashboardDb(db: Db, max = DASHBOARD_CONNECTIONS): Pick<DashboardContext, 'db' | 'limit'> {
  const turns = new Semaphore(max);
  const limit = <T>(work: () => Promise<T>): Promise<T> => turns.run(work);
  const executor = db.getExecutor();
  const limited = new Proxy(executor, {
    get(target, property) {
      if (property === 'executeQuery') return (query: CompiledQuery) => limit(() => target.executeQuery(query));
      // the executor's own methods on the executor itself (its private fields are not the proxy's)
      const value = Reflect.get(target, property, target) as unknown;
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
  return { db: { getExecutor: () => limited }, limit };
}

const link = (route: string, filters: FilterSpec[]): DashboardLink => ({ route, filters });
const counted = (count: unknown, route: string, filters: FilterSpec[]): DashboardCount => ({ count: Number(count ?? 0), link: link(route, filters) });
/** The start of an Italian calendar day, as an instant (what a datetime filter on that day compares with). */
const midnight = (day: string): string => italianInstant(day, 0, 0);

/** The target of a route when the user may read it, else null (the section is left out). */
function readable(dc: DashboardContext, route: string): Target | null {
  const target = dc.ctx.catalogue.target(route);
  return target && can(dc.principal, target, 'R') ? target : null;
}

/**
 * Counts per status in one pass, `count(*) filter (…)` per status of the workflow as columns
 * `{prefix}0…`: a GROUP BY on the text column had the rows sorted first (the embedded database
 * keeps no statistics after bulk loads, so the planner expects a handful of rows), slower.
 */
const statusCounts = (statuses: readonly string[], prefix: string, condition: RawBuilder<unknown> | null = null) =>
  sql.join(statuses.map((code, i) => sql`count(*) filter (where status = ${code}${condition === null ? sql`` : sql` and ${condition}`})::int as ${sql.ref(`${prefix}${i}`)}`));

/** The statuses of a workflow with their counts (columns `{prefix}0…`), the ones with none left out. */
const byStatus = (statuses: readonly string[], prefix: string, row: Record<string, unknown> | undefined, route: string, base: FilterSpec[]) =>
  statuses
    .map((status, i) => ({ status, ...counted(row?.[`${prefix}${i}`], route, [...base, { field: 'status', op: 'eq', value: status }]) }))
    .filter((s) => s.count > 0);

const REQUESTS = 'movement-requests';

/**
 * Requests wished in the period by status, the open ones by age: of every kind for a reader of
 * `movement-requests`, else of each kind the user reads (an owner reads pickup and transport
 * requests, their company's only), one figure set per list.
 */
export async function requestsSection(dc: DashboardContext): Promise<DashboardRequests[] | null> {
  const all = readable(dc, REQUESTS);
  const targets = all
    ? [all]
    : dc.ctx.catalogue.targets.filter((t) => t.view !== null && t.entity.name === transaction.name && can(dc.principal, t, 'R'));
  if (targets.length === 0) return null;
  return Promise.all(targets.map((target) => requestsOf(dc, target)));
}

async function requestsOf(dc: DashboardContext, target: Target): Promise<DashboardRequests> {
  const route = target.route;
  const period: FilterSpec = { field: 'wishedFrom', op: 'between', value: [dc.from, dc.to] };
  const open: FilterSpec = { field: 'status', op: 'in', value: [...DASHBOARD_OPEN_REQUEST_STATUSES] };
  // bucket limits: created on or after the start of the day `days` ago
  const limits = { 7: midnight(addDays(dc.today, -7)), 30: midnight(addDays(dc.today, -30)), 90: midnight(addDays(dc.today, -90)) };
  const ageFilters: Record<(typeof DASHBOARD_AGE_BUCKETS)[number], FilterSpec[]> = {
    '0-7': [{ field: 'createdAt', op: 'gte', value: limits[7] }],
    '8-30': [
      { field: 'createdAt', op: 'gte', value: limits[30] },
      { field: 'createdAt', op: 'lt', value: limits[7] },
    ],
    '31-90': [
      { field: 'createdAt', op: 'gte', value: limits[90] },
      { field: 'createdAt', op: 'lt', value: limits[30] },
    ],
    '90+': [{ field: 'createdAt', op: 'lt', value: limits[90] }],
  };
  const statusScope = dc.ctx.records.searchScope(dc.principal, target, [period]);
  const openScope = dc.ctx.records.searchScope(dc.principal, target, [open]);
  const order = target.entity.statuses?.list.map((s) => s.code) ?? [];
  const [{ rows: statuses }, { rows: ages }] = await Promise.all([
    sql<Record<string, unknown>>`select ${statusCounts(order, 's')} from ${statusScope.table} where ${statusScope.where}`.execute(dc.db),
    sql<{ a: number; b: number; c: number; d: number }>`
      select count(*) filter (where created_at >= ${limits[7]}::timestamptz)::int as a,
        count(*) filter (where created_at >= ${limits[30]}::timestamptz and created_at < ${limits[7]}::timestamptz)::int as b,
        count(*) filter (where created_at >= ${limits[90]}::timestamptz and created_at < ${limits[30]}::timestamptz)::int as c,
        count(*) filter (where created_at < ${limits[90]}::timestamptz)::int as d
      from ${openScope.table} where ${openScope.where}`.execute(dc.db),
  ]);
  const counts = byStatus(order, 's', statuses[0], route, [period]);
  const age = ages[0] ?? { a: 0, b: 0, c: 0, d: 0 };
  const ageCounts = [age.a, age.b, age.c, age.d];
  return {
    route,
    total: counted(counts.reduce((sum, s) => sum + s.count, 0), route, [period]),
    byStatus: counts,
    open: counted(ageCounts.reduce((sum, n) => sum + Number(n), 0), route, [open]),
    age: DASHBOARD_AGE_BUCKETS.map((bucket, i) => ({ bucket, ...counted(ageCounts[i], route, [open, ...ageFilters[bucket]]) })),
  };
}

const TRANSPORTS = 'transport';

/** Today's and this week's transports by status, and the week's list. */
export async function transportsSection(dc: DashboardContext): Promise<DashboardTransports | null> {
  const target = readable(dc, TRANSPORTS);
  if (!target) return null;
  const week = weekOf(dc.today);
  const weekFilter: FilterSpec = { field: 'date', op: 'between', value: [week.from, week.to] };
  const todayFilter: FilterSpec = { field: 'date', op: 'eq', value: dc.today };
  const scope = dc.ctx.records.searchScope(dc.principal, target, [weekFilter]);
  const order = target.entity.statuses?.list.map((s) => s.code) ?? [];
  const [{ rows }, page] = await Promise.all([
    sql<Record<string, unknown>>`
      select ${statusCounts(order, 't', sql`date = ${dc.today}::date`)}, ${statusCounts(order, 'w')}
      from ${scope.table} where ${scope.where}`.execute(dc.db),
    dc.limit(() => dc.ctx.records.search(dc.principal, target, { q: JSON.stringify({ filters: [weekFilter] }), page: 0, size: DASHBOARD_MAX_TRANSPORTS, sort: 'date,asc;id,asc' })),
  ]);
  const span = (prefix: string, from: string, to: string, base: FilterSpec) => {
    const counts = byStatus(order, prefix, rows[0], TRANSPORTS, [base]);
    return { from, to, ...counted(counts.reduce((sum, c) => sum + c.count, 0), TRANSPORTS, [base]), byStatus: counts };
  };
  const items = page.items.map(
    (r): DashboardTransport => ({
      id: Number(r.id),
      code: String(r.code),
      date: String(r.date),
      status: String(r.status),
      estimatedKg: r.estimatedKg === null || r.estimatedKg === undefined ? null : Number(r.estimatedKg),
      stops: [],
    }),
  );
  await placeStops(dc, items);
  return { today: span('t', dc.today, dc.today, todayFilter), week: span('w', week.from, week.to, weekFilter), items };
}

/** A coordinate kept as text in a warehouse's address group, as a number (null when not one). */
const coordinate = (column: 'latitude' | 'longitude') =>
  sql<number | null>`case when (w.address->>${column}) ~ '^\\s*-?[0-9]+(\\.[0-9]+)?\\s*$' then (w.address->>${column})::float8 end`;

/**
 * The stops of the transports listed, in order, with their warehouse's place (one query): the
 * small map draws each trip. The stops are part of a transport the user reads; a warehouse without
 * coordinates leaves its stop off the map.
 */
async function placeStops(dc: DashboardContext, items: DashboardTransport[]): Promise<void> {
  if (items.length === 0) return;
  const { rows } = await sql<{ transport: string; kind: string; name: string; lat: number | null; lng: number | null }>`
    select s.parent_id as transport, s.kind, w.name, ${coordinate('latitude')} as lat, ${coordinate('longitude')} as lng
    from transport_stop s join warehouse w on w.id = s.warehouse
    where s.parent_id = any(${items.map((i) => i.id)}::bigint[]) and not s.deleted
    order by s.parent_id, s.line_no, s.id`.execute(dc.db);
  const byId = new Map(items.map((i) => [i.id, i]));
  for (const row of rows) {
    if (row.lat === null || row.lng === null) continue;
    byId.get(Number(row.transport))?.stops.push({ kind: row.kind === 'DELIVERY' ? 'DELIVERY' : 'PICKUP', name: row.name, lat: Number(row.lat), lng: Number(row.lng) });
  }
}

const LEDGER = 'warehouse-movements';

/**
 * Tonnes loaded per EER code and month. The truth is the warehouse ledger (the load/unload
 * register of D.Lgs 152/2006 art. 190, what each site legally took in, whatever brought it: a
 * FIR's accepted weight, a conferral, a treatment's output): its load rows ('C', not themselves
 * corrections) by operation month, less the corrections that reversed loads ('S' rows naming the
 * row they correct), which count in the month they were made, as the register shows them.
 */
export async function tonnesSection(dc: DashboardContext): Promise<DashboardTonnes | null> {
  const target = readable(dc, LEDGER);
  if (!target) return null;
  const months = monthsOf(dc.from, dc.to);
  const during = (from: string, to: string): FilterSpec[] => [
    { field: 'operationDate', op: 'gte', value: midnight(from) },
    { field: 'operationDate', op: 'lt', value: midnight(addDays(to, 1)) },
  ];
  const loads: FilterSpec[] = [
    { field: 'movement', op: 'eq', value: 'C' },
    { field: 'corrects', op: 'isNull' },
    { field: 'waste', op: 'notNull' },
  ];
  const scope = dc.ctx.records.searchScope(dc.principal, target, [{ field: 'waste', op: 'notNull' }, ...during(dc.from, dc.to)]);
  // each row's month by comparing instants with the months' starts (width_bucket: 1 = the first month):
  // converting every row's instant to the Italian time zone was most of the query's time
  const starts = months.map((month) => midnight(`${month}-01` < dc.from ? dc.from : `${month}-01`));
  const { rows } = await sql<{ waste: number; month: number; kg: string; eer: string | null; description: string | null }>`
    with sums as (
      select waste, width_bucket(operation_date, ${starts}::timestamptz[]) as month,
        sum(case when movement = 'C' then quantity_kg else -quantity_kg end) as kg
      from ${scope.table}
      where ${scope.where} and ((movement = 'C' and corrects is null) or (movement = 'S' and corrects is not null))
      group by 1, 2
    )
    select sums.waste, sums.month, sums.kg::text as kg, coalesce(w.display_code, w.code) as eer,
      coalesce(w.description->>${dc.principal.lang === 'en' ? 'en' : 'it'}, w.description->>'it', w.description->>'en') as description
    from sums left join waste w on w.id = sums.waste`.execute(dc.db);
  const byWaste = new Map<number, DashboardTonnesCode>();
  for (const r of rows) {
    const id = Number(r.waste);
    let code = byWaste.get(id);
    if (!code) {
      code = { wasteId: id, eer: r.eer, description: r.description, totalKg: 0, monthlyKg: months.map(() => 0), link: link(LEDGER, [...loads.slice(0, 2), { field: 'waste', op: 'eq', value: id }, ...during(dc.from, dc.to)]) };
      byWaste.set(id, code);
    }
    const kg = Number(r.kg);
    const index = Number(r.month) - 1;
    if (index >= 0 && index < months.length) code.monthlyKg[index]! += kg;
    code.totalKg += kg;
  }
  const ranked = [...byWaste.values()].sort((a, b) => b.totalKg - a.totalKg || String(a.eer).localeCompare(String(b.eer)));
  const top = ranked.slice(0, DASHBOARD_TOP_CODES);
  const rest = ranked.slice(DASHBOARD_TOP_CODES);
  const round = (kg: number) => Math.round(kg * 1000) / 1000;
  const codes = top.map((c) => ({ ...c, totalKg: round(c.totalKg), monthlyKg: c.monthlyKg.map(round) }));
  if (rest.length > 0) {
    codes.push({
      wasteId: null,
      eer: null,
      description: null,
      totalKg: round(rest.reduce((sum, c) => sum + c.totalKg, 0)),
      monthlyKg: months.map((_, i) => round(rest.reduce((sum, c) => sum + c.monthlyKg[i]!, 0))),
      link: link(LEDGER, [...loads, { field: 'waste', op: 'nin', value: top.map((c) => c.wasteId) }, ...during(dc.from, dc.to)]),
    });
  }
  return {
    months,
    // each month within the period (the first and the last may be partial)
    monthLinks: months.map((month) => {
      const { from, to } = calendarMonth(`${month}-01`);
      return link(LEDGER, [...loads, ...during(from < dc.from ? dc.from : from, to > dc.to ? dc.to : to)]);
    }),
    codes,
    totalKg: round(ranked.reduce((sum, c) => sum + c.totalKg, 0)),
    link: link(LEDGER, [...loads, ...during(dc.from, dc.to)]),
  };
}

const WAREHOUSES = 'warehouse';

/**
 * Stock now at the warehouses with an authorised capacity (the ledger's running balances, as
 * `GET /api/warehouses/stock` reads them): for readers of both the warehouses and the ledger.
 */
export async function stockSection(dc: DashboardContext): Promise<DashboardStock | null> {
  const target = readable(dc, WAREHOUSES);
  if (!target || !readable(dc, LEDGER)) return null;
  const withCapacity: FilterSpec[] = [{ field: 'capacityTons', op: 'gt', value: 0 }];
  const scope = dc.ctx.records.searchScope(dc.principal, target, withCapacity);
  const { rows } = await sql<{ id: number; code: string; name: string; capacity_tons: string; stock_kg: string }>`
    with w as (select id, code, name, capacity_tons from ${scope.table} where ${scope.where})
    select w.id, w.code, w.name, w.capacity_tons::text as capacity_tons, coalesce(sum(s.quantity_kg), 0)::text as stock_kg
    from w left join warehouse_stock s on s.warehouse = w.id
    group by w.id, w.code, w.name, w.capacity_tons`.execute(dc.db);
  const items = rows
    .map((r) => {
      const capacityKg = Number(r.capacity_tons) * 1000;
      const stockKg = Number(r.stock_kg);
      return { warehouseId: Number(r.id), code: r.code, name: r.name, stockKg, capacityKg, ratio: stockKg / capacityKg, link: link(LEDGER, [{ field: 'warehouse', op: 'eq', value: Number(r.id) }]) };
    })
    .sort((a, b) => b.ratio - a.ratio || a.name.localeCompare(b.name))
    .slice(0, DASHBOARD_MAX_WAREHOUSES);
  return { items, link: link(WAREHOUSES, withCapacity) };
}

/**
 * Deadlines in the next 30 and 60 days: every date field the catalogue marks as a deadline (Albo
 * enrolments, ADR certificates, site authorisations, documents' expiries) of a list the user
 * reads; one query per kind.
 */
export async function deadlinesSection(dc: DashboardContext): Promise<DashboardDeadline[] | null> {
  const kinds = dc.ctx.catalogue.targets.flatMap((target) =>
    target.view === null && can(dc.principal, target, 'R')
      ? Object.entries(target.entity.fields).flatMap(([field, def]) => (def.type === 'date' && def.deadline ? [{ target, field }] : []))
      : [],
  );
  if (kinds.length === 0) return null;
  const in30 = addDays(dc.today, 30);
  const in60 = addDays(dc.today, 60);
  return Promise.all(
    kinds.map(async ({ target, field }): Promise<DashboardDeadline> => {
      const within = (to: string): FilterSpec[] => [{ field, op: 'between', value: [dc.today, to] }];
      const scope = dc.ctx.records.searchScope(dc.principal, target, within(in60));
      const { rows } = await sql<{ a: number; b: number }>`
        select count(*) filter (where ${sql.ref(columnName(field))} <= ${in30}::date)::int as a, count(*)::int as b
        from ${scope.table} where ${scope.where}`.execute(dc.db);
      return { route: target.route, field, within30: counted(rows[0]?.a, target.route, within(in30)), within60: counted(rows[0]?.b, target.route, within(in60)) };
    }),
  );
}

const INVOICES = 'invoices';
/** An invoice or credit note that was issued (a cancelled invoice was issued, then taken back by its credit note). */
const ISSUED_STATUSES = ['ISSUED', 'SENT', 'PAID', 'CANCELLED'];

/** Revenue of the period (invoices less credit notes) and what is overdue now. */
export async function invoicesSection(dc: DashboardContext): Promise<DashboardInvoices | null> {
  const target = readable(dc, INVOICES);
  if (!target) return null;
  const issuedFilters: FilterSpec[] = [
    { field: 'issueDate', op: 'between', value: [dc.from, dc.to] },
    { field: 'status', op: 'in', value: ISSUED_STATUSES },
  ];
  const overdueFilters: FilterSpec[] = [
    { field: 'documentType', op: 'eq', value: 'TD01' },
    { field: 'status', op: 'in', value: ['ISSUED', 'SENT'] },
    { field: 'paymentStatus', op: 'in', value: ['TO_PAY', 'PARTIALLY_PAID'] },
    { field: 'dueDate', op: 'lt', value: dc.today },
  ];
  const issued = dc.ctx.records.searchScope(dc.principal, target, issuedFilters);
  const overdue = dc.ctx.records.searchScope(dc.principal, target, overdueFilters);
  const [{ rows: sums }, { rows: due }] = await Promise.all([
    sql<{ n: number; invoiced: string; credited: string; revenue: string }>`
      with s as (
        select count(*)::int as n, coalesce(sum(taxable) filter (where document_type = 'TD01'), 0) as invoiced,
          coalesce(sum(taxable) filter (where document_type = 'TD04'), 0) as credited
        from ${issued.table} where ${issued.where}
      )
      select n, invoiced::numeric(18,2)::text as invoiced, credited::numeric(18,2)::text as credited, (invoiced - credited)::numeric(18,2)::text as revenue from s`.execute(dc.db),
    sql<{ n: number; amount: string }>`
      select count(*)::int as n, coalesce(sum(coalesce(payable, total, 0) - coalesce(paid_amount, 0)), 0)::numeric(18,2)::text as amount
      from ${overdue.table} where ${overdue.where}`.execute(dc.db),
  ]);
  const s = sums[0] ?? { n: 0, invoiced: '0.00', credited: '0.00', revenue: '0.00' };
  return {
    issued: counted(s.n, INVOICES, issuedFilters),
    invoiced: s.invoiced,
    credited: s.credited,
    revenue: s.revenue,
    overdue: { ...counted(due[0]?.n, INVOICES, overdueFilters), amount: due[0]?.amount ?? '0.00' },
  };
}
