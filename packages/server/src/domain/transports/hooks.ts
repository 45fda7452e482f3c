import { transaction, transport, type RecordOf, type ValuesOf } from '@circula/model';
import { conflict, constraintViolation } from '../../http/errors.js';
import type { HookContext, HookRegistry } from '../../records/hooks.js';
import { sql } from 'kysely';
import {
  completeStops,
  deliveries,
  DELIVERY,
  legalErrors,
  otherTransports,
  pickupRequests,
  readRequests,
  readTripFacts,
  round3,
  stopErrors,
  total,
  type FieldError,
  type Stop,
} from './checks.js';
import { cancelFirs, firKey, issueFirs, type TripForFirs } from './fir/issue.js';
import { applyRequestChanges, inLiveTransport, type RequestChange } from './requests.js';

type Values = ValuesOf<typeof transport>;
type Transport = RecordOf<typeof transport>;

/** The statuses in which a transport holds its requests (they are PLANNED). */
const LIVE: ReadonlySet<string | null> = new Set(['PLANNED', 'IN_PROGRESS']);

/** What of a trip the legal checks look at: a write that changes none of it is not checked again until departure. */
const legalKey = (trip: { date?: string | null; transporter?: number | null; vehicle?: number | null; trailer?: number | null }, stops: readonly Stop[]) =>
  JSON.stringify([trip.date, trip.transporter, trip.vehicle, trip.trailer ?? null, stops.map((s) => [s.kind, s.request ?? null, s.warehouse ?? null, s.estimatedKg ?? null])]);

/** One error per field and message (two loads of one request name it once). */
const unique = (errors: FieldError[]) => [...new Map(errors.map((e) => [`${e.field}\u0000${e.message}`, e])).values()];

/**
 * Checks a transport as the write leaves it (the current record merged with the values), completes
 * its stops (a pickup's place and estimate from its request, a delivery's estimate from the loads
 * it receives) and its totals, and plans the requests it takes (or gives back those it no longer
 * takes). The stops' rules run when the stops are written; the legal checks when what they look
 * at changes; `departure` runs both whatever changed.
 */
async function plan(ctx: HookContext, registry: HookRegistry, current: Transport | null, values: Values, departure: boolean): Promise<Values> {
  const merged = { ...(current ?? {}), ...values } as Values;
  const stopsSent = values.stops !== undefined;
  const previous = (current?.stops ?? []) as Stop[];
  const own = new Set(pickupRequests(previous));
  let stops = (values.stops ?? previous) as Stop[];
  // the requests are locked first: a second transport taking one of them waits for this one
  const requests = await readRequests(ctx.trx, [...new Set([...pickupRequests(stops), ...own])], true);
  if (stopsSent) stops = completeStops(stops, requests);

  const errors: FieldError[] = [];
  if (merged.trailer != null && merged.trailer === merged.vehicle) errors.push({ field: 'trailer', message: 'DUPLICATE' });
  if (merged.actualDeparture && merged.actualArrival && Date.parse(merged.actualArrival) < Date.parse(merged.actualDeparture)) {
    errors.push({ field: 'actualArrival', message: 'BEFORE_START' });
  }
  if (stopsSent || departure) {
    const taken = await otherTransports(ctx.trx, pickupRequests(stops), current ? Number(current.id) : null);
    errors.push(...stopErrors(stops, requests, taken, own));
  }
  const trip = { date: merged.date, transporter: merged.transporter, vehicle: merged.vehicle, trailer: merged.trailer };
  if (departure || current === null || legalKey(current, previous) !== legalKey(trip, stops)) {
    if (trip.date) errors.push(...legalErrors(await readTripFacts(ctx.trx, { ...trip, date: trip.date }, stops, requests)));
  }
  if (errors.length) throw constraintViolation(unique(errors));

  // the requests follow the transport while it holds them
  if (LIVE.has(current?.status ?? 'PLANNED') && merged.date) {
    const taken = new Set(pickupRequests(stops));
    const changes: RequestChange[] = [];
    for (const id of taken) {
      const request = requests.get(id);
      if (request && !request.deleted && (request.status === 'ACCEPTED' || request.status === 'PLANNED')) changes.push({ id, status: 'PLANNED', plannedDate: merged.date });
    }
    for (const id of own) {
      if (!taken.has(id) && requests.get(id)?.status === 'PLANNED') changes.push({ id, status: 'ACCEPTED', plannedDate: null });
    }
    await applyRequestChanges(ctx, registry, changes);
  }
  if (!stopsSent) return values;
  return {
    ...values,
    stops,
    estimatedKg: total(stops.filter((s) => s.kind !== DELIVERY).map((s) => s.estimatedKg)),
    verifiedKg: total(stops.filter((s) => s.kind === DELIVERY).map((s) => s.verifiedKg)),
  };
}

/**
 * The stops with each delivery's verified weight filled in, where none was typed, from the FIRs of
 * the loads delivered there once the destination signed them all (accepted + refused kg).
 */
async function weightsFromFirs(ctx: HookContext, transportId: number, stops: readonly Stop[]): Promise<Stop[]> {
  const out = stops.map((s) => ({ ...s }));
  if (!out.some((s) => s.kind === DELIVERY && s.verifiedKg == null)) return out;
  const { rows } = await sql<{ request: number; destination: number; verified_kg: string | null }>`
    select request, destination, verified_kg from fir where transport = ${transportId} and not deleted and status <> 'CANCELLED'`.execute(ctx.trx);
  const deliveredAt = deliveries(out);
  out.forEach((stop, d) => {
    if (stop.kind !== DELIVERY || stop.verifiedKg != null) return;
    const requests = new Set([...deliveredAt].filter(([, at]) => at === d).map(([p]) => out[p]!.request));
    const firs = rows.filter((r) => requests.has(Number(r.request)) && Number(r.destination) === stop.warehouse);
    if (firs.length > 0 && firs.every((r) => r.verified_kg !== null)) stop.verifiedKg = round3(firs.reduce((sum, r) => sum + Number(r.verified_kg), 0));
  });
  return out;
}

/** The trip as its FIRs copy it. */
const tripOf = (id: number, trip: Values, stops: readonly Stop[]): TripForFirs => ({
  id,
  date: String(trip.date),
  transporter: Number(trip.transporter),
  vehicle: Number(trip.vehicle),
  trailer: trip.trailer ?? null,
  driver: trip.driver ?? null,
  actualDeparture: trip.actualDeparture ?? null,
  stops,
});

/**
 * While the trip is on the road its FIRs follow what they copy: a change of transporter, vehicle,
 * trailer, driver or loads cancels the unsigned FIRs and issues new ones (new numbers); once any
 * is signed, such a change is refused (409 FIR_SIGNED).
 */
async function reissueFirs(ctx: HookContext, current: Transport, values: Values): Promise<void> {
  const merged = { ...current, ...values } as Values;
  const before = tripOf(Number(current.id), current as Values, (current.stops ?? []) as Stop[]);
  const after = tripOf(Number(current.id), merged, (values.stops ?? current.stops ?? []) as Stop[]);
  if (firKey(before) === firKey(after)) return;
  await cancelFirs(ctx.trx, ctx.principal, Number(current.id), true);
  await issueFirs(ctx.trx, ctx.principal, after);
}

/** Every request the transport took (as it was and as the write leaves it) that is still PLANNED, moved to `status`. */
async function moveRequests(ctx: HookContext, registry: HookRegistry, stops: readonly Stop[][], status: 'DONE' | 'ACCEPTED', plannedDate: string | null): Promise<void> {
  const ids = [...new Set(stops.flatMap((list) => pickupRequests(list)))];
  const requests = await readRequests(ctx.trx, ids, true);
  const changes = [...requests.values()].filter((r) => r.status === 'PLANNED' && !r.deleted).map((r) => ({ id: r.id, status, plannedDate: status === 'DONE' ? (r.plannedDate ?? plannedDate) : null }));
  await applyRequestChanges(ctx, registry, changes);
}

/**
 * The transport's rules (issue 16): checks and request planning on every write while it holds its
 * requests; at departure every check again and the departure time; at completion the verified
 * weight of every delivery, the arrival time and the requests DONE; cancelled or deleted, its
 * requests back to ACCEPTED. A completed transport is not deleted (its requests are done on it).
 * Movement requests taken by a live transport change status, day or existence only through it.
 */
export function registerTransportHooks(registry: HookRegistry): HookRegistry {
  registry.register(transport, {
    async beforeCreate(ctx, values) {
      return plan(ctx, registry, null, values, false);
    },
    async beforeUpdate(ctx, current, values) {
      if (!LIVE.has(current.status)) return values;
      const planned = await plan(ctx, registry, current, values, false);
      if (current.status === 'IN_PROGRESS') await reissueFirs(ctx, current, planned);
      return planned;
    },
    async beforeTransition(ctx, current, to, values) {
      const merged = { ...current, ...values } as Values;
      const stops = (merged.stops ?? []) as Stop[];
      const now = new Date().toISOString();
      if (to === 'IN_PROGRESS') {
        const checked = await plan(ctx, registry, current, values, true);
        const departed = { ...merged, ...checked, actualDeparture: merged.actualDeparture ?? now } as Values;
        // the FIRs travel with the loads from the departure (D.Lgs 152/2006 art. 193)
        await issueFirs(ctx.trx, ctx.principal, tripOf(Number(current.id), departed, (departed.stops ?? []) as Stop[]));
        return { ...checked, actualDeparture: departed.actualDeparture };
      }
      if (to === 'COMPLETED') {
        // a delivery's verified weight, when not typed, is what the destination accepted and refused on its FIRs
        const weighed = await weightsFromFirs(ctx, Number(current.id), stops);
        const missing = weighed.flatMap((s, i) => (s.kind === DELIVERY && s.verifiedKg == null ? [{ field: `stops.${i}.verifiedKg`, message: 'REQUIRED' }] : []));
        if (missing.length) throw constraintViolation(missing);
        await moveRequests(ctx, registry, [weighed], 'DONE', merged.date ?? null);
        const filled = weighed.some((s, i) => s.verifiedKg !== stops[i]!.verifiedKg);
        return {
          ...values,
          ...(filled ? { stops: weighed, verifiedKg: total(weighed.filter((s) => s.kind === DELIVERY).map((s) => s.verifiedKg)) } : {}),
          actualArrival: merged.actualArrival ?? now,
        };
      }
      if (to === 'CANCELLED') {
        await moveRequests(ctx, registry, [current.stops as Stop[], stops], 'ACCEPTED', null);
        // the loads did not travel: the FIRs still waiting for a signature are cancelled
        await cancelFirs(ctx.trx, ctx.principal, Number(current.id), false);
      }
      return values;
    },
    async beforeDelete(ctx, current) {
      if (current.status === 'COMPLETED') throw conflict('TRANSPORT_COMPLETED');
      if (LIVE.has(current.status)) {
        await cancelFirs(ctx.trx, ctx.principal, Number(current.id), true);
        await moveRequests(ctx, registry, [current.stops as Stop[]], 'ACCEPTED', null);
      }
    },
  });

  registry.register(transaction, {
    async beforeUpdate(ctx, current, values) {
      if (values.plannedDate !== undefined && values.plannedDate !== current.plannedDate && (await inLiveTransport(ctx, Number(current.id)))) {
        throw constraintViolation([{ field: 'plannedDate', message: 'REQUEST_IN_TRANSPORT' }]);
      }
      return values;
    },
    async beforeTransition(ctx, current, _to, values) {
      if (await inLiveTransport(ctx, Number(current.id))) throw conflict('REQUEST_IN_TRANSPORT');
      return values;
    },
    async beforeDelete(ctx, current) {
      if (await inLiveTransport(ctx, Number(current.id))) throw conflict('REQUEST_IN_TRANSPORT');
    },
  });
  return registry;
}
