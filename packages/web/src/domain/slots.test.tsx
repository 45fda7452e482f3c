import type { EntityConf } from '@circula/model';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../app/AppProviders';
import { areaRoutes } from '../records/area-routes';
import { RecordPage } from '../records/form/RecordPage';
import { RecordListPage } from '../records/list/RecordListPage';
import { page, signedInAsAdmin, stubServer, type StubCall, type StubReply } from '../test/harness';
import { SlotRegistryContext } from '.';
import { createSlotRegistry, type AreaPageProps, type WebDomainModule } from './slots';

const conf = (route: string, canRead = true) =>
  ({ route, canRead, canCreate: canRead, canWrite: canRead, canDelete: canRead, menu: { label: '' } }) as unknown as EntityConf;

const tag = {
  id: 7,
  code: 'TAG-000007',
  status: null,
  version: 2,
  rootId: null,
  parentId: null,
  canWrite: true,
  allowedStatuses: [],
  delete: { deleted: false, deletedAt: null, deletedBy: null },
  name: 'Urgente',
  translations: null,
  icon: null,
  overlayIcon: null,
  selectable: true,
  itemId: null,
};

/** A probe module: one of each slot on the tags route, each showing what the controller hands it. */
const probe: WebDomainModule = {
  name: 'probe',
  routes: {
    tags: {
      tabs: [{ key: 'probe-tab', label: { it: 'Scheda sonda', en: 'Probe tab' }, render: ({ controller }) => <p data-testid="probe-tab-body">tab of {controller.current?.code}</p> }],
      sections: [{ key: 'probe', render: ({ controller }) => <p data-testid="probe-section">section in {controller.formMode}</p> }],
      recordActions: [
        {
          key: 'probe-action',
          button: ({ controller }, t) =>
            controller.current ? { key: 'probe-action', label: `${t('RECORD.ACTIONS.EDIT')} ${controller.current.code}`, icon: null, onClick: controller.edit, testId: 'probe-action' } : null,
        },
      ],
      listActions: [{ key: 'probe-list', render: ({ target, conf: c }) => <span data-testid="probe-list-action">{`${target.route}:${c?.canCreate}`}</span> }],
      virtualFolderTabPreference: 'probeFolderTab',
    },
  },
};

function serve(extra: (call: StubCall) => StubReply | undefined = () => undefined) {
  return stubServer((call) => {
    if (call.path === '/api/entityconf/visible') return { body: { data: [conf('tags')] } };
    if (call.path === '/api/conf/tags/7') return { body: { data: tag } };
    if (call.path === '/api/conf/tags') return { body: { data: page([]) } };
    return extra(call);
  });
}

function renderRoutes(routes: RouteObject[], path: string, modules: WebDomainModule[] = [probe]) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  render(
    <AppProviders>
      <SlotRegistryContext.Provider value={createSlotRegistry(modules)}>
        <RouterProvider router={router} />
      </SlotRegistryContext.Provider>
    </AppProviders>,
  );
  return router;
}

const recordRoutes = (): RouteObject[] => [
  { path: '/tags/:id', element: <RecordPage route="tags" mode="show" /> },
  { path: '/tags/:id/edit', element: <RecordPage route="tags" mode="edit" /> },
  { path: '/tags/:id/virtual-folder/:back', element: <RecordPage route="tags" mode="virtual-folder" /> },
];

describe('web domain modules: page slots', { timeout: 30_000 }, () => {
  signedInAsAdmin();

  it('renders a module\u2019s tab, section and toolbar action in the real record page of its route', async () => {
    serve();
    const router = renderRoutes(recordRoutes(), '/tags/7');
    expect((await screen.findByTestId('probe-section')).textContent).toContain('section in show');
    // the form is the first tab, the module's tab follows it
    const tabs = screen.getByTestId('record-tabs');
    expect(within(tabs).getAllByRole('tab').map((t) => t.textContent)).toEqual(['Dati', 'Scheda sonda']);
    expect(screen.queryByTestId('probe-tab-body')).toBeNull();
    fireEvent.click(within(tabs).getByRole('tab', { name: 'Scheda sonda' }));
    expect((await screen.findByTestId('probe-tab-body')).textContent).toContain('tab of TAG-000007');
    // the action comes after the generic buttons and works through the page's controller
    const toolbar = screen.getByTestId('record-toolbar');
    const action = within(toolbar).getByTestId('probe-action');
    expect(action.textContent).toContain('Modifica TAG-000007');
    fireEvent.click(action);
    await waitFor(() => expect(router.state.location.pathname).toBe('/tags/7/edit'));
  });

  it('shows no tabs and no extra parts on a route no module touches', async () => {
    serve();
    renderRoutes(recordRoutes(), '/tags/7', []);
    expect((await screen.findByTestId('record-title')).textContent).toContain('TAG-000007');
    expect(screen.queryByTestId('record-tabs')).toBeNull();
    expect(screen.queryByTestId('probe-section')).toBeNull();
    expect(screen.queryByTestId('probe-action')).toBeNull();
  });

  it('opens a virtual folder on the tab kept in the preferences and keeps the tab chosen there', async () => {
    const calls = serve((call) => {
      if (call.path === '/api/conf/user/settings/findByUserId/1') return { body: { data: { preferences: { probeFolderTab: 'probe-tab' } } } };
      if (call.method === 'PUT' && call.path === '/api/conf/user/settings/1/probeFolderTab/') return { body: { data: null } };
      return undefined;
    });
    renderRoutes(recordRoutes(), '/tags/7/virtual-folder/tags');
    await screen.findByTestId('probe-tab-body');
    expect(screen.getByRole('tab', { name: 'Scheda sonda' }).getAttribute('aria-selected')).toBe('true');
    fireEvent.click(screen.getByRole('tab', { name: 'Dati' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT' && c.path === '/api/conf/user/settings/1/probeFolderTab/')).toBe(true));
    expect(screen.getByRole('tab', { name: 'Dati' }).getAttribute('aria-selected')).toBe('true');
  });

  it('opens the record page itself on the form, whatever the virtual-folder preference', async () => {
    const calls = serve((call) =>
      call.path === '/api/conf/user/settings/findByUserId/1' ? { body: { data: { preferences: { probeFolderTab: 'probe-tab' } } } } : undefined,
    );
    renderRoutes(recordRoutes(), '/tags/7');
    await screen.findByTestId('probe-section');
    expect(screen.getByRole('tab', { name: 'Dati' }).getAttribute('aria-selected')).toBe('true');
    expect(calls.some((c) => c.path.startsWith('/api/conf/user/settings'))).toBe(false);
  });

  it('renders a module\u2019s list action in the list toolbar', async () => {
    serve();
    renderRoutes([{ path: '/tags', element: <RecordListPage route="tags" /> }], '/tags');
    expect((await screen.findByTestId('probe-list-action')).textContent).toContain('tags:true');
  });

  it('puts a module\u2019s page in place of the generic ones behind the area guard, loading it only when allowed', async () => {
    const load = vi.fn(async () => ({ route, mode, rights }: AreaPageProps) => (
      <p data-testid="replacement">{`${route} ${mode} ${rights.canWrite}`}</p>
    ));
    const replacing: WebDomainModule = { name: 'replacing', routes: { tags: { page: { load } } } };
    const routes = areaRoutes(createSlotRegistry([replacing])).filter((r) => r.path === 'tags');
    serve();
    renderRoutes([{ path: '/', children: routes }], '/tags/7/edit', [replacing]);
    expect((await screen.findByTestId('replacement')).textContent).toContain('tags edit true');
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('answers 403 without loading a replacement page the user may not read', async () => {
    const load = vi.fn(async () => () => <p data-testid="replacement" />);
    const replacing: WebDomainModule = { name: 'replacing', routes: { tags: { page: { load } } } };
    stubServer((call) => (call.path === '/api/entityconf/visible' ? { body: { data: [conf('tags', false)] } } : undefined));
    renderRoutes([{ path: '/', children: areaRoutes(createSlotRegistry([replacing])).filter((r) => r.path === 'tags') }], '/tags', [replacing]);
    await screen.findByTestId('area-forbidden');
    expect(load).not.toHaveBeenCalled();
  });
});

describe('slot registry', () => {
  const section = (key: string) => ({ key, render: () => null });

  it('adds the modules\u2019 slots of a route in module order', () => {
    const registry = createSlotRegistry([
      { name: 'a', routes: { tags: { sections: [section('one')] } } },
      { name: 'b', routes: { tags: { sections: [section('two')] }, users: { page: { load: async () => () => null } } } },
    ]);
    expect(registry.route('tags').sections.map((s) => s.key)).toEqual(['one', 'two']);
    expect(registry.route('vehicles')).toEqual({ tabs: [], sections: [], recordActions: [], listActions: [] });
    expect(registry.replacedRoutes()).toEqual(['users']);
  });

  it('refuses two pages for one route, two slots with one key, and a tab named like the form', () => {
    const load = async () => () => null;
    expect(() => createSlotRegistry([{ name: 'a', routes: { tags: { page: { load } } } }, { name: 'b', routes: { tags: { page: { load } } } }])).toThrow(
      /"a" and "b" both set page of route "tags"/,
    );
    expect(() => createSlotRegistry([{ name: 'a', routes: { tags: { sections: [section('x'), section('x')] } } }])).toThrow(/two sections "x"/);
    expect(() => createSlotRegistry([{ name: 'a', routes: { tags: { tabs: [{ key: 'data', label: { it: 'D', en: 'D' }, render: () => null }] } } }])).toThrow(/two tabs "data"/);
  });
});
