import { CATALOGUE } from '@circula/model';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../../app/AppProviders';
import { signedInAsAdmin, stubServer, type StubCall } from '../../../test/harness';
import { ImportModal } from './ImportModal';

const customers = CATALOGUE.target('customers')!;
const E = customers.endpoint;
const JOB = '7b0c8a64-5f0e-4d4e-9a52-1b9f3c2d7e10';

const job = (status: string, processed: number, extra: Record<string, unknown> = {}) => ({
  id: JOB,
  kind: 'IMPORT',
  target: 'customers',
  status,
  phase: 'CHECKING',
  processed,
  total: 1000,
  dryRun: true,
  result: null,
  ...extra,
});

function renderModal(onImported = vi.fn()) {
  render(
    <AppProviders>
      <ImportModal target={customers} open onClose={() => undefined} onImported={onImported} />
    </AppProviders>,
  );
  const input = document.querySelector('[data-testid=import-modal] input[type=file]') as HTMLInputElement;
  fireEvent.change(input, { target: { files: [new File(['Ragione sociale;Partita IVA\n'], 'clienti.csv', { type: 'text/csv' })] } });
}

const button = (testId: string) => screen.getByTestId(testId) as HTMLButtonElement;

const headersReply = (call: StubCall) => (call.path === `${E}/import/headers` ? { body: { data: { headers: ['Ragione sociale', 'Partita IVA'], maxRows: 100_000 } } } : undefined);

describe('import dialog', { timeout: 30_000 }, () => {
  signedInAsAdmin();

  it('follows the check with a progress bar and stops it on request', async () => {
    let cancelled = false;
    const calls = stubServer((call) => {
      if (call.path === `${E}/import`) return { status: 202, body: { data: job('RUNNING', 0) } };
      if (call.path === `${E}/import/jobs/${JOB}/cancel` && call.method === 'PUT') {
        cancelled = true;
        return { body: { data: job('RUNNING', 250) } };
      }
      if (call.path === `${E}/import/jobs/${JOB}`) return { body: { data: cancelled ? job('CANCELLED', 500) : job('RUNNING', 250) } };
      return headersReply(call);
    });
    renderModal();
    expect((await screen.findByTestId('import-max-rows')).textContent).toContain('Al massimo 100.000 righe per file.');
    await waitFor(() => expect(button('import-dry-run').disabled).toBe(false));
    fireEvent.click(screen.getByTestId('import-dry-run'));

    const progress = await screen.findByTestId('import-progress');
    await waitFor(() => expect(progress.getAttribute('data-processed')).toBe('250'));
    expect(progress.textContent).toContain('Verifica in corso: 250 di 1.000 righe');
    expect(screen.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('25');
    // the dialog stays open while the job runs
    expect(button('import-cancel').disabled).toBe(true);

    fireEvent.click(screen.getByTestId('import-stop'));
    await waitFor(() => expect(screen.queryByTestId('import-progress')).toBeNull());
    expect(await screen.findByText('Verifica interrotta.')).toBeTruthy();
    expect(screen.queryByTestId('import-report')).toBeNull();
    expect(calls.filter((c) => c.method === 'PUT').map((c) => c.path)).toEqual([`${E}/import/jobs/${JOB}/cancel`]);
  });

  it('shows the report of a finished check, then the import, and tells the list to reload', async () => {
    const onImported = vi.fn();
    let commits = 0;
    stubServer((call) => {
      if (call.path === `${E}/import`) {
        commits += 1;
        return { status: 202, body: { data: job('RUNNING', 0, { dryRun: commits === 1 }) } };
      }
      if (call.path === `${E}/import/jobs/${JOB}`) {
        const result = commits === 1 ? { rows: 1000, valid: 1000, errors: [] } : { rows: 1000, valid: 1000, errors: [], imported: 1000 };
        return { body: { data: job('DONE', 1000, { phase: commits === 1 ? 'CHECKING' : 'WRITING', result }) } };
      }
      return headersReply(call);
    });
    renderModal(onImported);
    await waitFor(() => expect(button('import-dry-run').disabled).toBe(false));
    fireEvent.click(screen.getByTestId('import-dry-run'));
    expect((await screen.findByTestId('import-all-valid')).textContent).toContain('Tutte le 1000 righe sono valide');
    fireEvent.click(screen.getByTestId('import-commit'));
    await waitFor(() => expect(onImported).toHaveBeenCalled());
    expect(await screen.findByText('1000 record importati')).toBeTruthy();
  });

  it('shows the translated error of a file over the row limit', async () => {
    stubServer((call) => {
      if (call.path === `${E}/import`) return { status: 400, body: { errorCode: 'BAD_REQUEST', errorMessage: 'IMPORT_TOO_MANY_ROWS' } };
      return headersReply(call);
    });
    renderModal();
    await waitFor(() => expect(button('import-dry-run').disabled).toBe(false));
    fireEvent.click(screen.getByTestId('import-dry-run'));
    expect(await screen.findByText('Il file ha troppe righe per una sola importazione: dividilo in più file.')).toBeTruthy();
    expect(screen.queryByTestId('import-progress')).toBeNull();
  });
});
