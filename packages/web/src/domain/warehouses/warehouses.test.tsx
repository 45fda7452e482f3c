import { CATALOGUE, type EntityConf } from '@circula/model';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../app/AppProviders';
import { queryClient } from '../../app/query-client';
import type { RecordData } from '../../records/form/record-api';
import { RecordEditor } from '../../records/form/RecordEditor';
import type { RecordController } from '../../records/form/useRecordController';
import { ADMIN_USER, signedInAsAdmin, tableValue } from '../../test/harness';
import { aRecord } from '../../test/records';
import type { RecordSlotContext } from '../slots';
import { warehouses } from '.';
import { balanceOf, treatmentBalance } from './treatment-balance';
import { TreatmentBalanceSummary } from './TreatmentBalanceSummary';

const LEDGER = CATALOGUE.target('warehouse-movements')!;
const FULL = { canCreate: true, canWrite: true, canDelete: true };

/** The user's areas as the record page loaded them (useReadableRoutes' cache). */
function abilities(routes: Record<string, Partial<EntityConf>>) {
  queryClient.setQueryData(
    ['entityconf', 'visible', ADMIN_USER.id, 'it'],
    Object.entries(routes).map(([route, conf]) => ({ route, canRead: true, canCreate: true, canWrite: true, canDelete: true, menu: { label: '' }, ...conf })),
  );
}

const context = (controller: Partial<RecordController>): RecordSlotContext => ({ target: LEDGER, controller: controller as RecordController });

const ledgerRow = (values: Partial<RecordData> = {}): RecordData =>
  aRecord({
    id: 101,
    code: 'MOV-000101',
    warehouse: 7,
    registerYear: 2026,
    registerNumber: 12,
    registeredAt: '2026-03-02T09:00:00.000Z',
    causal: 'LOAD_PICKUP',
    movement: 'C',
    operationDate: '2026-03-02T08:00:00.000Z',
    waste: 300,
    material: null,
    quantityKg: 500,
    source: 'MANUAL',
    corrects: null,
    canWrite: false,
    ...values,
  });

/** A server for the ledger's pages: the corrected row, its references and lookups; the created correction. */
function serve() {
  const posted: Record<string, unknown>[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), 'http://localhost');
      const reply = (data: unknown) => new Response(JSON.stringify({ data }), { status: 200, headers: { 'Content-Type': 'application/json' } });
      if (url.pathname === '/api/warehouses/warehouse-movements' && init?.method === 'POST') {
        posted.push(JSON.parse(String(init.body)) as Record<string, unknown>);
        return reply(ledgerRow({ id: 102, movement: 'S', corrects: 101 }));
      }
      if (url.pathname === '/api/warehouses/warehouse-movements/101') return reply(ledgerRow());
      if (url.pathname === '/api/conf/tables/tablevalue') {
        return reply({ items: [tableValue('MOVEMENT_CAUSAL', 'LOAD_PICKUP', 'Carico da ritiro presso il produttore', 'Load from a pickup', { alpha1: 'C', flag1: true })], total: 1, page: 0, size: 1 });
      }
      if (url.pathname === '/api/warehouses/warehouse') return reply({ items: [{ id: 7, code: 'MAG-000007', name: 'CDR Bergamo' }], total: 1, page: 0, size: 1 });
      if (url.pathname === '/api/waste/waste') return reply({ items: [{ id: 300, code: '150106', displayCode: '15 01 06', description: 'imballaggi in materiali misti' }], total: 1, page: 0, size: 1 });
      return reply({ items: [], total: 0, page: 0, size: 0 });
    }),
  );
  return posted;
}

function renderLedger(path: string, record: RecordData | null) {
  const router = createMemoryRouter(
    [
      { path: '/warehouse-movements/new', element: <RecordEditor key="new" target={LEDGER} conf={FULL} mode="new" record={null} goBack={() => {}} /> },
      { path: '/warehouse-movements/:id', element: <RecordEditor key="show" target={LEDGER} conf={FULL} mode="show" record={record} goBack={() => {}} /> },
    ],
    { initialEntries: [path] },
  );
  render(
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return router;
}

describe('warehouse pages', { timeout: 30_000 }, () => {
  signedInAsAdmin();

  it('shows the register and stock tabs on a saved warehouse to whoever may read the ledger', () => {
    const tabs = warehouses.routes['warehouses-cdr']!.tabs!;
    expect(tabs.map((tab) => tab.label.it)).toEqual(['Registro di carico e scarico', 'Giacenze']);
    const saved = context({ current: aRecord({ id: 7 }) });
    abilities({ 'warehouses-cdr': {}, 'warehouse-movements': {} });
    expect(tabs.map((tab) => tab.visible!(saved))).toEqual([true, true]);
    expect(tabs.map((tab) => tab.visible!(context({ current: null })))).toEqual([false, false]);
    abilities({ 'warehouses-cdr': {} });
    expect(tabs.map((tab) => tab.visible!(saved))).toEqual([false, false]);
    for (const route of ['warehouse', 'warehouses-pdp', 'warehouses-service']) expect(warehouses.routes[route]!.tabs).toBe(tabs);
  });

  it('offers "Rettifica" on a ledger row, not on a correction nor to a user who cannot create rows', () => {
    const [action] = warehouses.routes['warehouse-movements']!.recordActions!;
    const t = (key: string) => key;
    abilities({ 'warehouse-movements': {} });
    expect(action!.button(context({ current: ledgerRow(), formMode: 'show' }), t)).toMatchObject({ testId: 'ledger-correct', label: 'WAREHOUSES.LEDGER.CORRECT' });
    expect(action!.button(context({ current: ledgerRow({ corrects: 99 }), formMode: 'show' }), t)).toBeNull();
    abilities({ 'warehouse-movements': { canCreate: false } });
    expect(action!.button(context({ current: ledgerRow(), formMode: 'show' }), t)).toBeNull();
  });

  it('opens the correction of a row prefilled with it, and posts it naming the corrected row', async () => {
    abilities({ 'warehouse-movements': {}, warehouse: {}, waste: {} });
    const posted = serve();
    const router = renderLedger('/warehouse-movements/101', ledgerRow());

    fireEvent.click(await screen.findByTestId('ledger-correct'));
    await waitFor(() => expect(`${router.state.location.pathname}${router.state.location.search}`).toBe('/warehouse-movements/new?corrects=101'));
    const notice = await screen.findByTestId('ledger-correction');
    expect(notice.textContent).toContain('Rettifica della registrazione n. 12 del registro 2026');

    const save = screen.getByTestId('record-save') as HTMLButtonElement;
    await waitFor(() => expect(save.disabled).toBe(false));
    fireEvent.click(save);
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]).toMatchObject({ corrects: 101, warehouse: 7, causal: 'LOAD_PICKUP', waste: 300, quantityKg: 500 });
    expect(Date.parse(String(posted[0]!.operationDate))).toBeLessThanOrEqual(Date.now());
  });
});

describe('treatment balance', () => {
  it('computes the balance from the lines as typed, against the declared loss', () => {
    expect(treatmentBalance({ inputs: [{ quantityKg: 500 }, { quantityKg: 300 }], outputs: [{ quantityKg: 780 }], declaredLossPct: 5 })).toEqual({
      inputKg: 800,
      outputKg: 780,
      lossKg: 20,
      lossPct: 2.5,
      allowedPct: 5,
      minKg: 760,
      maxKg: 800,
      balanced: true,
    });
    // text still being typed counts as nothing; the server's decimals are read
    expect(treatmentBalance({ inputs: [{ quantityKg: '800.000' }, { quantityKg: '12,' }], outputs: [], declaredLossPct: '0' })).toMatchObject({ inputKg: 800, outputKg: 0, balanced: false });
    expect(treatmentBalance({ inputs: [{}], outputs: [{ quantityKg: 5 }] })).toBeNull();
    expect(balanceOf(800, 800.0004, 0)!.balanced).toBe(true);
    expect(balanceOf(800, 801, 5)!.balanced).toBe(false);
  });

  it('says the balance and the allowed loss in Italian, red outside the window', async () => {
    const controller = (outputKg: number) =>
      ({ readOnly: false, current: null, values: { inputs: [{ quantityKg: 800 }], outputs: [{ quantityKg: outputKg }], declaredLossPct: 5 } }) as unknown as RecordController;
    const { rerender } = render(
      <AppProviders>
        <TreatmentBalanceSummary controller={controller(780)} />
      </AppProviders>,
    );
    expect(screen.getByTestId('treatment-balance').textContent).toBe('Ingresso 800 kg · Uscita 780 kg · Calo 20 kg (2,5 %) — ammesso fino al 5 %');
    expect(screen.getByTestId('treatment-balance').getAttribute('data-balanced')).toBe('true');

    rerender(
      <AppProviders>
        <TreatmentBalanceSummary controller={controller(700)} />
      </AppProviders>,
    );
    const summary = screen.getByTestId('treatment-balance');
    expect(summary.getAttribute('data-balanced')).toBe('false');
    expect(summary.textContent).toContain("Fuori bilancio: con un calo dichiarato del 5 % l'uscita deve stare tra 760 e 800 kg.");
  });
});
