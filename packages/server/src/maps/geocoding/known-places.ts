import { tableName, type Catalogue, type LatLng, type Place, type PlaceAddress } from '@circula/model';
import { sql, type RawBuilder, type SqlBool } from 'kysely';
import type { Principal } from '../../auth/users.js';
import type { Db } from '../../db/connect.js';
import { can, recordReadable } from '../../records/policy.js';
import { compileFilter, likeEscape } from '../../records/search.js';
import { greatCircle } from '../geo.js';
import { addressLine, words } from './types.js';

/** A subject's or a warehouse's address with coordinates. */
export interface KnownPlace extends Place {
  kind: 'subject' | 'warehouse';
  recordId: number;
}

/**
 * The rows of an entity the user may read, as SQL (null: none): through any route of the
 * entity the user may read — the base entity, or a view whose filter the row passes (a user who
 * reads pickup points only sees pickup points) — within the user's row rules (an external user
 * sees their company's records), never deleted or archived ones. The same rule as
 * assertAttachableOwner (domain/attachments).
 */
export function readableRows(principal: Principal, catalogue: Catalogue, entityName: string): RawBuilder<SqlBool> | null {
  const entity = catalogue.entity(entityName);
  if (!entity) return null;
  const readable = catalogue.targets.filter((t) => t.entity === entity && can(principal, t, 'R'));
  if (readable.length === 0) return null;
  const through = readable.some((t) => t.filters.length === 0)
    ? sql<SqlBool>`true`
    : sql<SqlBool>`((${sql.join(
        readable.map((t) => sql.join(t.filters.map((f) => compileFilter(entity, f)), sql` and `)),
        sql`) or (`,
      )}))`;
  const rule = recordReadable(principal, entity, catalogue);
  return sql<SqlBool>`not deleted and not archived and ${through}${rule === null ? sql`` : sql` and ${rule}`}`;
}

interface AddressRow {
  id: number;
  kind: 'subject' | 'warehouse';
  label: string;
  address: Record<string, unknown> | null;
  lat: number;
  lng: number;
}

const NUMBER = '^\\s*-?[0-9]+(\\.[0-9]+)?\\s*$';

/** A coordinate of an address group as a number (the group keeps them as text), null when not one. */
const coordinate = (column: 'latitude' | 'longitude') =>
  sql<number | null>`case when (a.value->>${column}) ~ ${NUMBER} then (a.value->>${column})::float8 end`;

/**
 * Every address with coordinates of the subjects and warehouses the user may read, one row per
 * address (a subject has several), as SQL rows `(id, kind, label, address, lat, lng)`; `where`
 * narrows them (over `lat`, `lng` and `haystack`, the address and the name folded for matching).
 */
async function addresses(db: Db, principal: Principal, catalogue: Catalogue, where: RawBuilder<SqlBool>, limit: number): Promise<AddressRow[]> {
  const parts: RawBuilder<unknown>[] = [];
  const subjects = readableRows(principal, catalogue, 'subject');
  if (subjects) {
    parts.push(sql`
      select s.id, 'subject' as kind, concat_ws(' ', s.name, s.last_name) as label, a.value as address
      from ${sql.table(tableName(catalogue.entity('subject')!))} s
      cross join lateral jsonb_array_elements(case when jsonb_typeof(s.addresses) = 'array' then s.addresses else '[]'::jsonb end) as a(value)
      where ${subjects}`);
  }
  const warehouses = readableRows(principal, catalogue, 'warehouse');
  if (warehouses) {
    parts.push(sql`
      select w.id, 'warehouse' as kind, w.name as label, a.value as address
      from ${sql.table(tableName(catalogue.entity('warehouse')!))} w
      cross join lateral (select w.address) as a(value)
      where jsonb_typeof(w.address) = 'object' and ${warehouses}`);
  }
  if (parts.length === 0) return [];
  const { rows } = await sql<AddressRow>`
    select id, kind, label, address, lat, lng from (
      select p.id, p.kind, p.label, p.address, ${coordinate('latitude')} as lat, ${coordinate('longitude')} as lng,
             lower(unaccent(concat_ws(' ', p.label, a.value->>'streetType', a.value->>'street', a.value->>'houseNumber', a.value->>'zip', a.value->>'city', a.value->>'province'))) as haystack
      from (${sql.join(parts, sql` union all `)}) as p
      cross join lateral (select p.address) as a(value)
    ) as known
    where lat is not null and lng is not null and lat between -90 and 90 and lng between -180 and 180 and ${where}
    order by label, id
    limit ${limit}`.execute(db);
  return rows.map((r) => ({ ...r, id: Number(r.id), lat: Number(r.lat), lng: Number(r.lng) }));
}

const text = (value: unknown): string | null => (typeof value === 'string' && value.trim() !== '' ? value.trim() : typeof value === 'number' ? String(value) : null);

function toPlace(row: AddressRow): KnownPlace {
  const a = row.address ?? {};
  const address: PlaceAddress = {
    route: [text(a.streetType), text(a.street)].filter(Boolean).join(' ') || null,
    streetNumber: text(a.houseNumber),
    locality: text(a.city),
    province: text(a.province),
    country: text(a.country),
    postalCode: text(a.zip),
  };
  const line = addressLine(address);
  return { label: line ? `${row.label} — ${line}` : row.label, address, lat: row.lat, lng: row.lng, kind: row.kind, recordId: row.id };
}

/** Metres per degree of latitude (and of longitude at the equator). */
const DEGREE_M = 111_195;

/** The nearest known address within `radiusM` of a point, or null. */
export async function nearestKnownPlace(db: Db, principal: Principal, catalogue: Catalogue, point: LatLng, radiusM: number): Promise<{ place: KnownPlace; distance: number } | null> {
  const dLat = radiusM / DEGREE_M;
  const dLng = radiusM / (DEGREE_M * Math.max(0.01, Math.cos((point.lat * Math.PI) / 180)));
  const box = sql<SqlBool>`lat between ${point.lat - dLat} and ${point.lat + dLat} and lng between ${point.lng - dLng} and ${point.lng + dLng}`;
  const rows = await addresses(db, principal, catalogue, box, 500);
  let best: { place: KnownPlace; distance: number } | null = null;
  for (const row of rows) {
    const distance = greatCircle(point, row);
    if (distance <= radiusM && (!best || distance < best.distance)) best = { place: toPlace(row), distance };
  }
  return best;
}

/** Known addresses whose name or address holds every word of the text (accents and case aside), at most `limit`. */
export async function matchingKnownPlaces(db: Db, principal: Principal, catalogue: Catalogue, input: string, limit: number): Promise<KnownPlace[]> {
  const tokens = words(input).slice(0, 6);
  if (tokens.length === 0) return [];
  const where = sql.join(
    tokens.map((token) => sql<SqlBool>`haystack like ${`%${likeEscape(token)}%`}`),
    sql` and `,
  );
  return (await addresses(db, principal, catalogue, sql<SqlBool>`${where}`, limit)).map(toPlace);
}
