import { AREAS } from '@circula/model';
import type { EntityConf } from '@circula/model';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/test-app.js';
import { callers, json, type Call } from './support.js';

const E = '/api/entityconf/entityconf';

describe('entity configuration overrides', () => {
  let t: TestApp;
  let admin: Call;
  let manager: Call;

  const visible = async (call: Call = admin) => {
    const res = await call({ method: 'GET', url: '/api/entityconf/visible' });
    expect(res.statusCode).toBe(200);
    return new Map((res.json().data as EntityConf[]).map((c) => [c.route, c]));
  };
  const create = async (body: Record<string, unknown>) => {
    const res = await admin({ method: 'POST', url: E, ...json(body) });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().data as Record<string, unknown> & { id: number; version: number };
  };

  beforeAll(async () => {
    t = await createTestApp();
    ({ admin, manager } = await callers(t.app, 'admin', 'manager'));
  });
  afterAll(() => t.close());

  it('reports an area not built yet as readable only: nothing to create, change, delete or search', async () => {
    const conf = await visible();
    // every area still in preparation (the catalogue's PLANNED entries), users' accounts among them
    const planned = AREAS.filter((area) => area.planned !== undefined).map((area) => area.route);
    expect(planned).toContain('accounts');
    for (const route of planned) {
      expect(conf.get(route), route).toMatchObject({ canRead: true, canCreate: false, canWrite: false, canDelete: false, globalSearch: { isVisible: false } });
    }
    // built areas keep their rights: an entity, and the users page of the security area
    expect(conf.get('vehicles')).toMatchObject({ canCreate: true, canWrite: true, canDelete: true });
    expect(conf.get('users')).toMatchObject({ canCreate: true, canWrite: true, globalSearch: { isVisible: true } });
    // the stock ledger is append-only: rows are posted, never changed or deleted
    expect(conf.get('warehouse-movements')).toMatchObject({ canRead: true, canCreate: true, canWrite: false, canDelete: false });
    expect(conf.get('treatments')).toMatchObject({ canCreate: true, canWrite: true, canDelete: true });
    expect(conf.get('invoices')).toMatchObject({ canCreate: true, canWrite: true, canDelete: true });
  });

  it("answers in the language asked for, else the user's", async () => {
    const english = (await admin({ method: 'GET', url: '/api/entityconf/visible?lang=en' })).json().data as EntityConf[];
    expect(english.find((c) => c.route === 'vehicles')?.menu.label).toBe('Vehicles');
    expect((await visible()).get('vehicles')?.menu.label).toBe('Veicoli');
    expect((await admin({ method: 'GET', url: '/api/entityconf/visible?lang=xx' })).statusCode).toBe(400);
  });

  it('merges an override over the catalogue defaults in /api/entityconf/visible, and deleting it restores them', async () => {
    const defaults = (await visible()).get('tags')!;
    expect(defaults).toMatchObject({ icon: 'TagsOutlined', color: '#1f6f50', textColor: '#ffffff', menu: { label: 'Etichette', isVisible: true } });

    const override = await create({
      code: 'tags',
      label: { it: 'Etichette su misura', en: 'Custom tags' },
      icon: 'TagOutlined',
      color: '#aa0000',
      textColor: '#fff',
      menuVisible: false,
      globalSearchIcon: 'SearchOutlined',
    });
    const changed = (await visible()).get('tags')!;
    expect(changed).toEqual({
      ...defaults,
      icon: 'TagOutlined',
      color: '#aa0000',
      textColor: '#fff',
      menu: { ...defaults.menu, icon: 'TagOutlined', label: 'Etichette su misura', isVisible: false },
      globalSearch: { icon: 'SearchOutlined', label: 'Etichette su misura', isVisible: true },
    });
    // everybody sees it: the manager's menu changes too
    expect((await visible(manager)).get('tags')!.menu.isVisible).toBe(false);

    expect((await admin({ method: 'PUT', url: `${E}/${override.id}/delete` })).statusCode).toBe(200);
    expect((await visible()).get('tags')).toEqual(defaults);
    expect((await admin({ method: 'PUT', url: `${E}/${override.id}/un-deletes` })).statusCode).toBe(200);
    expect((await visible()).get('tags')!.color).toBe('#aa0000');
  });

  it('keeps the default of every field left empty, per language for the label', async () => {
    const defaults = (await visible()).get('waste')!;
    expect(defaults.globalSearch.isVisible).toBe(true);
    await create({ code: 'waste', label: { en: 'Waste codes' }, globalSearchVisible: false });
    const merged = (await visible()).get('waste')!;
    expect(merged).toEqual({ ...defaults, globalSearch: { ...defaults.globalSearch, isVisible: false } });
  });

  it('updates an override and sees the change at once', async () => {
    const override = await create({ code: 'scheduler', color: '#123456' });
    expect((await visible()).get('scheduler')!.color).toBe('#123456');
    const res = await admin({ method: 'PUT', url: `${E}/${override.id}`, ...json({ version: override.version, code: 'scheduler', color: '#654321', menuVisible: false }) });
    expect(res.statusCode, res.body).toBe(200);
    expect((await visible()).get('scheduler')).toMatchObject({ color: '#654321', menu: { isVisible: false } });
  });

  it('refuses an override of an unknown route, on create and on update, and writes nothing', async () => {
    const res = await admin({ method: 'POST', url: E, ...json({ code: 'no-such-route', color: '#000000' }) });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ errorCode: 'CONSTRAINT_VIOLATION', errorMessage: 'CONSTRAINT_VIOLATION', errors: [{ field: 'code', message: 'UNKNOWN_ROUTE' }] });
    const all = (await admin({ method: 'GET', url: `${E}?showDeleted=true&size=1000` })).json().data.items as { code: string }[];
    expect(all.map((r) => r.code)).not.toContain('no-such-route');

    const override = await create({ code: 'tables', color: '#000000' });
    const moved = await admin({ method: 'PUT', url: `${E}/${override.id}`, ...json({ version: override.version, code: 'nowhere' }) });
    expect(moved.json().errors).toEqual([{ field: 'code', message: 'UNKNOWN_ROUTE' }]);
    expect((await admin({ method: 'GET', url: `${E}/${override.id}` })).json().data).toMatchObject({ code: 'tables', version: override.version });
    // moving it to another real route is fine
    const ok = await admin({ method: 'PUT', url: `${E}/${override.id}`, ...json({ version: override.version, code: 'vehicles' }) });
    expect(ok.statusCode, ok.body).toBe(200);
    const conf = await visible();
    expect(conf.get('vehicles')!.color).toBe('#000000');
    expect(conf.get('tables')!.color).toBe('#1f6f50');
  });

  it('accepts one override per route', async () => {
    await create({ code: 'rdt', menuVisible: false });
    const res = await admin({ method: 'POST', url: E, ...json({ code: 'rdt', menuVisible: true }) });
    expect(res.json().errors).toEqual([{ field: 'code', message: 'ALREADY_EXISTS' }]);
  });

  it('cannot make a path entity visible in the global search', async () => {
    const res = await admin({ method: 'POST', url: E, ...json({ code: 'rdr', globalSearchVisible: true }) });
    expect(res.json().errors).toEqual([{ field: 'globalSearchVisible', message: 'GLOBAL_SEARCH_CONFIGURATION_ONLY' }]);

    const override = await create({ code: 'rdr', menuVisible: false, globalSearchVisible: false });
    expect((await visible()).get('rdr')).toMatchObject({ type: 'path', menu: { isVisible: false }, globalSearch: { isVisible: false } });
    const update = await admin({ method: 'PUT', url: `${E}/${override.id}`, ...json({ version: override.version, globalSearchVisible: true }) });
    expect(update.json().errors).toEqual([{ field: 'globalSearchVisible', message: 'GLOBAL_SEARCH_CONFIGURATION_ONLY' }]);

    // nor by moving a configuration entity's override, visible in the search, onto a path route
    const conf = await create({ code: 'materials', globalSearchVisible: true });
    const moved = await admin({ method: 'PUT', url: `${E}/${conf.id}`, ...json({ version: conf.version, code: 'transport' }) });
    expect(moved.json().errors).toEqual([{ field: 'globalSearchVisible', message: 'GLOBAL_SEARCH_CONFIGURATION_ONLY' }]);
  });

  it('checks colours and icon names', async () => {
    const res = await admin({ method: 'POST', url: E, ...json({ code: 'notes', color: 'red', textColor: '#12345g', icon: '<b>x</b>' }) });
    expect(res.json().errors).toEqual(
      expect.arrayContaining([
        { field: 'color', message: 'INVALID' },
        { field: 'textColor', message: 'INVALID' },
        { field: 'icon', message: 'INVALID_FORMAT' },
      ]),
    );
  });

  it('is for administrators only; the manager keeps the scheduler but not icons, entity conf or the registry', async () => {
    expect((await manager({ method: 'GET', url: E })).statusCode).toBe(403);
    expect((await manager({ method: 'POST', url: E, ...json({ code: 'notices', menuVisible: false }) })).statusCode).toBe(403);
    const routes = await visible(manager);
    expect(routes.has('scheduler')).toBe(true);
    for (const adminOnly of ['icons', 'entityconf', 'sysregistry']) expect(routes.has(adminOnly), adminOnly).toBe(false);
    const adminRoutes = await visible();
    for (const route of ['scheduler', 'icons', 'entityconf', 'sysregistry']) expect(adminRoutes.has(route), route).toBe(true);
  });
});
