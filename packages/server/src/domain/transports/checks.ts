import type { transport, ValuesOf } from '@circula/model';
import { sql, type Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';

/**
 * The rules of a transport's stops and the legal checks of a trip (issue 16), as pure functions
 * over facts read from the database in the write's transaction. Each rule has its own message
 * key, reported on the field or stop line it concerns (`stops.{index}.{field}`).
 */

export type Stop = NonNullable<ValuesOf<typeof transport>['stops']>[number];
export type FieldError = { field: string; message: string; params?: Record<string, string | number> };
type Executor = Transaction<Database>;

export const PICKUP = 'PICKUP';
export const DELIVERY = 'DELIVERY';

/** A movement request a pickup takes, with the lines of its load. */
export interface RequestFacts {
  id: number;
  code: string | null;
  status: string;
  plannedDate: string | null;
  pickupPoint: number | null;
  estimatedKg: number | null;
  deleted: boolean;
  lines: { waste: number; unNumber: string | null }[];
}

/** An Albo Gestori Ambientali enrolment of the transporter (one record per category). */
export interface Enrolment {
  number: string;
  category: string;
  status: string | null;
  validFrom: string | null;
  expiry: string;
  wasteCodes: number[];
}

export interface VehicleFacts {
  id: number;
  alboNumber: string | null;
  capacityKg: number | null;
  adr: boolean;
  adrExpiry: string | null;
}

export interface WasteFacts {
  id: number;
  code: string;
  hazardous: boolean;
  /** The R/D operations the EER code admits (an empty list: not restricted). */
  operations: readonly string[];
}

/** What a delivery's checks read about its warehouse. */
export interface DestinationFacts {
  name: string;
  /** The EER codes (waste ids) its authorisation lists; an empty list: none listed. */
  authorised: readonly number[];
  /** The R/D operations it is authorised for; an empty list: none listed. */
  operations: readonly string[];
  /** Authorised storage capacity (kg), null when none is set. */
  capacityKg: number | null;
  /** What its register holds now (kg, every code). */
  stockKg: number;
}

/** Everything the legal checks read about a trip. */
export interface TripFacts {
  date: string;
  stops: readonly Stop[];
  requests: ReadonlyMap<number, RequestFacts>;
  enrolments: readonly Enrolment[];
  vehicle: VehicleFacts | null;
  trailer: VehicleFacts | null;
  wastes: ReadonlyMap<number, WasteFacts>;
  /** The delivery warehouses. */
  destinations: ReadonlyMap<number, DestinationFacts>;
}

const num = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v));
const ids = (list: readonly (number | null | undefined)[]) => [...new Set(list.filter((id): id is number => typeof id === 'number'))];

/** The requests of the pickups among the stops, in order, without repeats. */
export const pickupRequests = (stops: readonly Stop[]): number[] => ids(stops.filter((s) => s.kind === PICKUP).map((s) => s.request));

/** The requests with their lines; `lock` takes their rows (`for update`) so two transports cannot take one request at once. */
export async function readRequests(trx: Executor, requestIds: readonly number[], lock: boolean): Promise<Map<number, RequestFacts>> {
  const out = new Map<number, RequestFacts>();
  if (requestIds.length === 0) return out;
  const { rows } = await sql<{ id: number; code: string | null; status: string; planned_date: string | null; pickup_point: number | null; estimated_kg: number | null; deleted: boolean }>`
    select id, code, status, planned_date, pickup_point, estimated_kg, deleted from transaction
    where id = any(${[...requestIds]}::bigint[]) order by id ${lock ? sql`for update` : sql``}`.execute(trx);
  for (const r of rows) {
    out.set(Number(r.id), {
      id: Number(r.id),
      code: r.code,
      status: r.status,
      plannedDate: r.planned_date,
      pickupPoint: num(r.pickup_point),
      estimatedKg: num(r.estimated_kg),
      deleted: r.deleted,
      lines: [],
    });
  }
  const { rows: lines } = await sql<{ parent_id: number; waste: number; un_number: string | null }>`
    select parent_id, waste, un_number from transaction_line
    where parent_id = any(${[...requestIds]}::bigint[]) and not deleted order by parent_id, line_no, id`.execute(trx);
  for (const l of lines) out.get(Number(l.parent_id))?.lines.push({ waste: Number(l.waste), unNumber: l.un_number });
  return out;
}

/** The live transports (not cancelled, not deleted) other than `self` that take each of the requests. */
export async function otherTransports(trx: Executor, requestIds: readonly number[], self: number | null): Promise<Map<number, string>> {
  if (requestIds.length === 0) return new Map();
  const { rows } = await sql<{ request: number; code: string | null }>`
    select s.request, t.code from transport_stop s join transport t on t.id = s.parent_id
    where s.request = any(${[...requestIds]}::bigint[]) and s.kind = ${PICKUP} and not s.deleted
      and not t.deleted and t.status <> 'CANCELLED' ${self === null ? sql`` : sql`and t.id <> ${self}`}`.execute(trx);
  return new Map(rows.map((r) => [Number(r.request), r.code ?? '']));
}

/**
 * The stops with what a pickup leaves out taken from its request (the place is the request's
 * pickup point, the estimate its estimated weight), and each delivery's estimate computed as the
 * sum of the loads it receives.
 */
export function completeStops(stops: readonly Stop[], requests: ReadonlyMap<number, RequestFacts>): Stop[] {
  const out = stops.map((stop) => {
    if (stop.kind !== PICKUP || typeof stop.request !== 'number') return { ...stop };
    const request = requests.get(stop.request);
    if (!request) return { ...stop };
    return { ...stop, warehouse: stop.warehouse ?? request.pickupPoint, estimatedKg: stop.estimatedKg ?? request.estimatedKg };
  });
  const deliveredAt = deliveries(out);
  out.forEach((stop, d) => {
    if (stop.kind !== DELIVERY) return;
    const loads = [...deliveredAt.entries()].filter(([, at]) => at === d).map(([p]) => out[p]!.estimatedKg);
    const weighed = loads.filter((kg): kg is number => typeof kg === 'number');
    stop.estimatedKg = weighed.length ? round3(weighed.reduce((a, b) => a + b, 0)) : null;
  });
  return out;
}

export const round3 = (n: number): number => Math.round(n * 1000) / 1000;

/** The sum of the values that are numbers, or null when none is. */
export function total(values: readonly (number | null | undefined)[]): number | null {
  const numbers = values.filter((v): v is number => typeof v === 'number');
  return numbers.length ? round3(numbers.reduce((a, b) => a + b, 0)) : null;
}

/**
 * Where each pickup's load is delivered (pickup index → delivery index): at the delivery that
 * names its request, else at the first delivery after it that names no request. A pickup with no
 * such delivery is left out.
 */
export function deliveries(stops: readonly Stop[]): Map<number, number> {
  const out = new Map<number, number>();
  stops.forEach((stop, p) => {
    if (stop.kind !== PICKUP) return;
    const named = typeof stop.request === 'number' ? stops.findIndex((s, d) => d > p && s.kind === DELIVERY && s.request === stop.request) : -1;
    const next = named >= 0 ? named : stops.findIndex((s, d) => d > p && s.kind === DELIVERY && s.request == null);
    if (next >= 0) out.set(p, next);
  });
  return out;
}

/**
 * The rules of the stops themselves: a pickup takes a request that is accepted (or planned, and
 * then on no other transport: one live transport per request), once; a delivery has its place,
 * and one that names a request comes after that request's pickup; every load has a delivery.
 */
export function stopErrors(stops: readonly Stop[], requests: ReadonlyMap<number, RequestFacts>, taken: ReadonlyMap<number, string>, own: ReadonlySet<number>): FieldError[] {
  const errors: FieldError[] = [];
  const at = (i: number, field: string, message: string) => errors.push({ field: `stops.${i}.${field}`, message });
  const seen = new Set<number>();
  const deliveredAt = deliveries(stops);
  stops.forEach((stop, i) => {
    if (stop.kind === PICKUP) {
      if (typeof stop.request !== 'number') return at(i, 'request', 'REQUIRED');
      if (seen.has(stop.request)) return at(i, 'request', 'DUPLICATE');
      seen.add(stop.request);
      const request = requests.get(stop.request);
      // a request that does not exist is the engine's NOT_FOUND
      if (!request || request.deleted) return;
      if (taken.has(stop.request)) return at(i, 'request', 'REQUEST_IN_OTHER_TRANSPORT');
      // accepted, or planned (by this transport, or on the calendar without a transport yet)
      if (request.status !== 'ACCEPTED' && request.status !== 'PLANNED' && !own.has(stop.request)) return at(i, 'request', 'REQUEST_NOT_ACCEPTED');
      if (!deliveredAt.has(i)) at(i, 'kind', 'NO_DELIVERY');
    } else if (stop.kind === DELIVERY) {
      if (typeof stop.warehouse !== 'number') at(i, 'warehouse', 'REQUIRED');
      if (typeof stop.request === 'number' && !stops.some((s, p) => p < i && s.kind === PICKUP && s.request === stop.request)) at(i, 'request', 'NOT_PICKED_UP');
    }
  });
  return errors;
}

/** Which Albo category a load needs (DM 120/2014 art. 8 c. 1): urban waste (EER chapter 20) 1, hazardous special waste 5, other special waste 4. */
export function categoryOf(waste: Pick<WasteFacts, 'code' | 'hazardous'>): '1' | '4' | '5' {
  if (waste.code.startsWith('20')) return '1';
  return waste.hazardous ? '5' : '4';
}

/**
 * The enrolment categories that cover a load of each category. An enterprise enrolled in
 * category 5 needs no category 4 enrolment for non-hazardous special waste (Albo national
 * committee, circular 240/Albo/Pres of 9 Feb 2011), provided its class does not change: the class
 * (tonnes a year) is not checked here.
 */
const COVERED_BY: Readonly<Record<'1' | '4' | '5', readonly string[]>> = { '1': ['1'], '4': ['4', '5'], '5': ['5'] };

/** Enrolment numbers compare without case and spaces ("mi/012345" is "MI/012345"). */
const sameNumber = (a: string | null | undefined, b: string | null | undefined) =>
  typeof a === 'string' && typeof b === 'string' && a.replace(/\s+/g, '').toUpperCase() === b.replace(/\s+/g, '').toUpperCase();

/**
 * The legal checks of a trip on its date (D.Lgs 152/2006 art. 212: waste is collected and
 * transported by enterprises enrolled in the Albo Gestori Ambientali; DM 120/2014), made when the
 * trip carries waste (at least one pickup of a request):
 * - the transporter holds an enrolment in force on the date (validFrom ≤ date ≤ expiry, status
 *   ACTIVE): ALBO_MISSING, ALBO_EXPIRED, ALBO_NOT_ACTIVE on `transporter`;
 * - one of them covers each load's category (ALBO_CATEGORY) and, when it lists EER codes, its code
 *   (ALBO_WASTE_NOT_COVERED), on the pickup's `request`;
 * - the vehicle (and the trailer) travel under that enrolment: their Albo number is its number
 *   (VEHICLE_NOT_ENROLLED); the payload (vehicle and trailer) covers the load on board at every
 *   stop (OVER_PAYLOAD);
 * - a hazardous load with a UN number travels on an ADR-equipped vehicle (ADR_REQUIRED) whose ADR
 *   certificate of approval (ADR 9.1.3) is valid on the date (ADR_EXPIRED);
 * - each delivery's warehouse, when its authorisation lists EER codes, lists every code delivered
 *   there (NOT_AUTHORISED_AT_DESTINATION on the delivery's `warehouse`), and, when both the code and
 *   the warehouse list R/D operations, is authorised for one the code admits
 *   (OPERATION_NOT_AUTHORISED_AT_DESTINATION: D.Lgs 152/2006 art. 208, the authorisation names the
 *   operations; the FIR names one of them);
 * - the warehouse has room for what is delivered there: its authorised capacity minus what its
 *   register holds now (DESTINATION_NO_ROOM with the figures). Other trips planned to it are not
 *   counted: the ledger checks the capacity again when the load is posted at completion.
 */
export function legalErrors(facts: TripFacts): FieldError[] {
  const { date, stops, requests } = facts;
  const errors: FieldError[] = [];
  const loads = stops.flatMap((stop, i) => {
    const request = stop.kind === PICKUP && typeof stop.request === 'number' ? requests.get(stop.request) : undefined;
    return request ? [{ index: i, request }] : [];
  });
  if (loads.length === 0) return errors;

  // the transporter's enrolment
  const inForce = facts.enrolments.filter((e) => (e.validFrom === null || e.validFrom <= date) && e.expiry >= date);
  const valid = inForce.filter((e) => e.status === 'ACTIVE');
  if (facts.enrolments.length === 0) errors.push({ field: 'transporter', message: 'ALBO_MISSING' });
  else if (inForce.length === 0) errors.push({ field: 'transporter', message: 'ALBO_EXPIRED' });
  else if (valid.length === 0) errors.push({ field: 'transporter', message: 'ALBO_NOT_ACTIVE' });
  const used = new Set<Enrolment>();
  if (valid.length > 0) {
    for (const { index, request } of loads) {
      let category = true;
      let code = true;
      for (const line of request.lines) {
        const waste = facts.wastes.get(line.waste);
        if (!waste) continue;
        const covering = valid.filter((e) => COVERED_BY[categoryOf(waste)].includes(e.category));
        if (covering.length === 0) {
          category = false;
          continue;
        }
        // an enrolment that lists no code is taken to cover its whole category
        const listing = covering.filter((e) => e.wasteCodes.length === 0 || e.wasteCodes.includes(waste.id));
        if (listing.length === 0) code = false;
        listing.forEach((e) => used.add(e));
      }
      if (!category) errors.push({ field: `stops.${index}.request`, message: 'ALBO_CATEGORY' });
      else if (!code) errors.push({ field: `stops.${index}.request`, message: 'ALBO_WASTE_NOT_COVERED' });
    }
    // the vehicles travel under the enrolment the loads use (or any in force, when none is used)
    const numbers = [...(used.size ? used : valid)].map((e) => e.number);
    for (const [field, vehicle] of [['vehicle', facts.vehicle], ['trailer', facts.trailer]] as const) {
      if (vehicle && !numbers.some((n) => sameNumber(n, vehicle.alboNumber))) errors.push({ field, message: 'VEHICLE_NOT_ENROLLED' });
    }
  }

  // the payload against the load on board, stop by stop
  if (facts.vehicle?.capacityKg != null) {
    const payload = facts.vehicle.capacityKg + (facts.trailer?.capacityKg ?? 0);
    const deliveredAt = deliveries(stops);
    let onBoard = 0;
    let over = false;
    stops.forEach((stop, i) => {
      if (stop.kind === PICKUP) onBoard += stop.estimatedKg ?? 0;
      else for (const [p, d] of deliveredAt) if (d === i) onBoard -= stops[p]!.estimatedKg ?? 0;
      if (round3(onBoard) > payload) over = true;
    });
    if (over) errors.push({ field: 'vehicle', message: 'OVER_PAYLOAD' });
  }

  // dangerous goods (ADR): a hazardous EER code carried with a UN number
  const dangerous = loads.some(({ request }) => request.lines.some((l) => l.unNumber && facts.wastes.get(l.waste)?.hazardous === true));
  if (dangerous && facts.vehicle) {
    if (!facts.vehicle.adr) errors.push({ field: 'vehicle', message: 'ADR_REQUIRED' });
    else if (facts.vehicle.adrExpiry === null || facts.vehicle.adrExpiry < date) errors.push({ field: 'vehicle', message: 'ADR_EXPIRED' });
  }

  // the destinations' authorisations and room
  const deliveredAt = deliveries(stops);
  stops.forEach((stop, d) => {
    if (stop.kind !== DELIVERY || typeof stop.warehouse !== 'number') return;
    const destination = facts.destinations.get(stop.warehouse);
    if (!destination) return;
    const pickups = [...deliveredAt].filter(([, at]) => at === d).map(([p]) => p);
    const codes = pickups.flatMap((p) => requests.get(stops[p]!.request as number)?.lines.map((l) => l.waste) ?? []);
    const field = `stops.${d}.warehouse`;
    if (destination.authorised.length > 0 && codes.some((id) => !destination.authorised.includes(id))) errors.push({ field, message: 'NOT_AUTHORISED_AT_DESTINATION' });
    if (destination.operations.length > 0) {
      const refused = codes.some((id) => {
        const admitted = facts.wastes.get(id)?.operations ?? [];
        return admitted.length > 0 && !admitted.some((op) => destination.operations.includes(op));
      });
      if (refused) errors.push({ field, message: 'OPERATION_NOT_AUTHORISED_AT_DESTINATION' });
    }
    if (destination.capacityKg !== null) {
      const incomingKg = round3(pickups.reduce((sum, p) => sum + (stops[p]!.estimatedKg ?? 0), 0));
      if (round3(destination.stockKg + incomingKg) > destination.capacityKg) {
        errors.push({ field, message: 'DESTINATION_NO_ROOM', params: { warehouse: destination.name, capacityKg: destination.capacityKg, stockKg: round3(destination.stockKg), incomingKg } });
      }
    }
  });
  return errors;
}

/** Reads what the legal checks need about the trip's transporter, vehicles, loads and destinations. */
export async function readTripFacts(
  trx: Executor,
  trip: { date: string; transporter: number | null | undefined; vehicle: number | null | undefined; trailer: number | null | undefined },
  stops: readonly Stop[],
  requests: ReadonlyMap<number, RequestFacts>,
): Promise<TripFacts> {
  const { rows: enrolments } = trip.transporter
    ? await sql<{ number: string; category: string; status: string | null; valid_from: string | null; expiry: string; waste_codes: number[] | null }>`
        select number, category, status, valid_from, expiry, waste_codes from albo_authorisation
        where holder = ${trip.transporter} and not deleted order by id`.execute(trx)
    : { rows: [] };
  const vehicleIds = ids([trip.vehicle, trip.trailer]);
  const { rows: vehicles } = vehicleIds.length
    ? await sql<{ id: number; albo_number: string | null; capacity_kg: number | null; adr: boolean | null; adr_expiry: string | null }>`
        select id, albo_number, capacity_kg, adr, adr_expiry from vehicle where id = any(${vehicleIds}::bigint[])`.execute(trx)
    : { rows: [] };
  const vehicleOf = (id: number | null | undefined): VehicleFacts | null => {
    const v = vehicles.find((row) => Number(row.id) === id);
    return v ? { id: Number(v.id), alboNumber: v.albo_number, capacityKg: num(v.capacity_kg), adr: v.adr === true, adrExpiry: v.adr_expiry } : null;
  };
  const wasteIds = ids([...requests.values()].flatMap((r) => r.lines.map((l) => l.waste)));
  const { rows: wastes } = wasteIds.length
    ? await sql<{ id: number; code: string; hazardous: boolean | null; operations: string[] | null }>`
        select id, code, hazardous, operations from waste where id = any(${wasteIds}::bigint[])`.execute(trx)
    : { rows: [] };
  const warehouseIds = ids(stops.filter((s) => s.kind === DELIVERY).map((s) => s.warehouse));
  const { rows: warehouses } = warehouseIds.length
    ? await sql<{ id: number; name: string; authorised_waste: number[] | null; operations: string[] | null; capacity_tons: string | null; stock_kg: string }>`
        select w.id, w.name, w.authorised_waste, w.operations, w.capacity_tons,
          coalesce((select sum(s.quantity_kg) from warehouse_stock s where s.warehouse = w.id), 0) as stock_kg
        from warehouse w where w.id = any(${warehouseIds}::bigint[])`.execute(trx)
    : { rows: [] };
  return {
    date: trip.date,
    stops,
    requests,
    enrolments: enrolments.map((e) => ({ number: e.number, category: e.category, status: e.status, validFrom: e.valid_from, expiry: e.expiry, wasteCodes: (e.waste_codes ?? []).map(Number) })),
    vehicle: vehicleOf(trip.vehicle),
    trailer: vehicleOf(trip.trailer),
    wastes: new Map(wastes.map((w) => [Number(w.id), { id: Number(w.id), code: w.code, hazardous: w.hazardous === true, operations: w.operations ?? [] }])),
    destinations: new Map(
      warehouses.map((w) => [
        Number(w.id),
        {
          name: w.name,
          authorised: (w.authorised_waste ?? []).map(Number),
          operations: w.operations ?? [],
          capacityKg: w.capacity_tons === null ? null : round3(Number(w.capacity_tons) * 1000),
          stockKg: Number(w.stock_kg),
        },
      ]),
    ),
  };
}
