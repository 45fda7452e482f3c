import { todayInItaly, calendarMonth } from '@circula/model';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../app/AppProviders';
import { signedInAsAdmin, stubServer, type StubCall } from '../../test/harness';

import type { RunResult } from './invoices-api';
import { InvoiceRun } from './InvoiceRunModal';

const NBSP = '\u00a0';

/** What a test line does not look at. */
const SOURCE = { waste: null, material: null, service: null, minimumCharge: null, sourceKind: 'FIR', sourceId: 1 } as const;

const PROPOSED: RunResult = {
  invoices: [
    {
      customerId: 10,
      customerName: 'Rossi S.r.l.',
      contractId: null,
      lines: [
        {
          ...SOURCE,
          description: 'Ritiro, trasporto e conferimento rifiuto EER 15 01 06 – imballaggi in materiali misti',
          workDate: '2026-02-03',
          reference: '000123/26',
          quantity: 1.25,
          unit: 'T',
          unitPrice: 120,
          amount: '150.00',
          vatCode: '22',
          pricelist: 'LST-ROSSI',
        },
        { ...SOURCE, description: 'Trasporto – trasporto TRA-000007', workDate: '2026-02-03', reference: 'TRA-000007', quantity: 1, unit: 'TRIP', unitPrice: 1084.5, amount: '1084.50', vatCode: '22', pricelist: 'LST-BASE' },
      ],
      taxable: '1234.50',
      vat: '271.59',
      total: '1506.09',
    },
    {
      customerId: 11,
      customerName: 'Bianchi S.p.A.',
      contractId: null,
      lines: [{ ...SOURCE, description: 'Conferimento al centro di raccolta', workDate: '2026-02-10', reference: 'CNF-000001', quantity: 100.1, unit: 'KG', unitPrice: 1, amount: '100.10', vatCode: '22', pricelist: 'LST-BASE' }],
      taxable: '100.10',
      vat: '22.02',
      total: '122.12',
    },
  ],
  skipped: [
    { customerId: 12, customerName: 'Verdi S.n.c.', reason: 'NO_PRICE', detail: 'EER 15 01 06 (2)' },
    { customerId: 13, customerName: 'Neri', reason: 'CUSTOMER_FISCAL_DATA', detail: null },
  ],
};

/** The server of the invoice run: the dry run proposes PROPOSED, the real run creates its drafts. */
function serve(answer?: (call: StubCall) => { status?: number; body: unknown } | undefined) {
  return stubServer((call) => {
    const custom = answer?.(call);
    if (custom) return custom;
    if (call.method === 'POST' && call.path === '/api/invoices/run') {
      if (call.body?.dryRun === true) return { body: { data: PROPOSED } };
      return { body: { data: { ...PROPOSED, invoices: PROPOSED.invoices.map((invoice, i) => ({ ...invoice, invoiceId: 500 + i })) } } };
    }
    return undefined;
  });
}

function renderRun() {
  const reload = vi.fn();
  render(
    <AppProviders>
      <InvoiceRun reload={reload} />
    </AppProviders>,
  );
  return reload;
}

const cells = (row: HTMLElement) => within(row).getAllByRole('cell').map((cell) => cell.textContent);
const runCalls = (calls: StubCall[]) => calls.filter((call) => call.path === '/api/invoices/run');

describe('invoice run', { timeout: 60_000 }, () => {
  signedInAsAdmin();

  it('simulates the previous month and shows the proposed invoices, their lines and the customers left out', async () => {
    const calls = serve();
    renderRun();
    fireEvent.click(screen.getByTestId('invoice-run'));
    await screen.findByTestId('invoice-run-modal');
    const create = screen.getByTestId('invoice-run-create') as HTMLButtonElement;
    expect(create.disabled).toBe(true);

    fireEvent.click(screen.getByTestId('invoice-run-simulate'));
    const row = await screen.findByTestId('invoice-run-row-10');
    expect(runCalls(calls)).toEqual([{ method: 'POST', path: '/api/invoices/run', body: { ...calendarMonth(todayInItaly(), 1), dryRun: true } }]);

    // the first cell is the row's expander
    expect(cells(row).slice(1)).toEqual(['Rossi S.r.l.', '2', `1.234,50${NBSP}€`, `271,59${NBSP}€`, `1.506,09${NBSP}€`]);
    expect(cells(screen.getByTestId('invoice-run-row-11')).slice(1)).toEqual(['Bianchi S.p.A.', '1', `100,10${NBSP}€`, `22,02${NBSP}€`, `122,12${NBSP}€`]);
    expect(cells(screen.getByTestId('invoice-run-totals'))).toEqual(['Totale (2 fatture)', '', `1.334,60${NBSP}€`, `293,61${NBSP}€`, `1.628,21${NBSP}€`]);

    expect(screen.getByTestId('invoice-run-skipped-12').textContent).toContain('Manca il prezzo di listino per: EER 15 01 06 (2)');
    expect(screen.getByTestId('invoice-run-skipped-13').textContent).toContain('Il cliente non ha né partita IVA né codice fiscale');
    expect(screen.getByText('2 clienti esclusi')).toBeTruthy();

    // a customer's lines, in Italian formats
    fireEvent.click(within(row).getByRole('button'));
    const line = (await screen.findByText('000123/26')).closest('tr')!;
    expect(cells(line)).toEqual([
      '03/02/2026',
      'Ritiro, trasporto e conferimento rifiuto EER 15 01 06 – imballaggi in materiali misti',
      '000123/26',
      '1,25 t',
      `120,00${NBSP}€`,
      `150,00${NBSP}€`,
      '22',
      'LST-ROSSI',
    ]);
    expect(cells(screen.getByText('TRA-000007', { selector: 'td' }).closest('tr')!)).toContain('1 viaggio');

    await waitFor(() => expect(create.disabled).toBe(false));
  });

  it('creates the drafts for the customers simulated, reports how many and reloads the list', async () => {
    const calls = serve();
    const reload = renderRun();
    fireEvent.click(screen.getByTestId('invoice-run'));
    fireEvent.click(await screen.findByTestId('invoice-run-simulate'));
    await screen.findByTestId('invoice-run-row-10');

    const create = screen.getByTestId('invoice-run-create') as HTMLButtonElement;
    await waitFor(() => expect(create.disabled).toBe(false));
    fireEvent.click(create);

    expect(await screen.findByText('2 bozze create')).toBeTruthy();
    expect(runCalls(calls)[1]).toEqual({ method: 'POST', path: '/api/invoices/run', body: { ...calendarMonth(todayInItaly(), 1), customerIds: [10, 11], dryRun: false } });
    expect(reload).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(screen.queryByTestId('invoice-run-row-10')).toBeNull());
  });

  it('reports a refused run and creates nothing', async () => {
    const calls = serve((call) => (call.path === '/api/invoices/run' ? { status: 400, body: { errorCode: 'CONSTRAINT_VIOLATION', errorMessage: 'CONSTRAINT_VIOLATION', errors: [{ field: 'to', message: 'INVOICE_RUN_PERIOD' }] } } : undefined));
    const reload = renderRun();
    fireEvent.click(screen.getByTestId('invoice-run'));
    fireEvent.click(await screen.findByTestId('invoice-run-simulate'));

    expect(await screen.findByText(/Il periodo da fatturare non può superare un anno/)).toBeTruthy();
    expect(runCalls(calls)).toHaveLength(1);
    expect((screen.getByTestId('invoice-run-create') as HTMLButtonElement).disabled).toBe(true);
    expect(reload).not.toHaveBeenCalled();
  });

  it('says when the period has nothing to invoice', async () => {
    serve((call) => (call.path === '/api/invoices/run' ? { body: { data: { invoices: [], skipped: [] } } } : undefined));
    renderRun();
    fireEvent.click(screen.getByTestId('invoice-run'));
    fireEvent.click(await screen.findByTestId('invoice-run-simulate'));
    expect((await screen.findByTestId('invoice-run-empty')).textContent).toContain('Nessuna fattura da creare nel periodo.');
    expect((screen.getByTestId('invoice-run-create') as HTMLButtonElement).disabled).toBe(true);
  });
});
