import { generator, transaction, transactionLine } from '@circula/model';
import { sql } from 'kysely';
import { insertWithLines } from '../../records/bulk.js';
import type { SeedContext } from '../module.js';
import { estimatedKg } from './hooks.js';

/** How many demo requests: about 1 500 over the last twelve months (issue 15). */
export const DEMO_REQUESTS = 1500;

const DAY = 24 * 60 * 60 * 1000;
const isoDay = (time: number) => new Date(time).toISOString().slice(0, 10);

/** Kinds by share: most requests are pickups (RDR). */
const KINDS: [string, number][] = [
  ['RDR', 0.7],
  ['RDT', 0.15],
  ['PPC', 0.05],
  ['R3T', 0.05],
  ['UR', 0.05],
];
const pick = <T>(random: () => number, list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
function weighted(random: () => number, list: [string, number][]): string {
  let r = random();
  for (const [value, share] of list) if ((r -= share) < 0) return value;
  return list.at(-1)![0];
}

/**
 * The status a request of that age is in: past ones are mostly done (some refused or cancelled,
 * a few left behind, which the calendar shows overdue); recent and future ones are still moving.
 */
function statusFor(random: () => number, wishedFrom: number, now: number): string {
  const age = (now - wishedFrom) / DAY;
  const r = random();
  if (age > 20) return r < 0.84 ? 'DONE' : r < 0.92 ? 'REFUSED' : r < 0.99 ? 'CANCELLED' : r < 0.995 ? 'ACCEPTED' : 'PLANNED';
  if (age > 0) return r < 0.45 ? 'DONE' : r < 0.65 ? 'PLANNED' : r < 0.8 ? 'ACCEPTED' : r < 0.9 ? 'SUBMITTED' : r < 0.95 ? 'REFUSED' : 'CANCELLED';
  return r < 0.3 ? 'SUBMITTED' : r < 0.55 ? 'ACCEPTED' : r < 0.8 ? 'PLANNED' : r < 0.93 ? 'DRAFT' : 'CANCELLED';
}

/**
 * The planned day of a planned or done request: within a couple of days of its wished start; a
 * planned one whose wished days are past was moved to the coming days, but one in five was left
 * behind (overdue on the calendar).
 */
function plannedDay(random: () => number, status: string, wishedFrom: number, now: number): string | null {
  if (status !== 'PLANNED' && status !== 'DONE') return null;
  const near = wishedFrom + Math.floor(random() * 3) * DAY;
  if (status === 'DONE' || wishedFrom >= now || random() < 0.2) return isoDay(near);
  return isoDay(now + (1 + Math.floor(random() * 10)) * DAY);
}

const REFUSALS = ['EER_NOT_AUTHORISED', 'QUANTITY_OVER_CAPACITY', 'MISSING_ANALYSIS', 'INCOMPLETE_DOCUMENTS', 'NO_VEHICLE_AVAILABLE'];
const NOTES = [
  'Accesso dal cancello carrai sul retro.',
  'Chiamare il referente mezz’ora prima dell’arrivo.',
  'Carico con muletto a cura del cliente.',
  'Contenitori pieni al 90%.',
  null,
  null,
  null,
];
const CONTACTS = ['Marco Fontana', 'Laura Galli', 'Giorgio Riva', 'Chiara Colombo', 'Stefano Moretti', 'Paola Ricci'];

/**
 * The demo's movement requests: about 1 500 over the last twelve months and the next weeks, for
 * the demo customers' pickup points, of every kind and in every status, each with one to three
 * EER lines from the codes that pickup point produces (hazardous ones with their HP properties).
 * Written in bulk (a few seconds on the embedded database); history rows are not written for
 * demo records.
 */
export async function seedDemoRequests({ db, config, log }: SeedContext): Promise<{ requests: number; lines: number } | null> {
  if (!config.demoData) return null;
  const { rows: existing } = await sql<{ id: number }>`select id from transaction limit 1`.execute(db);
  if (existing.length > 0) return null;
  const { rows: points } = await sql<{ id: number; owner: number; authorised_waste: number[] | null }>`
    select w.id, w.owner, w.authorised_waste from warehouse w
    where w.warehouse_type = 'PDP' and w.owner is not null and not w.deleted order by w.id`.execute(db);
  if (points.length === 0) return null;
  const started = Date.now();
  const { rows: wastes } = await sql<{ id: number; hazardous: boolean | null; hp_properties: string[] | null; physical_state: string | null; un_number: string | null; adr_class: string | null; packing_group: string | null }>`
    select id, hazardous, hp_properties, physical_state, un_number, adr_class, packing_group from waste where not deleted`.execute(db);
  const wasteById = new Map(wastes.map((w) => [Number(w.id), w]));
  const { rows: plants } = await sql<{ id: number; authorised_waste: number[] | null }>`
    select id, authorised_waste from warehouse where warehouse_type = 'PLANT' and not deleted order by id`.execute(db);
  const { rows: loadUnits } = await sql<{ id: number }>`select id from load_unit where not deleted order by id`.execute(db);
  const { rows: users } = await sql<{ id: number; username: string; subject_id: number | null }>`
    select id, username, subject_id from users where username in ('operator', 'owner', 'customer')`.execute(db);
  const operator = users.find((u) => u.username === 'operator');
  const externalOf = new Map(users.filter((u) => u.subject_id !== null).map((u) => [Number(u.subject_id), u]));

  const random = generator(20261124);
  const now = Date.now();
  const headers: Record<string, unknown>[] = [];
  const lines: { header: number; values: Record<string, unknown> }[] = [];
  // the demo owner's and customer's companies file a fair share, so their landing page has something to show
  const external = points.filter((p) => externalOf.has(Number(p.owner)));
  for (let i = 0; i < DEMO_REQUESTS; i++) {
    const point = external.length && random() < 0.15 ? pick(random, external) : pick(random, points);
    const codes = (point.authorised_waste ?? []).map(Number).filter((id) => wasteById.has(id));
    if (codes.length === 0) continue;
    // twelve months back to six weeks ahead, more recent ones denser
    const wishedFrom = now - Math.floor(Math.pow(random(), 1.4) * 365 * DAY) + 42 * DAY * (random() < 0.12 ? 1 : 0);
    const from = isoDay(wishedFrom);
    const to = isoDay(wishedFrom + Math.floor(random() * 6) * DAY);
    const status = statusFor(random, wishedFrom, now);
    const kind = weighted(random, KINDS);
    const count = 1 + Math.floor(random() * Math.min(3, codes.length));
    const chosen = [...new Set(Array.from({ length: count }, () => pick(random, codes)))];
    const requestLines = chosen.map((id) => {
      const waste = wasteById.get(id)!;
      const heavy = random() < 0.5;
      const loadUnit = loadUnits.length && random() < 0.6 ? Number(pick(random, loadUnits).id) : null;
      return {
        waste: id,
        physicalState: waste.physical_state,
        hpProperties: waste.hazardous ? (waste.hp_properties?.length ? waste.hp_properties : ['HP14']) : null,
        quantity: heavy ? { value: Math.round((0.5 + random() * 9.5) * 10) / 10, unit: 'T' } : { value: 50 * (1 + Math.floor(random() * 30)), unit: 'KG' },
        loadUnit,
        loadUnitCount: loadUnit ? 1 + Math.floor(random() * 4) : null,
        unNumber: waste.hazardous ? waste.un_number : null,
        adrClass: waste.hazardous && waste.un_number ? waste.adr_class : null,
        packingGroup: waste.hazardous && waste.un_number ? waste.packing_group : null,
      };
    });
    // a destination that takes every code, for pickups going to a plant
    const destination = plants.find((p) => chosen.every((id) => (p.authorised_waste ?? []).map(Number).includes(id)));
    const planned = plannedDay(random, status, wishedFrom, now);
    const author = externalOf.get(Number(point.owner)) ?? operator;
    const created = new Date(Math.min(now, wishedFrom - Math.floor(random() * 10 + 1) * DAY));
    headers.push({
      kind,
      status,
      requester: Number(point.owner),
      producer: Number(point.owner),
      pickup_point: Number(point.id),
      destination: destination ? Number(destination.id) : null,
      wished_from: from,
      wished_to: to,
      time_from: random() < 0.4 ? '08:00' : null,
      time_to: random() < 0.4 ? '12:00' : null,
      urgency: random() < 0.1 ? 'HIGH' : random() < 0.03 ? 'URGENT' : 'NORMAL',
      site_contact: pick(random, CONTACTS),
      estimated_kg: estimatedKg(requestLines),
      planned_date: planned,
      refusal_motivation: status === 'REFUSED' ? pick(random, REFUSALS) : null,
      notes: pick(random, NOTES),
      author_id: author ? Number(author.id) : null,
      created_by: author?.username ?? 'system',
      updated_by: status === 'DRAFT' || status === 'SUBMITTED' ? (author?.username ?? 'system') : (operator?.username ?? 'system'),
      created_at: created,
      updated_at: created,
    });
    lines.push(...requestLines.map((values) => ({ header: headers.length - 1, values })));
  }

  const lineColumns = (v: (typeof lines)[number]['values'], createdBy: unknown) => ({
    waste: v.waste,
    physical_state: v.physicalState,
    hp_properties: v.hpProperties,
    quantity: JSON.stringify(v.quantity),
    load_unit: v.loadUnit,
    load_unit_count: v.loadUnitCount,
    un_number: v.unNumber,
    adr_class: v.adrClass,
    packing_group: v.packingGroup,
    created_by: createdBy,
    updated_by: createdBy,
  });
  const rows = headers.map((header) => ({ header, lines: [] as Record<string, unknown>[] }));
  for (const line of lines) rows[line.header]!.lines.push(lineColumns(line.values, headers[line.header]!.created_by));
  await db.transaction().execute((trx) => insertWithLines(trx, transaction, transactionLine, rows));
  log.info(`Demo requests created in ${Date.now() - started} ms: ${headers.length} requests, ${lines.length} lines`);
  return { requests: headers.length, lines: lines.length };
}
