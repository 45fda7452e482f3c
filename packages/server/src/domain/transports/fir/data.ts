import { sql } from 'kysely';
import type { Db } from '../../../db/connect.js';
import type { RecordData } from '../../../records/hooks.js';
import { addressLine } from '../../activities/receipt.js';
import type { FirDocument, FirParty } from './document.js';
import type { StoredSignature } from './sign.js';

type Address = Parameters<typeof addressLine>[0];

const num = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v));

/** The Italian label of a lookup value (the table's own wording), or the code. */
async function labels(db: Db, table: string, codes: readonly string[]): Promise<Map<string, string>> {
  if (codes.length === 0) return new Map();
  const { rows } = await sql<{ code: string; label: string | null }>`
    select code, coalesce(translations->>'it', name) as label from table_value
    where table_code = ${table} and code = any(${[...codes]}::text[]) and not deleted`.execute(db);
  return new Map(rows.map((r) => [r.code, r.label ?? r.code]));
}

/** The data a FIR prints and exports, from its record (already read through the user's rights). */
export async function firDocument(db: Db, record: RecordData): Promise<FirDocument> {
  const subjectIds = [record.producer, record.transporter, record.intermediary].map(num).filter((id): id is number => id !== null);
  const warehouseIds = [record.pickupPoint, record.destination].map(num).filter((id): id is number => id !== null);
  const [{ rows: subjects }, { rows: warehouses }, { rows: wastes }] = await Promise.all([
    sql<{ id: number; name: string; last_name: string | null; vat_number: string | null; fiscal_code: string | null; addresses: Address[] | null }>`
      select id, name, last_name, vat_number, fiscal_code, addresses from subject where id = any(${subjectIds}::bigint[])`.execute(db),
    sql<{ id: number; name: string; address: Address | null; authorisation_number: string | null; owner: number | null }>`
      select id, name, address, authorisation_number, owner from warehouse where id = any(${warehouseIds}::bigint[])`.execute(db),
    sql<{ display_code: string | null; code: string; hazardous: boolean | null }>`select display_code, code, hazardous from waste where id = ${num(record.waste)}`.execute(db),
  ]);
  const warehouse = new Map(warehouses.map((w) => [Number(w.id), w]));
  const destinationSite = warehouse.get(num(record.destination) ?? -1);
  const ownerId = num(destinationSite?.owner);
  const { rows: owners } = ownerId === null
    ? { rows: [] }
    : await sql<{ id: number; name: string; last_name: string | null; vat_number: string | null; fiscal_code: string | null; addresses: Address[] | null }>`
        select id, name, last_name, vat_number, fiscal_code, addresses from subject where id = ${ownerId}`.execute(db);
  const subject = new Map([...subjects, ...owners].map((s) => [Number(s.id), s]));
  const party = (id: unknown): FirParty => {
    const s = subject.get(num(id) ?? -1);
    return {
      name: s ? [s.name, s.last_name].filter(Boolean).join(' ') : '',
      vatNumber: s?.vat_number ?? null,
      fiscalCode: s?.fiscal_code ?? null,
      address: addressLine(s?.addresses?.[0]),
    };
  };
  const hp = (record.hpProperties as string[] | null) ?? [];
  const [physical, operations] = await Promise.all([
    labels(db, 'WASTE_PHYSICAL_STATE', record.physicalState ? [String(record.physicalState)] : []),
    labels(db, 'RD_OPERATION', record.operation ? [String(record.operation)] : []),
  ]);
  const waste = wastes[0];
  const quantity = record.quantity as { value: number; unit: string } | null;
  const pickup = warehouse.get(num(record.pickupPoint) ?? -1);
  const signatures = ((record.signatures as StoredSignature[] | null) ?? []).map((s) => ({ role: s.role, signedBy: s.signedBy, signedAt: s.signedAt, hash: s.hash }));
  const destinationSignature = ((record.signatures as StoredSignature[] | null) ?? []).find((s) => s.role === 'DESTINATION');
  const status = String(record.status ?? '');
  return {
    number: String(record.number ?? ''),
    status,
    issuedAt: String(record.issuedAt),
    producer: party(record.producer),
    pickupSite: { name: pickup?.name ?? '', address: addressLine(pickup?.address), authorisation: pickup?.authorisation_number ?? null },
    destination: ownerId === null ? { name: destinationSite?.name ?? '', vatNumber: null, fiscalCode: null, address: addressLine(destinationSite?.address) } : party(ownerId),
    destinationSite: {
      name: destinationSite?.name ?? '',
      address: addressLine(destinationSite?.address),
      authorisation: (record.destinationAuthorisation as string | null) ?? destinationSite?.authorisation_number ?? null,
    },
    transporter: { ...party(record.transporter), alboNumber: (record.transporterAlbo as string | null) ?? null, alboCategory: null },
    intermediary: record.intermediary == null ? null : { ...party(record.intermediary), alboNumber: null },
    waste: {
      eer: waste?.display_code ?? waste?.code ?? '',
      description: String(record.description ?? ''),
      physicalState: record.physicalState ? (physical.get(String(record.physicalState)) ?? String(record.physicalState)) : null,
      physicalStateCode: (record.physicalState as string | null) ?? null,
      hpProperties: hp,
      hazardous: waste?.hazardous === true,
      // urban waste is EER chapter 20 (D.Lgs 152/2006 art. 184 c. 2); every other code is special waste
      origin: waste ? (waste.code.startsWith('20') ? 'U' : 'S') : null,
    },
    operation: record.operation ? { code: String(record.operation), description: operations.get(String(record.operation)) ?? '' } : null,
    quantity: Number(quantity?.value ?? 0),
    unit: ({ KG: 'kg', T: 't', L: 'l', M3: 'm3' } as Record<string, string>)[quantity?.unit ?? 'KG'] ?? 'kg',
    departureVerifiedKg: null,
    loadUnits: (record.loadUnits as string | null) ?? null,
    adr: record.unNumber ? { unNumber: String(record.unNumber), adrClass: (record.adrClass as string | null) ?? null, packingGroup: (record.packingGroup as string | null) ?? null } : null,
    transport: {
      vehiclePlate: String(record.vehiclePlate ?? ''),
      trailerPlate: (record.trailerPlate as string | null) ?? null,
      driver: (record.driver as string | null) ?? null,
      startAt: String(record.startAt ?? record.issuedAt),
      routeNotes: (record.routeNotes as string | null) ?? null,
    },
    acceptance:
      status === 'ACCEPTED' || status === 'PARTIALLY_ACCEPTED' || status === 'REFUSED'
        ? {
            outcome: status,
            acceptedKg: Number(record.acceptedKg ?? 0),
            refusedKg: Number(record.refusedKg ?? 0),
            refusalReason: (record.refusalReason as string | null) ?? null,
            at: destinationSignature?.signedAt ?? String(record.updatedAt ?? record.issuedAt),
          }
        : null,
    signatures,
    notes: null,
  };
}
