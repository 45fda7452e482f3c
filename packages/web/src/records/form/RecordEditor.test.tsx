import { createCatalogue, defineEntity, text, workflow } from '@circula/model';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../app/AppProviders';
import { queryClient } from '../../app/query-client';
import { initI18n } from '../../i18n';
import { aRecord } from '../../test/records';
import type { RecordData } from './record-api';
import { RecordEditor } from './RecordEditor';
import type { PageMode } from './useRecordController';

/** A test entity with a workflow: no catalogue entity has statuses yet. */
const order = defineEntity({
  name: 'test-order',
  route: 'test-orders',
  endpoint: '/api/test/orders',
  authority: 'TAG',
  type: 'other',
  icon: 'FileOutlined',
  label: { it: 'Ordini di prova', en: 'Test orders' },
  fields: {
    name: text({ label: { it: 'Nome', en: 'Name' }, required: true, max: 20 }),
    note: text({ label: { it: 'Nota', en: 'Note' }, max: 50 }),
  },
  statuses: workflow(
    'DRAFT',
    { DRAFT: ['SUBMITTED'], SUBMITTED: ['APPROVED', 'DRAFT'], APPROVED: ['DRAFT'] },
    {
      DRAFT: { label: { it: 'Bozza', en: 'Draft' }, color: '#888888' },
      SUBMITTED: { label: { it: 'Inviato', en: 'Submitted' }, color: '#1677ff' },
      APPROVED: { label: { it: 'Approvato', en: 'Approved' }, color: '#52c41a' },
    },
  ),
});
const target = createCatalogue([order]).target('test-orders')!;
const FULL = { canCreate: true, canWrite: true, canDelete: true };

const record = (values: Partial<RecordData> = {}): RecordData =>
  aRecord({ id: 1, code: 'TES-000001', status: 'DRAFT', version: 3, allowedStatuses: ['SUBMITTED'], name: 'Ordine', note: null, ...values });

interface Call {
  method: string;
  path: string;
  search: URLSearchParams;
  body: Record<string, unknown> | null;
}
type Reply = { status?: number; body: unknown };

/** The server's side of the calls: each test answers them as the real API would. */
function stubServer(answer: (call: Call) => Reply) {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), 'http://localhost');
      const call: Call = {
        method: init?.method ?? 'GET',
        path: url.pathname,
        search: url.searchParams,
        body: typeof init?.body === 'string' ? (JSON.parse(init.body) as Record<string, unknown>) : null,
      };
      calls.push(call);
      const reply = answer(call);
      return new Response(JSON.stringify(reply.body), { status: reply.status ?? 200, headers: { 'Content-Type': 'application/json' } });
    }),
  );
  return calls;
}

function renderEditor(path: string, loaded: RecordData | null, conf = FULL) {
  const editor = (mode: PageMode) => <RecordEditor key={mode} target={target} conf={conf} mode={mode} record={loaded} goBack={() => {}} />;
  const router = createMemoryRouter(
    [
      { path: '/test-orders', element: <div data-testid="list" /> },
      { path: '/test-orders/new', element: editor('new') },
      { path: '/test-orders/:id', element: editor('show') },
      { path: '/test-orders/:id/edit', element: editor('edit') },
      { path: '/elsewhere', element: <div data-testid="elsewhere" /> },
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

const input = (name: string) => within(screen.getByTestId(`record-field-${name}`)).getByRole('textbox') as HTMLInputElement;
const type = (name: string, value: string) => fireEvent.change(input(name), { target: { value } });
const button = (testId: string) => screen.getByTestId(testId) as HTMLButtonElement;

// antd in jsdom is slow on a busy machine; the timing rules themselves run on fake or real clocks inside each test
describe('record editor', { timeout: 30_000 }, () => {
  beforeAll(async () => {
    await initI18n('it');
  });

  beforeEach(() => {
    queryClient.clear();
  });

  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  describe('status bar', () => {
    it('enables only the statuses the current one allows, and saves the transition with newStatus', async () => {
      const calls = stubServer(() => ({ body: { data: record({ status: 'SUBMITTED', version: 4, allowedStatuses: ['APPROVED', 'DRAFT'] }) } }));
      renderEditor('/test-orders/1', record());
      expect(button('status-DRAFT').disabled).toBe(true);
      expect(button('status-DRAFT').getAttribute('aria-pressed')).toBe('true');
      expect(button('status-APPROVED').disabled).toBe(true);
      expect(button('status-SUBMITTED').disabled).toBe(false);

      fireEvent.click(button('status-SUBMITTED'));
      fireEvent.click(await screen.findByTestId('status-confirm'));

      await waitFor(() => expect(button('status-SUBMITTED').getAttribute('aria-pressed')).toBe('true'));
      // the status buttons wait out the save lock too
      expect(button('status-APPROVED').disabled).toBe(true);
      await waitFor(() => expect(button('status-APPROVED').disabled).toBe(false), { timeout: 3000 });
      expect(button('status-SUBMITTED').getAttribute('aria-pressed')).toBe('true');
      const put = calls.find((c) => c.method === 'PUT')!;
      expect(put.path).toBe('/api/test/orders/1');
      expect(put.search.get('newStatus')).toBe('SUBMITTED');
      expect(put.body).toMatchObject({ name: 'Ordine', version: 3 });
    });

    it('disables every status and hides Edit when the user cannot write in the current status', () => {
      stubServer(() => ({ body: { data: null } }));
      renderEditor('/test-orders/1', record({ canWrite: false, allowedStatuses: [] }));
      for (const code of ['DRAFT', 'SUBMITTED', 'APPROVED']) expect(button(`status-${code}`).disabled).toBe(true);
      expect(screen.queryByTestId('record-edit')).toBeNull();
    });

    it('on an invalid form warns, keeps the chosen status and switches to edit mode, where Save applies it', async () => {
      const calls = stubServer(() => ({ body: { data: record({ name: 'Completo', status: 'SUBMITTED', version: 4, allowedStatuses: ['APPROVED', 'DRAFT'] }) } }));
      const router = renderEditor('/test-orders/1', record({ name: null }));

      fireEvent.click(button('status-SUBMITTED'));
      fireEvent.click(await screen.findByTestId('status-invalid-ok'));

      await waitFor(() => expect(router.state.location.pathname).toBe('/test-orders/1/edit'));
      expect(screen.getByTestId('record-page').getAttribute('data-mode')).toBe('edit');
      expect(button('status-SUBMITTED').getAttribute('data-pending')).toBe('true');
      expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(0);

      type('name', 'Completo');
      await waitFor(() => expect(button('record-save').disabled).toBe(false));
      fireEvent.click(button('record-save'));
      await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
      const put = calls.find((c) => c.method === 'PUT')!;
      expect(put.search.get('newStatus')).toBe('SUBMITTED');
      expect(put.body).toMatchObject({ name: 'Completo', version: 3 });
      await waitFor(() => expect(button('status-SUBMITTED').getAttribute('aria-pressed')).toBe('true'));
    });

    it('shows the default status while creating, with every button disabled', () => {
      stubServer(() => ({ body: { data: null } }));
      renderEditor('/test-orders/new', null);
      expect(button('status-DRAFT').getAttribute('aria-pressed')).toBe('true');
      for (const code of ['DRAFT', 'SUBMITTED', 'APPROVED']) expect(button(`status-${code}`).disabled).toBe(true);
    });
  });

  it('keeps Save disabled while the form is invalid and for 2000 ms after a save', async () => {
    const calls = stubServer(() => ({ body: { data: record({ name: 'Nuovo nome', version: 4 }) } }));
    renderEditor('/test-orders/1/edit', record());
    type('name', '');
    await waitFor(() => expect(button('record-save').disabled).toBe(true));
    expect(await within(screen.getByTestId('record-field-name')).findByText('Campo obbligatorio.')).toBeTruthy();
    type('name', 'Nuovo nome');
    await waitFor(() => expect(button('record-save').disabled).toBe(false));

    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    fireEvent.click(button('record-save'));
    await act(() => vi.advanceTimersByTimeAsync(10));
    expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(1);
    expect(button('record-save').disabled).toBe(true);
    await act(() => vi.advanceTimersByTimeAsync(1980));
    expect(button('record-save').disabled).toBe(true);
    await act(() => vi.advanceTimersByTimeAsync(20));
    expect(button('record-save').disabled).toBe(false);
  });

  it('disables Save when the server says the user cannot write the record', () => {
    stubServer(() => ({ body: { data: null } }));
    renderEditor('/test-orders/1/edit', record({ canWrite: false }));
    expect(button('record-save').disabled).toBe(true);
  });

  it('on a 409 offers to reload the record and keeps what the user typed on top of it', async () => {
    let puts = 0;
    const calls = stubServer((call) => {
      if (call.method === 'PUT') {
        puts += 1;
        if (puts === 1) return { status: 409, body: { errorCode: 'CONFLICT', errorMessage: 'CONFLICT' } };
        return { body: { data: record({ name: 'Mio', note: 'Nota del collega', version: 5 }) } };
      }
      return { body: { data: record({ name: 'Del collega', note: 'Nota del collega', version: 4 }) } };
    });
    renderEditor('/test-orders/1/edit', record());
    type('name', 'Mio');
    await waitFor(() => expect(button('record-save').disabled).toBe(false));
    fireEvent.click(button('record-save'));

    expect(await screen.findByTestId('conflict-dialog')).toBeTruthy();
    fireEvent.click(screen.getByTestId('conflict-reload'));
    await waitFor(() => expect(input('note').value).toBe('Nota del collega'), { timeout: 10_000 });
    expect(input('name').value).toBe('Mio');

    // the refused save still starts the 2 000 ms save lock; a loaded machine needs more than that to render
    await waitFor(() => expect(button('record-save').disabled).toBe(false), { timeout: 10_000 });
    fireEvent.click(button('record-save'));
    await waitFor(() => expect(puts).toBe(2), { timeout: 10_000 });
    expect(calls.filter((c) => c.method === 'PUT')[1]!.body).toMatchObject({ name: 'Mio', note: 'Nota del collega', version: 4 });
  });

  it('shows a CONSTRAINT_VIOLATION on the fields and in the notification, translated', async () => {
    stubServer(() => ({ status: 400, body: { errorCode: 'CONSTRAINT_VIOLATION', errorMessage: 'CONSTRAINT_VIOLATION', errors: [{ field: 'note', message: 'INVALID_CRON_FIELDS' }] } }));
    renderEditor('/test-orders/1/edit', record());
    type('note', 'ogni giorno');
    await waitFor(() => expect(button('record-save').disabled).toBe(false));
    fireEvent.click(button('record-save'));
    const message = "L'espressione cron deve avere sei campi: secondi, minuti, ore, giorno del mese, mese, giorno della settimana.";
    expect(await within(screen.getByTestId('record-field-note')).findByText(message)).toBeTruthy();
    expect((await screen.findAllByText(message)).length).toBeGreaterThanOrEqual(2);
  });

  it('asks before leaving a changed form: cancel stays, confirm leaves', async () => {
    stubServer(() => ({ body: { data: null } }));
    const router = renderEditor('/test-orders/1/edit', record());
    type('name', 'Cambiato');
    await waitFor(() => expect(screen.getByTestId('record-page').getAttribute('data-dirty')).toBe('true'));

    await act(() => router.navigate('/elsewhere'));
    expect(await screen.findByTestId('leave-dialog')).toBeTruthy();
    fireEvent.click(screen.getByTestId('leave-cancel'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/test-orders/1/edit'));
    expect(input('name').value).toBe('Cambiato');

    await act(() => router.navigate('/elsewhere'));
    fireEvent.click(await screen.findByTestId('leave-confirm'));
    expect(await screen.findByTestId('elsewhere')).toBeTruthy();
  });

  it('does not ask when nothing changed', async () => {
    stubServer(() => ({ body: { data: null } }));
    const router = renderEditor('/test-orders/1/edit', record());
    await act(() => router.navigate('/elsewhere'));
    expect(await screen.findByTestId('elsewhere')).toBeTruthy();
  });

  it('deletes after confirmation and goes to the list; a deleted record offers Restore instead of Edit', async () => {
    const calls = stubServer(() => ({ body: { data: record({ delete: { deleted: true, deletedAt: '2026-03-01T10:00:00Z', deletedBy: 'admin' }, canWrite: false }) } }));
    const router = renderEditor('/test-orders/1', record());
    fireEvent.click(button('record-delete'));
    fireEvent.click(await screen.findByTestId('record-delete-confirm'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/test-orders'));
    expect(calls.find((c) => c.method === 'PUT')!.path).toBe('/api/test/orders/1/delete');
  });

  it('shows Restore and hides Edit and Delete for a deleted record, and restores it', async () => {
    const calls = stubServer(() => ({ body: { data: record() } }));
    const router = renderEditor('/test-orders/1', record({ delete: { deleted: true, deletedAt: '2026-03-01T10:00:00Z', deletedBy: 'admin' }, canWrite: false }));
    expect(screen.queryByTestId('record-edit')).toBeNull();
    expect(screen.queryByTestId('record-delete')).toBeNull();
    expect(screen.getByTestId('record-deleted')).toBeTruthy();
    fireEvent.click(button('record-restore'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/test-orders'));
    expect(calls.find((c) => c.method === 'PUT')!.path).toBe('/api/test/orders/1/un-deletes');
  });

  it('shows the history timeline: who, when, what changed', async () => {
    stubServer(() => ({
      body: {
        data: {
          items: [
            { version: 1, at: '2026-03-01T09:00:00Z', by: 'admin', action: 'CREATE', changes: { name: [null, 'Ordine'] } },
            { version: 2, at: '2026-03-02T09:30:00Z', by: 'manager', action: 'TRANSITION', changes: { status: ['DRAFT', 'SUBMITTED'] } },
          ],
        },
      },
    }));
    renderEditor('/test-orders/1', record());
    fireEvent.click(button('record-history'));
    const entries = await screen.findAllByTestId('history-entry');
    expect(entries).toHaveLength(2);
    // newest first
    expect(entries[0]!.textContent).toContain('Cambio di stato');
    expect(entries[0]!.textContent).toContain('manager');
    expect(entries[0]!.textContent).toContain('Bozza → Inviato');
    expect(entries[1]!.textContent).toContain('Creazione');
    expect(entries[1]!.textContent).toMatch(/01\/03\/2026/);
  });

  it('creates with the defaults and sends the new record to its page', async () => {
    const calls = stubServer(() => ({ status: 201, body: { data: record({ id: 9, name: 'Nuovo' }) } }));
    const router = renderEditor('/test-orders/new', null);
    expect(screen.queryByTestId('record-delete')).toBeNull();
    expect(button('record-save').disabled).toBe(true);
    type('name', 'Nuovo');
    await waitFor(() => expect(button('record-save').disabled).toBe(false));
    fireEvent.click(button('record-save'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/test-orders/9'));
    const post = calls.find((c) => c.method === 'POST')!;
    expect(post.path).toBe('/api/test/orders');
    expect(post.body).toEqual({ name: 'Nuovo', note: null });
  });
});
