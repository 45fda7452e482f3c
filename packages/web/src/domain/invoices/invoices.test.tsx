import { CATALOGUE, type EntityConf, todayInItaly } from '@circula/model';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { AppProviders } from '../../app/AppProviders';
import { queryClient } from '../../app/query-client';
import type { RecordData } from '../../records/form/record-api';
import { RecordEditor } from '../../records/form/RecordEditor';
import type { RecordController } from '../../records/form/useRecordController';
import { FILTERS_PARAM, parseListFilters } from '../../records/list/list-url';
import { ADMIN_USER, page, signedInAsAdmin, stubServer, tableValue, type StubCall } from '../../test/harness';
import { aRecord } from '../../test/records';
import type { RecordSlotContext } from '../slots';
import { invoices } from '.';
import { collectedInvoiceId, collectionPath, overdueDays, overdueFilters, showsOverdue } from './invoice-rules';
import { OverdueFilterButton } from './OverdueFilterButton';
import { collectionValues, paymentState } from './payment-state';
import { PaymentStateSection } from './PaymentStateSection';

const INVOICES = CATALOGUE.target('invoices')!;
const MOVEMENTS = CATALOGUE.target('account-movements')!;
const FULL = { canCreate: true, canWrite: true, canDelete: true };
const NBSP = '\u00a0';

const invoice = (values: Partial<RecordData> = {}): RecordData =>
  aRecord({
    id: 5,
    code: 'FAT-000005',
    status: 'ISSUED',
    documentType: 'TD01',
    documentNumber: '12/A',
    issueDate: '2026-02-28',
    dueDate: '2026-03-30',
    customer: 10,
    paymentType: 'BONIFICO',
    taxable: 1000.25,
    vat: 220.06,
    total: 1220.31,
    payable: 1220.31,
    paidAmount: 220.1,
    paymentStatus: 'PARTIALLY_PAID',
    canWrite: false,
    ...values,
  });

/** The user's areas as the record page loaded them (useReadableRoutes' cache). */
function abilities(routes: Record<string, Partial<EntityConf>>) {
  queryClient.setQueryData(
    ['entityconf', 'visible', ADMIN_USER.id, 'it'],
    Object.entries(routes).map(([route, conf]) => ({ route, canRead: true, canCreate: true, canWrite: true, canDelete: true, menu: { label: '' }, ...conf })),
  );
}

const context = (controller: Partial<RecordController>): RecordSlotContext => ({ target: INVOICES, controller: { formMode: 'show', navigate: () => {}, ...controller } as RecordController });
const buttons = (record: RecordData | null, formMode: RecordController['formMode'] = 'show') =>
  invoices.routes.invoices!.recordActions!.map((action) => action.button(context({ current: record, formMode }), (key) => key)?.testId ?? null).filter(Boolean);

describe('invoice rules', () => {
  it('counts an invoice overdue from the day after its due date while money is still expected', () => {
    const open = invoice({ dueDate: '2026-03-30', paymentStatus: 'TO_PAY' });
    expect(overdueDays(open, '2026-03-30')).toBeNull();
    expect(overdueDays(open, '2026-03-31')).toBe(1);
    // across the change to summer time (29 March 2026) and a month end: calendar days
    expect(overdueDays(invoice({ dueDate: '2026-03-28', paymentStatus: 'PARTIALLY_PAID' }), '2026-04-02')).toBe(5);
    expect(overdueDays(invoice({ status: 'SENT', dueDate: '2025-12-31', paymentStatus: 'TO_PAY' }), '2026-03-01')).toBe(60);
    expect(overdueDays(invoice({ status: 'PAID', dueDate: '2026-01-01', paymentStatus: 'PAID' }), '2026-03-01')).toBeNull();
    expect(overdueDays(invoice({ status: 'DRAFT', dueDate: '2026-01-01', paymentStatus: null }), '2026-03-01')).toBeNull();
    expect(overdueDays(invoice({ status: 'CANCELLED', dueDate: '2026-01-01', paymentStatus: 'TO_PAY' }), '2026-03-01')).toBeNull();
    expect(overdueDays(invoice({ dueDate: null, paymentStatus: 'TO_PAY' }), '2026-03-01')).toBeNull();
  });

  it('tells the payment state with exact amounts: overdue, paid, or nothing on a draft', () => {
    // 1220.31 − 220.1 is 1000.2099999999999 in floating point
    expect(paymentState(invoice(), '2026-04-09')).toEqual({ payable: '1220.31', collected: '220.10', remaining: '1000.21', tag: { kind: 'OVERDUE', days: 10 } });
    expect(paymentState(invoice(), '2026-03-30')!.tag).toBeNull();
    expect(paymentState(invoice({ status: 'PAID', paymentStatus: 'PAID', paidAmount: 1220.31 }), '2026-04-09')).toEqual({ payable: '1220.31', collected: '1220.31', remaining: '0.00', tag: { kind: 'PAID' } });
    expect(paymentState(invoice({ status: 'DRAFT', paymentStatus: null, paidAmount: null }), '2026-04-09')).toBeNull();
    expect(paymentState(invoice({ paidAmount: null, paymentStatus: 'TO_PAY' }), '2026-03-01')).toMatchObject({ collected: '0.00', remaining: '1220.31', tag: null });
  });

  it('prefills a collection with the invoice, what remains to collect to the cent and today', () => {
    expect(collectionValues(invoice(), '2026-04-09')).toEqual({ invoice: 5, amount: 1000.21, movementDate: '2026-04-09', paymentType: 'BONIFICO' });
    expect(collectionValues(invoice({ payable: 0.3, paidAmount: 0.1, paymentType: null }), '2026-04-09')).toEqual({ invoice: 5, amount: 0.2, movementDate: '2026-04-09' });
    expect(collectionValues(invoice({ paidAmount: 1220.31 }), '2026-04-09').amount).toBeNull();
    expect(collectionPath(5)).toBe('/account-movements/new?invoice=5');
    expect([collectedInvoiceId('5'), collectedInvoiceId('x'), collectedInvoiceId('0'), collectedInvoiceId(null)]).toEqual([5, null, null, null]);
  });

  it('filters the list to the invoices overdue today', () => {
    expect(overdueFilters('2026-04-09')).toEqual([
      { field: 'dueDate', op: 'lt', value: '2026-04-09' },
      { field: 'paymentStatus', op: 'in', value: ['TO_PAY', 'PARTIALLY_PAID'] },
      { field: 'status', op: 'in', value: ['ISSUED', 'SENT'] },
      { field: 'documentType', op: 'eq', value: 'TD01' },
    ]);
    expect(showsOverdue(overdueFilters('2026-01-01'))).toBe(true);
    expect(showsOverdue(overdueFilters('2026-01-01').slice(1))).toBe(false);
  });
});

describe('invoice pages', { timeout: 60_000 }, () => {
  signedInAsAdmin();

  it('offers the XML, print, credit note and collection on an issued invoice, each to whom it applies', () => {
    abilities({ invoices: {}, 'account-movements': {} });
    expect(buttons(invoice())).toEqual(['invoice-xml', 'invoice-pdf', 'invoice-credit-note', 'invoice-collect']);
    expect(buttons(invoice({ status: 'DRAFT', paymentStatus: null }))).toEqual([]);
    expect(buttons(invoice(), 'update')).toEqual([]);
    expect(buttons(null)).toEqual([]);
    // paid: no collection; a credit note itself is not credited again; cancelled: only its documents
    expect(buttons(invoice({ status: 'PAID', paymentStatus: 'PAID' }))).toEqual(['invoice-xml', 'invoice-pdf', 'invoice-credit-note']);
    expect(buttons(invoice({ documentType: 'TD04' }))).toEqual(['invoice-xml', 'invoice-pdf']);
    expect(buttons(invoice({ status: 'CANCELLED' }))).toEqual(['invoice-xml', 'invoice-pdf']);
    // who may not create invoices or collections does not see them
    abilities({ invoices: { canCreate: false }, 'account-movements': { canCreate: false } });
    expect(buttons(invoice())).toEqual(['invoice-xml', 'invoice-pdf']);
  });

  it('shows the run only to who may create invoices', () => {
    const [run] = invoices.routes.invoices!.listActions!;
    const list = (canCreate: boolean) => ({ target: INVOICES, conf: { canCreate } as EntityConf, selected: [], reload: () => {} });
    expect(run!.render(list(false))).toBeNull();
    expect(run!.render(list(true))).not.toBeNull();
  });

  it('shows what is due, collected and remaining, and how many days the invoice is overdue', () => {
    const { rerender } = render(
      <AppProviders>
        <PaymentStateSection invoice={invoice()} today="2026-04-09" />
      </AppProviders>,
    );
    expect(screen.getByTestId('invoice-payable').textContent).toBe(`1.220,31${NBSP}€`);
    expect(screen.getByTestId('invoice-collected').textContent).toBe(`220,10${NBSP}€`);
    expect(screen.getByTestId('invoice-remaining').textContent).toBe(`1.000,21${NBSP}€`);
    expect(screen.getByTestId('invoice-overdue').textContent).toBe('Scaduta da 10 giorni');

    rerender(
      <AppProviders>
        <PaymentStateSection invoice={invoice({ status: 'PAID', paymentStatus: 'PAID', paidAmount: 1220.31 })} today="2026-04-09" />
      </AppProviders>,
    );
    expect(screen.queryByTestId('invoice-overdue')).toBeNull();
    expect(screen.getByTestId('invoice-paid').textContent).toBe('Pagata');

    rerender(
      <AppProviders>
        <PaymentStateSection invoice={invoice({ status: 'DRAFT', paymentStatus: null })} today="2026-04-09" />
      </AppProviders>,
    );
    expect(screen.queryByTestId('invoice-payment-state')).toBeNull();
  });

  it('turns the overdue view of the list on and off through its URL filters, keeping the searched text', async () => {
    const router = createMemoryRouter([{ path: '/invoices', element: <OverdueFilterButton /> }], { initialEntries: [`/invoices?${FILTERS_PARAM}=${encodeURIComponent('{"query":"Rossi"}')}`] });
    render(
      <AppProviders>
        <RouterProvider router={router} />
      </AppProviders>,
    );
    const filters = () => parseListFilters(new URLSearchParams(router.state.location.search).get(FILTERS_PARAM));

    fireEvent.click(screen.getByTestId('invoice-overdue-filter'));
    await waitFor(() => expect(filters()).toEqual({ query: 'Rossi', filters: overdueFilters(todayInItaly()) }));
    expect(screen.getByTestId('invoice-overdue-filter').getAttribute('aria-pressed')).toBe('true');

    fireEvent.click(screen.getByTestId('invoice-overdue-filter'));
    await waitFor(() => expect(filters()).toEqual({ query: 'Rossi', filters: [] }));
  });

  it('creates a credit note once confirmed and opens it', async () => {
    abilities({ invoices: {}, 'account-movements': {} });
    const calls = stubServer((call: StubCall) => {
      if (call.method === 'POST' && call.path === '/api/invoices/invoices/5/credit-note') return { body: { data: invoice({ id: 77, status: 'DRAFT', documentType: 'TD04', documentNumber: null, creditedInvoice: 5 }) } };
      return { body: { data: page([]) } };
    });
    const router = createMemoryRouter(
      [
        { path: '/invoices/5', element: <RecordEditor target={INVOICES} conf={FULL} mode="show" record={invoice()} goBack={() => {}} /> },
        { path: '/invoices/:id', element: <p data-testid="credit-note-page" /> },
      ],
      { initialEntries: ['/invoices/5'] },
    );
    render(
      <AppProviders>
        <RouterProvider router={router} />
      </AppProviders>,
    );

    fireEvent.click(await screen.findByTestId('invoice-credit-note'));
    expect(await screen.findAllByText('Creare una nota di credito per la fattura 12/A?')).not.toHaveLength(0);
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
    fireEvent.click(screen.getByTestId('invoice-credit-note-confirm'));

    await screen.findByTestId('credit-note-page');
    expect(router.state.location.pathname).toBe('/invoices/77');
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.path)).toEqual(['/api/invoices/invoices/5/credit-note']);
    expect(queryClient.getQueryData(['record', 'invoices', 77])).toMatchObject({ id: 77, documentType: 'TD04' });
  });

  it('opens a collection prefilled with the invoice and what remains, and posts it', async () => {
    abilities({ invoices: {}, 'account-movements': {} });
    const calls = stubServer((call: StubCall) => {
      if (call.method === 'POST' && call.path === '/api/invoices/account-movements') return { body: { data: aRecord({ id: 90, invoice: 5, ...call.body }) } };
      if (call.path === '/api/invoices/invoices/5') return { body: { data: invoice() } };
      if (call.path === '/api/invoices/invoices') return { body: { data: page([invoice()]) } };
      if (call.path === '/api/conf/tables/tablevalue') return { body: { data: page([tableValue('PAYMENT_TYPE', 'BONIFICO', 'Bonifico', 'Bank transfer')]) } };
      return { body: { data: page([]) } };
    });
    const router = createMemoryRouter(
      [
        { path: '/invoices/:id', element: <RecordEditor key="show" target={INVOICES} conf={FULL} mode="show" record={invoice()} goBack={() => {}} /> },
        { path: '/account-movements/new', element: <RecordEditor key="new" target={MOVEMENTS} conf={FULL} mode="new" record={null} goBack={() => {}} /> },
        { path: '/account-movements/:id', element: <p data-testid="collection-saved" /> },
      ],
      { initialEntries: ['/invoices/5'] },
    );
    render(
      <AppProviders>
        <RouterProvider router={router} />
      </AppProviders>,
    );

    fireEvent.click(await screen.findByTestId('invoice-collect'));
    await waitFor(() => expect(`${router.state.location.pathname}${router.state.location.search}`).toBe('/account-movements/new?invoice=5'));
    expect((await screen.findByTestId('invoice-collection')).textContent).toContain(`Da incassare: 1.000,21${NBSP}€`);

    const save = screen.getByTestId('record-save') as HTMLButtonElement;
    await waitFor(() => expect(save.disabled).toBe(false));
    fireEvent.click(save);
    await waitFor(() => expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1));
    expect(calls.find((c) => c.method === 'POST')!.body).toMatchObject({ invoice: 5, amount: 1000.21, movementDate: todayInItaly(), paymentType: 'BONIFICO' });
    await screen.findByTestId('collection-saved');
  });
});
