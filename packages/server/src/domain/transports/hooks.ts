import { transaction, transport, type RecordOf, type ValuesOf } from '@circula/model';
import { conflict, constraintViolation } from '../../http/errors.js';
import type { HookContext, HookRegistry } from '../../records/hooks.js';
import {
  completeStops,
  DELIVERY,
  legalErrors,
  otherTransports,
  pickupRequests,
  readRequests,
  readTripFacts,
  stopErrors,
  total,
  type FieldError,
  type Stop,
} from './checks.js';
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
      return plan(ctx, registry, current, values, false);
    },
    async beforeTransition(ctx, current, to, values) {
      const merged = { ...current, ...values } as Values;
      const stops = (merged.stops ?? []) as Stop[];
      const now = new Date().toISOString();
      if (to === 'IN_PROGRESS') {
        const checked = await plan(ctx, registry, current, values, true);
        return { ...checked, actualDeparture: merged.actualDeparture ?? now };
      }
      if (to === 'COMPLETED') {
        const missing = stops.flatMap((s, i) => (s.kind === DELIVERY && s.verifiedKg == null ? [{ field: `stops.${i}.verifiedKg`, message: 'REQUIRED' }] : []));
        if (missing.length) throw constraintViolation(missing);
        await moveRequests(ctx, registry, [stops], 'DONE', merged.date ?? null);
        return { ...values, actualArrival: merged.actualArrival ?? now };
      }
      if (to === 'CANCELLED') await moveRequests(ctx, registry, [current.stops as Stop[], stops], 'ACCEPTED', null);
      return values;
    },
    async beforeDelete(ctx, current) {
      if (current.status === 'COMPLETED') throw conflict('TRANSPORT_COMPLETED');
      if (LIVE.has(current.status)) await moveRequests(ctx, registry, [current.stops as Stop[]], 'ACCEPTED', null);
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
