import { describe, expect, it, vi } from 'vitest';
import {
  calendarLink,
  calendarLocale,
  defaultView,
  displayDay,
  eventsQuery,
  filtersToParams,
  parseFilters,
  planOnDay,
  recordPath,
  statusOptions,
  toEventInput,
  type CalendarEvent,
  type PlanningApi,
} from './calendar-logic';

const event = (extra: Partial<CalendarEvent> = {}): CalendarEvent => ({
  id: 'rdr-7',
  type: 'rdr',
  title: 'RIC-000007 · Rossi S.r.l.',
  start: '2031-05-05',
  end: '2031-05-08',
  color: 'yellow',
  route: 'rdr',
  recordId: 7,
  status: 'ACCEPTED',
  ...extra,
});
const everyone = () => true;

describe('event mapping', () => {
  it('paints an event by its colour, all-day or timed, and keeps the API event', () => {
    const input = toEventInput(event(), everyone);
    expect(input).toMatchObject({
      id: 'rdr-7',
      title: 'RIC-000007 · Rossi S.r.l.',
      start: '2031-05-05',
      end: '2031-05-08',
      allDay: true,
      backgroundColor: '#fadb14',
      textColor: '#262626',
      startEditable: true,
      durationEditable: false,
    });
    expect(input.extendedProps.event.recordId).toBe(7);
    const timed = toEventInput(event({ start: '2031-05-09T08:30', end: '2031-05-09T10:00', color: 'red' }), everyone);
    expect(timed).toMatchObject({ allDay: false, backgroundColor: '#cf1322', textColor: '#ffffff' });
    expect(toEventInput(event({ color: 'green' }), everyone).backgroundColor).toBe('#389e0d');
    expect(toEventInput(event({ color: 'grey' }), everyone).backgroundColor).toBe('#8c8c8c');
  });

  it('lets only accepted or planned requests be dragged, by a user who may plan them', () => {
    expect(toEventInput(event({ status: 'PLANNED' }), everyone).startEditable).toBe(true);
    expect(toEventInput(event({ status: 'SUBMITTED' }), everyone).startEditable).toBe(false);
    expect(toEventInput(event({ status: 'DONE', color: 'green' }), everyone).startEditable).toBe(false);
    expect(toEventInput(event({ type: 'msa', route: 'msa', status: 'PLANNED' }), everyone).startEditable).toBe(false);
    expect(toEventInput(event({ type: 'sampling', route: 'sampling', status: 'PLANNED' }), everyone).startEditable).toBe(false);
    expect(toEventInput(event(), (route) => route !== 'rdr').startEditable).toBe(false);
  });

  it('opens the record of its route', () => {
    expect(recordPath(event({ route: 'msa', recordId: 3 }))).toBe('/msa/3');
  });
});

describe('filters, range and locale', () => {
  it('reads the filters of the URL, a list link included, and writes them back', () => {
    expect(parseFilters(new URLSearchParams('types=rdt,nope,msa&statuses=PLANNED,bad&areaId=4'))).toEqual({ types: ['rdt', 'msa'], statuses: ['PLANNED'], areaId: 4 });
    expect(parseFilters(new URLSearchParams(calendarLink('movement-requests').split('?')[1]))).toMatchObject({ types: ['rdr', 'rdt', 'ppc', 'r3t', 'ur'] });
    expect(parseFilters(new URLSearchParams(calendarLink('rdr').split('?')[1])).types).toEqual(['rdr']);
    expect(parseFilters(new URLSearchParams('areaId=-1'))).toEqual({ types: [], statuses: [], areaId: null });
    expect(filtersToParams({ types: ['rdr', 'ur'], statuses: [], areaId: 2 }).toString()).toBe('types=rdr%2Cur&areaId=2');
  });

  it('asks the API for the visible days, as local days with the end excluded', () => {
    const query = eventsQuery({ start: new Date(2031, 4, 5), end: new Date(2031, 4, 12) }, { types: ['rdr'], statuses: ['ACCEPTED', 'PLANNED'], areaId: null });
    expect(query).toEqual({ from: '2031-05-05', to: '2031-05-12', types: 'rdr', statuses: 'ACCEPTED,PLANNED' });
  });

  it('follows the app language (English as en-gb: dd/mm/yyyy), weekly list under 768 px', () => {
    expect(calendarLocale('it')).toBe('it');
    expect(calendarLocale('fr-FR')).toBe('fr');
    expect(calendarLocale('ru')).toBe('ru');
    expect(calendarLocale('en')).toBe('en-gb');
    expect(calendarLocale('pt')).toBe('it');
    expect(defaultView(500)).toBe('listWeek');
    expect(defaultView(1280)).toBe('timeGridWeek');
    expect(displayDay('2031-05-05')).toBe('05/05/2031');
  });

  it('offers the statuses of the types shown, each once', () => {
    const codes = statusOptions(['rdr', 'msa'], 'it').map((o) => o.value);
    expect(codes).toEqual(expect.arrayContaining(['DRAFT', 'ACCEPTED', 'PLANNED', 'DONE', 'CANCELLED']));
    expect(new Set(codes).size).toBe(codes.length);
    expect(statusOptions(['sampling'], 'en').find((o) => o.value === 'ANALYSED')?.label).toBe('Analysed');
  });
});

describe('planning by drag and drop', () => {
  const api = (record: { status: string; version?: number; plannedDate?: string | null }, put: PlanningApi['put'] = vi.fn(async () => ({}))) => {
    const get = vi.fn(async () => ({ id: 7, version: record.version ?? 3, status: record.status, plannedDate: record.plannedDate ?? null }));
    return { get, put: vi.fn(put) };
  };

  it('plans an accepted request on the day it is dropped on, with its current version', async () => {
    const calls = api({ status: 'ACCEPTED', version: 5 });
    await expect(planOnDay(calls, event(), '2031-05-06', '2031-05-01')).resolves.toEqual({ planned: true, day: '2031-05-06', statusChanged: true });
    expect(calls.get).toHaveBeenCalledWith('/api/transactions/rdr/7');
    expect(calls.put).toHaveBeenCalledWith('/api/transactions/rdr/7?newStatus=PLANNED', { version: 5, plannedDate: '2031-05-06' });
  });

  it('moves a planned request to its new day without changing its status', async () => {
    const calls = api({ status: 'PLANNED', plannedDate: '2031-05-06' });
    const outcome = await planOnDay(calls, event({ type: 'ur', route: 'ur', status: 'PLANNED' }), '2031-05-08', '2031-05-01');
    expect(outcome).toEqual({ planned: true, day: '2031-05-08', statusChanged: false });
    expect(calls.put).toHaveBeenCalledWith('/api/transactions/ur/7', { version: 3, plannedDate: '2031-05-08' });
    // dropped back on its own day: nothing to write
    const same = api({ status: 'PLANNED', plannedDate: '2031-05-08' });
    await expect(planOnDay(same, event({ status: 'PLANNED' }), '2031-05-08', '2031-05-01')).resolves.toEqual({ planned: false, reason: 'SAME_DAY' });
    expect(same.put).not.toHaveBeenCalled();
  });

  it('refuses without a call a past day and events that are not accepted or planned requests', async () => {
    const calls = api({ status: 'ACCEPTED' });
    await expect(planOnDay(calls, event(), '2031-04-30', '2031-05-01')).resolves.toEqual({ planned: false, reason: 'PAST_DAY' });
    await expect(planOnDay(calls, event({ status: 'SUBMITTED' }), '2031-05-06', '2031-05-01')).resolves.toEqual({ planned: false, reason: 'NOT_PLANNABLE' });
    await expect(planOnDay(calls, event({ type: 'msa', route: 'msa', status: 'PLANNED' }), '2031-05-06', '2031-05-01')).resolves.toEqual({
      planned: false,
      reason: 'NOT_PLANNABLE',
    });
    expect(calls.get).not.toHaveBeenCalled();
    expect(calls.put).not.toHaveBeenCalled();
  });

  it('writes nothing when the request has changed status since the calendar was loaded', async () => {
    const calls = api({ status: 'DONE' });
    await expect(planOnDay(calls, event(), '2031-05-06', '2031-05-01')).resolves.toEqual({ planned: false, reason: 'STATUS_CHANGED' });
    expect(calls.put).not.toHaveBeenCalled();
  });

  it("rejects with the server's error, so that the drop is put back", async () => {
    const refusal = Object.assign(new Error('CONSTRAINT_VIOLATION'), { status: 400 });
    const calls = api({ status: 'ACCEPTED' }, async () => {
      throw refusal;
    });
    await expect(planOnDay(calls, event(), '2031-05-06', '2031-05-01')).rejects.toBe(refusal);
  });
});
