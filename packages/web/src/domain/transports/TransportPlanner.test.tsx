import type { EntityConf } from '@circula/model';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { AppProviders } from '../../app/AppProviders';
import type { ListRecord } from '../../records/list/list-api';
import { page, signedInAsAdmin, stubServer, type StubCall, type StubReply } from '../../test/harness';
import { PlanTransportButton } from '.';

const conf = (route: string) => ({ route, canRead: true, canCreate: true, canWrite: true, canDelete: true, menu: { label: '' } }) as unknown as EntityConf;
const ROUTES = ['transport', 'movement-requests', 'rdr', 'subjects', 'vehicles', 'warehouse', 'waste', 'area'];

const requestRow = (id: number, status: string, estimatedKg: number, destination: number): ListRecord => ({
  id,
  code: `RIC-00000${id}`,
  status,
  updatedAt: null,
  version: 1,
  kind: 'RDR',
  requester: 50,
  pickupPoint: 60 + id,
  destination,
  wishedFrom: '2026-03-05',
  wishedTo: '2026-03-07',
  estimatedKg,
});

const R1 = requestRow(1, 'ACCEPTED', 4000, 9);
const R2 = requestRow(2, 'ACCEPTED', 3000, 9);
const R3 = requestRow(3, 'SUBMITTED', 500, 9);
const R4 = requestRow(4, 'ACCEPTED', 800, 7);
const VEHICLE = { id: 5, code: 'VEI-000005', plate: 'AB123CD', capacityKg: 5000 };

type PostAnswer = (call: StubCall) => StubReply;

function serve(post: PostAnswer): StubCall[] {
  return stubServer((call) => {
    if (call.path === '/api/entityconf/visible') return { body: { data: ROUTES.map(conf) } };
    if (call.path === '/api/transactions/movement-requests') return { body: { data: page([R1, R2, R4]) } };
    const one = /^\/api\/transactions\/movement-requests\/(\d+)$/.exec(call.path);
    if (one) return { body: { data: { id: Number(one[1]), lines: [{ waste: 300 }] } } };
    if (call.path === '/api/areas/area') return { body: { data: page([{ id: 3, name: 'Bergamo', warehouses: [61, 62] }]) } };
    if (call.path === '/api/subjects/subjects') return { body: { data: page([{ id: 50, code: 'SOG-000050', name: 'Rossi S.r.l.' }]) } };
    if (call.path === '/api/warehouses/warehouse') return { body: { data: page([61, 62, 64, 9, 7].map((id) => ({ id, code: `MAG-0000${id}`, name: `Magazzino ${id}` }))) } };
    if (call.path === '/api/waste/waste') return { body: { data: page([{ id: 300, code: '200301', displayCode: '20 03 01', description: 'rifiuti urbani' }]) } };
    if (call.path === '/api/vehicles/vehicles') return { body: { data: page([VEHICLE]) } };
    if (call.path === '/api/transports/transport' && call.method === 'POST') return post(call);
    return undefined;
  });
}

const violation = (errors: { field: string; message: string }[]): StubReply => ({
  status: 400,
  body: { errorCode: 'CONSTRAINT_VIOLATION', errorMessage: 'CONSTRAINT_VIOLATION', errors },
});

/** The requests list with the planner's button, the selection as given; the transport page after a create. */
function renderList(selected: ListRecord[]) {
  const router = createMemoryRouter(
    [
      { path: '/rdr', element: <PlanTransportButton route="rdr" selected={selected} /> },
      { path: '/transport/:id', element: <p data-testid="transport-page">transport</p> },
    ],
    { initialEntries: ['/rdr'] },
  );
  render(
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return router;
}

async function openPlanner(selected: ListRecord[]) {
  const router = renderList(selected);
  fireEvent.click(await screen.findByTestId('plan-transport', {}, { timeout: 15_000 }));
  await screen.findByTestId('planner-stops', {}, { timeout: 15_000 });
  return router;
}

// by test id and label: role queries compute every element's accessible name, slow on the drawer's DOM in jsdom
const stopItems = () => [...screen.getByTestId('planner-stops').querySelectorAll<HTMLElement>(':scope > li')];
const stopNames = () => stopItems().map((item) => item.getAttribute('aria-label'));

describe('transport planner', { timeout: 60_000 }, () => {
  signedInAsAdmin();

  it('starts from the accepted requests selected in the list, delivered together at their destination', async () => {
    serve(() => ({ status: 201, body: { data: { id: 42, code: 'TRA-000042' } } }));
    await openPlanner([R1, R2, R3]);
    expect(stopNames()).toEqual(['Tappa 1: Ritiro RIC-000001', 'Tappa 2: Ritiro RIC-000002', 'Tappa 3: Consegna']);
    expect(screen.getByTestId('planner-skipped').textContent).toContain('Una richiesta selezionata non è accettata');
    // the delivery goes to the requests' destination and unloads both
    const delivery = stopItems()[2]!;
    await waitFor(() => expect((within(delivery).getByLabelText('Destinazione della tappa 3') as HTMLInputElement).value).toBe('MAG-00009 — Magazzino 9'));
    expect(within(delivery).getByTestId('planner-stop-unloads').textContent).toBe('Scarica: RIC-000001, RIC-000002');
    // the list of requests shows them in the trip, and adds another one
    const add1 = await screen.findByLabelText('Aggiungi RIC-000001 al viaggio');
    expect((add1 as HTMLInputElement).checked).toBe(true);
    fireEvent.click(screen.getByLabelText('Aggiungi RIC-000004 al viaggio'));
    expect(stopNames()).toEqual(['Tappa 1: Ritiro RIC-000001', 'Tappa 2: Ritiro RIC-000002', 'Tappa 3: Ritiro RIC-000004', 'Tappa 4: Consegna', 'Tappa 5: Consegna']);
    expect(within(stopItems()[4]!).getByTestId('planner-stop-unloads').textContent).toBe('Scarica: RIC-000004');
  });

  it('reorders the stops with the keyboard buttons, the focus following the stop', async () => {
    serve(() => ({ status: 201, body: { data: { id: 42, code: 'TRA-000042' } } }));
    await openPlanner([R1, R2]);
    fireEvent.click(screen.getByLabelText('Sposta giù la tappa 1'));
    expect(stopNames()).toEqual(['Tappa 1: Ritiro RIC-000002', 'Tappa 2: Ritiro RIC-000001', 'Tappa 3: Consegna']);
    expect(document.activeElement?.getAttribute('aria-label')).toBe('Sposta giù la tappa 2');
    expect(screen.getByLabelText('Sposta su la tappa 1')).toHaveProperty('disabled', true);
    // the delivery before the second pickup: that load has no delivery left
    fireEvent.click(screen.getByLabelText('Sposta su la tappa 3'));
    expect(stopNames()).toEqual(['Tappa 1: Ritiro RIC-000002', 'Tappa 2: Consegna', 'Tappa 3: Ritiro RIC-000001']);
    expect(within(stopItems()[2]!).getByTestId('planner-stop-warnings').textContent).toBe('Nessuna tappa di consegna segue questo ritiro.');
    expect(stopItems().map((item) => within(item).getByTestId('planner-load').getAttribute('data-kg'))).toEqual(['3000', '0', '4000']);
  });

  it('shows the load on board against the vehicle payload, red above 100 %', async () => {
    serve(() => ({ status: 201, body: { data: { id: 42, code: 'TRA-000042' } } }));
    await openPlanner([R1, R2]);
    fireEvent.change(screen.getByLabelText('Veicolo'), { target: { value: 'AB123' } });
    fireEvent.click(await screen.findByText('VEI-000005'));
    expect((await screen.findByTestId('planner-payload')).textContent).toBe('Portata: 5.000 kg · AB123CD');
    const bars = stopItems().map((item) => within(item).getByTestId('planner-load'));
    await waitFor(() => expect(bars.map((bar) => bar.getAttribute('data-over'))).toEqual(['false', 'true', 'false']));
    expect(bars[1]!.textContent).toContain('A bordo dopo la tappa 2: 7.000 kg / 5.000 kg · oltre la portata');
    expect(bars[1]!.textContent).toContain('140 %');
    expect(bars[1]!.querySelector('.ant-progress-status-exception')).not.toBeNull();
    expect(bars[0]!.querySelector('.ant-progress-status-exception')).toBeNull();
  });

  it('shows the server errors next to the stop and the field they name, and they follow the stop', async () => {
    const calls = serve(() =>
      violation([
        { field: 'transporter', message: 'ALBO_EXPIRED' },
        { field: 'stops.1.request', message: 'REQUEST_IN_OTHER_TRANSPORT' },
        { field: 'stops.2.warehouse', message: 'NOT_AUTHORISED_AT_DESTINATION' },
      ]),
    );
    await openPlanner([R1, R2]);
    fireEvent.click(screen.getByTestId('planner-create'));
    expect((await screen.findByTestId('planner-errors-planner-transporter')).textContent).toBe(
      "L'iscrizione all'Albo Gestori Ambientali del trasportatore non è valida alla data del trasporto (scaduta o non ancora in vigore).",
    );
    const post = calls.find((c) => c.method === 'POST')!;
    expect(post.body).toMatchObject({
      transporter: null,
      vehicle: null,
      stops: [
        { kind: 'PICKUP', request: 1 },
        { kind: 'PICKUP', request: 2 },
        { kind: 'DELIVERY', warehouse: 9, request: null },
      ],
    });
    const [first, second, third] = stopItems();
    expect(within(first!).queryByTestId('planner-stop-errors')).toBeNull();
    expect(within(second!).getByTestId('planner-stop-errors').textContent).toBe('La richiesta è già in un altro trasporto.');
    expect(within(third!).getByTestId('planner-errors-planner-stop-' + third!.getAttribute('data-key') + '-warehouse').textContent).toContain(
      'non è autorizzata',
    );
    expect(screen.getByTestId('planner-not-created')).toBeTruthy();
    // moved up, the stop keeps its error
    fireEvent.click(screen.getByLabelText('Sposta su la tappa 2'));
    expect(within(stopItems()[0]!).getByTestId('planner-stop-errors').textContent).toBe('La richiesta è già in un altro trasporto.');
    expect(within(stopItems()[1]!).queryByTestId('planner-stop-errors')).toBeNull();
  });

  it('opens the created transport', async () => {
    serve(() => ({ status: 201, body: { data: { id: 42, code: 'TRA-000042' } } }));
    const router = await openPlanner([R1]);
    fireEvent.click(screen.getByTestId('planner-create'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/transport/42'), { timeout: 10_000 });
  });

  it('opens its guided tour with its "?" on the first step, above the drawer, and Escape leaves the planner open', async () => {
    serve(() => ({ status: 201, body: { data: { id: 42, code: 'TRA-000042' } } }));
    await openPlanner([R1, R2]);
    await screen.findByTestId('planner-requests');
    fireEvent.click(screen.getByTestId('planner-tour'));
    expect((await screen.findByTestId('tour-counter')).textContent).toBe('1 / 6');
    expect(screen.getByTestId('tour-title').textContent).toBe('Richieste da pianificare');
    // the keys go to the tour's panel, inside the drawer (its focus trap, its Escape)
    expect(screen.getByTestId('tour').contains(document.activeElement)).toBe(true);
    expect(screen.getByTestId('transport-planner').contains(screen.getByTestId('tour'))).toBe(true);
    // antd's drawers are at 1000: the mask above, the highlighted requests above the mask
    const mask = Number(screen.getByTestId('tour-mask').style.zIndex);
    expect(mask).toBeGreaterThan(1000);
    expect(Number(screen.getByTestId('planner-requests').style.zIndex)).toBe(mask + 1);
    fireEvent.keyDown(document.activeElement ?? document.body, { key: 'ArrowRight' });
    expect(screen.getByTestId('tour-counter').textContent).toBe('2 / 6');
    expect(Number(screen.getByTestId('planner-trip-fields').style.zIndex)).toBe(mask + 1);
    expect(screen.getByTestId('planner-requests').style.zIndex).toBe('');
    fireEvent.keyDown(document.activeElement ?? document.body, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByTestId('tour')).toBeNull());
    expect(screen.getByTestId('planner-trip-fields').style.zIndex).toBe('');
    // the tour closed, not the planner: no "close without creating?" question
    expect(screen.queryByText('Chiudere senza creare il trasporto?')).toBeNull();
    expect(screen.getByTestId('planner-stops')).toBeTruthy();
  });
});
