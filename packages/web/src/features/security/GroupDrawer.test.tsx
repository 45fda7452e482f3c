import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../app/AppProviders';
import { GroupDrawer } from './GroupDrawer';
import type { SecurityGroup } from './security-api';
import { signedInAsAdmin, stubServer, type StubCall, type StubReply } from '../../test/harness';

const group = (values: Partial<SecurityGroup> = {}): SecurityGroup => ({
  id: 3,
  code: 'OPERATORS',
  name: 'Operatori',
  authorities: ['RDR_R', 'SUBJECT_R'],
  memberCount: 2,
  version: 2,
  createdAt: null,
  ...values,
});

const AUTHORITIES = ['RDR_R', 'SUBJECT_R', 'SUBJECT_W'].map((code) => ({ code, description: code, isRole: false, groups: [] }));

/** The server as the drawer sees it: `answer` first, then the authorities list. */
const stubGroupServer = (answer: (call: StubCall, calls: StubCall[]) => StubReply | undefined) =>
  stubServer((call, calls) => answer(call, calls) ?? (call.path === '/api/security/authorities' ? { body: { data: { items: AUTHORITIES, total: 3, page: 0, size: 1000 } } } : undefined));

function renderDrawer(onSaved: () => void = () => {}) {
  render(
    <AppProviders>
      <GroupDrawer groupId={3} rights={{ canCreate: true, canWrite: true, canDelete: true }} onClose={() => {}} onSaved={onSaved} onDeleted={() => {}} />
    </AppProviders>,
  );
}

const nameBox = () => screen.getByTestId('group-name') as HTMLInputElement;

describe('group drawer', { timeout: 30_000 }, () => {
  signedInAsAdmin();

  it('saves with the version; on a 409 reloads the colleague’s group keeping the name typed', async () => {
    let puts = 0;
    const calls = stubGroupServer((c, all) => {
      if (c.method === 'PUT') {
        puts += 1;
        return puts === 1 ? { status: 409, body: { errorCode: 'CONFLICT', errorMessage: 'CONFLICT' } } : { body: { data: group({ ...c.body, version: 4 }) } };
      }
      if (c.path === '/api/security/groups/3') {
        // the second read is the colleague's version: one more authority
        const reads = all.filter((x) => x.method === 'GET' && x.path === '/api/security/groups/3').length;
        return { body: { data: reads > 1 ? group({ authorities: ['RDR_R', 'SUBJECT_R', 'SUBJECT_W'], version: 3 }) : group() } };
      }
      return undefined;
    });
    const onSaved = vi.fn();
    renderDrawer(onSaved);
    await waitFor(() => expect(nameBox().value).toBe('Operatori'));
    fireEvent.change(nameBox(), { target: { value: 'Operatori di piazzale' } });
    fireEvent.click(screen.getByTestId('group-save'));

    expect(await screen.findByTestId('conflict-dialog')).toBeTruthy();
    expect(calls.find((c) => c.method === 'PUT')!.body).toEqual({ name: 'Operatori di piazzale', authorities: ['RDR_R', 'SUBJECT_R'], version: 2 });
    fireEvent.click(screen.getByTestId('conflict-reload'));
    await waitFor(() => expect(within(screen.getByTestId('group-form')).getByText('SUBJECT_W')).toBeTruthy());
    await waitFor(() => expect(nameBox().value).toBe('Operatori di piazzale'));

    fireEvent.click(screen.getByTestId('group-save'));
    await waitFor(() => expect(puts).toBe(2));
    expect(calls.filter((c) => c.method === 'PUT')[1]!.body).toEqual({ name: 'Operatori di piazzale', authorities: ['RDR_R', 'SUBJECT_R', 'SUBJECT_W'], version: 3 });
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith(expect.objectContaining({ version: 4 }), false));
  });

  it('puts constraint messages on the fields and notifies one on a field the form does not show', async () => {
    stubGroupServer((c) => {
      if (c.method === 'PUT') {
        const errors = [
          { field: 'name', message: 'TOO_LONG' },
          { field: 'parent', message: 'ALREADY_EXISTS' },
        ];
        return { status: 400, body: { errorCode: 'CONSTRAINT_VIOLATION', errorMessage: 'CONSTRAINT_VIOLATION', errors } };
      }
      if (c.path === '/api/security/groups/3') return { body: { data: group() } };
      return undefined;
    });
    renderDrawer();
    await waitFor(() => expect(nameBox().value).toBe('Operatori'));
    fireEvent.change(nameBox(), { target: { value: 'Operatori e autisti' } });
    fireEvent.click(screen.getByTestId('group-save'));
    const form = screen.getByTestId('group-form');
    expect(await within(form).findByText('Valore troppo lungo.', {}, { timeout: 10_000 })).toBeTruthy();
    // the notification lists every message, the one without a field of the form too
    expect(await screen.findByText(/Valore già presente\./, {}, { timeout: 10_000 })).toBeTruthy();
    expect(within(form).queryByText('Valore già presente.')).toBeNull();
  });
});
