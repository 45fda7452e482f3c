import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { userStore } from '../../app/auth/user-store';
import { AppProviders } from '../../app/AppProviders';
import { ADMIN_USER, signedInAsAdmin, stubServer, type StubCall } from '../../test/harness';
import { communicationFieldErrors, CommunicationModal, NewCommunicationButton } from './CommunicationModal';

const ROSSI = { value: 7, label: 'SBJ-000007 — Rossi Ambiente S.r.l.' };
const SEND = '/api/mail/communications/send';

/** The subject's record (its email and PEC) and, for the send, `answer`. */
function serve(answer: (call: StubCall) => { status?: number; body: unknown } = (call) => ({ status: 201, body: { data: { id: 90, status: 'SENT', ...call.body } } })) {
  return stubServer((call) => {
    if (call.method === 'GET' && call.path === '/api/subjects/subjects/7') return { body: { data: { id: 7, code: 'SBJ-000007', name: 'Rossi Ambiente S.r.l.', pec: 'rossi@pec.example.it', contact: { email: 'info@rossi.example.it' } } } };
    if (call.method === 'POST' && call.path === SEND) return answer(call);
    return undefined;
  });
}

function renderModal(onSent = vi.fn()) {
  render(
    <AppProviders>
      <CommunicationModal open onClose={() => undefined} onSent={onSent} subject={ROSSI} />
    </AppProviders>,
  );
  return onSent;
}

const sendButton = () => screen.getByTestId('communication-send') as HTMLButtonElement;
const type = (testId: string, value: string) => fireEvent.change(screen.getByTestId(testId), { target: { value } });
const formItem = (testId: string) => screen.getByTestId(testId).closest('.ant-form-item') as HTMLElement;

describe('the communication form\'s rules', () => {
  it('are the server\'s: every required field, one valid address, one line of subject, the limits', () => {
    expect(communicationFieldErrors({})).toEqual({ subject: 'REQUIRED', toAddress: 'REQUIRED', subjectLine: 'REQUIRED', body: 'REQUIRED' });
    const valid = { subject: ROSSI, toAddress: 'info@rossi.example.it', subjectLine: 'Ritiro', body: 'Buongiorno', lang: 'it' as const };
    expect(communicationFieldErrors(valid)).toEqual({});
    expect(communicationFieldErrors({ ...valid, toAddress: 'rossi' })).toEqual({ toAddress: 'INVALID' });
    expect(communicationFieldErrors({ ...valid, toAddress: 'a@example.it; b@example.it' })).toEqual({ toAddress: 'INVALID' });
    expect(communicationFieldErrors({ ...valid, subjectLine: '   ' })).toEqual({ subjectLine: 'REQUIRED' });
    expect(communicationFieldErrors({ ...valid, subjectLine: 'x'.repeat(301) })).toEqual({ subjectLine: 'TOO_LONG' });
    expect(communicationFieldErrors({ ...valid, body: 'x'.repeat(20_001) })).toEqual({ body: 'TOO_LONG' });
    expect(communicationFieldErrors({ ...valid, subject: null })).toEqual({ subject: 'REQUIRED' });
  });
});

describe('the communication modal', { timeout: 60_000 }, () => {
  signedInAsAdmin();

  it('proposes the subject\'s email, keeps Invia disabled while a field is wrong, and sends what the form shows', async () => {
    const calls = serve();
    const onSent = renderModal();
    await screen.findByTestId('communication-modal');
    // the subject's email first; its PEC offered too
    await waitFor(() => expect((screen.getByTestId('communication-to') as HTMLInputElement).value).toBe('info@rossi.example.it'));
    expect(await screen.findByText(/Indirizzi del soggetto: info@rossi\.example\.it \(email\), rossi@pec\.example\.it \(PEC\)/)).toBeTruthy();
    expect(sendButton().disabled).toBe(true);

    type('communication-subject-line', 'Ritiro del 12 marzo');
    type('communication-body', 'Buongiorno,\nconfermiamo il ritiro.');
    await waitFor(() => expect(sendButton().disabled).toBe(false));

    // a wrong address: its message on the field, Invia disabled again
    type('communication-to', 'info@rossi');
    expect(await within(formItem('communication-to')).findByText('Valore non valido.')).toBeTruthy();
    await waitFor(() => expect(sendButton().disabled).toBe(true));
    type('communication-subject-line', '');
    expect(await within(formItem('communication-subject-line')).findByText('Campo obbligatorio.')).toBeTruthy();

    type('communication-to', 'rossi@pec.example.it');
    type('communication-subject-line', 'Ritiro del 12 marzo');
    await waitFor(() => expect(sendButton().disabled).toBe(false));
    fireEvent.click(sendButton());

    await waitFor(() => expect(onSent).toHaveBeenCalledTimes(1));
    expect(calls.filter((c) => c.path === SEND)).toEqual([
      { method: 'POST', path: SEND, body: { subject: 7, toAddress: 'rossi@pec.example.it', subjectLine: 'Ritiro del 12 marzo', body: 'Buongiorno,\nconfermiamo il ritiro.', lang: 'it' } },
    ]);
    expect(await screen.findByText('Comunicazione inviata')).toBeTruthy();
  });

  it('shows the server\'s field errors on their fields and keeps the form open', async () => {
    serve(() => ({ status: 400, body: { errorCode: 'CONSTRAINT_VIOLATION', errorMessage: 'CONSTRAINT_VIOLATION', errors: [{ field: 'subject', message: 'NOT_FOUND' }] } }));
    const onSent = renderModal();
    await waitFor(() => expect((screen.getByTestId('communication-to') as HTMLInputElement).value).toBe('info@rossi.example.it'));
    type('communication-subject-line', 'Ritiro');
    type('communication-body', 'Testo');
    await waitFor(() => expect(sendButton().disabled).toBe(false));
    fireEvent.click(sendButton());
    expect(await screen.findByText('Elemento non trovato.')).toBeTruthy();
    expect(onSent).not.toHaveBeenCalled();
    expect(screen.getByTestId('communication-modal')).toBeTruthy();
  });

  it('tells a message the mail server refused, with its error', async () => {
    serve((call) => ({ status: 201, body: { data: { id: 91, ...call.body, status: 'FAILED', error: 'connect ECONNREFUSED 127.0.0.1:25' } } }));
    const onSent = renderModal();
    await waitFor(() => expect((screen.getByTestId('communication-to') as HTMLInputElement).value).toBe('info@rossi.example.it'));
    type('communication-subject-line', 'Ritiro');
    type('communication-body', 'Testo');
    await waitFor(() => expect(sendButton().disabled).toBe(false));
    fireEvent.click(sendButton());
    expect(await screen.findByText('Comunicazione non inviata')).toBeTruthy();
    expect(await screen.findByText(/ECONNREFUSED/)).toBeTruthy();
    expect(onSent).toHaveBeenCalledWith(expect.objectContaining({ status: 'FAILED' }));
  });

  it('"Nuova comunicazione" is offered only to users who may write to subjects', () => {
    userStore.set({ ...ADMIN_USER, authorities: ['ROLE_USER', 'SUBJECT_R', 'SUBJECT_W'], roles: ['ROLE_USER'] });
    const { unmount } = render(
      <AppProviders>
        <NewCommunicationButton />
      </AppProviders>,
    );
    expect(screen.queryByTestId('communication-new')).toBeNull();
    unmount();
    userStore.set({ ...ADMIN_USER, authorities: ['ROLE_MANAGER', 'MAIL_R', 'MAIL_W'], roles: ['ROLE_MANAGER'] });
    render(
      <AppProviders>
        <NewCommunicationButton />
      </AppProviders>,
    );
    expect(screen.getByTestId('communication-new').textContent).toContain('Nuova comunicazione');
  });
});
