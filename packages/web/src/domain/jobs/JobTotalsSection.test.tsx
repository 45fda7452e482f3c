import type { JobTotals } from '@circula/model';
import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../app/AppProviders';
import { queryClient } from '../../app/query-client';
import { signedInAsAdmin, stubServer } from '../../test/harness';
import { JobTotalsSection } from './JobTotalsSection';

const totals: JobTotals = {
  job: { id: 9, code: 'COM-000009', name: 'Bonifica', status: 'OPEN', budget: '48000.00' },
  requests: {
    count: 3,
    byStatus: [
      { status: 'ACCEPTED', count: 1 },
      { status: 'DONE', count: 2 },
    ],
    estimatedKg: 1234.5,
    items: [{ id: 41, route: 'rdr', code: 'RIC-000041', kind: 'RDR', status: 'DONE', wishedFrom: '2026-03-02', estimatedKg: 500 }],
  },
  transports: null,
  invoices: {
    count: 2,
    byStatus: [{ status: 'PAID', count: 2 }],
    issuedCount: 2,
    taxable: '10250.00',
    total: '12505.00',
    collected: '6000.50',
    items: [{ id: 7, code: 'FAT-7', documentNumber: 'A/2026/7', documentType: 'TD01', issueDate: '2026-03-31', status: 'PAID', taxable: '10250.00', total: '12505.00', paidAmount: '6000.50' }],
  },
};

describe('job totals section', { timeout: 30_000 }, () => {
  signedInAsAdmin();
  afterEach(() => {
    queryClient.clear();
    vi.unstubAllGlobals();
  });

  it('shows the counts, weights and amounts in Italian format, each linked to its filtered list; a section the server left out is absent', async () => {
    const calls = stubServer((call) => (call.path === '/api/jobs/job/9/totals' ? { body: { data: totals } } : undefined));
    render(
      <AppProviders>
        <MemoryRouter>
          <JobTotalsSection jobId={9} />
        </MemoryRouter>
      </AppProviders>,
    );
    const count = await screen.findByTestId('job-requests-count');
    expect(count.textContent).toBe('3');
    expect(decodeURIComponent(count.getAttribute('href')!)).toContain('"field":"job","op":"eq","value":9');
    expect(count.getAttribute('href')!.startsWith('/rdr?')).toBe(true);
    expect(screen.getByTestId('job-requests-kg').textContent).toBe('1.234,5 kg');
    expect(within(screen.getByTestId('job-requests-status')).getByText('Eseguita: 2')).toBeTruthy();
    expect(screen.getByTestId('job-invoices-taxable').textContent).toMatch(/^10\.250,00\s€$/);
    expect(screen.getByTestId('job-invoices-collected').textContent).toMatch(/^6\.000,50\s€$/);
    expect(screen.queryByTestId('job-transports-count')).toBeNull();
    expect(within(screen.getByTestId('job-invoices-list')).getByText('A/2026/7').closest('a')!.getAttribute('href')).toBe('/invoices/7');
    expect(calls.map((c) => c.path)).toEqual(['/api/jobs/job/9/totals']);
  });
});
