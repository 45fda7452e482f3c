/**
 * What the list actions need of a request before the planner's chunk is loaded: kept apart from
 * the planner's logic so that the first page carries no more than this.
 */

/** What the planner knows of an accepted movement request (a row of the requests' list). */
export interface PlanRequest {
  id: number;
  code: string | null;
  status: string | null;
  requester: number | null;
  pickupPoint: number | null;
  destination: number | null;
  wishedFrom: string | null;
  wishedTo: string | null;
  estimatedKg: number | null;
}

const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : typeof v === 'string' && v.trim() !== '' && Number.isFinite(Number(v)) ? Number(v) : null);
const str = (v: unknown): string | null => (typeof v === 'string' && v !== '' ? v : null);

/** A list row (or a record) of a movement request as the planner keeps it. */
export function toPlanRequest(row: Record<string, unknown> & { id: number }): PlanRequest {
  return {
    id: row.id,
    code: str(row.code),
    status: str(row.status),
    requester: num(row.requester),
    pickupPoint: num(row.pickupPoint),
    destination: num(row.destination),
    wishedFrom: str(row.wishedFrom),
    wishedTo: str(row.wishedTo),
    estimatedKg: num(row.estimatedKg),
  };
}

export const ACCEPTED = 'ACCEPTED';

/** The routes of movement requests: the list of every kind and each kind's view. */
export const PLANNER_REQUEST_ROUTES = ['movement-requests', 'rdr', 'rdt', 'ppc', 'r3t', 'ur'] as const;
