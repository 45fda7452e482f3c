import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { schedulerEntry } from '@circula/model';
import { Form } from 'antd';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../app/AppProviders';
import { signedInAsAdmin } from '../../test/harness';
import type { Target } from '@circula/model';
import { CronInput } from './CronInput';

const RUNS = ['2026-11-25T14:05:00.000Z', '2026-11-25T14:10:00.000Z', '2026-11-25T14:15:00.000Z', '2026-11-25T14:20:00.000Z', '2026-11-25T14:25:00.000Z'];

function serve() {
  const calls: URL[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = new URL(String(input), 'http://localhost');
      calls.push(url);
      if (url.pathname === '/api/conf/scheduler/preview') {
        const cron = url.searchParams.get('cron')!;
        if (cron.includes('25')) {
          return new Response(JSON.stringify({ errorCode: 'CONSTRAINT_VIOLATION', errorMessage: 'CONSTRAINT_VIOLATION', errors: [{ field: 'cron', message: 'INVALID_CRON_HOURS' }] }), { status: 400, headers: { 'Content-Type': 'application/json' } });
        }
        return new Response(JSON.stringify({ data: { expression: cron, timezone: url.searchParams.get('timezone'), runs: RUNS } }), { status: 200, headers: { 'Content-Type': 'application/json' } });
      }
      return new Response(JSON.stringify({ errorCode: 'NOT_FOUND', errorMessage: 'NOT_FOUND' }), { status: 404, headers: { 'Content-Type': 'application/json' } });
    }),
  );
  return calls;
}

/** The helper as a record form holds it: the form's time zone, and the value it reports. */
function Harness({ initial, onValue }: { initial: string | null; onValue: (value: unknown) => void }) {
  const [value, setValue] = useState<unknown>(initial);
  return (
    <Form initialValues={{ timezone: 'Europe/Rome' }}>
      <Form.Item name="timezone" hidden>
        <input />
      </Form.Item>
      <CronInput
        name="cron"
        field={schedulerEntry.fields.cron}
        target={{ route: 'scheduler' } as Target}
        mode="create"
        value={value}
        onChange={(next) => {
          setValue(next);
          onValue(next);
        }}
      />
    </Form>
  );
}

describe('cron input', { timeout: 30_000 }, () => {
  signedInAsAdmin();

  it('builds every 5 minutes from the base frequency, says it and shows the next five runs from the server', async () => {
    const calls = serve();
    const values: unknown[] = [];
    render(
      <AppProviders>
        <Harness initial={null} onValue={(v) => values.push(v)} />
      </AppProviders>,
    );
    // a new entry opens on a typed expression
    expect(screen.getByTestId('cron-expression')).toBeTruthy();
    fireEvent.mouseDown(screen.getByTestId('cron-base').querySelector('.ant-select-selector') ?? screen.getByTestId('cron-base'));
    fireEvent.click(await screen.findByText('Ogni N minuti'));
    await waitFor(() => expect(values.at(-1)).toBe('0 0/5 * * * ?'));
    expect(screen.getByTestId('cron-sentence').textContent).toBe('Ogni 5 minuti');
    const runs = await screen.findByTestId('cron-next-runs');
    expect(runs.textContent).toContain('25/11/2026 15:05 · 25/11/2026 15:10 · 25/11/2026 15:15 · 25/11/2026 15:20 · 25/11/2026 15:25');
    const preview = calls.find((c) => c.pathname === '/api/conf/scheduler/preview')!;
    expect(Object.fromEntries(preview.searchParams)).toEqual({ cron: '0 0/5 * * * ?', timezone: 'Europe/Rome' });
  });

  it('reads a stored expression back into the helper, and shows the server error of a wrong typed one', async () => {
    serve();
    const { unmount } = render(
      <AppProviders>
        <Harness initial="0 30 8 ? * 2" onValue={() => undefined} />
      </AppProviders>,
    );
    expect(screen.getByTestId('cron-sentence').textContent).toBe('Ogni lunedì alle 08:30');
    expect(screen.queryByTestId('cron-expression')).toBeNull();
    unmount();

    render(
      <AppProviders>
        <Harness initial="0 0 25 * * ?" onValue={() => undefined} />
      </AppProviders>,
    );
    expect((screen.getByTestId('cron-expression') as HTMLInputElement).value).toBe('0 0 25 * * ?');
    expect((await screen.findByTestId('cron-preview-error')).textContent).toMatch(/Ore dell'espressione cron non valide/);
  });
});
