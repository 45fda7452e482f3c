import { PASSWORD_MAX_AGE_KEY, PASSWORD_RULE_KEY } from '@circula/model';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/test-app.js';
import { callers, json, type Call } from './support.js';

const url = (key: string) => `/api/conf/sysregistry/${encodeURIComponent(key)}`;

describe('system registry editing', () => {
  let t: TestApp;
  let admin: Call;
  let manager: Call;
  let operator: Call;

  const read = async (key: string) => (await admin({ method: 'GET', url: `/api/conf/sysregistry?keyEquals=${key}` })).json().data.items[0];

  beforeAll(async () => {
    t = await createTestApp();
    ({ admin, manager, operator } = await callers(t.app, 'admin', 'manager', 'operator'));
  });
  afterAll(() => t.close());

  it('changes the password rule and its message, and records who changed what', async () => {
    const original = await read(PASSWORD_RULE_KEY);
    const rule = '^(?=.*\\d).{10,64}$';
    const res = await admin({ method: 'PUT', url: url(PASSWORD_RULE_KEY), ...json({ version: (await read(PASSWORD_RULE_KEY)).version, theValue: rule, translation: { it: 'Almeno 10 caratteri e una cifra.', en: 'At least 10 characters and a digit.' } }) });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ key: PASSWORD_RULE_KEY, theValue: rule, translation: { it: 'Almeno 10 caratteri e una cifra.', en: 'At least 10 characters and a digit.' } });
    // the public read (registration, expired passwords) sees it at once
    const pub = await t.app.inject({ method: 'GET', url: `/api/conf/sysregistry?keyEquals=${PASSWORD_RULE_KEY}` });
    expect(pub.json().data.items[0].theValue).toBe(rule);

    const history = await admin({ method: 'GET', url: `${url(PASSWORD_RULE_KEY)}/history` });
    expect(history.statusCode).toBe(200);
    expect(history.json().data.items).toEqual([
      {
        version: 2,
        at: expect.any(String),
        by: 'admin',
        action: 'UPDATE',
        changes: { theValue: [original.theValue, rule], translation: [original.translation, { it: 'Almeno 10 caratteri e una cifra.', en: 'At least 10 characters and a digit.' }] },
      },
    ]);
    const { rows } = await t.db.selectFrom('record_history').select(['entity', 'record_id']).where('entity', '=', 'sysregistry').execute().then((r) => ({ rows: r }));
    expect(rows).toHaveLength(1);
    expect(Number(rows[0]!.record_id)).toBeGreaterThan(0);
  });

  it('refuses an edit made on a stale version with 409 and keeps the value', async () => {
    const before = await read(PASSWORD_MAX_AGE_KEY);
    const stale = await admin({ method: 'PUT', url: url(PASSWORD_MAX_AGE_KEY), ...json({ version: before.version + 1, theValue: '7' }) });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().errorCode).toBe('CONFLICT');
    expect((await read(PASSWORD_MAX_AGE_KEY)).theValue).toBe(before.theValue);
  });

  it('keeps the translation when the body leaves it out', async () => {
    const before = await read(PASSWORD_MAX_AGE_KEY);
    const res = await admin({ method: 'PUT', url: url(PASSWORD_MAX_AGE_KEY), ...json({ version: (await read(PASSWORD_MAX_AGE_KEY)).version, theValue: '90' }) });
    expect(res.json().data).toEqual({ key: PASSWORD_MAX_AGE_KEY, theValue: '90', translation: before.translation, version: before.version + 1 });
    expect((await admin({ method: 'PUT', url: url(PASSWORD_MAX_AGE_KEY), ...json({ version: (await read(PASSWORD_MAX_AGE_KEY)).version, theValue: '0' }) })).statusCode).toBe(200);
    const history = (await admin({ method: 'GET', url: `${url(PASSWORD_MAX_AGE_KEY)}/history` })).json().data.items;
    expect(history.map((h: { version: number; changes: unknown }) => [h.version, h.changes])).toEqual([
      [2, { theValue: [before.theValue, '90'] }],
      [3, { theValue: ['90', '0'] }],
    ]);
  });

  it('refuses a password rule that is not a regular expression, and keeps the old one', async () => {
    const before = await read(PASSWORD_RULE_KEY);
    for (const theValue of ['^(unclosed', '[z-a]', '\\p{NoSuchProperty}']) {
      const res = await admin({ method: 'PUT', url: url(PASSWORD_RULE_KEY), ...json({ version: (await read(PASSWORD_RULE_KEY)).version, theValue }) });
      expect(res.statusCode, theValue).toBe(400);
      expect(res.json()).toEqual({ errorCode: 'CONSTRAINT_VIOLATION', errorMessage: 'CONSTRAINT_VIOLATION', errors: [{ field: 'theValue', message: 'INVALID_REGEX' }] });
    }
    expect(await read(PASSWORD_RULE_KEY)).toEqual(before);
  });

  it('refuses a maximum password age that is not a non-negative integer', async () => {
    for (const theValue of ['-1', '1.5', 'abc', '', ' 30']) {
      const res = await admin({ method: 'PUT', url: url(PASSWORD_MAX_AGE_KEY), ...json({ version: (await read(PASSWORD_MAX_AGE_KEY)).version, theValue }) });
      expect(res.json().errors, theValue).toEqual([{ field: 'theValue', message: 'INVALID_NON_NEGATIVE_INTEGER' }]);
    }
  });

  it('validates the body and answers 404 for an unknown key', async () => {
    expect((await admin({ method: 'PUT', url: url('NO_SUCH_KEY'), ...json({ version: 1, theValue: 'x' }) })).statusCode).toBe(404);
    expect((await admin({ method: 'GET', url: `${url('NO_SUCH_KEY')}/history` })).statusCode).toBe(404);
    const missing = await admin({ method: 'PUT', url: url(PASSWORD_MAX_AGE_KEY), ...json({ version: (await read(PASSWORD_MAX_AGE_KEY)).version, translation: { it: 'x' } }) });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors).toEqual([{ field: 'theValue', message: expect.any(String) }]);
    const badLanguage = await admin({ method: 'PUT', url: url(PASSWORD_MAX_AGE_KEY), ...json({ version: (await read(PASSWORD_MAX_AGE_KEY)).version, theValue: '30', translation: { italian: 'x' } }) });
    expect(badLanguage.statusCode).toBe(400);
  });

  it('is for administrators (or SYSREGISTRY_W): managers and operators are refused, anonymous callers too', async () => {
    const before = await read(PASSWORD_MAX_AGE_KEY);
    expect((await manager({ method: 'PUT', url: url(PASSWORD_MAX_AGE_KEY), ...json({ version: (await read(PASSWORD_MAX_AGE_KEY)).version, theValue: '1' }) })).statusCode).toBe(403);
    expect((await operator({ method: 'PUT', url: url(PASSWORD_MAX_AGE_KEY), ...json({ version: (await read(PASSWORD_MAX_AGE_KEY)).version, theValue: '1' }) })).statusCode).toBe(403);
    expect((await manager({ method: 'GET', url: `${url(PASSWORD_MAX_AGE_KEY)}/history` })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'PUT', url: url(PASSWORD_MAX_AGE_KEY), ...json({ version: (await read(PASSWORD_MAX_AGE_KEY)).version, theValue: '1' }) })).statusCode).toBe(401);
    expect(await read(PASSWORD_MAX_AGE_KEY)).toEqual(before);
  });
});
