import { CATALOGUE } from '@circula/model';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../app/AppProviders';
import { signedInAsAdmin } from '../../test/harness';
import { ExportButton } from './ExportButton';

const customers = CATALOGUE.target('customers')!;
const JOB = '0d9e2f4a-3c1b-4a5e-8f6d-2b7c9e1a4d30';

/**
 * A stand-in for the server's export: the file's first bytes, then nothing until the reader stops
 * (the abort errors the body, as a browser does); the job answers half of the rows written.
 */
function stubExport() {
  const calls: { url: string; aborted: () => boolean }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), 'http://localhost');
      const signal = init?.signal ?? undefined;
      calls.push({ url: url.pathname, aborted: () => signal?.aborted === true });
      if (url.pathname === `${customers.endpoint}/export/jobs/${JOB}`) {
        const job = { id: JOB, kind: 'EXPORT', target: 'customers', status: 'RUNNING', phase: 'EXPORTING', processed: 500, total: 1000, dryRun: null, result: null };
        return new Response(JSON.stringify({ data: job }), { headers: { 'Content-Type': 'application/json' } });
      }
      const body = new ReadableStream<Uint8Array>({
        start(controller) {
          controller.enqueue(new TextEncoder().encode('\uFEFFCodice;Nome\n'));
          signal?.addEventListener('abort', () => controller.error(new DOMException('The operation was aborted.', 'AbortError')));
        },
      });
      return new Response(body, { headers: { 'Content-Type': 'text/csv', 'x-job-id': JOB, 'x-total-count': '1000' } });
    }),
  );
  return calls;
}

describe('export button', { timeout: 30_000 }, () => {
  signedInAsAdmin();

  it('follows the export with a progress bar and stops it on request', async () => {
    const calls = stubExport();
    render(
      <AppProviders>
        <ExportButton target={customers} request={{ filters: { query: '', filters: [] }, sort: [], showDeleted: false }} />
      </AppProviders>,
    );
    fireEvent.click(screen.getByTestId('list-export'));
    fireEvent.click(await screen.findByTestId('list-export-csv'));

    const progress = await screen.findByTestId('list-export-progress');
    expect(progress.getAttribute('data-total')).toBe('1000');
    await waitFor(() => expect(progress.getAttribute('data-processed')).toBe('500'), { timeout: 5000 });
    expect(screen.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('50');

    fireEvent.click(screen.getByTestId('list-export-stop'));
    expect(await screen.findByText('Esportazione interrotta.')).toBeTruthy();
    await waitFor(() => expect(screen.queryByTestId('list-export-progress')).toBeNull());
    expect(screen.getByTestId('list-export')).toBeTruthy();
    const download = calls.find((c) => c.url === `${customers.endpoint}/export`)!;
    expect(download.aborted()).toBe(true);
  });
});
