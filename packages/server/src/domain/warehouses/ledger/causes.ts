import { sql, type Transaction } from 'kysely';
import type { Principal } from '../../../auth/users.js';
import type { Database } from '../../../db/schema.js';
import { DELIVERY, deliveries, round3, type Stop } from '../../transports/checks.js';
import { post, type Posting } from './post.js';

type Executor = Transaction<Database>;

/** What of a completing transport its postings need. */
export interface CompletedTrip {
  id: number;
  code: string | null;
  transporter: number | null;
  actualDeparture: string | null;
  actualArrival: string | null;
  stops: readonly Stop[];
  /** Seeds only: when the rows are registered (default now). */
  registeredAt?: string;
}

interface FirFacts {
  id: number;
  number: string;
  request: number | null;
  producer: number | null;
  pickup_point: number | null;
  pickup_type: string | null;
  destination: number | null;
  waste: number;
  operation: string | null;
  estimated_kg: string | null;
  accepted_kg: string | null;
  refused_kg: string | null;
  verified_kg: string | null;
}

/** Warehouse types that are sites of the company (a pickup point, PDP, is a customer's). */
const COMPANY_SITE_TYPES = new Set(['CDR', 'SERVICE', 'PLANT']);

/**
 * The ledger rows of a completed transport (issue 18), posted in its completion's transaction:
 * per FIR, a load (C, LOAD_PICKUP) at the destination of what the destination accepted; when the
 * load left one of the company's own sites, an unload (S, UNLOAD_TO_PLANT) there of what travelled
 * and a load back (C, LOAD_RETURN) of what the destination refused. A FIR the destination did not
 * sign takes its share of the weight verified at its delivery stop, in proportion to the estimates.
 */
export async function postTransport(trx: Executor, principal: Principal, trip: CompletedTrip, options: { history?: boolean } = {}): Promise<number[]> {
  const { rows: firs } = await sql<FirFacts>`
    select f.id, f.number, f.request, f.producer, f.pickup_point, p.warehouse_type as pickup_type, f.destination, f.waste, f.operation,
      f.estimated_kg, f.accepted_kg, f.refused_kg, f.verified_kg
    from fir f left join warehouse p on p.id = f.pickup_point
    where f.transport = ${trip.id} and not f.deleted and f.status <> 'CANCELLED' order by f.id`.execute(trx);
  if (firs.length === 0) return [];

  // per delivery stop, the weight the unsigned FIRs delivered there share
  const stops = trip.stops;
  const deliveredAt = deliveries(stops);
  const weights = new Map<number, { accepted: number; travelled: number }>();
  stops.forEach((stop, d) => {
    if (stop.kind !== DELIVERY) return;
    const requests = new Set([...deliveredAt].filter(([, at]) => at === d).map(([p]) => stops[p]!.request));
    const here = firs.filter((f) => f.request !== null && requests.has(Number(f.request)) && Number(f.destination) === stop.warehouse);
    const signed = here.filter((f) => f.accepted_kg !== null);
    const unsigned = here.filter((f) => f.accepted_kg === null);
    for (const f of signed) {
      const accepted = Number(f.accepted_kg);
      weights.set(Number(f.id), { accepted, travelled: f.verified_kg !== null ? Number(f.verified_kg) : round3(accepted + Number(f.refused_kg ?? 0)) });
    }
    if (unsigned.length === 0 || stop.verifiedKg == null) return;
    const share = Math.max(0, round3(stop.verifiedKg - signed.reduce((s, f) => s + (weights.get(Number(f.id))?.travelled ?? 0), 0)));
    const estimates = unsigned.map((f) => Number(f.estimated_kg ?? 0));
    const sum = estimates.reduce((a, b) => a + b, 0);
    let left = share;
    unsigned.forEach((f, i) => {
      const kg = i === unsigned.length - 1 ? left : round3(sum > 0 ? (share * estimates[i]!) / sum : share / unsigned.length);
      left = round3(left - kg);
      weights.set(Number(f.id), { accepted: kg, travelled: kg });
    });
  });

  const arrival = trip.actualArrival ?? new Date().toISOString();
  const departure = trip.actualDeparture ?? arrival;
  const common = { source: 'TRANSPORT' as const, sourceId: trip.id, sourceCode: trip.code, ...(trip.registeredAt ? { registeredAt: trip.registeredAt } : {}) };
  const postings: Posting[] = [];
  for (const f of firs) {
    const w = weights.get(Number(f.id));
    if (!w) continue;
    const fromCompanySite = f.pickup_point !== null && COMPANY_SITE_TYPES.has(f.pickup_type ?? '');
    const base = { waste: Number(f.waste), material: null, fir: Number(f.id), firNumber: f.number, operation: f.operation, ...common };
    if (fromCompanySite && w.travelled > 0) {
      postings.push({ ...base, warehouse: Number(f.pickup_point), movement: 'S', causal: 'UNLOAD_TO_PLANT', operationDate: departure, quantityKg: w.travelled, counterpart: f.destination === null ? null : Number(f.destination) });
    }
    if (f.destination !== null && w.accepted > 0) {
      postings.push({
        ...base,
        warehouse: Number(f.destination),
        movement: 'C',
        causal: 'LOAD_PICKUP',
        operationDate: arrival,
        quantityKg: w.accepted,
        counterpart: f.pickup_point === null ? null : Number(f.pickup_point),
        counterpartSubject: f.producer === null ? null : Number(f.producer),
      });
    }
    const refused = round3(w.travelled - w.accepted);
    if (fromCompanySite && refused > 0) {
      postings.push({ ...base, warehouse: Number(f.pickup_point), movement: 'C', causal: 'LOAD_RETURN', operationDate: arrival, quantityKg: refused, counterpart: f.destination === null ? null : Number(f.destination) });
    }
  }
  return post(trx, principal, postings, options);
}

/** What of an accepted conferral its postings need. */
export interface AcceptedConferral {
  id: number;
  code: string | null;
  cdr: number;
  conferredAt: string;
  company: number | null;
  citizenName: string | null;
  lines: readonly { waste: number; weightKg: number; accepted?: boolean | null }[];
  /** Seeds only: when the rows are registered (default now). */
  registeredAt?: string;
}

/** The ledger rows of an accepted conferral: a load (C, LOAD_CONFERRAL) at its collection centre per accepted line. */
export async function postConferral(trx: Executor, principal: Principal, c: AcceptedConferral, options: { history?: boolean } = {}): Promise<number[]> {
  return post(
    trx,
    principal,
    c.lines.flatMap((line, i): Posting[] =>
      line.accepted === false || !(Number(line.weightKg) > 0)
        ? []
        : [
            {
              warehouse: c.cdr,
              movement: 'C',
              causal: 'LOAD_CONFERRAL',
              operationDate: c.conferredAt,
              waste: Number(line.waste),
              material: null,
              quantityKg: Number(line.weightKg),
              counterpartSubject: c.company,
              notes: c.company === null ? c.citizenName : null,
              source: 'CONFERRAL',
              sourceId: c.id,
              sourceCode: c.code,
              field: `lines.${i}.weightKg`,
              ...(c.registeredAt ? { registeredAt: c.registeredAt } : {}),
            },
          ],
    ),
    options,
  );
}
