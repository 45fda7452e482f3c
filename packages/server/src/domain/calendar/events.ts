import { addDays, daysBetween } from '@circula/model';
import { z } from 'zod';
import { badRequest } from '../../http/errors.js';

/**
 * The calendar's pure part (spec §2 "Calendar", §9 colours; API.md `GET /api/calendar/events`):
 * the range a call asks for, and how a request, an MSA activity or a sampling becomes an event.
 * The route (routes.ts) reads the records; nothing here touches the database.
 */

/** The request kinds (route views of `transaction`) and the field activities the calendar shows; each is its route. */
export const REQUEST_TYPES = ['rdr', 'rdt', 'ppc', 'r3t', 'ur'] as const;
export const CALENDAR_TYPES = [...REQUEST_TYPES, 'msa', 'sampling'] as const;
export type CalendarType = (typeof CALENDAR_TYPES)[number];

/** The longest range one call may ask for, in days (a month view shows six weeks: 42 days). */
export const MAX_RANGE_DAYS = 62;
/**
 * The most events of one type a call answers. A calendar range holds a few dozen records of a
 * type; past this the earliest ones are shown and the rest left out, so that a busy range never
 * loads thousands of records (it is also the record engine's largest page).
 */
export const MAX_EVENTS_PER_TYPE = 1000;

export const EVENT_COLORS = ['red', 'green', 'grey', 'yellow'] as const;
export type EventColor = (typeof EVENT_COLORS)[number];

export const calendarEventSchema = z.object({
  /** Unique in the answer: `<type>-<record id>`. */
  id: z.string(),
  /** The type asked for: a request kind's route, `msa` or `sampling`. */
  type: z.enum(CALENDAR_TYPES),
  title: z.string(),
  /** `yyyy-mm-dd` for an all-day event, `yyyy-mm-ddThh:mm` (local, no zone) for a timed one. */
  start: z.string(),
  /** Exclusive: the day after the last day of an all-day event; the end time of a timed one. */
  end: z.string(),
  color: z.enum(EVENT_COLORS),
  /** The route the record opens on (`/<route>/<recordId>`). */
  route: z.string(),
  recordId: z.number(),
  /** The record's status: what the web's filters and drag-and-drop planning need (beyond API.md's list). */
  status: z.string().nullable(),
});
export type CalendarEvent = z.infer<typeof calendarEventSchema>;

export const calendarQuery = z.object({
  from: z.string().max(40).optional(),
  to: z.string().max(40).optional(),
  /** Comma-separated types; none = every type the user may read. */
  types: z.string().max(200).optional(),
  /** Comma-separated statuses; none = every status. */
  statuses: z.string().max(500).optional(),
  /** Only the records at a warehouse the area serves (`area.warehouses`): a request's pickup point, an activity's site. */
  areaId: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER).optional(),
});

/** The days a call covers, first and last included (`yyyy-mm-dd`). */
export interface DayRange {
  first: string;
  last: string;
}

const ISO = /^(\d{4}-\d{2}-\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}(?::?\d{2})?)?)?$/;

const isDay = (day: string): boolean => {
  const d = new Date(`${day}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.getUTCFullYear() >= 1 && d.getUTCFullYear() <= 9999 && d.toISOString().slice(0, 10) === day;
};


/** A `from`/`to` value: its calendar day as written (the client's local day) and whether it falls at midnight. */
function parseInstant(value: string | undefined, which: 'from' | 'to'): { day: string; midnight: boolean } {
  const invalid = () => badRequest(which === 'from' ? 'CALENDAR_INVALID_FROM' : 'CALENDAR_INVALID_TO');
  const match = value === undefined ? null : ISO.exec(value.trim());
  if (!match || !isDay(match[1]!)) throw invalid();
  const [, day, hh = '00', mm = '00', ss = '00'] = match;
  if (Number(hh) > 23 || Number(mm) > 59 || Number(ss) > 59) throw invalid();
  return { day: day!, midnight: hh === '00' && mm === '00' && ss === '00' };
}

/**
 * The range of a call, half-open as FullCalendar sends it: `from` (a date or an ISO date-time,
 * its day as written) up to `to` excluded — a `to` at midnight (or a bare date) ends the day
 * before, a `to` later in a day includes that day. So `from=2026-03-02&to=2026-03-09` is the week
 * of 2 March. Missing or invalid dates, a `to` not after `from` and ranges over MAX_RANGE_DAYS
 * are 400 BAD_REQUEST with a message naming the problem.
 */
export function parseRange(from: string | undefined, to: string | undefined): DayRange {
  const start = parseInstant(from, 'from');
  const end = parseInstant(to, 'to');
  const last = end.midnight ? addDays(end.day, -1) : end.day;
  if (last < start.day) throw badRequest('CALENDAR_RANGE_REVERSED');
  if (daysBetween(start.day, last) + 1 > MAX_RANGE_DAYS) throw badRequest('CALENDAR_RANGE_TOO_LONG');
  return { first: start.day, last };
}

/** The `types` parameter: the types asked for, in the calendar's order; an unknown one is 400. */
export function parseTypes(types: string | undefined): CalendarType[] {
  const asked = (types ?? '').split(',').map((t) => t.trim()).filter(Boolean);
  if (asked.length === 0) return [...CALENDAR_TYPES];
  for (const type of asked) if (!(CALENDAR_TYPES as readonly string[]).includes(type)) throw badRequest('CALENDAR_UNKNOWN_TYPE');
  return CALENDAR_TYPES.filter((t) => asked.includes(t));
}

/** The `statuses` parameter: status codes (upper-case words), or null for every status. */
export function parseStatuses(statuses: string | undefined): string[] | null {
  const asked = [...new Set((statuses ?? '').split(',').map((s) => s.trim()).filter(Boolean))];
  if (asked.length === 0) return null;
  if (asked.some((s) => !/^[A-Z][A-Z0-9_]{0,63}$/.test(s))) throw badRequest('CALENDAR_UNKNOWN_STATUS');
  return asked;
}

/**
 * The colour of an event (spec §9: red, green, grey, yellow), in this order:
 * - green: done — a request DONE, an MSA activity DONE, a sampling ANALYSED;
 * - grey: cancelled, refused or still a draft — CANCELLED, REFUSED, DRAFT;
 * - red: overdue — still to do and its day is before today: a request's planned day, or when it is
 *   not planned the last wished day (wishedTo, else wishedFrom); an MSA activity's planned day; a
 *   sampling still PLANNED on its sampling day (once TAKEN or SENT the sample exists and only the
 *   laboratory is awaited, so it is never overdue by its date);
 * - yellow: everything else still to do on time — to plan (SUBMITTED, ACCEPTED) or planned.
 */
export function eventColor(type: CalendarType, status: string | null, dueDay: string, today: string): EventColor {
  if (status === 'DONE' || status === 'ANALYSED') return 'green';
  if (status === 'CANCELLED' || status === 'REFUSED' || status === 'DRAFT') return 'grey';
  const dated = type !== 'sampling' || status === 'PLANNED' || status === null;
  return dated && dueDay < today ? 'red' : 'yellow';
}

/** A date column as the record gives it: `yyyy-mm-dd` or null. */
export function dayOf(value: unknown): string | null {
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value.toISOString().slice(0, 10);
  return typeof value === 'string' && value.length >= 10 ? value.slice(0, 10) : null;
}

/** A time field (`hh:mm`, maybe with seconds) as `hh:mm`, or null. */
export function timeOf(value: unknown): string | null {
  return typeof value === 'string' && /^\d{2}:\d{2}/.test(value) ? value.slice(0, 5) : null;
}

/** One hour after `hh:mm`, kept within the day (23:59 at most). */
const hourAfter = (time: string): string => {
  const minutes = Math.min(Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5)) + 60, 23 * 60 + 59);
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
};

/**
 * Start and end of an event: all-day over `firstDay`..`lastDay` (end exclusive), or timed on a
 * single day when a time is known (end: the end time when after the start, else one hour later).
 */
export function eventSpan(firstDay: string, lastDay: string, timeFrom: string | null, timeTo: string | null): { start: string; end: string } {
  if (firstDay === lastDay && timeFrom) {
    const endTime = timeTo && timeTo > timeFrom ? timeTo : hourAfter(timeFrom);
    return { start: `${firstDay}T${timeFrom}`, end: `${firstDay}T${endTime}` };
  }
  return { start: firstDay, end: addDays(lastDay, 1) };
}

/** The longest counterpart name in a title. */
const NAME_MAX = 40;

/** A short title: the record's code and the name of its requester, customer or producer when known. */
export function eventTitle(code: string | null, name: string | null | undefined, fallback: string): string {
  const label = code ?? fallback;
  if (!name) return label;
  const short = name.length > NAME_MAX ? `${name.slice(0, NAME_MAX - 1)}…` : name;
  return `${label} · ${short}`;
}

type Row = Record<string, unknown> & { id: number; code?: unknown; status?: unknown };

/**
 * A record of a type → its event. A request shows on its planned day when planned, else across
 * its wished days (timed on a single day with its time window); an MSA activity on its planned day
 * (at its time); a sampling on its sampling day.
 */
export function toEvent(type: CalendarType, record: Row, names: ReadonlyMap<number, string>, today: string): CalendarEvent | null {
  const status = typeof record.status === 'string' ? record.status : null;
  let first: string | null;
  let last: string | null;
  let timeFrom: string | null = null;
  let timeTo: string | null = null;
  let counterpart: unknown;
  if (type === 'msa') {
    first = last = dayOf(record.plannedDate);
    timeFrom = timeOf(record.plannedTime);
    counterpart = record.customer;
  } else if (type === 'sampling') {
    first = last = dayOf(record.sampledOn);
    counterpart = record.producer;
  } else {
    const planned = dayOf(record.plannedDate);
    first = planned ?? dayOf(record.wishedFrom);
    last = planned ?? dayOf(record.wishedTo) ?? first;
    if (last !== null && first !== null && last < first) last = first;
    timeFrom = timeOf(record.timeFrom);
    timeTo = timeOf(record.timeTo);
    counterpart = record.requester;
  }
  if (first === null || last === null) return null;
  const name = typeof counterpart === 'number' ? names.get(counterpart) : undefined;
  return {
    id: `${type}-${record.id}`,
    type,
    title: eventTitle(typeof record.code === 'string' ? record.code : null, name, `#${record.id}`),
    ...eventSpan(first, last, timeFrom, timeTo),
    color: eventColor(type, status, last, today),
    route: type,
    recordId: Number(record.id),
    status,
  };
}

/** The field naming the counterpart shown in a type's titles (a subject). */
export const COUNTERPART_FIELD: Readonly<Record<CalendarType, string>> = {
  rdr: 'requester',
  rdt: 'requester',
  ppc: 'requester',
  r3t: 'requester',
  ur: 'requester',
  msa: 'customer',
  sampling: 'producer',
};

/** The field naming the warehouse an area filter looks at. */
export const PLACE_FIELD: Readonly<Record<CalendarType, string>> = {
  rdr: 'pickupPoint',
  rdt: 'pickupPoint',
  ppc: 'pickupPoint',
  r3t: 'pickupPoint',
  ur: 'pickupPoint',
  msa: 'site',
  sampling: 'site',
};

type Filter = { field: string; op: 'between' | 'isNull' | 'notNull' | 'lte' | 'gte'; value?: unknown };

/** One search of a type's records: an AND of filters, sorted earliest first (so the cap keeps the earliest). */
export interface RangeSearch {
  filters: Filter[];
  sort: string;
}

/**
 * The searches that together find a type's records touching the range: requests need three
 * (planned on a day of the range; not planned, on one wished day in it; not planned, a wished
 * span overlapping it), the activities one. The record engine's filters are ANDed, hence three
 * searches rather than one with an OR; each is served by an index on its date.
 */
export function rangeSearches(type: CalendarType, range: DayRange): RangeSearch[] {
  const inRange = (field: string): Filter => ({ field, op: 'between', value: [range.first, range.last] });
  if (type === 'msa') return [{ filters: [inRange('plannedDate')], sort: 'plannedDate' }];
  if (type === 'sampling') return [{ filters: [inRange('sampledOn')], sort: 'sampledOn' }];
  return [
    { filters: [inRange('plannedDate')], sort: 'plannedDate' },
    { filters: [{ field: 'plannedDate', op: 'isNull' }, { field: 'wishedTo', op: 'isNull' }, inRange('wishedFrom')], sort: 'wishedFrom' },
    {
      filters: [
        { field: 'plannedDate', op: 'isNull' },
        { field: 'wishedTo', op: 'notNull' },
        { field: 'wishedFrom', op: 'lte', value: range.last },
        { field: 'wishedTo', op: 'gte', value: range.first },
      ],
      sort: 'wishedFrom',
    },
  ];
}
