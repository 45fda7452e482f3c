import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Button, Form } from 'antd';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../app/AppProviders';
import { i18n, initI18n } from '../../i18n';
import type { AgreementItem } from './privacy-api';
import { agreementAnswers, agreementProblem, initialAgreementValues, ServiceAgreements, type AgreementValues } from './ServiceAgreements';

const TERMS: AgreementItem = {
  agreement: {
    id: 7,
    name: 'terms',
    description: null,
    mandatory: true,
    documentId: 40,
    title: { it: 'Condizioni generali', en: 'General terms' },
    body: { it: 'Accetto le condizioni del servizio.', en: 'I accept the terms of service.' },
    attachments: [{ documentId: 40, fileName: 'condizioni.pdf' }],
  },
  answer: null,
};
const MARKETING: AgreementItem = {
  agreement: { id: 8, name: 'marketing', description: null, mandatory: false, documentId: null, title: { it: 'Comunicazioni commerciali' }, body: { it: 'Newsletter mensile.' }, attachments: [] },
  answer: { agreed: false, answeredAt: '2026-03-01T10:00:00.000Z' },
};

function Harness({ onFinish, items = [TERMS, MARKETING] }: { onFinish: (values: { agreements: AgreementValues }) => void; items?: AgreementItem[] }) {
  const [form] = Form.useForm<{ agreements: AgreementValues }>();
  return (
    <AppProviders>
      <Form form={form} onFinish={onFinish} initialValues={{ agreements: initialAgreementValues(items) }}>
        <ServiceAgreements agreements={items} />
        <Button htmlType="submit" data-testid="submit">
          ok
        </Button>
      </Form>
    </AppProviders>
  );
}

/** The radio input behind a test id (antd puts the id on the input or on its wrapper). */
const radio = (testId: string) => {
  const element = screen.getByTestId(testId);
  return (element.tagName === 'INPUT' ? element : element.querySelector('input')!) as HTMLInputElement;
};
const choose = (testId: string) => fireEvent.click(radio(testId));
const submit = () => act(async () => void fireEvent.click(screen.getByTestId('submit')));

describe('service agreements', () => {
  beforeEach(async () => {
    await initI18n('it');
  });

  it('applies the rule of spec §5: a choice is needed, a mandatory agreement needs agree', () => {
    expect(agreementProblem(false, undefined)).toBe('PRIVACY.AGREEMENTS.REQUIRED');
    expect(agreementProblem(true, undefined)).toBe('PRIVACY.AGREEMENTS.REQUIRED');
    expect(agreementProblem(true, 'disagree')).toBe('PRIVACY.AGREEMENTS.MANDATORY');
    expect(agreementProblem(true, 'agree')).toBeNull();
    expect(agreementProblem(false, 'disagree')).toBeNull();
    expect(agreementProblem(false, 'agree')).toBeNull();
  });

  it('shows localised titles, bodies and attachments, and blocks the submit until the answers are valid', async () => {
    const onFinish = vi.fn();
    render(<Harness onFinish={onFinish} />);
    expect(screen.getByText('Condizioni generali')).toBeTruthy();
    expect(screen.getByText('Accetto le condizioni del servizio.')).toBeTruthy();
    expect(screen.getByTestId('agreement-7-attachment').textContent).toContain('condizioni.pdf');
    expect(screen.getByTestId('agreement-7-attachment').getAttribute('href')).toBe('/api/privacy/agreements/7/document');
    expect(screen.getByText('Obbligatorio')).toBeTruthy();
    // the last answer is the starting choice
    expect(radio('agreement-8-disagree').checked).toBe(true);
    expect(radio('agreement-7-agree').checked).toBe(false);

    await submit();
    expect(await screen.findByText('Scegli se acconsentire o no.')).toBeTruthy();
    expect(onFinish).not.toHaveBeenCalled();

    choose('agreement-7-disagree');
    await submit();
    expect(await screen.findByText('Questo consenso è obbligatorio: per proseguire devi acconsentire.')).toBeTruthy();
    expect(onFinish).not.toHaveBeenCalled();

    // disagreeing with the optional one is fine once the mandatory one is agreed
    choose('agreement-7-agree');
    await submit();
    await waitFor(() => expect(onFinish).toHaveBeenCalledTimes(1));
    const values = onFinish.mock.calls[0]![0] as { agreements: AgreementValues };
    expect(values.agreements).toEqual({ 7: 'agree', 8: 'disagree' });
    expect(agreementAnswers([TERMS, MARKETING], values.agreements)).toEqual([
      { id: 7, agreed: true },
      { id: 8, agreed: false },
    ]);
    expect(screen.getByTestId('agreement-7').querySelector('.ant-form-item-has-error')).toBeNull();
  }, 20_000);

  it('follows the language, falling back to Italian where a translation is missing', async () => {
    await act(async () => void (await i18n.changeLanguage('en')));
    render(<Harness onFinish={() => {}} />);
    expect(screen.getByText('General terms')).toBeTruthy();
    expect(screen.getByText('I accept the terms of service.')).toBeTruthy();
    expect(screen.getByText('Comunicazioni commerciali')).toBeTruthy();
    expect(screen.getAllByText('I agree')).toHaveLength(2);
    await act(async () => void (await i18n.changeLanguage('it')));
  });
});
