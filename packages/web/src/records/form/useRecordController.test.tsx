import { createCatalogue, defineEntity, text } from '@circula/model';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Form, Input } from 'antd';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { AppProviders } from '../../app/AppProviders';
import { signedInAsAdmin, stubServer } from '../../test/harness';
import { aRecord } from '../../test/records';
import type { RecordData } from './record-api';
import { RecordControllerDialogs, useRecordController } from './useRecordController';

const note = defineEntity({
  name: 'probe-note',
  route: 'probe-notes',
  endpoint: '/api/test/notes',
  authority: 'TAG',
  type: 'other',
  icon: 'FileOutlined',
  label: { it: 'Note di prova', en: 'Probe notes' },
  fields: { title: text({ label: { it: 'Titolo', en: 'Title' }, required: true, max: 40 }), body: text({ max: 200 }) },
});
const target = createCatalogue([note]).target('probe-notes')!;

const record = (values: Partial<RecordData>): RecordData => aRecord({ id: 4, title: 'Prima', body: null, ...values });

/** A page of its own over the controller: one plain input and a button, none of the generic editor. */
function SigningPanel({ loaded }: { loaded: RecordData }) {
  const controller = useRecordController({ target, conf: { canCreate: true, canWrite: true, canDelete: false }, mode: 'edit', record: loaded, goBack: () => {} });
  return (
    <div data-testid="panel" data-version={controller.current?.version}>
      <Form form={controller.form} initialValues={controller.initialValues} onValuesChange={(_c, all) => controller.onValuesChange(all)}>
        <Form.Item name="title">
          <Input aria-label="titolo" />
        </Form.Item>
      </Form>
      <button type="button" disabled={controller.saveDisabled} onClick={() => void controller.save()}>
        firma
      </button>
      <span data-testid="dirty">{String(controller.dirty)}</span>
      <RecordControllerDialogs controller={controller} />
    </div>
  );
}

describe('record controller with a view of its own', { timeout: 30_000 }, () => {
  signedInAsAdmin();

  it('saves with the version, offers the reload on a 409, and saves again on the fresh version', async () => {
    let puts = 0;
    const calls = stubServer((call) => {
      if (call.method === 'PUT') {
        puts += 1;
        if (puts === 1) return { status: 409, body: { errorCode: 'CONFLICT', errorMessage: 'CONFLICT' } };
        return { body: { data: record({ title: 'Firmata', body: 'del collega', version: 3 }) } };
      }
      return { body: { data: record({ title: 'Del collega', body: 'del collega', version: 2 }) } };
    });
    const router = createMemoryRouter([{ path: '/probe-notes/4/edit', element: <SigningPanel loaded={record({})} /> }], { initialEntries: ['/probe-notes/4/edit'] });
    render(
      <AppProviders>
        <RouterProvider router={router} />
      </AppProviders>,
    );
    const title = screen.getByLabelText('titolo') as HTMLInputElement;
    fireEvent.change(title, { target: { value: 'Firmata' } });
    await waitFor(() => expect(screen.getByTestId('dirty').textContent).toBe('true'));
    fireEvent.click(screen.getByText('firma'));
    await waitFor(() => expect(puts).toBe(1));
    expect(calls.find((c) => c.method === 'PUT')!.body).toMatchObject({ title: 'Firmata', version: 1 });

    await screen.findByTestId('conflict-dialog');
    fireEvent.click(screen.getByTestId('conflict-reload'));
    // the server's record now, with the user's own change on top
    await waitFor(() => expect(screen.getByTestId('panel').getAttribute('data-version')).toBe('2'), { timeout: 10_000 });
    expect(title.value).toBe('Firmata');

    // the save lock of the refused save ends, then the save goes out on version 2
    await waitFor(() => expect((screen.getByText('firma') as HTMLButtonElement).disabled).toBe(false), { timeout: 10_000 });
    fireEvent.click(screen.getByText('firma'));
    await waitFor(() => expect(puts).toBe(2), { timeout: 10_000 });
    expect(calls.filter((c) => c.method === 'PUT')[1]!.body).toMatchObject({ title: 'Firmata', version: 2 });
    await waitFor(() => expect(screen.getByTestId('panel').getAttribute('data-version')).toBe('3'));
    expect(screen.getByTestId('dirty').textContent).toBe('false');
  });
  it('opens an edit with the values the router state carries on top of the record (an older version restored), changed and ready to save', async () => {
    const calls = stubServer(() => ({ body: { data: record({ title: 'Di prima', version: 2 }) } }));
    const router = createMemoryRouter([{ path: '/probe-notes/4/edit', element: <SigningPanel loaded={record({})} /> }], {
      initialEntries: [{ pathname: '/probe-notes/4/edit', state: { defaults: { title: 'Di prima', version: 99, unknown: 'x' } } }],
    });
    render(
      <AppProviders>
        <RouterProvider router={router} />
      </AppProviders>,
    );
    const title = screen.getByLabelText('titolo') as HTMLInputElement;
    expect(title.value).toBe('Di prima');
    expect(screen.getByTestId('dirty').textContent).toBe('true');
    await waitFor(() => expect((screen.getByText('firma') as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(screen.getByText('firma'));
    // saved on the record's own version: only declared, writable fields come from the state
    await waitFor(() => expect(calls.find((c) => c.method === 'PUT')?.body).toMatchObject({ title: 'Di prima', version: 1 }));
  });
});
