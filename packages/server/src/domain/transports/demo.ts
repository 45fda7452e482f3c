import { generator, italianInstant, todayInItaly, transport, transportStop } from '@circula/model';
import { sql, type Transaction } from 'kysely';
import { insertWithLines } from '../../records/bulk.js';
import type { SeedContext } from '../module.js';
import type { Database } from '../../db/schema.js';
import { seedDemoFirs } from './fir/demo.js';
import { DELIVERY, legalErrors, PICKUP, readRequests, readTripFacts, round3, type Stop } from './checks.js';

/** One in this many delivered loads is weighed off its estimate by up to 20 % (the FIR verifier's anomalies); the others within 5 %. */
export const DEMO_ANOMALY_EVERY = 25;

interface DemoRequest {
  id: number;
  status: 'PLANNED' | 'DONE';
  planned: string;
  pickup: number;
  destination: number;
  kg: number;
  /** A hazardous EER code travels with a UN number (ADR). */
  adr: boolean;
  area: number;
}

interface DemoVehicle {
  id: number;
  capacity: number;
  adr: boolean;
}

interface Trip {
  requests: DemoRequest[];
  transporter: number;
  vehicle: number;
}

interface Carrier {
  transporter: number;
  /** Whether one of its vehicles takes the request alone with every check of the trip passed. */
  fits(request: DemoRequest): boolean;
  vehicleFor(request: DemoRequest): number | undefined;
}

/**
 * The transporters (TRANSPORTER role) of the demo with their enrolments and vehicles, as carriers
 * of single heavy loads: a vehicle fits a load when the trip pickup → destination passes every
 * legal check (checks.ts legalErrors) on the request's day; the smallest such vehicle is taken.
 */
async function thirdParties(trx: Transaction<Database>, loads: readonly DemoRequest[]): Promise<Carrier[]> {
  const { rows: holders } = await sql<{ id: number }>`select id from subject where 'TRANSPORTER' = any(roles) and not 'COMPANY' = any(roles) and not deleted order by id`.execute(trx);
  if (holders.length === 0) return [];
  const requests = await readRequests(trx, loads.map((r) => r.id), false);
  const stopsOf = (r: DemoRequest): Stop[] => [
    { kind: PICKUP, request: r.id, warehouse: r.pickup, estimatedKg: r.kg },
    { kind: DELIVERY, request: r.id, warehouse: r.destination, estimatedKg: r.kg },
  ];
  const out: Carrier[] = [];
  for (const { id } of holders) {
    const { rows: owned } = await sql<{ id: number; capacity_kg: number }>`
      select id, capacity_kg from vehicle where owner = ${id} and not deleted and capacity_kg is not null order by capacity_kg, id`.execute(trx);
    if (owned.length === 0) continue;
    // the facts of each vehicle, read once for every load (a trip of all of them reads every code and destination)
    const all = loads.flatMap(stopsOf);
    const facts = await Promise.all(owned.map((v) => readTripFacts(trx, { date: loads[0]!.planned, transporter: Number(id), vehicle: Number(v.id), trailer: null }, all, requests)));
    const vehicleFor = (r: DemoRequest) =>
      owned.find((v, i) => legalErrors({ ...facts[i]!, date: r.planned, stops: stopsOf(r) }).length === 0)?.id;
    out.push({ transporter: Number(id), fits: (r) => vehicleFor(r) !== undefined, vehicleFor: (r) => num(vehicleFor(r)) });
  }
  return out;
}

const num = (v: number | undefined) => (v === undefined ? undefined : Number(v));

/**
 * The demo's transports (issue 16): the planned and done demo requests that have a destination
 * (an authorised plant), grouped by planned day (area by area) into trips of up to five pickups
 * within a company vehicle's payload (ADR loads on the ADR vehicles), run by the company itself
 * with its own vehicles; a load heavier than every company vehicle goes alone with a third-party
 * transporter whose enrolment and vehicle pass every legal check. Each load is delivered to its
 * request's destination by a delivery naming it (one weighing, later one FIR, per load). Trips of
 * done requests are COMPLETED with verified weights within 5 % of the estimates (one load in
 * DEMO_ANOMALY_EVERY off by 8 to 20 %), trips of requests planned from today on are PLANNED.
 * Requests planned on a past day and not done stay without a transport (the calendar's overdue
 * ones), as do requests no plant of the demo is authorised for. One request a day is common in
 * the demo, so many trips have a single pickup. Written in bulk like the requests; no history rows.
 */
export async function seedDemoTransports({ db, config, log }: SeedContext): Promise<{ transports: number; stops: number; completed: number; planned: number; byThirdParties: number; firs: number; anomalies: number; onTheRoad: number } | null> {
  if (!config.demoData) return null;
  const { rows: existing } = await sql<{ id: number }>`select id from transport limit 1`.execute(db);
  if (existing.length > 0) return null;
  const started = Date.now();
  const { rows: companies } = await sql<{ id: number }>`select id from subject where 'COMPANY' = any(roles) and not deleted order by id limit 1`.execute(db);
  const company = companies[0] ? Number(companies[0].id) : null;
  if (company === null) return null;
  const { rows: vehicleRows } = await sql<{ id: number; capacity_kg: number | null; adr: boolean | null; adr_expiry: string | null }>`
    select id, capacity_kg, adr, adr_expiry from vehicle where owner = ${company} and not deleted and capacity_kg is not null order by id`.execute(db);
  const today = todayInItaly();
  const vehicles: DemoVehicle[] = vehicleRows.map((v) => ({ id: Number(v.id), capacity: Number(v.capacity_kg), adr: v.adr === true && v.adr_expiry !== null && v.adr_expiry >= today }));
  if (vehicles.length === 0) return null;
  const largest = (adr: boolean) => Math.max(0, ...vehicles.filter((v) => v.adr === adr).map((v) => v.capacity));
  const { rows: collaborators } = await sql<{ id: number }>`select id from subject where 'COLLABORATOR' = any(roles) and not deleted order by id`.execute(db);
  const { rows: areaRows } = await sql<{ id: number; warehouses: number[] | null }>`select id, warehouses from area where not deleted order by id`.execute(db);
  const areaOf = new Map<number, number>();
  for (const a of areaRows) for (const w of a.warehouses ?? []) if (!areaOf.has(Number(w))) areaOf.set(Number(w), Number(a.id));
  const { rows: requestRows } = await sql<{ id: number; status: 'PLANNED' | 'DONE'; planned_date: string; pickup_point: number; destination: number; estimated_kg: number | null; adr: boolean }>`
    select t.id, t.status, t.planned_date, t.pickup_point, t.destination, t.estimated_kg,
      exists (select 1 from transaction_line l join waste w on w.id = l.waste where l.parent_id = t.id and not l.deleted and w.hazardous and l.un_number is not null) as adr
    from transaction t
    where not t.deleted and t.destination is not null and t.planned_date is not null
      and (t.status = 'DONE' or (t.status = 'PLANNED' and t.planned_date >= ${today}::date))
    order by t.planned_date, t.id`.execute(db);
  const requests: DemoRequest[] = requestRows.map((r) => ({
    id: Number(r.id),
    status: r.status,
    planned: r.planned_date,
    pickup: Number(r.pickup_point),
    destination: Number(r.destination),
    kg: Number(r.estimated_kg ?? 0),
    adr: r.adr === true,
    area: areaOf.get(Number(r.pickup_point)) ?? 0,
  }));
  const random = generator(20261125);
  const trips: Trip[] = [];

  // trips of the company: by day, state (done or planned) and ADR need, area by area, up to five pickups within its largest payload
  const groups = new Map<string, DemoRequest[]>();
  const heavy: DemoRequest[] = [];
  for (const r of requests) {
    if (r.kg > largest(r.adr)) {
      heavy.push(r);
      continue;
    }
    const key = `${r.planned}|${r.status}|${r.adr}`;
    if (!groups.has(key)) groups.set(key, []);
    groups.get(key)!.push(r);
  }
  const usedOn = new Map<string, Set<number>>();
  const companyTrip = (list: DemoRequest[]) => {
    const first = list[0]!;
    const kg = list.reduce((sum, r) => sum + r.kg, 0);
    // the smallest vehicle that carries the trip, one not yet out that day when there is one
    const fit = vehicles.filter((v) => v.adr === first.adr && v.capacity >= kg).sort((a, b) => a.capacity - b.capacity || a.id - b.id);
    const used = usedOn.get(first.planned) ?? new Set<number>();
    const vehicle = fit.find((v) => !used.has(v.id)) ?? fit[0];
    if (!vehicle) return;
    used.add(vehicle.id);
    usedOn.set(first.planned, used);
    trips.push({ requests: list, transporter: company, vehicle: vehicle.id });
  };
  for (const list of groups.values()) {
    list.sort((a, b) => a.area - b.area || a.pickup - b.pickup || a.id - b.id);
    let trip: DemoRequest[] = [];
    let size = 2 + Math.floor(random() * 4);
    for (const r of list) {
      const load = trip.reduce((sum, x) => sum + x.kg, 0);
      if (trip.length > 0 && (trip.length >= size || load + r.kg > largest(r.adr))) {
        companyTrip(trip);
        trip = [];
        size = 2 + Math.floor(random() * 4);
      }
      trip.push(r);
    }
    if (trip.length) companyTrip(trip);
  }

  // a load heavier than every vehicle of the company goes alone with a transporter whose enrolment, vehicle and payload pass every check of the trip
  if (heavy.length) {
    const carriers = await db.transaction().execute((trx) => thirdParties(trx, heavy));
    for (const r of heavy) {
      const carrier = carriers.find((c) => c.fits(r));
      if (carrier) trips.push({ requests: [r], transporter: carrier.transporter, vehicle: carrier.vehicleFor(r)! });
    }
  }
  trips.sort((a, b) => (a.requests[0]!.planned < b.requests[0]!.planned ? -1 : a.requests[0]!.planned > b.requests[0]!.planned ? 1 : a.requests[0]!.id - b.requests[0]!.id));

  const headers: Record<string, unknown>[] = [];
  const stops: { header: number; values: Record<string, unknown> }[] = [];
  let completed = 0;
  let loads = 0;
  for (const { requests: trip, transporter, vehicle } of trips) {
    const first = trip[0]!;
    const kg = round3(trip.reduce((sum, r) => sum + r.kg, 0));
    const done = first.status === 'DONE';
    const departure = italianInstant(first.planned, 6 + Math.floor(random() * 3), 15 * Math.floor(random() * 4));
    const at = (minutes: number) => new Date(Date.parse(departure) + minutes * 60_000).toISOString();
    let minutes = 0;
    const tripStops: Record<string, unknown>[] = [];
    for (const r of trip) {
      minutes += 25 + Math.floor(random() * 35);
      tripStops.push({ kind: PICKUP, request: r.id, warehouse: r.pickup, planned_at: at(minutes), actual_at: done ? at(minutes + Math.floor(random() * 20)) : null, estimated_kg: r.kg });
    }
    let verifiedTotal = 0;
    for (const r of trip) {
      minutes += 20 + Math.floor(random() * 40);
      loads += 1;
      const spread = loads % DEMO_ANOMALY_EVERY === 0 ? 0.08 + random() * 0.12 : random() * 0.05;
      const verified = done ? round3(r.kg * (1 + (random() < 0.5 ? -spread : spread))) : null;
      if (verified !== null) verifiedTotal += verified;
      tripStops.push({ kind: DELIVERY, request: r.id, warehouse: r.destination, planned_at: at(minutes), actual_at: done ? at(minutes + Math.floor(random() * 25)) : null, estimated_kg: r.kg, verified_kg: verified });
    }
    if (done) completed += 1;
    headers.push({
      status: done ? 'COMPLETED' : 'PLANNED',
      date: first.planned,
      transporter,
      vehicle,
      driver: collaborators.length && transporter === company ? Number(collaborators[headers.length % collaborators.length]!.id) : null,
      planned_departure: departure,
      actual_departure: done ? at(Math.floor(random() * 20)) : null,
      actual_arrival: done ? at(minutes + 30 + Math.floor(random() * 30)) : null,
      kilometres: done ? Math.round((30 + random() * 150) * 10) / 10 : null,
      estimated_kg: kg,
      verified_kg: done ? round3(verifiedTotal) : null,
      created_by: 'system',
      updated_by: 'system',
    });
    stops.push(...tripStops.map((values) => ({ header: headers.length - 1, values })));
  }
  if (headers.length === 0) return null;

  const rows = headers.map((header) => ({ header, lines: [] as Record<string, unknown>[] }));
  for (const stop of stops) rows[stop.header]!.lines.push({ ...stop.values, created_by: 'system', updated_by: 'system' });
  const firs = await db.transaction().execute(async (trx) => {
    await insertWithLines(trx, transport, transportStop, rows);
    return seedDemoFirs(trx);
  });
  log.info(`Demo transports created in ${Date.now() - started} ms: ${headers.length} transports (${completed} completed), ${stops.length} stops, ${firs.firs} FIRs (${firs.anomalies} with anomalies)`);
  return {
    transports: headers.length,
    stops: stops.length,
    completed,
    planned: headers.length - completed - firs.onTheRoad,
    byThirdParties: trips.filter((trip) => trip.transporter !== company).length,
    ...firs,
  };
}
