import type { FilterSpec } from '@circula/model';
import { ACCEPTED, type PlanRequest } from './plan-request';

export { ACCEPTED, PLANNER_REQUEST_ROUTES, toPlanRequest, type PlanRequest } from './plan-request';

/**
 * The transport planner's rules as pure functions: the stops of a trip built from accepted
 * movement requests, where each load is delivered, the weight on board after each stop, the body
 * of the transport to create and the server's errors put back on the stop they name.
 *
 * Where a load is delivered follows the server (domain/transports/checks.ts `deliveries`): at the
 * delivery after its pickup that names its request, else at the first delivery after it that
 * names no request.
 */

export type StopKind = 'PICKUP' | 'DELIVERY';
export const PICKUP: StopKind = 'PICKUP';
export const DELIVERY: StopKind = 'DELIVERY';

/** A stop as the planner holds it; `key` follows the stop when it moves (errors stay on it). */
export interface PlanStop {
  key: string;
  kind: StopKind;
  request: number | null;
  warehouse: number | null;
}

let lastKey = 0;
/** A key no other stop of this page has. */
export const stopKey = (): string => `stop-${++lastKey}`;

export const pickupOf = (request: number): PlanStop => ({ key: stopKey(), kind: PICKUP, request, warehouse: null });
export const deliveryTo = (warehouse: number | null, request: number | null = null): PlanStop => ({ key: stopKey(), kind: DELIVERY, request, warehouse });

/** Where each pickup's load is delivered: pickup index → delivery index (a pickup with no delivery is left out). */
export function deliveries(stops: readonly Pick<PlanStop, 'kind' | 'request'>[]): Map<number, number> {
  const out = new Map<number, number>();
  stops.forEach((stop, p) => {
    if (stop.kind !== PICKUP) return;
    const named = stop.request !== null ? stops.findIndex((s, d) => d > p && s.kind === DELIVERY && s.request === stop.request) : -1;
    const next = named >= 0 ? named : stops.findIndex((s, d) => d > p && s.kind === DELIVERY && s.request === null);
    if (next >= 0) out.set(p, next);
  });
  return out;
}

/** The weight of a pickup's load: its request's estimate (0 when the request has none). */
const kgOf = (stop: PlanStop, requests: ReadonlyMap<number, PlanRequest>): number =>
  stop.kind === PICKUP && stop.request !== null ? (requests.get(stop.request)?.estimatedKg ?? 0) : 0;

const round3 = (n: number): number => Math.round(n * 1000) / 1000;

/** The kg on board after each stop: a pickup loads its request's estimate, a delivery unloads the loads it receives. */
export function loadsOnBoard(stops: readonly PlanStop[], requests: ReadonlyMap<number, PlanRequest>): number[] {
  const deliveredAt = deliveries(stops);
  let onBoard = 0;
  return stops.map((stop, i) => {
    if (stop.kind === PICKUP) onBoard += kgOf(stop, requests);
    else for (const [p, d] of deliveredAt) if (d === i) onBoard -= kgOf(stops[p]!, requests);
    return round3(onBoard);
  });
}

/** The requests whose loads a delivery receives, in the order they were picked up. */
export function loadsDeliveredAt(stops: readonly PlanStop[], index: number): number[] {
  return [...deliveries(stops)].filter(([, d]) => d === index).flatMap(([p]) => (stops[p]!.request === null ? [] : [stops[p]!.request!]));
}

/** The sum of the pickups' estimates. */
export const totalKg = (stops: readonly PlanStop[], requests: ReadonlyMap<number, PlanRequest>): number =>
  round3(stops.reduce((sum, stop) => sum + kgOf(stop, requests), 0));

/** The payload of the vehicle and its trailer (as the server checks it); null while the vehicle's is unknown. */
export function payloadOf(vehicleKg: number | null | undefined, trailerKg: number | null | undefined): number | null {
  return typeof vehicleKg === 'number' ? vehicleKg + (trailerKg ?? 0) : null;
}

/** The load on board as a share of the payload, in percent (null without a payload). */
export function payloadShare(kg: number, payload: number | null): number | null {
  if (payload === null) return null;
  if (payload <= 0) return kg > 0 ? Infinity : 0;
  return (kg / payload) * 100;
}

/**
 * The problems of the stops the server would also report, shown while planning: a pickup whose
 * load no delivery takes (NO_DELIVERY), a delivery naming a request not picked up before it
 * (NOT_PICKED_UP), a delivery without its place (REQUIRED). By stop key.
 */
export function stopWarnings(stops: readonly PlanStop[]): Map<string, string[]> {
  const out = new Map<string, string[]>();
  const add = (key: string, message: string) => out.set(key, [...(out.get(key) ?? []), message]);
  const deliveredAt = deliveries(stops);
  stops.forEach((stop, i) => {
    if (stop.kind === PICKUP && !deliveredAt.has(i)) add(stop.key, 'NO_DELIVERY');
    if (stop.kind === DELIVERY) {
      if (stop.request !== null && !stops.some((s, p) => p < i && s.kind === PICKUP && s.request === stop.request)) add(stop.key, 'NOT_PICKED_UP');
    }
  });
  return out;
}

/**
 * The stops of a new trip from the chosen requests: their pickups in order, then the deliveries.
 * The requests going to one destination share one delivery where the stop model allows it: a
 * delivery names at most one request, and one naming none takes every load no other delivery
 * names; so the destination with the most requests gets the delivery naming none, and each
 * request to another destination gets a delivery naming it. A request with no destination goes
 * with the others without one (its delivery's place is the planner's to choose).
 */
export function defaultStops(requests: readonly PlanRequest[]): PlanStop[] {
  const pickups = requests.map((r) => pickupOf(r.id));
  const groups = new Map<number | null, PlanRequest[]>();
  for (const r of requests) groups.set(r.destination, [...(groups.get(r.destination) ?? []), r]);
  let shared: number | null | undefined;
  let largest = 0;
  for (const [destination, members] of groups) {
    if (members.length > largest) {
      largest = members.length;
      shared = destination;
    }
  }
  const drops = [...groups].flatMap(([destination, members]) =>
    destination === shared ? [deliveryTo(destination)] : members.map((r) => deliveryTo(destination, r.id)),
  );
  return [...pickups, ...drops];
}

/**
 * A request added to a trip: its pickup goes after the last pickup before the first delivery (or
 * at the end), and its load to its destination: the delivery that would take it already goes
 * there, or one is added (naming no request when no delivery after it does, else naming it),
 * right after the last delivery to that destination or at the end.
 */
export function addRequest(stops: readonly PlanStop[], request: PlanRequest): PlanStop[] {
  if (stops.some((s) => s.kind === PICKUP && s.request === request.id)) return [...stops];
  const firstDelivery = stops.findIndex((s) => s.kind === DELIVERY);
  const at = firstDelivery < 0 ? stops.length : firstDelivery;
  const next = [...stops.slice(0, at), pickupOf(request.id), ...stops.slice(at)];
  const target = deliveries(next).get(at);
  if (target !== undefined && (request.destination === null || next[target]!.warehouse === request.destination)) return next;
  const catchAll = next.some((s, d) => d > at && s.kind === DELIVERY && s.request === null);
  const drop = deliveryTo(request.destination, catchAll ? request.id : null);
  let after = -1;
  next.forEach((s, i) => {
    if (i > at && s.kind === DELIVERY && request.destination !== null && s.warehouse === request.destination) after = i;
  });
  return after < 0 ? [...next, drop] : [...next.slice(0, after + 1), drop, ...next.slice(after + 1)];
}

/** A request taken off the trip: its pickup and the deliveries naming it go. */
export const removeRequest = (stops: readonly PlanStop[], request: number): PlanStop[] => stops.filter((s) => s.request !== request);

/** A stop taken off: a pickup takes its request off the trip (with the deliveries naming it). */
export function removeStop(stops: readonly PlanStop[], index: number): PlanStop[] {
  const stop = stops[index];
  if (!stop) return [...stops];
  if (stop.kind === PICKUP && stop.request !== null) return removeRequest(stops, stop.request);
  return stops.filter((_, i) => i !== index);
}

/** The stop at `from` moved to `to` (both within the list). */
export function moveStop(stops: readonly PlanStop[], from: number, to: number): PlanStop[] {
  if (from === to || from < 0 || to < 0 || from >= stops.length || to >= stops.length) return [...stops];
  const next = [...stops];
  const [moved] = next.splice(from, 1);
  next.splice(to, 0, moved!);
  return next;
}

/** The requests picked up on the trip, in stop order. */
export const pickedUp = (stops: readonly PlanStop[]): number[] => stops.flatMap((s) => (s.kind === PICKUP && s.request !== null ? [s.request] : []));

/**
 * The trip's pickups as chosen and ordered on the map: requests no longer chosen go (with the
 * deliveries naming them), new ones are added as `addRequest` places them, and the pickups take
 * the map's order in the places pickups hold (deliveries stay where they are).
 */
export function applyPickupOrder(stops: readonly PlanStop[], ordered: readonly PlanRequest[]): PlanStop[] {
  const wanted = new Set(ordered.map((r) => r.id));
  let next: PlanStop[] = [...stops];
  for (const id of pickedUp(stops)) if (!wanted.has(id)) next = removeRequest(next, id);
  for (const request of ordered) next = addRequest(next, request);
  const pickups = new Map(next.flatMap((s) => (s.kind === PICKUP && s.request !== null ? [[s.request, s] as const] : [])));
  const queue = ordered.flatMap((r) => (pickups.has(r.id) ? [pickups.get(r.id)!] : []));
  return next.map((s) => (s.kind === PICKUP && s.request !== null ? (queue.shift() ?? s) : s));
}

/** The trip's own fields the planner edits. */
export const TRIP_FIELDS = ['date', 'transporter', 'vehicle', 'trailer', 'driver', 'plannedDeparture'] as const;
export type TripField = (typeof TRIP_FIELDS)[number];

/**
 * The trip's fields as their inputs hold them (API values: ids, `YYYY-MM-DD`, ISO instants; a
 * reference still being typed holds its text, which the server refuses on that field).
 */
export type TripHeader = Record<TripField, unknown>;

/** A new trip: tomorrow, nothing chosen yet. */
export const newTrip = (today: Date = new Date()): TripHeader => ({ date: tomorrow(today), transporter: null, vehicle: null, trailer: null, driver: null, plannedDeparture: null });

/** The body of `POST /api/transports/transport`: a pickup names its request (the server takes its place and estimate from it). */
export function transportBody(header: TripHeader, stops: readonly PlanStop[]): Record<string, unknown> {
  return {
    ...header,
    stops: stops.map((s) => (s.kind === PICKUP ? { kind: PICKUP, request: s.request } : { kind: DELIVERY, warehouse: s.warehouse, request: s.request })),
  };
}

/** The day after `today`, as `YYYY-MM-DD` in the local calendar. */
export function tomorrow(today: Date = new Date()): string {
  const next = new Date(today.getFullYear(), today.getMonth(), today.getDate() + 1);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${next.getFullYear()}-${pad(next.getMonth() + 1)}-${pad(next.getDate())}`;
}

/** The server's errors of a create, placed: on a trip field, on a stop (by its key) and field, or elsewhere. */
export interface PlacedErrors {
  /** On a trip field, or on the stops as a whole (`stops`: none, too many). */
  header: Partial<Record<string, string[]>>;
  stops: Record<string, Record<string, string[]>>;
  /** On a field the planner does not show. */
  other: { field: string; message: string }[];
}

export const NO_ERRORS: PlacedErrors = { header: {}, stops: {}, other: [] };

/** The entries of a CONSTRAINT_VIOLATION (`stops.1.request`) put on the stops as they were sent. */
export function placeErrors(errors: readonly { field: string; message: string }[], sent: readonly PlanStop[]): PlacedErrors {
  const out: PlacedErrors = { header: {}, stops: {}, other: [] };
  for (const error of errors) {
    const [name, index, child] = error.field.split('.');
    const stop = name === 'stops' && index !== undefined && /^\d+$/.test(index) ? sent[Number(index)] : undefined;
    if (stop) {
      const byField = (out.stops[stop.key] ??= {});
      (byField[child ?? 'kind'] ??= []).push(error.message);
    } else if ((TRIP_FIELDS as readonly string[]).includes(error.field) || error.field === 'stops') {
      (out.header[error.field] ??= []).push(error.message);
    } else {
      out.other.push(error);
    }
  }
  return out;
}

/** The planner's filters of the requests' list. */
export interface RequestFilters {
  /** Free text (code, notes). */
  query: string;
  /** The pickup points the chosen area serves; null: no area chosen. */
  areaWarehouses: readonly number[] | null;
  /** The first wished day within this range (`YYYY-MM-DD`, either end open). */
  wishedFrom: string | null;
  wishedTo: string | null;
}

export const NO_FILTERS: RequestFilters = { query: '', areaWarehouses: null, wishedFrom: null, wishedTo: null };

/** The server search (API.md `q`) of the accepted requests matching the filters, the earliest wished first. */
export function requestSearch(filters: RequestFilters): { query?: string; filters: FilterSpec[]; sort: { field: string; dir: 'asc' | 'desc' }[] } {
  const specs: FilterSpec[] = [{ field: 'status', op: 'eq', value: ACCEPTED }];
  if (filters.areaWarehouses !== null) specs.push({ field: 'pickupPoint', op: 'in', value: [...filters.areaWarehouses] });
  if (filters.wishedFrom) specs.push({ field: 'wishedFrom', op: 'gte', value: filters.wishedFrom });
  if (filters.wishedTo) specs.push({ field: 'wishedFrom', op: 'lte', value: filters.wishedTo });
  return {
    ...(filters.query.trim() ? { query: filters.query.trim() } : {}),
    filters: specs,
    sort: [
      { field: 'wishedFrom', dir: 'asc' },
      { field: 'id', dir: 'asc' },
    ],
  };
}
