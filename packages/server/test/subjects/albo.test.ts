import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Call, callers, json, q } from '../configuration/support.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

const E = '/api/subjects/albo-authorisations';

describe('Albo Gestori Ambientali enrolments', () => {
  let t: TestApp;
  let admin: Call;
  let transporter: number;
  const waste: Record<string, number> = {};

  beforeAll(async () => {
    t = await createTestApp();
    ({ admin } = await callers(t.app, 'admin'));
    transporter = (await admin({ method: 'POST', url: '/api/subjects/transporters', ...json({ name: 'Trasporti Brambilla S.r.l.' }) })).json().data.id;
    for (const code of ['150101', '200301', '130205']) {
      waste[code] = (await admin({ method: 'GET', url: `/api/waste/waste?q=${q({ query: code })}` })).json().data.items[0].id;
    }
  });
  afterAll(() => t.close());

  it('answers which valid enrolment of a holder covers an EER code on a day', async () => {
    const expired = await admin({
      method: 'POST',
      url: E,
      ...json({ holder: transporter, number: 'mi/000111', category: '4', alboClass: 'F', validFrom: '2020-01-01', expiry: '2025-01-31', wasteCodes: [waste['200301']] }),
    });
    expect(expired.statusCode, expired.body).toBe(201);
    expect(expired.json().data.number).toBe('MI/000111');
    const valid = await admin({
      method: 'POST',
      url: E,
      ...json({ holder: transporter, number: 'MI/000222', category: '4', alboClass: 'E', validFrom: '2025-02-01', expiry: '2030-01-31', wasteCodes: [waste['150101'], waste['200301']] }),
    });
    expect(valid.statusCode, valid.body).toBe(201);
    const covering = (code: string, day: string) =>
      admin({
        method: 'GET',
        url: `${E}?q=${q({
          filters: [
            { field: 'holder', op: 'eq', value: transporter },
            { field: 'wasteCodes', op: 'contains', value: waste[code] },
            { field: 'validFrom', op: 'lte', value: day },
            { field: 'expiry', op: 'gte', value: day },
          ],
        })}`,
      }).then((r) => r.json().data.items.map((i: { number: string }) => i.number));
    expect(await covering('200301', '2026-11-22')).toEqual(['MI/000222']);
    expect(await covering('200301', '2024-06-01')).toEqual(['MI/000111']);
    expect(await covering('150101', '2024-06-01')).toEqual([]);
    // no enrolment covers a hazardous oil for this transporter
    expect(await covering('130205', '2026-11-22')).toEqual([]);
    // the expired ones of this holder (the demo data has its own expired enrolment), soonest first
    const past = await admin({ method: 'GET', url: `${E}?q=${q({ filters: [{ field: 'holder', op: 'eq', value: transporter }, { field: 'expiry', op: 'lt', value: '2026-11-22' }] })}` });
    expect(past.json().data.items.map((i: { number: string }) => i.number)).toEqual(['MI/000111']);
  });

  it('refuses an expiry before the start, an unknown category and a holder that does not exist', async () => {
    const backwards = await admin({ method: 'POST', url: E, ...json({ holder: transporter, number: 'MI/1', category: '4', validFrom: '2026-01-01', expiry: '2025-01-01' }) });
    expect(backwards.json().errors).toEqual([{ field: 'expiry', message: 'EXPIRY_BEFORE_START' }]);
    const category = await admin({ method: 'POST', url: E, ...json({ holder: transporter, number: 'MI/2', category: '7', expiry: '2027-01-01' }) });
    expect(category.json().errors).toEqual([{ field: 'category', message: 'UNKNOWN_VALUE' }]);
    const holder = await admin({ method: 'POST', url: E, ...json({ holder: 987_654, number: 'MI/3', category: '4', expiry: '2027-01-01' }) });
    expect(holder.json().errors).toEqual([{ field: 'holder', message: 'NOT_FOUND' }]);
  });
});
