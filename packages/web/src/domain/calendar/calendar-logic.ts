import { CATALOGUE, type Label } from '@circula/model';

/**
 * The calendar's logic without FullCalendar (spec §2 "Calendar", §9 colours; API.md
 * `GET /api/calendar/events`): the API's events → FullCalendar's event objects, the filters in the
 * URL, the locale, and the drag-and-drop planning of a request. Kept apart from the view so that it
 * is tested without rendering a calendar, and so that the first page never loads FullCalendar.
 */

/** The request kinds (route views of the movement requests) and the field activities. */
export const REQUEST_TYPES = ['rdr', 'rdt', 'ppc', 'r3t', 'ur'] as const;
export const CALENDAR_TYPES = [...REQUEST_TYPES, 'msa', 'sampling'] as const;
export type CalendarType = (typeof CALENDAR_TYPES)[number];
export type EventColor = 'red' | 'green' | 'grey' | 'yellow';

/** One event as the API answers it. */
export interface CalendarEvent {
  id: string;
  type: CalendarType;
  title: string;
  /** `yyyy-mm-dd` (all-day) or `yyyy-mm-ddThh:mm` (timed, local). */
  start: string;
  /** Exclusive end. */
  end: string;
  color: EventColor;
  route: string;
  recordId: number;
  status: string | null;
}

/** The calendar's filters, kept in the URL (`/calendar?types=rdr,rdt&statuses=ACCEPTED&areaId=3`). */
export interface CalendarFilters {
  types: CalendarType[];
  statuses: string[];
  areaId: number | null;
}

export const isCalendarType = (value: string): value is CalendarType => (CALENDAR_TYPES as readonly string[]).includes(value);
export const isRequestType = (value: string): boolean => (REQUEST_TYPES as readonly string[]).includes(value);

const list = (value: string | null): string[] => (value ?? '').split(',').map((v) => v.trim()).filter(Boolean);

/** The filters of a calendar URL; `movement-requests` stands for every request kind. Unknown values are dropped. */
export function parseFilters(params: URLSearchParams): CalendarFilters {
  const types = list(params.get('types')).flatMap((t) => (t === 'movement-requests' ? [...REQUEST_TYPES] : isCalendarType(t) ? [t] : []));
  const area = Number(params.get('areaId'));
  return {
    types: CALENDAR_TYPES.filter((t) => types.includes(t)),
    statuses: [...new Set(list(params.get('statuses')).filter((s) => /^[A-Z][A-Z0-9_]*$/.test(s)))],
    areaId: Number.isSafeInteger(area) && area > 0 ? area : null,
  };
}

/** The URL parameters of the filters (empty ones left out). */
export function filtersToParams(filters: CalendarFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.types.length) params.set('types', filters.types.join(','));
  if (filters.statuses.length) params.set('statuses', filters.statuses.join(','));
  if (filters.areaId !== null) params.set('areaId', String(filters.areaId));
  return params;
}

/** The link of a list's "Calendario" button: the calendar showing that route's requests. */
export const calendarLink = (route: string, date?: string | null): string =>
  `/calendar?${new URLSearchParams({ types: route, ...(date ? { date } : {}) }).toString()}`;

/** The query of `GET /api/calendar/events` for a visible range and the filters. */
export function eventsQuery(range: { start: Date; end: Date }, filters: CalendarFilters): Record<string, string> {
  return {
    from: localDay(range.start),
    to: localDay(range.end),
    ...(filters.types.length ? { types: filters.types.join(',') } : {}),
    ...(filters.statuses.length ? { statuses: filters.statuses.join(',') } : {}),
    ...(filters.areaId !== null ? { areaId: String(filters.areaId) } : {}),
  };
}

/** The colours of spec §9, as the calendar paints them (text readable on each). */
export const COLOR_STYLE: Readonly<Record<EventColor, { background: string; text: string }>> = {
  red: { background: '#cf1322', text: '#ffffff' },
  green: { background: '#389e0d', text: '#ffffff' },
  grey: { background: '#8c8c8c', text: '#ffffff' },
  yellow: { background: '#fadb14', text: '#262626' },
};

/** The statuses a request can be planned from by dragging it: accepted (planned then), or already planned (moved). */
export const PLANNABLE_STATUSES: readonly string[] = ['ACCEPTED', 'PLANNED'];

/** Whether an event may be dragged to another day: an accepted or planned request, for a user who may plan it. */
export const isPlannable = (event: Pick<CalendarEvent, 'type' | 'status'>, mayPlan: (route: string) => boolean): boolean =>
  isRequestType(event.type) && event.status !== null && PLANNABLE_STATUSES.includes(event.status) && mayPlan(event.type);

/** What FullCalendar gets for an event (`EventInput`), with the API's event kept in `extendedProps`. */
export interface CalendarEventInput {
  id: string;
  title: string;
  start: string;
  end: string;
  allDay: boolean;
  backgroundColor: string;
  borderColor: string;
  textColor: string;
  startEditable: boolean;
  durationEditable: false;
  classNames: string[];
  extendedProps: { event: CalendarEvent };
}

/** The API's event → FullCalendar's: coloured by `color`, draggable only when it can be planned. */
export function toEventInput(event: CalendarEvent, mayPlan: (route: string) => boolean): CalendarEventInput {
  const style = COLOR_STYLE[event.color] ?? COLOR_STYLE.grey;
  return {
    id: event.id,
    title: event.title,
    start: event.start,
    end: event.end,
    allDay: !event.start.includes('T'),
    backgroundColor: style.background,
    borderColor: style.background,
    textColor: style.text,
    startEditable: isPlannable(event, mayPlan),
    durationEditable: false,
    classNames: [`calendar-event-${event.color}`],
    extendedProps: { event },
  };
}

/** The path a click on an event opens. */
export const recordPath = (event: Pick<CalendarEvent, 'route' | 'recordId'>): string => `/${event.route}/${event.recordId}`;

const pad = (n: number) => String(n).padStart(2, '0');

/** A Date's local calendar day, `yyyy-mm-dd` (what the user sees on the calendar). */
export const localDay = (date: Date): string => `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;

/** `yyyy-mm-dd` → `dd/mm/yyyy` (spec §9). */
export const displayDay = (day: string): string => `${day.slice(8, 10)}/${day.slice(5, 7)}/${day.slice(0, 4)}`;

/** The FullCalendar locale of an app language (spec §2: it, es, de, ru, fr; English as en-gb: dd/mm/yyyy, weeks from Monday). */
export function calendarLocale(language: string): 'it' | 'es' | 'de' | 'ru' | 'fr' | 'en-gb' {
  const base = language.toLowerCase().split(/[-_]/)[0];
  switch (base) {
    case 'es':
    case 'de':
    case 'ru':
    case 'fr':
    case 'it':
      return base;
    case 'en':
      return 'en-gb';
    default:
      return 'it';
  }
}

/** The first view: the weekly time grid, or the weekly list on screens narrower than 768 px (spec §2). */
export const NARROW_WIDTH = 768;
export const defaultView = (width: number): 'timeGridWeek' | 'listWeek' => (width < NARROW_WIDTH ? 'listWeek' : 'timeGridWeek');

const pick = (label: Label, language: string) => (language === 'en' ? label.en : label.it);

/** The label of a type (its route's label in the catalogue). */
export function typeLabel(type: CalendarType, language: string): string {
  const target = CATALOGUE.target(type);
  return target ? pick(target.label, language) : type;
}

/** The statuses of the given types (every type when none), each once, with its label (the first type's that has it). */
export function statusOptions(types: readonly CalendarType[], language: string): { value: string; label: string }[] {
  const options = new Map<string, string>();
  for (const type of types.length ? types : CALENDAR_TYPES) {
    for (const status of CATALOGUE.target(type)?.entity.statuses?.list ?? []) {
      if (!options.has(status.code)) options.set(status.code, pick(status.label, language));
    }
  }
  return [...options].map(([value, label]) => ({ value, label }));
}

/** The calls the planning makes (the app's http client in the page, a stub in tests). */
export interface PlanningApi {
  get(url: string): Promise<{ id: number; version: number; status: string | null; plannedDate?: string | null }>;
  put(url: string, body: { version: number; plannedDate: string }): Promise<unknown>;
}

/**
 * Why a drop was not sent: the event is not an accepted or planned request, the day is past (the
 * server would refuse it: DATE_IN_PAST), the record has moved on meanwhile, or nothing changes.
 */
export type PlanRefusal = 'NOT_PLANNABLE' | 'PAST_DAY' | 'STATUS_CHANGED' | 'SAME_DAY';
export type PlanOutcome = { planned: true; day: string; statusChanged: boolean } | { planned: false; reason: PlanRefusal };

/**
 * A request dropped on a day: planned on that day. The record is read first for its current
 * `version` and status; an accepted request is moved to PLANNED with the day
 * (`PUT {endpoint}/{id}?newStatus=PLANNED`), a planned one gets its new day (`PUT {endpoint}/{id}`).
 * A failure of the calls rejects with the client's error (the caller reverts the drop); a refusal
 * decided here resolves with its reason and makes no write.
 */
export async function planOnDay(api: PlanningApi, event: CalendarEvent, day: string, today: string): Promise<PlanOutcome> {
  const target = CATALOGUE.target(event.route);
  if (!target || !isRequestType(event.type) || event.status === null || !PLANNABLE_STATUSES.includes(event.status)) {
    return { planned: false, reason: 'NOT_PLANNABLE' };
  }
  if (day < today) return { planned: false, reason: 'PAST_DAY' };
  const url = `${target.endpoint}/${event.recordId}`;
  const record = await api.get(url);
  if (record.status === 'PLANNED') {
    if (record.plannedDate === day) return { planned: false, reason: 'SAME_DAY' };
    await api.put(url, { version: record.version, plannedDate: day });
    return { planned: true, day, statusChanged: false };
  }
  if (record.status === 'ACCEPTED') {
    await api.put(`${url}?newStatus=PLANNED`, { version: record.version, plannedDate: day });
    return { planned: true, day, statusChanged: true };
  }
  return { planned: false, reason: 'STATUS_CHANGED' };
}
