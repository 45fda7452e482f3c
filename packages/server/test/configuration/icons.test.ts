import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/test-app.js';
import { callers, json, type Call } from './support.js';

const E = '/api/conf/icons';
const SVG = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"><path d="M3 3h18v18H3z" fill="url(#g)"/></svg>';

describe('icons', () => {
  let t: TestApp;
  let admin: Call;
  let manager: Call;

  beforeAll(async () => {
    t = await createTestApp();
    ({ admin, manager } = await callers(t.app, 'admin', 'manager'));
  });
  afterAll(() => t.close());

  it('stores an icon under the code it is typed with', async () => {
    const res = await admin({ method: 'POST', url: E, ...json({ code: 'truck-large', name: 'Camion', category: 'Trasporti', svg: `  ${SVG}\n` }) });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data).toMatchObject({ code: 'truck-large', name: 'Camion', category: 'Trasporti', svg: SVG });
    const again = await admin({ method: 'POST', url: E, ...json({ code: 'truck-large', name: 'Doppione', svg: SVG }) });
    expect(again.json().errors).toEqual([{ field: 'code', message: 'ALREADY_EXISTS' }]);
  });

  it.each([
    ['<svg><script>alert(1)</script></svg>', 'SVG_SCRIPT_NOT_ALLOWED'],
    ['<svg onload="alert(1)"><path d="M0 0"/></svg>', 'SVG_EVENT_HANDLER_NOT_ALLOWED'],
    ['<svg><a href="javascript:alert(1)"><path d="M0 0"/></a></svg>', 'SVG_JAVASCRIPT_NOT_ALLOWED'],
    ['<svg><image href="https://evil.example/x.png"/></svg>', 'SVG_EXTERNAL_REFERENCE_NOT_ALLOWED'],
    ['<svg><foreignObject><div/></foreignObject></svg>', 'SVG_ELEMENT_NOT_ALLOWED'],
    ['<svg></svg><svg></svg>', 'INVALID_SVG'],
    ['<img src="x.png">', 'INVALID_SVG'],
  ])('refuses %j on create with %s', async (svg, message) => {
    const res = await admin({ method: 'POST', url: E, ...json({ code: 'bad', name: 'Cattiva', svg }) });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([{ field: 'svg', message }]);
  });

  it('refuses an unsafe SVG on update and keeps the stored one', async () => {
    const icon = (await admin({ method: 'POST', url: E, ...json({ code: 'bin', name: 'Cestino', svg: SVG }) })).json().data;
    const res = await admin({ method: 'PUT', url: `${E}/${icon.id}`, ...json({ version: icon.version, svg: '<svg><rect onclick="steal()"/></svg>' }) });
    expect(res.json().errors).toEqual([{ field: 'svg', message: 'SVG_EVENT_HANDLER_NOT_ALLOWED' }]);
    expect((await admin({ method: 'GET', url: `${E}/${icon.id}` })).json().data).toMatchObject({ svg: SVG, version: icon.version });
    const renamed = await admin({ method: 'PUT', url: `${E}/${icon.id}`, ...json({ version: icon.version, name: 'Bidone' }) });
    expect(renamed.json().data).toMatchObject({ name: 'Bidone', svg: SVG });
  });

  it('is for administrators only: a manager can neither read nor write icons', async () => {
    expect((await manager({ method: 'GET', url: E })).statusCode).toBe(403);
    expect((await manager({ method: 'POST', url: E, ...json({ code: 'm', name: 'M', svg: SVG }) })).statusCode).toBe(403);
  });
});
