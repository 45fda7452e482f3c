import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Form } from 'antd';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../app/AppProviders';
import { queryClient } from '../../app/query-client';
import { initI18n } from '../../i18n';
import { ChangePasswordForm, type ChangePasswordValues } from './ChangePasswordForm';

const RULE = { key: 'PASSWORD_RULE', theValue: '^(?=.*\\d).{8,}$', translation: { it: 'Almeno 8 caratteri e una cifra.', en: 'At least 8 characters and a digit.' } };

function Harness({ onSubmit }: { onSubmit: (v: ChangePasswordValues) => void }) {
  const [form] = Form.useForm<ChangePasswordValues>();
  return <ChangePasswordForm form={form} username="mario" submitting={false} onSubmit={onSubmit} onCancel={() => {}} />;
}

const type = (testId: string, value: string) => fireEvent.change(screen.getByTestId(testId), { target: { value } });
const save = () => screen.getByTestId('cp-save') as HTMLButtonElement;

describe('change-password form', () => {
  beforeAll(async () => {
    await initI18n('it');
  });

  beforeEach(() => {
    queryClient.clear();
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify({ data: { items: [RULE] } }), { status: 200, headers: { 'Content-Type': 'application/json' } })),
    );
  });

  it('shows the rule of the system registry and keeps Save disabled until the form is valid', async () => {
    const onSubmit = vi.fn();
    render(
      <AppProviders>
        <Harness onSubmit={onSubmit} />
      </AppProviders>,
    );
    expect(await screen.findByText('Almeno 8 caratteri e una cifra.')).toBeTruthy();
    expect((screen.getByTestId('cp-username') as HTMLInputElement).value).toBe('mario');
    expect((screen.getByTestId('cp-username') as HTMLInputElement).disabled).toBe(true);
    expect(save().disabled).toBe(true);

    type('cp-old', 'Vecchia!1');
    type('cp-new', 'semplice');
    type('cp-confirm', 'semplice');
    await waitFor(() => expect(save().disabled).toBe(true));

    type('cp-new', 'Rinnovata1');
    type('cp-confirm', 'Rinnovata2');
    await waitFor(() => expect(save().disabled).toBe(true));

    type('cp-confirm', 'Rinnovata1');
    await waitFor(() => expect(save().disabled).toBe(false));
    fireEvent.click(save());
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith(expect.objectContaining({ oldPassword: 'Vecchia!1', newPassword: 'Rinnovata1' })));
  });
});
