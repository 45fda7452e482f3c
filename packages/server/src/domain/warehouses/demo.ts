import { displacement, displacementLine, italianInstant, treatment, treatmentInput } from '@circula/model';
import { sql, type Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';
import { insertWithLines } from '../../records/bulk.js';
import type { SeedContext } from '../module.js';
import { systemPrincipal } from '../module.js';
import { round3, type Stop } from '../transports/checks.js';
import { nextFirNumbers } from '../transports/fir/issue.js';
import { postConferral, postTransport } from './ledger/causes.js';
import { post, type Posting } from './ledger/post.js';

type Executor = Transaction<Database>;

const SYSTEM = systemPrincipal('demo-ledger');
const iso = (v: Date | string) => (v instanceof Date ? v.toISOString() : new Date(v).toISOString());

/** Of a treated input, the share that becomes the material (the rest: the residue and the declared loss). */
const MATERIAL_SHARE = 0.93;
const RESIDUE_SHARE = 0.04;
const DECLARED_LOSS_PCT = 5;
/** Each month the plant treats this share of the stock of a material's source codes, and sells this share of the material it holds. */
const TREATED_SHARE = 0.8;
const SOLD_SHARE = 0.9;
/** 19 12 12: other wastes from the mechanical treatment of wastes (the sorting residue). */
const RESIDUE_CODE = '191212';

interface Counts {
  rows: number;
  transports: number;
  conferrals: number;
  displacements: number;
  treatments: number;
  sales: number;
}

/** The R operation that makes a material (D.Lgs 152/2006 Allegato C): metals R4, inorganic aggregates R5, paper, compost and fuel R3. */
const operationFor = (material: string) => (/ferros|metall/i.test(material) ? 'R4' : /aggregat|inert/i.test(material) ? 'R5' : 'R3');

/**
 * The last day of every month from `first` to the month before today's, at 17:00 in Italy: when
 * the plant closes its month (displacements from the collection centres, treatments, sales).
 */
function monthEnds(first: string, now: Date): string[] {
  const out: string[] = [];
  let year = Number(first.slice(0, 4));
  let month = Number(first.slice(5, 7));
  for (;;) {
    const last = new Date(Date.UTC(year, month, 0)).toISOString().slice(0, 10);
    const at = italianInstant(last, 17, 0);
    if (Date.parse(at) >= now.getTime()) return out;
    out.push(at);
    month += 1;
    if (month > 12) {
      month = 1;
      year += 1;
    }
  }
}

/** The stock of a warehouse now (the running balances), by waste id (materials apart). */
async function stockOf(trx: Executor, warehouse: number): Promise<{ waste: Map<number, number>; material: Map<number, number> }> {
  const { rows } = await sql<{ waste: number; material: number; quantity_kg: string }>`
    select waste, material, quantity_kg from warehouse_stock where warehouse = ${warehouse} and quantity_kg > 0`.execute(trx);
  const waste = new Map<number, number>();
  const material = new Map<number, number>();
  for (const r of rows) {
    if (Number(r.waste) > 0) waste.set(Number(r.waste), Number(r.quantity_kg));
    else material.set(Number(r.material), Number(r.quantity_kg));
  }
  return { waste, material };
}

/**
 * The demo's ledger (issue 18): a year of rows posted in date order, as the server posts them —
 * every completed demo transport loads its destination with what the destination accepted, every
 * accepted conferral loads its collection centre; at each month's end the main plant (the company's
 * plant that makes materials) takes from each collection centre what it is authorised for
 * (a confirmed displacement, with its FIR number), treats most of the stock of each material's
 * source codes (a confirmed treatment: the material, the sorting residue 19 12 12, a loss within the
 * declared 5 %) and sells most of the material it holds. Pickup points are the customers' sites:
 * their register is the producer's, not in this ledger. Written in one transaction, registered at
 * the time of each event, without history rows (like the other demo records).
 */
export async function seedDemoLedger({ db, config, log }: SeedContext): Promise<Counts | null> {
  if (!config.demoData) return null;
  const { rows: existing } = await sql<{ id: number }>`select id from warehouse_movement limit 1`.execute(db);
  if (existing.length > 0) return null;
  const started = Date.now();

  const [{ rows: trips }, { rows: stops }, { rows: conferrals }, { rows: conferralLines }] = await Promise.all([
    sql<{ id: number; code: string | null; transporter: number | null; actual_departure: Date | null; actual_arrival: Date | null }>`
      select id, code, transporter, actual_departure, actual_arrival from transport where status = 'COMPLETED' and not deleted and actual_arrival is not null`.execute(db),
    sql<{ parent_id: number; kind: string; request: number | null; warehouse: number | null; estimated_kg: string | null; verified_kg: string | null }>`
      select s.parent_id, s.kind, s.request, s.warehouse, s.estimated_kg, s.verified_kg from transport_stop s join transport t on t.id = s.parent_id
      where t.status = 'COMPLETED' and not s.deleted order by s.parent_id, s.line_no`.execute(db),
    sql<{ id: number; code: string | null; cdr: number; conferred_at: Date; company: number | null; citizen_name: string | null }>`
      select id, code, cdr, conferred_at, company, citizen_name from conferral where status = 'ACCEPTED' and not deleted`.execute(db),
    sql<{ parent_id: number; waste: number; weight_kg: string; accepted: boolean | null }>`
      select l.parent_id, l.waste, l.weight_kg, l.accepted from conferral_line l join conferral c on c.id = l.parent_id
      where c.status = 'ACCEPTED' and not l.deleted order by l.parent_id, l.line_no`.execute(db),
  ]);
  const stopsOf = new Map<number, Stop[]>();
  for (const s of stops) {
    const list = stopsOf.get(Number(s.parent_id)) ?? [];
    list.push({ kind: s.kind, request: s.request === null ? null : Number(s.request), warehouse: s.warehouse === null ? null : Number(s.warehouse), estimatedKg: s.estimated_kg === null ? null : Number(s.estimated_kg), verifiedKg: s.verified_kg === null ? null : Number(s.verified_kg) } as Stop);
    stopsOf.set(Number(s.parent_id), list);
  }
  const linesOf = new Map<number, { waste: number; weightKg: number; accepted: boolean | null }[]>();
  for (const l of conferralLines) {
    const list = linesOf.get(Number(l.parent_id)) ?? [];
    list.push({ waste: Number(l.waste), weightKg: Number(l.weight_kg), accepted: l.accepted });
    linesOf.set(Number(l.parent_id), list);
  }

  // the main plant: the company's plant that makes materials (its owner has the COMPANY role)
  const { rows: plants } = await sql<{ id: number; authorised_waste: number[] | null; operations: string[] | null }>`
    select w.id, w.authorised_waste, w.operations from warehouse w join subject s on s.id = w.owner
    where w.warehouse_type = 'PLANT' and 'COMPANY' = any(s.roles) and not w.deleted order by w.id limit 1`.execute(db);
  const plant = plants[0];
  const { rows: cdrs } = await sql<{ id: number }>`select id from warehouse where warehouse_type = 'CDR' and not deleted order by id`.execute(db);
  const { rows: materials } = await sql<{ id: number; name: string; source_waste: number[] | null }>`
    select id, name, source_waste from material where not deleted and source_waste is not null order by id`.execute(db);
  const { rows: residues } = await sql<{ id: number }>`select id from waste where code = ${RESIDUE_CODE}`.execute(db);
  const { rows: buyers } = await sql<{ id: number }>`select id from subject where 'CUSTOMER' = any(roles) and not deleted order by id limit 12`.execute(db);
  const { rows: company } = await sql<{ id: number }>`select id from subject where 'COMPANY' = any(roles) and not deleted order by id limit 1`.execute(db);

  type Event = { at: string; run: (trx: Executor) => Promise<void> };
  const events: Event[] = [];
  const counts: Counts = { rows: 0, transports: 0, conferrals: 0, displacements: 0, treatments: 0, sales: 0 };
  const posted = (ids: number[]) => {
    counts.rows += ids.length;
  };
  // nothing is registered later than now (a demo trip may end later today)
  const nowIso = new Date().toISOString();
  const notLater = (at: string) => (at > nowIso ? nowIso : at);
  for (const t of trips) {
    const at = notLater(iso(t.actual_arrival!));
    events.push({
      at,
      run: async (trx) => {
        posted(await postTransport(trx, SYSTEM, { id: Number(t.id), code: t.code, transporter: t.transporter, actualDeparture: t.actual_departure ? iso(t.actual_departure) : null, actualArrival: at, stops: stopsOf.get(Number(t.id)) ?? [], registeredAt: at }, { history: false }));
        counts.transports += 1;
      },
    });
  }
  for (const c of conferrals) {
    const at = notLater(iso(c.conferred_at));
    events.push({
      at,
      run: async (trx) => {
        posted(await postConferral(trx, SYSTEM, { id: Number(c.id), code: c.code, cdr: Number(c.cdr), conferredAt: at, company: c.company === null ? null : Number(c.company), citizenName: c.citizen_name, lines: linesOf.get(Number(c.id)) ?? [], registeredAt: at }, { history: false }));
        counts.conferrals += 1;
      },
    });
  }
  if (events.length === 0) return null;
  events.sort((a, b) => (a.at < b.at ? -1 : a.at > b.at ? 1 : 0));

  if (plant) {
    const authorised = new Set((plant.authorised_waste ?? []).map(Number));
    const plantId = Number(plant.id);
    const residue = residues[0] ? Number(residues[0].id) : null;
    let month = 0;
    for (const end of monthEnds(events[0]!.at, new Date())) {
      const n = month++;
      events.push({
        at: end,
        run: async (trx) => {
          // 1. what the collection centres hold that the plant may take, moved there (one displacement per centre)
          const moveAt = new Date(Date.parse(end) - 4 * 3_600_000).toISOString();
          for (const { id: cdr } of cdrs) {
            const held = [...(await stockOf(trx, Number(cdr))).waste].filter(([waste, kg]) => authorised.has(waste) && kg >= 1);
            if (held.length === 0) continue;
            const [fir] = await nextFirNumbers(trx, Number(moveAt.slice(0, 4)), 1);
            const [id] = await insertWithLines(trx, displacement, displacementLine, [
              {
                header: { status: 'CONFIRMED', origin: Number(cdr), destination: plantId, moved_at: moveAt, fir_number: fir, total_kg: round3(held.reduce((s, [, kg]) => s + kg, 0)), created_by: SYSTEM.username, updated_by: SYSTEM.username },
                lines: held.map(([waste, kg]) => ({ waste, quantity_kg: kg, created_by: SYSTEM.username, updated_by: SYSTEM.username })),
              },
            ]);
            const common = { operationDate: moveAt, registeredAt: moveAt, firNumber: fir, source: 'DISPLACEMENT' as const, sourceId: id, sourceCode: `TRF-${String(id).padStart(6, '0')}`, material: null };
            posted(await post(trx, SYSTEM, held.flatMap(([waste, kg]): Posting[] => [
              { ...common, warehouse: Number(cdr), movement: 'S', causal: 'UNLOAD_TRANSFER_OUT', waste, quantityKg: kg, counterpart: plantId },
              { ...common, warehouse: plantId, movement: 'C', causal: 'LOAD_TRANSFER_IN', waste, quantityKg: kg, counterpart: Number(cdr) },
            ]), { history: false }));
            counts.displacements += 1;
          }
          // 2. a treatment per material: most of the stock of its source codes
          const treatAt = new Date(Date.parse(end) - 2 * 3_600_000).toISOString();
          const stock = await stockOf(trx, plantId);
          for (const m of materials) {
            const operation = operationFor(m.name);
            if ((plant.operations?.length ?? 0) > 0 && !plant.operations!.includes(operation)) continue;
            const inputs = (m.source_waste ?? []).map(Number).flatMap((waste) => {
              const kg = Math.floor((stock.waste.get(waste) ?? 0) * TREATED_SHARE);
              return kg >= 100 ? [{ waste, kg }] : [];
            });
            const inputKg = inputs.reduce((s, i) => s + i.kg, 0);
            if (inputKg < 1000) continue;
            const materialKg = round3(inputKg * MATERIAL_SHARE);
            const residueKg = residue === null ? 0 : round3(inputKg * RESIDUE_SHARE);
            const outputKg = round3(materialKg + residueKg);
            const [id] = await insertWithLines(trx, treatment, treatmentInput, [
              {
                header: { status: 'CONFIRMED', plant: plantId, treated_at: treatAt, operation, declared_loss_pct: DECLARED_LOSS_PCT, input_kg: inputKg, output_kg: outputKg, loss_kg: round3(inputKg - outputKg), batch: `${end.slice(0, 7)}-${m.id}`, created_by: SYSTEM.username, updated_by: SYSTEM.username },
                lines: inputs.map((i) => ({ waste: i.waste, quantity_kg: i.kg, created_by: SYSTEM.username, updated_by: SYSTEM.username })),
              },
            ]);
            const outputs = [{ waste: null, material: Number(m.id), kg: materialKg }, ...(residue === null ? [] : [{ waste: residue, material: null, kg: residueKg }])];
            await sql`insert into treatment_output (parent_id, root_id, line_no, waste, material, quantity_kg, created_by, updated_by)
              select ${id}, ${id}, n, w, m, q, 'system', 'system' from unnest(${outputs.map((_, i) => i + 1)}::int[], ${outputs.map((o) => o.waste)}::bigint[], ${outputs.map((o) => o.material)}::bigint[], ${outputs.map((o) => o.kg)}::numeric[]) as u(n, w, m, q)`.execute(trx);
            const common = { warehouse: plantId, operationDate: treatAt, registeredAt: treatAt, operation, source: 'TREATMENT' as const, sourceId: id, sourceCode: `TRT-${String(id).padStart(6, '0')}` };
            posted(await post(trx, SYSTEM, [
              ...inputs.map((i): Posting => ({ ...common, movement: 'S', causal: 'UNLOAD_TREATMENT_INPUT', waste: i.waste, material: null, quantityKg: i.kg })),
              ...outputs.map((o): Posting => ({ ...common, movement: 'C', causal: 'LOAD_TREATMENT_OUTPUT', waste: o.waste, material: o.material, quantityKg: o.kg })),
            ], { history: false }));
            counts.treatments += 1;
          }
          // 3. most of each material sold to a buyer
          const materialsHeld = (await stockOf(trx, plantId)).material;
          const saleAt = new Date(Date.parse(end) + 15 * 3_600_000).toISOString();
          const sales = [...materialsHeld].flatMap(([material, kg]): Posting[] => {
            const sold = Math.floor(kg * SOLD_SHARE);
            if (sold < 100) return [];
            const buyer = buyers.length ? Number(buyers[(n + material) % buyers.length]!.id) : company[0] ? Number(company[0].id) : null;
            return [{ warehouse: plantId, movement: 'S', causal: 'UNLOAD_SALE', operationDate: saleAt, registeredAt: saleAt, waste: null, material, quantityKg: sold, counterpartSubject: buyer, source: 'MANUAL' }];
          });
          posted(await post(trx, SYSTEM, sales, { history: false }));
          counts.sales += sales.length;
        },
      });
    }
    events.sort((a, b) => (a.at < b.at ? -1 : a.at > b.at ? 1 : 0));
  }

  await db.transaction().execute(async (trx) => {
    for (const event of events) await event.run(trx);
  });
  log.info(`Demo ledger posted in ${Date.now() - started} ms: ${JSON.stringify(counts)}`);
  return counts;
}
