import { createHash } from 'node:crypto';
import { fir, FIR_WEIGHT_TOLERANCE_KEY, isExternal, tableName } from '@circula/model';
import { sql, type Transaction } from 'kysely';
import type { Principal } from '../../../auth/users.js';
import type { Database } from '../../../db/schema.js';
import { AppError, constraintViolation, forbidden, notFound } from '../../../http/errors.js';
import { writeHistory } from '../../../records/history.js';
import { assertCan } from '../../../records/policy.js';
import { companySubjectIds } from '../../../records/row-rules.js';
import type { FirSignatureRole } from './document.js';
import { signOrder } from './errors.js';
import { registryNumber } from '../../../conf/registry.js';

type Executor = Transaction<Database>;

/** The order of the signatures (DM 59/2023 art. 4–5): the producer at pickup, the transporter taking the load, the destination receiving it. */
export const SIGN_ORDER: readonly FirSignatureRole[] = ['PRODUCER', 'TRANSPORTER', 'DESTINATION'];

/** Which signature each status waits for. */
const NEXT: Readonly<Record<string, FirSignatureRole>> = { ISSUED: 'PRODUCER', SIGNED_PRODUCER: 'TRANSPORTER', SIGNED_TRANSPORTER: 'DESTINATION' };


/** One signature as kept on the FIR (`signatures`, in order). */
export interface StoredSignature {
  role: FirSignatureRole;
  userId: number;
  username: string;
  signedBy: string;
  signedAt: string;
  hash: string;
  acceptedKg?: number;
  refusedKg?: number;
  refusalReason?: string | null;
}

/**
 * The FIR's core data: what the parties sign and what a signature freezes. Everything else (the
 * verifier's fields, the signatures themselves, bookkeeping) may change after signing.
 */
export const CORE_COLUMNS = [
  'number', 'transport', 'request', 'request_line', 'issued_at', 'producer', 'pickup_point', 'transporter', 'transporter_albo',
  'destination', 'destination_authorisation', 'intermediary', 'waste', 'description', 'physical_state', 'hp_properties', 'operation',
  'quantity', 'estimated_kg', 'load_units', 'un_number', 'adr_class', 'packing_group', 'vehicle_plate', 'trailer_plate', 'driver',
  'start_at', 'route_notes',
] as const;

/** The core fields a user may still write before the first signature. */
export const EDITABLE_CORE_FIELDS = ['operation', 'intermediary', 'routeNotes'] as const;

/** JSON with the keys of every object sorted: the same data always hashes the same. */
export function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    return `{${Object.keys(value).sort().map((k) => `${JSON.stringify(k)}:${canonical((value as Record<string, unknown>)[k])}`).join(',')}}`;
  }
  if (value instanceof Date) return JSON.stringify(value.toISOString());
  return JSON.stringify(value ?? null);
}

/** A core value as data: a bigint or numeric read as text is a number, the quantity (JSON) an object, an instant its ISO text. */
function normalise(key: string, value: unknown): unknown {
  if (key === 'quantity' && typeof value === 'string') return JSON.parse(value) as unknown;
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'string' && /^-?\d+(\.\d+)?$/.test(value) && key !== 'un_number') return Number(value);
  return value;
}

/**
 * The hash a signature records: sha256 over the FIR's core data, the signatures before it and what
 * this one adds (the role, the signer, the time and the destination's verdict), so any later
 * change of the signed data or of an earlier signature no longer matches.
 */
export function signatureHash(core: Record<string, unknown>, previous: readonly StoredSignature[], signature: Omit<StoredSignature, 'hash'>): string {
  // values compare as the data they are, whichever driver read them: a bigint or numeric as a number, a JSON column parsed
  const norm = Object.fromEntries(Object.entries(core).map(([k, v]) => [k, normalise(k, v)]));
  return createHash('sha256').update(canonical({ core: norm, previous, signature })).digest('hex');
}

export interface SignInput {
  role: FirSignatureRole;
  acceptedKg?: number | undefined;
  refusedKg?: number | undefined;
  refusalReason?: string | undefined;
}

/** Anomalies of the destination's verdict: the weight off the estimate beyond the tolerance, a refusal in part or in full. */
export function verdictAnomalies(estimatedKg: number | null, acceptedKg: number, refusedKg: number, tolerancePct: number): string[] {
  const out: string[] = [];
  const verified = acceptedKg + refusedKg;
  if (estimatedKg !== null && estimatedKg > 0 && (Math.abs(verified - estimatedKg) / estimatedKg) * 100 > tolerancePct) out.push('WEIGHT_OFF');
  if (refusedKg > 0 && acceptedKg > 0) out.push('PARTIAL_REFUSAL');
  if (refusedKg > 0 && acceptedKg === 0) out.push('REFUSED');
  return out;
}

const r3 = (n: number) => Math.round(n * 1000) / 1000;

/**
 * Signs a FIR as `role`, in the transport's transaction scope: the FIR must be the transport's,
 * readable by the user (checked by the caller through the record engine), waiting for exactly
 * this role (else 409 FIR_SIGN_ORDER). Staff with the right to change transports sign for any
 * party (a delegate, or the company being the transporter or the destination); an external user
 * signs only for a party that is their company. The producer's signature needs the R/D operation;
 * the destination's gives its verdict (accepted and refused kg, a reason when it refuses any).
 */
export async function signFir(trx: Executor, principal: Principal, transportId: number, firId: number, input: SignInput): Promise<void> {
  const { rows } = await sql<Record<string, unknown> & { id: number; status: string; signatures: StoredSignature[]; version: number }>`
    select f.*, w.owner as destination_owner from fir f left join warehouse w on w.id = f.destination
    where f.id = ${firId} and f.transport = ${transportId} and not f.deleted for update of f`.execute(trx);
  const row = rows[0];
  if (!row) throw notFound();
  if (row.status === 'CANCELLED') throw new AppError(409, 'FIR_CANCELLED');
  const expected = NEXT[row.status];
  if (!expected || expected !== input.role) throw signOrder();

  if (isExternal(principal)) {
    const party = input.role === 'PRODUCER' ? row.producer : input.role === 'TRANSPORTER' ? row.transporter : row.destination_owner;
    // read with the request's principal (request-auth); read here only for a principal without them
    const mine = principal.companySubjects ?? (await companySubjectIds(trx, principal.userId));
    if (party == null || !mine.includes(Number(party))) throw forbidden(undefined, 'FIR_NOT_YOUR_PARTY');
  } else {
    assertCan(principal, { authority: fir.authority }, 'W');
  }

  const errors: { field: string; message: string }[] = [];
  if (input.role === 'PRODUCER' && !row.operation) errors.push({ field: 'operation', message: 'REQUIRED' });
  let verdict: { acceptedKg: number; refusedKg: number; refusalReason: string | null; status: string } | null = null;
  if (input.role === 'DESTINATION') {
    const accepted = input.acceptedKg ?? (input.refusedKg !== undefined ? 0 : undefined);
    const refused = input.refusedKg ?? 0;
    if (accepted === undefined) errors.push({ field: 'acceptedKg', message: 'REQUIRED' });
    else if (accepted + refused <= 0) errors.push({ field: 'acceptedKg', message: 'FIR_NO_QUANTITY' });
    if (refused > 0 && !input.refusalReason?.trim()) errors.push({ field: 'refusalReason', message: 'REQUIRED' });
    if (accepted !== undefined && accepted + refused > 0 && !(refused > 0 && !input.refusalReason?.trim())) {
      verdict = {
        acceptedKg: r3(accepted),
        refusedKg: r3(refused),
        refusalReason: refused > 0 ? input.refusalReason!.trim() : null,
        status: refused === 0 ? 'ACCEPTED' : accepted === 0 ? 'REFUSED' : 'PARTIALLY_ACCEPTED',
      };
    }
  } else if (input.acceptedKg !== undefined || input.refusedKg !== undefined || input.refusalReason !== undefined) {
    errors.push({ field: 'role', message: 'FIR_VERDICT_DESTINATION_ONLY' });
  }
  if (errors.length) throw constraintViolation(errors);

  const { rows: users } = await sql<{ first_name: string | null; last_name: string | null }>`select first_name, last_name from users where id = ${principal.userId}`.execute(trx);
  const signedBy = [users[0]?.first_name, users[0]?.last_name].filter(Boolean).join(' ') || principal.username;
  const previous = row.signatures ?? [];
  const core = Object.fromEntries(CORE_COLUMNS.map((c) => [c, row[c] ?? null]));
  const base: Omit<StoredSignature, 'hash'> = {
    role: input.role,
    userId: principal.userId,
    username: principal.username,
    signedBy,
    signedAt: new Date().toISOString(),
    ...(verdict ? { acceptedKg: verdict.acceptedKg, refusedKg: verdict.refusedKg, refusalReason: verdict.refusalReason } : {}),
  };
  const signature: StoredSignature = { ...base, hash: signatureHash(core, previous, base) };
  const signatures = [...previous, signature];
  const status = verdict?.status ?? (input.role === 'PRODUCER' ? 'SIGNED_PRODUCER' : 'SIGNED_TRANSPORTER');

  let anomalies = (row.anomalies as string[] | null) ?? [];
  const changes: Record<string, [unknown, unknown]> = { status: [row.status, status], signatures: [previous, signatures] };
  if (verdict) {
    const tolerance = await registryNumber(trx, FIR_WEIGHT_TOLERANCE_KEY, 5);
    const estimated = row.estimated_kg === null ? null : Number(row.estimated_kg);
    anomalies = [...new Set([...anomalies, ...verdictAnomalies(estimated, verdict.acceptedKg, verdict.refusedKg, tolerance)])];
    Object.assign(changes, {
      acceptedKg: [null, verdict.acceptedKg],
      refusedKg: [null, verdict.refusedKg],
      verifiedKg: [null, r3(verdict.acceptedKg + verdict.refusedKg)],
      ...(verdict.refusalReason ? { refusalReason: [null, verdict.refusalReason] } : {}),
    });
  }
  const before = (row.anomalies as string[] | null) ?? [];
  if (anomalies.length !== before.length) changes.anomalies = [before.length ? before : null, anomalies];
  const { rows: updated } = await sql<{ version: number }>`
    update ${sql.table(tableName(fir))} set status = ${status}, signatures = ${JSON.stringify(signatures)}::jsonb,
      accepted_kg = ${verdict?.acceptedKg ?? null}::numeric, refused_kg = ${verdict?.refusedKg ?? null}::numeric,
      refusal_reason = ${verdict?.refusalReason ?? null}, verified_kg = ${verdict ? r3(verdict.acceptedKg + verdict.refusedKg) : null}::numeric,
      anomalies = ${anomalies.length ? anomalies : null}::text[],
      version = version + 1, updated_at = now(), updated_by = ${principal.username}
    where id = ${firId} returning version`.execute(trx);
  await writeHistory(trx, principal, { entity: fir.name, recordId: firId, version: Number(updated[0]!.version), action: 'TRANSITION', changes });
}
