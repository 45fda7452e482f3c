import { parseQuartzCron } from '@circula/model';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nextQuartzOccurrence } from '../../src/domain/configuration/cron.js';
import { createTestApp, type TestApp } from '../support/test-app.js';
import { callers, json, type Call } from './support.js';

const E = '/api/conf/scheduler';

/** nextRunAt as the server must compute it for a write made between `before` and now. */
function expectNextRun(actual: unknown, cron: string, timeZone: string, before: Date) {
  const schedule = parseQuartzCron(cron).schedule!;
  const candidates = [before, new Date()].map((d) => nextQuartzOccurrence(schedule, timeZone, d)!.toISOString());
  expect(candidates).toContain(actual);
}

describe('scheduler entries', () => {
  let t: TestApp;
  let admin: Call;
  let manager: Call;
  let operator: Call;

  beforeAll(async () => {
    t = await createTestApp();
    ({ admin, manager, operator } = await callers(t.app, 'admin', 'manager', 'operator'));
  });
  afterAll(() => t.close());

  it('creates an entry with its defaults and computes nextRunAt in Europe/Rome', async () => {
    const before = new Date();
    const res = await manager({ method: 'POST', url: E, ...json({ name: 'Pulizia sessioni', job: 'DATA_RETENTION', cron: '0 30 6 ? * mon-fri' }) });
    expect(res.statusCode, res.body).toBe(201);
    const entry = res.json().data;
    expect(entry).toMatchObject({ code: expect.stringMatching(/^SCH-\d{6}$/), job: 'DATA_RETENTION', cron: '0 30 6 ? * MON-FRI', enabled: true, timezone: 'Europe/Rome' });
    expectNextRun(entry.nextRunAt, '0 30 6 ? * MON-FRI', 'Europe/Rome', before);
    const local = new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Rome', weekday: 'short', hour: '2-digit', minute: '2-digit' }).format(new Date(entry.nextRunAt));
    expect(local).toMatch(/^(Mon|Tue|Wed|Thu|Fri) 06:30$/);
  });

  it('refuses invalid expressions, naming the wrong part, and writes nothing', async () => {
    const before = (await admin({ method: 'GET', url: E })).json().data.total;
    for (const [cron, message] of [
      ['0 0 6 * * *', 'INVALID_CRON_DAY_CHOICE'],
      ['0 0 6 1 * MON', 'INVALID_CRON_DAY_CHOICE'],
      ['15 0 6 * * ?', 'INVALID_CRON_SECONDS'],
      ['0 0 25 * * ?', 'INVALID_CRON_HOURS'],
      ['0 0 6 ? * 8', 'INVALID_CRON_DAY_OF_WEEK'],
      ['0 0 6 * *', 'INVALID_CRON_FIELDS'],
      ['0 0 0 30 2 ?', 'CRON_NEVER_FIRES'],
    ]) {
      const res = await admin({ method: 'POST', url: E, ...json({ name: 'Errata', job: 'OUTBOX_RETRY', cron }) });
      expect(res.statusCode, cron).toBe(400);
      expect(res.json(), cron).toEqual({ errorCode: 'CONSTRAINT_VIOLATION', errorMessage: 'CONSTRAINT_VIOLATION', errors: [{ field: 'cron', message }] });
    }
    expect((await admin({ method: 'GET', url: E })).json().data.total).toBe(before);
  });

  it('validates the job code, the time zone and the required fields', async () => {
    const res = await admin({ method: 'POST', url: E, ...json({ name: '', job: 'not a code', cron: '0 0 6 * * ?', timezone: 'Mars/Olympus' }) });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual(
      expect.arrayContaining([
        { field: 'name', message: 'REQUIRED' },
        { field: 'timezone', message: 'INVALID' },
      ]),
    );
    // a job no module runs (nor the SCHEDULER_JOB table holds): refused once the form is valid
    const unknown = await admin({ method: 'POST', url: E, ...json({ name: 'Sconosciuta', job: 'not a code', cron: '0 0 6 * * ?' }) });
    expect(unknown.json().errors).toEqual([{ field: 'job', message: 'JOB_NOT_REGISTERED' }]);
    const missing = await admin({ method: 'POST', url: E, ...json({ name: 'Senza frequenza', job: 'OUTBOX_RETRY' }) });
    expect(missing.json().errors).toEqual([{ field: 'cron', message: 'REQUIRED' }]);
  });

  it('never takes nextRunAt from the client', async () => {
    const res = await admin({ method: 'POST', url: E, ...json({ name: 'Furbo', job: 'OUTBOX_RETRY', cron: '0 0 6 * * ?', nextRunAt: '2000-01-01T00:00:00.000Z' }) });
    expect(res.statusCode).toBe(201);
    expect(res.json().data.nextRunAt).not.toBe('2000-01-01T00:00:00.000Z');
  });

  it('recomputes nextRunAt on update, in the entry time zone, and clears it while disabled', async () => {
    const created = (await admin({ method: 'POST', url: E, ...json({ name: 'Report', job: 'OVERDUE_INVOICES', cron: '0 0 8 1 * ?' }) })).json().data;
    const before = new Date();
    const moved = await admin({ method: 'PUT', url: `${E}/${created.id}`, ...json({ version: created.version, cron: '0 0 12 ? * SUN', timezone: 'America/New_York' }) });
    expect(moved.statusCode, moved.body).toBe(200);
    expectNextRun(moved.json().data.nextRunAt, '0 0 12 ? * SUN', 'America/New_York', before);

    const disabled = await admin({ method: 'PUT', url: `${E}/${created.id}`, ...json({ version: moved.json().data.version, enabled: false }) });
    expect(disabled.json().data).toMatchObject({ enabled: false, nextRunAt: null, cron: '0 0 12 ? * SUN' });

    const enabled = await admin({ method: 'PUT', url: `${E}/${created.id}`, ...json({ version: disabled.json().data.version, enabled: true }) });
    expectNextRun(enabled.json().data.nextRunAt, '0 0 12 ? * SUN', 'America/New_York', before);

    const refused = await admin({ method: 'PUT', url: `${E}/${created.id}`, ...json({ version: enabled.json().data.version, cron: '0 0 12 ? * SUN,8' }) });
    expect(refused.json().errors).toEqual([{ field: 'cron', message: 'INVALID_CRON_DAY_OF_WEEK' }]);
  });

  it('is for administrators and managers: an operator cannot read it', async () => {
    expect((await manager({ method: 'GET', url: E })).statusCode).toBe(200);
    expect((await operator({ method: 'GET', url: E })).statusCode).toBe(403);
    expect((await operator({ method: 'POST', url: E, ...json({ name: 'X', job: 'OUTBOX_RETRY', cron: '0 0 6 * * ?' }) })).statusCode).toBe(403);
  });
});
