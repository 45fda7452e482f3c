import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventColor, parseRange } from '../../src/domain/calendar/events.js';
import { callers, json, type Call } from '../configuration/support.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

interface Event {
  id: string;
  type: string;
  title: string;
  start: string;
  end: string;
  color: string;
  route: string;
  recordId: number;
  status: string | null;
}

/** The calendar (spec §2, API.md `GET /api/calendar/events`): range, colours, types, who sees what, bad ranges. */
describe('calendar events', () => {
  let t: TestApp;
  let operator: Call;
  let owner: Call;
  let customer: Call;
  let ownerCompany: number;
  let ownerPdp: number;
  let plain: number;
  let msaReason: string;

  const idOf = async (query: string) => Number((await sql<{ id: number }>`${sql.raw(query)}`.execute(t.db)).rows[0]!.id);

  beforeAll(async () => {
    t = await createTestApp();
    ({ operator, owner, customer } = await callers(t.app, 'operator', 'owner', 'customer'));
    ownerCompany = await idOf(`select subject_id as id from users where username = 'owner'`);
    ownerPdp = await idOf(`select id from warehouse where owner = ${ownerCompany} and warehouse_type = 'PDP' order by id limit 1`);
    plain = await idOf(`select id from waste where code = '150101'`);
    msaReason = (await sql<{ code: string }>`select code from table_value where table_code = 'MSA_REASON' and not deleted order by id limit 1`.execute(t.db)).rows[0]!.code;
  });
  afterAll(() => t.close());

  const events = async (call: Call, query: string): Promise<Event[]> => {
    const res = await call({ method: 'GET', url: `/api/calendar/events?${query}` });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data.items;
  };
  const byRecord = (items: Event[], type: string, id: number) => items.find((e) => e.type === type && e.recordId === id);

  /** A pickup request filed by the owner (DRAFT). */
  const request = async (extra: Record<string, unknown>) => {
    const body = { requester: ownerCompany, pickupPoint: ownerPdp, lines: [{ waste: plain, quantity: { value: 1, unit: 'T' } }], ...extra };
    const res = await owner({ method: 'POST', url: '/api/transactions/rdr', ...json(body) });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().data as { id: number; code: string; version: number };
  };
  /** Moves a request through statuses: the owner submits, the operator does the rest. */
  const move = async (id: number, ...steps: [string, Record<string, unknown>?][]) => {
    let record: { version: number; status: string } | null = null;
    for (const [status, extra] of steps) {
      const call = status === 'SUBMITTED' ? owner : operator;
      const current = (await call({ method: 'GET', url: `/api/transactions/rdr/${id}` })).json().data;
      const res = await call({ method: 'PUT', url: `/api/transactions/rdr/${id}?newStatus=${status}`, ...json({ version: current.version, ...extra }) });
      expect(res.statusCode, res.body).toBe(200);
      record = res.json().data;
    }
    return record!;
  };

  it('answers the requests touching the range: planned on its day, else over its wished days; all-day or timed', async () => {
    const spanning = await request({ wishedFrom: '2031-05-05', wishedTo: '2031-05-07' });
    const later = await request({ wishedFrom: '2031-05-20' });
    const timed = await request({ wishedFrom: '2031-05-09', timeFrom: '08:30', timeTo: '10:00' });
    const planned = await request({ wishedFrom: '2031-04-28', wishedTo: '2031-05-02' });
    await move(planned.id, ['SUBMITTED'], ['ACCEPTED'], ['PLANNED', { plannedDate: '2031-05-06' }]);

    // the week of Monday 5 May 2031, `to` excluded as FullCalendar sends it
    const week = await events(operator, 'from=2031-05-05T00:00:00%2B02:00&to=2031-05-12T00:00:00%2B02:00');
    expect(byRecord(week, 'rdr', spanning.id)).toMatchObject({
      id: `rdr-${spanning.id}`,
      route: 'rdr',
      start: '2031-05-05',
      end: '2031-05-08',
      color: 'grey',
      status: 'DRAFT',
    });
    expect(byRecord(week, 'rdr', spanning.id)!.title).toContain(spanning.code);
    expect(byRecord(week, 'rdr', timed.id)).toMatchObject({ start: '2031-05-09T08:30', end: '2031-05-09T10:00' });
    expect(byRecord(week, 'rdr', planned.id)).toMatchObject({ start: '2031-05-06', end: '2031-05-07', color: 'yellow', status: 'PLANNED' });
    expect(byRecord(week, 'rdr', later.id)).toBeUndefined();

    // the week before: the planned request is no longer on its wished days
    const before = await events(operator, 'from=2031-04-28&to=2031-05-05');
    expect(byRecord(before, 'rdr', planned.id)).toBeUndefined();
    expect(byRecord(before, 'rdr', spanning.id)).toBeUndefined();
    // one day is enough to overlap a wished span
    expect(byRecord(await events(operator, 'from=2031-05-07&to=2031-05-08'), 'rdr', spanning.id)).toBeDefined();
    expect(byRecord(await events(operator, 'from=2031-05-20&to=2031-05-21'), 'rdr', later.id)).toMatchObject({ start: '2031-05-20', end: '2031-05-21' });
    // a deleted request is gone
    const current = (await operator({ method: 'GET', url: `/api/transactions/rdr/${later.id}` })).json().data;
    expect((await operator({ method: 'PUT', url: `/api/transactions/rdr/${later.id}/delete`, ...json({ version: current.version }) })).statusCode).toBe(200);
    expect(byRecord(await events(operator, 'from=2031-05-20&to=2031-05-21'), 'rdr', later.id)).toBeUndefined();
  });

  it('colours: red overdue, green done, grey cancelled/refused/draft, yellow still to do on time', async () => {
    const draft = await request({ wishedFrom: '2031-06-02' });
    const submitted = await request({ wishedFrom: '2031-06-03' });
    await move(submitted.id, ['SUBMITTED']);
    const done = await request({ wishedFrom: '2031-06-04' });
    await move(done.id, ['SUBMITTED'], ['ACCEPTED'], ['PLANNED', { plannedDate: '2031-06-04' }], ['DONE']);
    const cancelled = await request({ wishedFrom: '2031-06-05' });
    await move(cancelled.id, ['SUBMITTED'], ['CANCELLED']);
    const june = await events(operator, 'from=2031-06-02&to=2031-06-09');
    expect(byRecord(june, 'rdr', draft.id)?.color).toBe('grey');
    expect(byRecord(june, 'rdr', submitted.id)?.color).toBe('yellow');
    expect(byRecord(june, 'rdr', done.id)?.color).toBe('green');
    expect(byRecord(june, 'rdr', cancelled.id)?.color).toBe('grey');

    // overdue: submitted for days gone by, and planned on a day gone by
    const late = await request({ wishedFrom: '2020-03-02', wishedTo: '2020-03-04' });
    await move(late.id, ['SUBMITTED']);
    const slipped = await request({ wishedFrom: '2031-06-10' });
    await move(slipped.id, ['SUBMITTED'], ['ACCEPTED'], ['PLANNED', { plannedDate: '2031-06-10' }]);
    await sql`update transaction set planned_date = '2020-03-03' where id = ${slipped.id}`.execute(t.db);
    const past = await events(operator, 'from=2020-03-02&to=2020-03-09');
    expect(byRecord(past, 'rdr', late.id)).toMatchObject({ color: 'red', start: '2020-03-02', end: '2020-03-05' });
    expect(byRecord(past, 'rdr', slipped.id)).toMatchObject({ color: 'red', start: '2020-03-03' });

    // field activities: an MSA activity at its time, a sampling on its day
    const msa = await operator({ method: 'POST', url: '/api/jobs/msa', ...json({ reason: msaReason, customer: ownerCompany, plannedDate: '2020-03-05', plannedTime: '09:15' }) });
    expect(msa.statusCode, msa.body).toBe(201);
    const sampling = await operator({ method: 'POST', url: '/api/jobs/sampling', ...json({ producer: ownerCompany, waste: plain, sampledOn: '2020-03-06' }) });
    expect(sampling.statusCode, sampling.body).toBe(201);
    const activities = await events(operator, 'from=2020-03-02&to=2020-03-09&types=msa,sampling');
    expect(byRecord(activities, 'msa', msa.json().data.id)).toMatchObject({ color: 'red', route: 'msa', start: '2020-03-05T09:15', end: '2020-03-05T10:15' });
    expect(byRecord(activities, 'sampling', sampling.json().data.id)).toMatchObject({ color: 'red', route: 'sampling', start: '2020-03-06', end: '2020-03-07' });
    const msaDone = await operator({ method: 'PUT', url: `/api/jobs/msa/${msa.json().data.id}?newStatus=DONE`, ...json({ version: msa.json().data.version, doneDate: '2020-03-05', outcome: 'Sopralluogo eseguito' }) });
    expect(msaDone.statusCode, msaDone.body).toBe(200);
    expect(byRecord(await events(operator, 'from=2020-03-05&to=2020-03-06&types=msa'), 'msa', msa.json().data.id)?.color).toBe('green');

    // the rule itself, for the statuses the API cannot reach in the past
    expect(eventColor('sampling', 'SENT', '2020-01-01', '2026-01-01')).toBe('yellow');
    expect(eventColor('sampling', 'ANALYSED', '2020-01-01', '2026-01-01')).toBe('green');
    expect(eventColor('rdr', 'REFUSED', '2020-01-01', '2026-01-01')).toBe('grey');
    expect(eventColor('rdr', 'ACCEPTED', '2026-01-01', '2026-01-01')).toBe('yellow');
  });

  it('filters by type, status and area', async () => {
    const accepted = await request({ wishedFrom: '2031-07-01' });
    await move(accepted.id, ['SUBMITTED'], ['ACCEPTED']);
    const msa = (await operator({ method: 'POST', url: '/api/jobs/msa', ...json({ reason: msaReason, customer: ownerCompany, site: ownerPdp, plannedDate: '2031-07-02' }) })).json().data;
    const range = 'from=2031-07-01&to=2031-07-08';
    const all = await events(operator, range);
    expect(byRecord(all, 'rdr', accepted.id)).toBeDefined();
    expect(byRecord(all, 'msa', msa.id)).toMatchObject({ start: '2031-07-02', end: '2031-07-03', color: 'yellow' });

    const onlyMsa = await events(operator, `${range}&types=msa`);
    expect(onlyMsa.every((e) => e.type === 'msa')).toBe(true);
    expect(byRecord(onlyMsa, 'msa', msa.id)).toBeDefined();
    const onlyRdt = await events(operator, `${range}&types=rdt`);
    expect(byRecord(onlyRdt, 'rdr', accepted.id)).toBeUndefined();

    const byStatus = await events(operator, `${range}&statuses=ACCEPTED,SUBMITTED`);
    expect(byRecord(byStatus, 'rdr', accepted.id)).toBeDefined();
    expect(byRecord(byStatus, 'msa', msa.id)).toBeUndefined();
    expect(byRecord(await events(operator, `${range}&statuses=PLANNED`), 'msa', msa.id)).toBeDefined();
    expect(byRecord(await events(operator, `${range}&statuses=DONE`), 'rdr', accepted.id)).toBeUndefined();

    const otherPdp = await idOf(`select id from warehouse where warehouse_type = 'PDP' and id <> ${ownerPdp} order by id limit 1`);
    const areaOf = async (name: string, warehouses: number[]) => {
      const res = await operator({ method: 'POST', url: '/api/areas/area', ...json({ name, provinces: ['BG'], warehouses }) });
      expect(res.statusCode, res.body).toBe(201);
      return res.json().data.id as number;
    };
    const mine = await events(operator, `${range}&areaId=${await areaOf('Calendario qui', [ownerPdp])}`);
    expect(byRecord(mine, 'rdr', accepted.id)).toBeDefined();
    expect(byRecord(mine, 'msa', msa.id)).toBeDefined();
    const elsewhere = await events(operator, `${range}&areaId=${await areaOf('Calendario altrove', [otherPdp])}`);
    expect(byRecord(elsewhere, 'rdr', accepted.id)).toBeUndefined();
    expect(byRecord(elsewhere, 'msa', msa.id)).toBeUndefined();
    expect((await operator({ method: 'GET', url: `/api/calendar/events?${range}&areaId=999999999` })).statusCode).toBe(404);
  });

  it("shows an external user only their company's records, and only the types they may read", async () => {
    const mine = await request({ wishedFrom: '2031-08-04' });
    await operator({ method: 'POST', url: '/api/jobs/msa', ...json({ reason: msaReason, customer: ownerCompany, plannedDate: '2031-08-05' }) });
    const range = 'from=2031-08-04&to=2031-08-11';
    expect(byRecord(await events(owner, range), 'rdr', mine.id)).toBeDefined();
    const theirs = await events(customer, range);
    expect(byRecord(theirs, 'rdr', mine.id)).toBeUndefined();
    // the customer reads pickup requests only: no MSA activity, even when asked for
    expect((await events(customer, `${range}&types=msa`)).length).toBe(0);
    expect((await owner({ method: 'GET', url: `/api/calendar/events?${range}` })).statusCode).toBe(200);
  });

  it('refuses missing, invalid, reversed and too long ranges and unknown types with 400 BAD_REQUEST', async () => {
    const refused = async (query: string, message: string) => {
      const res = await operator({ method: 'GET', url: `/api/calendar/events?${query}` });
      expect(res.statusCode, query).toBe(400);
      expect(res.json(), query).toMatchObject({ errorCode: 'BAD_REQUEST', errorMessage: message });
    };
    await refused('to=2031-01-08', 'CALENDAR_INVALID_FROM');
    await refused('from=2031-01-01', 'CALENDAR_INVALID_TO');
    await refused('from=2031-02-30&to=2031-03-08', 'CALENDAR_INVALID_FROM');
    await refused('from=yesterday&to=2031-03-08', 'CALENDAR_INVALID_FROM');
    await refused('from=2031-03-01&to=2031-03-01T25:00', 'CALENDAR_INVALID_TO');
    await refused('from=2031-03-08&to=2031-03-01', 'CALENDAR_RANGE_REVERSED');
    await refused('from=2031-03-08&to=2031-03-08', 'CALENDAR_RANGE_REVERSED');
    await refused('from=2031-01-01&to=2031-03-05', 'CALENDAR_RANGE_TOO_LONG');
    await refused('from=2031-01-01&to=2031-01-08&types=rdr,nope', 'CALENDAR_UNKNOWN_TYPE');
    await refused('from=2031-01-01&to=2031-01-08&statuses=planned', 'CALENDAR_UNKNOWN_STATUS');
    // 62 days is the longest range
    expect((await operator({ method: 'GET', url: '/api/calendar/events?from=2031-01-01&to=2031-03-04' })).statusCode).toBe(200);
    expect(parseRange('2031-01-01', '2031-03-04')).toEqual({ first: '2031-01-01', last: '2031-03-03' });
    expect(parseRange('2031-01-01T00:00:00Z', '2031-01-01T12:00:00Z')).toEqual({ first: '2031-01-01', last: '2031-01-01' });
    expect((await t.app.inject({ method: 'GET', url: '/api/calendar/events?from=2031-01-01&to=2031-01-08' })).statusCode).toBe(401);
  });
});
