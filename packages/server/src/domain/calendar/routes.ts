import { dataOf, itemsOf, todayInItaly, type Target } from '@circula/model';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sql } from 'kysely';
import type { Principal } from '../../auth/users.js';
import { requirePrincipal } from '../../auth/request-auth.js';
import { can, recordReadable } from '../../records/policy.js';
import type { AppContext } from '../module.js';
import {
  calendarEventSchema,
  calendarQuery,
  COUNTERPART_FIELD,
  MAX_EVENTS_PER_TYPE,
  parseRange,
  parseStatuses,
  parseTypes,
  PLACE_FIELD,
  rangeSearches,
  toEvent,
  type CalendarEvent,
  type CalendarType,
  type DayRange,
} from './events.js';

type Row = Record<string, unknown> & { id: number };

/**
 * The records of one type touching the range, through the record engine (the type's authority,
 * its view filter, the reader's row rules: an external user sees their company's records only;
 * deleted and archived records left out), at most MAX_EVENTS_PER_TYPE of them, earliest first.
 */
async function recordsOf(
  ctx: AppContext,
  principal: Principal,
  type: CalendarType,
  target: Target,
  range: DayRange,
  statuses: string[] | null,
  warehouses: number[] | null,
): Promise<Row[]> {
  const rows: Row[] = [];
  const seen = new Set<number>();
  for (const search of rangeSearches(type, range)) {
    const remaining = MAX_EVENTS_PER_TYPE - rows.length;
    if (remaining <= 0) break;
    const filters = [
      ...search.filters,
      ...(statuses ? [{ field: 'status', op: 'in', value: statuses }] : []),
      ...(warehouses ? [{ field: PLACE_FIELD[type], op: 'in', value: warehouses }] : []),
    ];
    const page = await ctx.records.search(principal, target, { q: JSON.stringify({ filters }), page: 0, size: remaining, sort: `${search.sort},asc` });
    for (const record of page.items as Row[]) {
      const id = Number(record.id);
      if (seen.has(id)) continue;
      seen.add(id);
      rows.push(record);
    }
  }
  return rows;
}

/** The names of the subjects the titles mention, in one query, only those the user may read (else titles show the code alone). */
async function subjectNames(ctx: AppContext, principal: Principal, ids: readonly number[]): Promise<Map<number, string>> {
  const target = ctx.catalogue.target('subjects');
  if (ids.length === 0 || !target || !can(principal, target, 'R')) return new Map();
  const rule = recordReadable(principal, target.entity, ctx.catalogue);
  const { rows } = await sql<{ id: number; name: string | null; last_name: string | null }>`
    select id, name, last_name from subject
    where id = any(${ids}::bigint[]) and not deleted ${rule === null ? sql`` : sql`and ${rule}`}`.execute(ctx.db);
  return new Map(rows.map((r) => [Number(r.id), [r.name, r.last_name].filter(Boolean).join(' ')]));
}

/** The warehouses an area serves (reading the area needs its authority; an unknown area is 404). */
async function areaWarehouses(ctx: AppContext, principal: Principal, areaId: number): Promise<number[]> {
  const target = ctx.catalogue.target('area');
  if (!target) return [];
  const area = await ctx.records.get(principal, target, areaId);
  return Array.isArray(area.warehouses) ? area.warehouses.map(Number) : [];
}

/**
 * `GET /api/calendar/events?from=&to=[&types=][&statuses=][&areaId=]` (API.md "Operations"): the
 * requests and field activities of a range as calendar events, only those the user may read. A
 * type the user cannot read is left out, not refused.
 */
export function calendarRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/api/calendar/events',
    { schema: { tags: ['calendar'], querystring: calendarQuery, response: { 200: dataOf(itemsOf(calendarEventSchema)) } } },
    async (request) => {
      const principal = requirePrincipal(request);
      const query = request.query;
      const range = parseRange(query.from, query.to);
      const types = parseTypes(query.types);
      const statuses = parseStatuses(query.statuses);
      const warehouses = query.areaId === undefined ? null : await areaWarehouses(ctx, principal, query.areaId);
      const today = todayInItaly();
      const found: { type: CalendarType; rows: Row[] }[] = [];
      for (const type of types) {
        const target = ctx.catalogue.target(type);
        if (!target || !can(principal, target, 'R')) continue;
        // an area serving no warehouse has no event
        if (warehouses !== null && warehouses.length === 0) continue;
        found.push({ type, rows: await recordsOf(ctx, principal, type, target, range, statuses, warehouses) });
      }
      const counterparts = new Set<number>();
      for (const { type, rows } of found) {
        for (const row of rows) {
          const id = row[COUNTERPART_FIELD[type]];
          if (typeof id === 'number') counterparts.add(id);
        }
      }
      const names = await subjectNames(ctx, principal, [...counterparts]);
      const items = found
        .flatMap(({ type, rows }) => rows.map((row) => toEvent(type, row, names, today)))
        .filter((event): event is CalendarEvent => event !== null)
        .sort((a, b) => (a.start < b.start ? -1 : a.start > b.start ? 1 : a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
      return { data: { items } };
    },
  );
}
