import { todayInItaly } from '@circula/model';
import { sql, type Transaction } from 'kysely';
import type { Database } from '../../../db/schema.js';
import { systemPrincipal } from '../../module.js';
import type { Stop } from '../checks.js';
import { firRows, insertFirs, numberFirs, type TripForFirs } from './issue.js';
import { CORE_COLUMNS, signatureHash, verdictAnomalies, type StoredSignature } from './sign.js';

type Executor = Transaction<Database>;

/** One in this many FIRs of completed demo trips has part of its load refused at destination. */
export const DEMO_PARTIAL_REFUSAL_EVERY = 37;
/** One in this many completed demo trips of the last 60 days still lacks the destination's signature. */
export const DEMO_UNSIGNED_EVERY = 20;
/** The registry's default tolerance, which the demo's verdicts are judged by. */
const TOLERANCE_PCT = 5;

const HOUR = 3600_000;
const r3 = (n: number) => Math.round(n * 1000) / 1000;

interface DemoTrip extends TripForFirs {
  status: string;
  arrival: string | null;
  stopsKg: Map<number, { estimated: number; verified: number | null }>;
}

/**
 * The demo's FIRs (issue 16), on the demo transports: every completed trip's loads with their three
 * signatures by the demo staff (the producer's as its delegate) and the destination's verdict from
 * the weight verified on the delivery — a WEIGHT_OFF anomaly where the demo weighed a load off its
 * estimate, a partial refusal every DEMO_PARTIAL_REFUSAL_EVERY FIRs; some recent trips still wait
 * for the destination's signature past the deadline (SIGNATURE_MISSING). The trips of today are on
 * the road with FIRs issued, signed by the producer, and by the transporter. Anomalies older than
 * 30 days are verified by the demo verifier; the recent ones are the verifier's worklist.
 */
export async function seedDemoFirs(trx: Executor): Promise<{ firs: number; anomalies: number; onTheRoad: number }> {
  const today = todayInItaly();
  const now = Date.now();
  // the demo's plants recover (R3–R5) or store before recovery (R13); service warehouses store before recovery or disposal
  await sql`update warehouse set operations = case warehouse_type when 'PLANT' then array['R3', 'R4', 'R5', 'R13'] else array['R13', 'D15'] end
    where warehouse_type in ('PLANT', 'SERVICE') and operations is null and not deleted`.execute(trx);
  // the trips of today go on the road: their FIRs are issued
  const { rows: road } = await sql<{ id: number }>`
    update transport set status = 'IN_PROGRESS', actual_departure = planned_departure
    where status = 'PLANNED' and date = ${today}::date and not deleted and id in (
      select id from transport where status = 'PLANNED' and date = ${today}::date and not deleted order by id limit 3)
    returning id`.execute(trx);
  const { rows: trips } = await sql<{ id: number; status: string; date: string; transporter: number; vehicle: number; trailer: number | null; driver: number | null; actual_departure: Date | null; actual_arrival: Date | null }>`
    select id, status, date::text as date, transporter, vehicle, trailer, driver, actual_departure, actual_arrival
    from transport where status in ('COMPLETED', 'IN_PROGRESS') and not deleted order by date, id`.execute(trx);
  if (trips.length === 0) return { firs: 0, anomalies: 0, onTheRoad: 0 };
  const { rows: stops } = await sql<{ parent_id: number; kind: string; request: number | null; warehouse: number | null; estimated_kg: string | null; verified_kg: string | null }>`
    select parent_id, kind, request, warehouse, estimated_kg, verified_kg from transport_stop
    where parent_id = any(${trips.map((t) => t.id)}::bigint[]) and not deleted order by parent_id, line_no, id`.execute(trx);
  const stopsOf = new Map<number, typeof stops>();
  for (const s of stops) stopsOf.set(Number(s.parent_id), [...(stopsOf.get(Number(s.parent_id)) ?? []), s]);
  const demoTrips: DemoTrip[] = trips.map((t) => {
    const list = stopsOf.get(Number(t.id)) ?? [];
    const stopsKg = new Map<number, { estimated: number; verified: number | null }>();
    for (const s of list) {
      if (s.kind === 'DELIVERY' && s.request !== null) stopsKg.set(Number(s.request), { estimated: Number(s.estimated_kg ?? 0), verified: s.verified_kg === null ? null : Number(s.verified_kg) });
    }
    return {
      id: Number(t.id),
      status: t.status,
      date: t.date,
      transporter: Number(t.transporter),
      vehicle: Number(t.vehicle),
      trailer: t.trailer === null ? null : Number(t.trailer),
      driver: t.driver === null ? null : Number(t.driver),
      actualDeparture: t.actual_departure ? new Date(t.actual_departure).toISOString() : null,
      arrival: t.actual_arrival ? new Date(t.actual_arrival).toISOString() : null,
      stops: list.map((s) => ({ kind: s.kind, request: s.request === null ? null : Number(s.request), warehouse: s.warehouse === null ? null : Number(s.warehouse) }) as Stop),
      stopsKg,
    };
  });
  const principal = systemPrincipal('demo-firs');
  const issuedAt = (trip: TripForFirs) => new Date(Date.parse(trip.actualDeparture ?? `${trip.date}T06:00:00Z`) - HOUR);
  const rows = await firRows(trx, principal, demoTrips, issuedAt);
  // the number is part of the data signed
  await numberFirs(trx, rows);
  const byId = new Map(demoTrips.map((t) => [t.id, t]));
  const { rows: users } = await sql<{ id: number; username: string; first_name: string | null; last_name: string | null }>`
    select id, username, first_name, last_name from users where username in ('operator', 'logistic', 'verifier')`.execute(trx);
  const user = (name: string) => {
    const u = users.find((x) => x.username === name);
    return { userId: u ? Number(u.id) : 0, username: name, signedBy: u ? [u.first_name, u.last_name].filter(Boolean).join(' ') : name };
  };
  const signers = { PRODUCER: user('operator'), TRANSPORTER: user('logistic'), DESTINATION: user('operator') } as const;
  // the estimated kg of each request, to share a delivery's verified weight among its lines
  const requestKg = new Map<number, number>();
  for (const row of rows) requestKg.set(Number(row.columns.request), (requestKg.get(Number(row.columns.request)) ?? 0) + Number(row.columns.estimated_kg ?? 0));

  let anomalies = 0;
  let roadIndex = 0;
  let completedIndex = 0;
  rows.forEach((row, n) => {
    const trip = byId.get(Number(row.columns.transport))!;
    const c = row.columns;
    const issued = Date.parse(String(c.issued_at));
    c.sign_deadline = new Date(issued + 48 * HOUR).toISOString();
    if (!c.operation) c.operation = 'R13';
    const sign = (role: StoredSignature['role'], at: number, previous: StoredSignature[], verdict?: { acceptedKg: number; refusedKg: number; refusalReason: string | null }) => {
      const base = { role, ...signers[role], signedAt: new Date(at).toISOString(), ...(verdict ?? {}) };
      const core = Object.fromEntries(CORE_COLUMNS.map((k) => [k, c[k] ?? null]));
      return [...previous, { ...base, hash: signatureHash(core, previous, base) }];
    };
    let signatures: StoredSignature[] = [];
    const list: string[] = [];
    if (trip.status === 'IN_PROGRESS') {
      // on the road: issued, signed by the producer, by the transporter, in turn
      const stage = roadIndex++ % 3;
      if (stage >= 1) signatures = sign('PRODUCER', issued + 40 * 60_000, signatures);
      if (stage >= 2) signatures = sign('TRANSPORTER', issued + 45 * 60_000, signatures);
      c.status = ['ISSUED', 'SIGNED_PRODUCER', 'SIGNED_TRANSPORTER'][stage];
    } else {
      signatures = sign('TRANSPORTER', issued + 50 * 60_000, sign('PRODUCER', issued + 45 * 60_000, []));
      const recent = now - issued < 60 * 24 * HOUR;
      if (recent && completedIndex++ % DEMO_UNSIGNED_EVERY === 0) {
        c.status = 'SIGNED_TRANSPORTER';
      } else {
        const delivered = trip.stopsKg.get(Number(c.request));
        const estimated = Number(c.estimated_kg ?? 0);
        const share = requestKg.get(Number(c.request)) ? estimated / requestKg.get(Number(c.request))! : 0;
        const verified = delivered?.verified != null && share > 0 ? r3(delivered.verified * share) : estimated;
        const refusedKg = n % DEMO_PARTIAL_REFUSAL_EVERY === 0 ? r3(verified * 0.06) : 0;
        const verdict = { acceptedKg: r3(verified - refusedKg), refusedKg, refusalReason: refusedKg > 0 ? 'Presenza di frazioni estranee non conformi al codice EER dichiarato' : null };
        signatures = sign('DESTINATION', Date.parse(trip.arrival ?? String(c.issued_at)) , signatures, verdict);
        c.status = refusedKg > 0 ? 'PARTIALLY_ACCEPTED' : 'ACCEPTED';
        c.accepted_kg = verdict.acceptedKg;
        c.refused_kg = verdict.refusedKg;
        c.refusal_reason = verdict.refusalReason;
        c.verified_kg = verified;
        list.push(...verdictAnomalies(estimated || null, verdict.acceptedKg, refusedKg, TOLERANCE_PCT));
      }
    }
    if (c.status !== 'ACCEPTED' && c.status !== 'PARTIALLY_ACCEPTED' && Date.parse(String(c.sign_deadline)) < now) list.push('SIGNATURE_MISSING');
    c.signatures = JSON.stringify(signatures);
    c.anomalies = list.length ? list : null;
    if (list.length) {
      anomalies += 1;
      if (now - issued > 30 * 24 * HOUR) {
        c.verification = 'VERIFIED';
        c.verified_by = 'verifier';
        c.verified_at = new Date(issued + 72 * HOUR).toISOString();
      }
    }
  });
  await insertFirs(trx, rows);
  return { firs: rows.length, anomalies, onTheRoad: road.length };
}
