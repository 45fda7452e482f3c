import { fir, FIR_SERIES_KEY, FIR_SIGN_DEADLINE_KEY, tableName } from '@circula/model';
import { sql, type Transaction } from 'kysely';
import type { Principal } from '../../../auth/users.js';
import type { Database } from '../../../db/schema.js';
import { allocateIds, autoCode, insertRows } from '../../../records/bulk.js';
import { writeHistoryMany } from '../../../records/history.js';
import { registryNumber } from '../../../conf/registry.js';
import { categoryOf, deliveries, PICKUP, type Stop } from '../checks.js';
import { firSigned } from './errors.js';

type Executor = Transaction<Database>;

/** The statuses of a FIR still waiting for a signature. */
export const OPEN_FIR_STATUSES = ['ISSUED', 'SIGNED_PRODUCER', 'SIGNED_TRANSPORTER'] as const;

/** What of a transport its FIRs copy: when one of these changes during the trip, its FIRs are issued again. */
export interface TripForFirs {
  id: number;
  date: string;
  transporter: number;
  vehicle: number;
  trailer: number | null;
  driver: number | null;
  actualDeparture: string | null;
  stops: readonly Stop[];
}

/** The part of a trip a FIR copies, as a comparable key (a stop's times and verified weights are not in it). */
export const firKey = (trip: Omit<TripForFirs, 'id' | 'actualDeparture'>) =>
  JSON.stringify([trip.transporter, trip.vehicle, trip.trailer ?? null, trip.driver ?? null, trip.stops.map((s) => [s.kind, s.request ?? null, s.warehouse ?? null])]);

/** Items by key, in order (Map.groupBy is Node 21+; the machines run Node 20). */
function groupBy<T, K>(items: readonly T[], key: (item: T) => K): Map<K, T[]> {
  const out = new Map<K, T[]>();
  for (const item of items) {
    const k = key(item);
    const list = out.get(k);
    if (list) list.push(item);
    else out.set(k, [item]);
  }
  return out;
}

const num = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v));

/**
 * `count` new FIR numbers of the registry's series for `year`: "FIR/2026/000124". The counter row
 * is taken in the write's transaction (a concurrent issue waits for it), so a number is given
 * once; it never goes back, so a cancelled FIR's number is not given again.
 */
export async function nextFirNumbers(trx: Executor, year: number, count: number): Promise<string[]> {
  if (count === 0) return [];
  const row = await trx.selectFrom('sys_registry').select('the_value').where('key', '=', FIR_SERIES_KEY).executeTakeFirst();
  const series = row?.the_value || 'FIR';
  const { rows } = await sql<{ last_number: number }>`
    insert into fir_series (series, year, last_number) values (${series}, ${year}, ${count})
    on conflict (series, year) do update set last_number = fir_series.last_number + ${count}
    returning last_number`.execute(trx);
  const last = Number(rows[0]!.last_number);
  return Array.from({ length: count }, (_, i) => `${series}/${year}/${String(last - count + 1 + i).padStart(6, '0')}`);
}

/** kg of a line's estimated quantity, when it is a weight. */
export function quantityKg(quantity: { value?: unknown; unit?: unknown } | null | undefined): number | null {
  const value = num(quantity?.value);
  if (value === null) return null;
  if (quantity?.unit === 'KG') return value;
  if (quantity?.unit === 'T') return Math.round(value * 1000 * 1000) / 1000;
  return null;
}

/** The R/D operations a FIR may name: those the EER code admits and the destination is authorised for (a side that lists none does not restrict). */
export function operationsFor(wasteOps: readonly string[] | null, destinationOps: readonly string[] | null): string[] {
  if (!wasteOps?.length) return [...(destinationOps ?? [])];
  if (!destinationOps?.length) return [...wasteOps];
  return wasteOps.filter((op) => destinationOps.includes(op));
}

interface LineRow {
  parent_id: number;
  line_no: number;
  waste: number;
  description: string | null;
  physical_state: string | null;
  hp_properties: string[] | null;
  quantity: { value: number; unit: string } | null;
  load_unit: number | null;
  load_unit_count: number | null;
  un_number: string | null;
  adr_class: string | null;
  packing_group: string | null;
}

/** A FIR about to be written, as column values (no id, number or code yet), with the trip's date for its number. */
export interface FirRow {
  date: string;
  columns: Record<string, unknown>;
}

/**
 * The FIRs of trips (D.Lgs 152/2006 art. 193 c. 1: waste travels with a FIR from the producer to
 * the destination), as column values: one per line of each request picked up — one EER code from
 * one producer to the destination its load is delivered to — with a snapshot of the parties, the
 * transporter's Albo enrolment in force that covers the code, the destination's authorisation, the
 * plates and the driver. The R/D operation is set when the EER code and the destination leave
 * exactly one; otherwise the staff choose it before the producer signs. Reads in one query per
 * kind of fact, however many trips (the demo builds a year of them).
 */
export async function firRows(trx: Executor, principal: Principal, trips: readonly TripForFirs[], issuedAt: (trip: TripForFirs) => Date): Promise<FirRow[]> {
  const loadsOf = (trip: TripForFirs) => {
    const deliveredAt = deliveries(trip.stops);
    return trip.stops.flatMap((stop, p) => {
      const to = deliveredAt.get(p);
      return stop.kind === PICKUP && typeof stop.request === 'number' && to !== undefined ? [{ request: stop.request, destination: trip.stops[to]!.warehouse as number }] : [];
    });
  };
  const loads = trips.map(loadsOf);
  const requestIds = [...new Set(loads.flat().map((l) => l.request))];
  if (requestIds.length === 0) return [];
  const ids = (list: readonly (number | null)[]) => [...new Set(list.filter((v): v is number => v !== null))];
  const [{ rows: requests }, { rows: lines }] = await Promise.all([
    sql<{ id: number; producer: number | null; requester: number; pickup_point: number }>`
      select id, producer, requester, pickup_point from transaction where id = any(${requestIds}::bigint[])`.execute(trx),
    sql<LineRow>`
      select parent_id, line_no, waste, description, physical_state, hp_properties, quantity, load_unit, load_unit_count, un_number, adr_class, packing_group
      from transaction_line where parent_id = any(${requestIds}::bigint[]) and not deleted order by parent_id, line_no, id`.execute(trx),
  ]);
  const wasteIds = ids(lines.map((l) => Number(l.waste)));
  const loadUnitIds = ids(lines.map((l) => num(l.load_unit)));
  const destinationIds = ids(loads.flat().map((l) => l.destination));
  const transporterIds = ids(trips.map((t) => t.transporter));
  const vehicleIds = ids(trips.flatMap((t) => [t.vehicle, t.trailer]));
  const driverIds = ids(trips.map((t) => t.driver));
  const [{ rows: wastes }, { rows: loadUnits }, { rows: destinations }, { rows: enrolments }, { rows: vehicles }, { rows: drivers }] = await Promise.all([
    sql<{ id: number; code: string; hazardous: boolean | null; description: Record<string, string> | null; operations: string[] | null }>`
      select id, code, hazardous, description, operations from waste where id = any(${wasteIds}::bigint[])`.execute(trx),
    sql<{ id: number; name: string }>`select id, name from load_unit where id = any(${loadUnitIds}::bigint[])`.execute(trx),
    sql<{ id: number; authorisation_number: string | null; operations: string[] | null }>`
      select id, authorisation_number, operations from warehouse where id = any(${destinationIds}::bigint[])`.execute(trx),
    sql<{ holder: number; number: string; category: string; status: string | null; valid_from: string | null; expiry: string }>`
      select holder, number, category, status, valid_from, expiry from albo_authorisation where holder = any(${transporterIds}::bigint[]) and not deleted order by id`.execute(trx),
    sql<{ id: number; plate: string }>`select id, plate from vehicle where id = any(${vehicleIds}::bigint[])`.execute(trx),
    sql<{ id: number; name: string; last_name: string | null }>`select id, name, last_name from subject where id = any(${driverIds}::bigint[])`.execute(trx),
  ]);
  const request = new Map(requests.map((r) => [Number(r.id), r]));
  const linesOf = groupBy(lines, (l) => Number(l.parent_id));
  const waste = new Map(wastes.map((w) => [Number(w.id), w]));
  const loadUnit = new Map(loadUnits.map((u) => [Number(u.id), u.name]));
  const destination = new Map(destinations.map((d) => [Number(d.id), d]));
  const plate = new Map(vehicles.map((v) => [Number(v.id), v.plate]));
  const driverName = new Map(drivers.map((d) => [Number(d.id), [d.name, d.last_name].filter(Boolean).join(' ')]));
  const enrolmentsOf = groupBy(enrolments, (e) => Number(e.holder));

  const out: FirRow[] = [];
  trips.forEach((trip, t) => {
    const at = issuedAt(trip);
    const inForce = (enrolmentsOf.get(trip.transporter) ?? []).filter((e) => e.status === 'ACTIVE' && (e.valid_from === null || e.valid_from <= trip.date) && e.expiry >= trip.date);
    for (const load of loads[t]!) {
      const req = request.get(load.request);
      if (!req) continue;
      const dest = destination.get(load.destination);
      for (const line of linesOf.get(load.request) ?? []) {
        const w = waste.get(Number(line.waste));
        const category = w ? categoryOf({ code: w.code, hazardous: w.hazardous === true }) : null;
        // the enrolment the load travels under: one in force of the category that covers it (5 covers 4)
        const enrolment = inForce.find((e) => e.category === category) ?? (category === '4' ? inForce.find((e) => e.category === '5') : undefined) ?? inForce[0];
        const candidates = operationsFor(w?.operations ?? null, dest?.operations ?? null);
        out.push({
          date: trip.date,
          columns: {
            transport: trip.id,
            request: load.request,
            request_line: Number(line.line_no),
            issued_at: at.toISOString(),
            producer: req.producer ?? req.requester,
            pickup_point: req.pickup_point,
            transporter: trip.transporter,
            transporter_albo: enrolment?.number ?? null,
            destination: load.destination,
            destination_authorisation: dest?.authorisation_number ?? null,
            waste: Number(line.waste),
            description: line.description || w?.description?.it || null,
            physical_state: line.physical_state,
            hp_properties: line.hp_properties,
            operation: candidates.length === 1 ? candidates[0] : null,
            quantity: line.quantity === null ? null : JSON.stringify(line.quantity),
            estimated_kg: quantityKg(line.quantity),
            load_units: line.load_unit_count && line.load_unit !== null ? `${line.load_unit_count} × ${loadUnit.get(Number(line.load_unit)) ?? ''}`.trim() : null,
            un_number: line.un_number,
            adr_class: line.adr_class,
            packing_group: line.packing_group,
            vehicle_plate: plate.get(trip.vehicle) ?? null,
            trailer_plate: trip.trailer === null ? null : (plate.get(trip.trailer) ?? null),
            driver: trip.driver === null ? null : (driverName.get(trip.driver) ?? null),
            start_at: trip.actualDeparture ?? at.toISOString(),
            signatures: '[]',
            status: 'ISSUED',
            created_by: principal.username,
            updated_by: principal.username,
          },
        });
      }
    }
  });
  return out;
}

/** Gives the FIRs without a number theirs (per year of their trip, in the order given), in place. */
export async function numberFirs(trx: Executor, rows: readonly FirRow[]): Promise<void> {
  const unnumbered = rows.filter((row) => !row.columns.number);
  for (const [year, list] of groupBy(unnumbered, (row) => Number(row.date.slice(0, 4)))) {
    const given = await nextFirNumbers(trx, year, list.length);
    list.forEach((row, n) => (row.columns.number = given[n]));
  }
}

/** Inserts the FIRs (numbered first when they are not); returns their ids. */
export async function insertFirs(trx: Executor, rows: readonly FirRow[]): Promise<number[]> {
  if (rows.length === 0) return [];
  await numberFirs(trx, rows);
  const ids = await allocateIds(trx, tableName(fir), rows.length);
  await insertRows(trx, tableName(fir), rows.map((row, i) => ({ id: ids[i], code: autoCode(fir, ids[i]!), ...row.columns })));
  return ids;
}

/** Issues the FIRs of a departing trip, with their history rows and signature deadline. Returns their ids. */
export async function issueFirs(trx: Executor, principal: Principal, trip: TripForFirs): Promise<number[]> {
  const issuedAt = new Date();
  const deadlineHours = await registryNumber(trx, FIR_SIGN_DEADLINE_KEY, 48);
  const signDeadline = new Date(issuedAt.getTime() + deadlineHours * 3600_000).toISOString();
  const rows = (await firRows(trx, principal, [trip], () => issuedAt)).map((row) => ({ ...row, columns: { ...row.columns, sign_deadline: signDeadline } }));
  const ids = await insertFirs(trx, rows);
  await writeHistoryMany(
    trx,
    principal,
    ids.map((id) => ({ entity: fir.name, recordId: id, version: 1, action: 'CREATE', changes: { status: [null, 'ISSUED'] } })),
  );
  return ids;
}

/**
 * Cancels the trip's FIRs still waiting for a signature (the trip is cancelled, or its loads change
 * before anyone signed). With `refuseSigned`, a FIR someone signed stops the write: its data is
 * frozen (409 FIR_SIGNED).
 */
export async function cancelFirs(trx: Executor, principal: Principal, transportId: number, refuseSigned: boolean): Promise<void> {
  const { rows } = await sql<{ id: number; status: string; signatures: unknown[] }>`
    select id, status, signatures from fir where transport = ${transportId} and not deleted and status = any(${[...OPEN_FIR_STATUSES]}::text[]) order by id for update`.execute(trx);
  if (refuseSigned && rows.some((r) => (r.signatures ?? []).length > 0)) throw firSigned();
  if (rows.length === 0) return;
  const { rows: updated } = await sql<{ id: number; version: number }>`
    update fir set status = 'CANCELLED', version = version + 1, updated_at = now(), updated_by = ${principal.username}
    where id = any(${rows.map((r) => r.id)}::bigint[]) returning id, version`.execute(trx);
  const from = new Map(rows.map((r) => [Number(r.id), r.status]));
  await writeHistoryMany(
    trx,
    principal,
    updated.map((r) => ({ entity: fir.name, recordId: Number(r.id), version: Number(r.version), action: 'TRANSITION', changes: { status: [from.get(Number(r.id)), 'CANCELLED'] } })),
  );
}
