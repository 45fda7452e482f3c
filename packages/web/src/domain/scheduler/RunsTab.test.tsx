import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../app/AppProviders';
import { signedInAsAdmin } from '../../test/harness';
import { formatDuration, RunsTab } from './RunsTab';
import type { SchedulerRun } from './scheduler-api';

const run = (values: Partial<SchedulerRun>): SchedulerRun => ({
  id: 1,
  schedulerId: 9,
  job: 'DEADLINE_REMINDERS',
  trigger: 'MANUAL',
  status: 'SUCCEEDED',
  startedAt: '2026-11-25T08:00:00.000Z',
  endedAt: '2026-11-25T08:00:02.400Z',
  durationMs: 2400,
  log: '09:00:00 INFO DEADLINE_REMINDERS {"days":30}\n09:00:02 INFO 3 deadline(s), 2 new notice(s)\n',
  error: null,
  triggeredBy: 'admin',
  ...values,
});

function serve(pages: SchedulerRun[][]) {
  let call = 0;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = new URL(String(input), 'http://localhost');
      if (url.pathname === '/api/conf/scheduler/9/runs') {
        const items = pages[Math.min(call, pages.length - 1)]!;
        call += 1;
        return new Response(JSON.stringify({ data: { items, total: items.length, page: 0, size: 50 } }), { status: 200, headers: { 'Content-Type': 'application/json' } });
      }
      return new Response(JSON.stringify({ errorCode: 'NOT_FOUND', errorMessage: 'NOT_FOUND' }), { status: 404, headers: { 'Content-Type': 'application/json' } });
    }),
  );
  return () => call;
}

describe('scheduler runs tab', { timeout: 30_000 }, () => {
  signedInAsAdmin();

  it('lists the runs with their outcome, opens a run on its log and asks again while one runs', async () => {
    const calls = serve([
      [run({ id: 2, status: 'RUNNING', endedAt: null, durationMs: null, log: '' }), run({ id: 1, status: 'FAILED', trigger: 'SCHEDULE', triggeredBy: null, error: 'SCHEDULER_RUN_INTERRUPTED' })],
      [run({ id: 2 }), run({ id: 1, status: 'FAILED', trigger: 'SCHEDULE', triggeredBy: null, error: 'SCHEDULER_RUN_INTERRUPTED' })],
    ]);
    render(
      <AppProviders>
        <RunsTab schedulerId={9} />
      </AppProviders>,
    );
    const table = await screen.findByTestId('scheduler-runs');
    await waitFor(() => expect(within(table).getAllByTestId('scheduler-run-status').map((s) => s.textContent)).toEqual(['In corso', 'Fallita']));
    // polled until the run ends
    await waitFor(() => expect(within(table).getAllByTestId('scheduler-run-status').map((s) => s.getAttribute('data-status'))).toEqual(['SUCCEEDED', 'FAILED']), { timeout: 10_000 });
    expect(calls()).toBeGreaterThanOrEqual(2);
    const row = within(table).getByTestId('scheduler-run-1');
    expect(row.textContent).toContain('Pianificata');
    fireEvent.click(within(row).getByRole('button'));
    expect((await screen.findAllByTestId('scheduler-run-log'))[0]!.textContent).toContain('2 new notice(s)');
    expect(screen.getByText(/Esecuzione interrotta da un riavvio del server/)).toBeTruthy();
  });

  it('shows durations as people read them', () => {
    expect(formatDuration(350)).toBe('350 ms');
    expect(formatDuration(2400)).toBe('2,4 s');
    expect(formatDuration(185_000)).toBe('3 min 5 s');
    expect(formatDuration(null)).toBe('');
  });
});
