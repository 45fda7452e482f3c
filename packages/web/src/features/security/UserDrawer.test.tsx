import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../app/AppProviders';
import type { SecurityUser } from './security-api';
import { UserDrawer } from './UserDrawer';
import { signedInAsAdmin, stubServer, type StubCall, type StubReply } from '../../test/harness';

const user = (values: Partial<SecurityUser> = {}): SecurityUser => ({
  id: 7,
  username: 'anna',
  email: 'anna@example.org',
  firstName: 'Anna',
  lastName: 'Bianchi',
  fullname: 'Anna Bianchi',
  lang: 'it',
  enabled: true,
  passwordTemporary: false,
  mustInitialize: false,
  passwordChangedAt: null,
  lastLoginAt: null,
  groups: [{ code: 'OPERATORS', name: 'Operatori' }],
  roles: ['ROLE_USER'],
  authorities: ['ROLE_USER', 'RDR_R'],
  version: 3,
  createdAt: null,
  updatedAt: null,
  ...values,
});

/** The server as the drawer sees it: `answer` first, then the assignable groups. */
const stubUserServer = (answer: (call: StubCall, calls: StubCall[]) => StubReply | undefined) =>
  stubServer(
    (call, calls) =>
      answer(call, calls) ??
      (call.path.endsWith('/assignable-groups') ? { body: { data: { items: [{ code: 'OPERATORS', name: 'Operatori' }, { code: 'CUSTOMERS', name: 'Clienti' }] } } } : undefined),
  );

function renderDrawer(props: { userId?: number | null; canWrite?: boolean; onSaved?: () => void } = {}) {
  render(
    <AppProviders>
      <UserDrawer
        userId={props.userId === undefined ? 7 : props.userId}
        canCreate={props.canWrite ?? true}
        canWrite={props.canWrite ?? true}
        onClose={() => {}}
        onSaved={props.onSaved ?? (() => {})}
      />
    </AppProviders>,
  );
}

const field = (testId: string) => screen.getByTestId(testId) as HTMLInputElement;

describe('user drawer', { timeout: 30_000 }, () => {
  signedInAsAdmin();

  it('without the write right shows the user read-only: no Save, no actions', async () => {
    stubUserServer((c) => (c.path === '/api/security/users/7' ? { body: { data: user() } } : undefined));
    renderDrawer({ canWrite: false });
    await waitFor(() => expect(field('user-email').value).toBe('anna@example.org'));
    expect(field('user-email').disabled).toBe(true);
    expect(field('user-username').disabled).toBe(true);
    expect(screen.queryByTestId('user-save')).toBeNull();
    expect(screen.queryByTestId('user-reset-password')).toBeNull();
    expect(screen.queryByTestId('user-toggle-enabled')).toBeNull();
    expect(screen.getByTestId('user-authorities').textContent).toContain('RDR_R');
  });

  it('saves only the changed fields with the version; on a 409 reloads keeping what was typed', async () => {
    let puts = 0;
    const calls = stubUserServer((c) => {
      if (c.method === 'PUT') {
        puts += 1;
        return puts === 1 ? { status: 409, body: { errorCode: 'CONFLICT', errorMessage: 'CONFLICT' } } : { body: { data: user({ firstName: 'Annalisa', lastName: 'Verdi', version: 5 }) } };
      }
      if (c.path === '/api/security/users/7') {
        // the second read is the colleague's version
        const reads = calls.filter((x) => x.method === 'GET' && x.path === '/api/security/users/7').length;
        return { body: { data: reads > 1 ? user({ lastName: 'Verdi', version: 4 }) : user() } };
      }
      return undefined;
    });
    const onSaved = vi.fn();
    renderDrawer({ onSaved });
    await waitFor(() => expect(field('user-first-name').value).toBe('Anna'));
    fireEvent.change(field('user-first-name'), { target: { value: 'Annalisa' } });
    fireEvent.click(screen.getByTestId('user-save'));

    expect(await screen.findByTestId('conflict-dialog')).toBeTruthy();
    expect(calls.find((c) => c.method === 'PUT')!.body).toEqual({ version: 3, firstName: 'Annalisa' });
    fireEvent.click(screen.getByTestId('conflict-reload'));
    await waitFor(() => expect(field('user-last-name').value).toBe('Verdi'));
    await waitFor(() => expect(field('user-first-name').value).toBe('Annalisa'));

    fireEvent.click(screen.getByTestId('user-save'));
    await waitFor(() => expect(puts).toBe(2));
    expect(calls.filter((c) => c.method === 'PUT')[1]!.body).toEqual({ version: 4, firstName: 'Annalisa' });
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith(expect.objectContaining({ version: 5 }), false));
  });

  it('shows field errors of a CONSTRAINT_VIOLATION translated, on the field', async () => {
    stubUserServer((c) => {
      if (c.method === 'POST') return { status: 400, body: { errorCode: 'CONSTRAINT_VIOLATION', errorMessage: 'CONSTRAINT_VIOLATION', errors: [{ field: 'username', message: 'ALREADY_EXISTS' }] } };
      return undefined;
    });
    renderDrawer({ userId: null });
    fireEvent.change(field('user-username'), { target: { value: 'anna' } });
    fireEvent.change(field('user-email'), { target: { value: 'anna@example.org' } });
    fireEvent.change(field('user-first-name'), { target: { value: 'Anna' } });
    fireEvent.change(field('user-last-name'), { target: { value: 'Bianchi' } });
    fireEvent.click(screen.getByTestId('user-save'));
    const form = screen.getByTestId('user-form');
    expect(await within(form).findByText('Valore già presente.', {}, { timeout: 10_000 })).toBeTruthy();
    expect(form.textContent).not.toContain('ERRORS.');
  });

  it('offers no disable action on one’s own user', async () => {
    stubUserServer((c) => (c.path === '/api/security/users/1' ? { body: { data: user({ id: 1, username: 'admin' }) } } : undefined));
    renderDrawer({ userId: 1 });
    expect(await screen.findByTestId('user-reset-password')).toBeTruthy();
    expect(screen.getByTestId('user-force-password')).toBeTruthy();
    expect(screen.queryByTestId('user-toggle-enabled')).toBeNull();
  });

  it('reset password: a one-time password in the answer is shown to hand over; a message is shown as given', async () => {
    let answer: unknown = { ...user({ version: 4, passwordTemporary: true }), temporaryPassword: 'Tmp#Pass2026x' };
    stubUserServer((c) => {
      if (c.path === '/api/security/users/7/reset-password') return { body: { data: answer } };
      if (c.path === '/api/security/users/7') return { body: { data: user() } };
      return undefined;
    });
    renderDrawer();
    fireEvent.click(await screen.findByTestId('user-reset-password'));
    fireEvent.click(await screen.findByTestId('confirm-ok'));
    expect((await screen.findByTestId('temporary-password')).textContent).toContain('Tmp#Pass2026x');
    fireEvent.click(screen.getByTestId('password-answer-ok'));

    answer = 'Password inviata per email';
    fireEvent.click(screen.getByTestId('user-reset-password'));
    const confirms = await screen.findAllByTestId('confirm-ok');
    fireEvent.click(confirms[confirms.length - 1]!);
    expect((await screen.findByTestId('password-answer-message')).textContent).toBe('Password inviata per email');
  });
});
