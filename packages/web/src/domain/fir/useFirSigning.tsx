import { App, Form, Input, InputNumber, Modal, Typography } from 'antd';
import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, errorBodyToMessage } from '../../api/errors';
import { formatNumber } from '../../app/format';
import { signFir, type FirRecord, type SignRole } from './fir-api';

interface Verdict {
  acceptedKg?: number | null;
  refusedKg?: number | null;
  refusalReason?: string;
}

export interface FirSigning {
  /** The FIR being signed, if any. */
  busy: number | null;
  /** Signs as `role`; the destination's signature first asks its verdict in a dialog. */
  sign(fir: FirRecord, transportId: number, role: SignRole): void;
  /** The destination's dialog: render it once beside the buttons. */
  dialog: ReactNode;
}

/**
 * Signing a FIR from the web: producer and transporter sign at a click; the destination enters
 * what it accepted and refused (a reason when it refuses any). Success and refusal are notified
 * with the server's translated message; `onSigned` refreshes what shows the FIR.
 */
export function useFirSigning(onSigned: (fir: FirRecord) => void | Promise<void>): FirSigning {
  const { t } = useTranslation();
  const { notification } = App.useApp();
  const [busy, setBusy] = useState<number | null>(null);
  const [destination, setDestination] = useState<{ fir: FirRecord; transportId: number } | null>(null);
  const [form] = Form.useForm<Verdict>();
  // each FIR opens the dialog with its own estimate (the form instance outlives the dialog)
  useEffect(() => {
    if (destination) form.setFieldsValue({ acceptedKg: destination.fir.estimatedKg ?? null, refusedKg: 0, refusalReason: '' });
  }, [destination, form]);
  const message = (e: unknown) => (e instanceof ApiError ? errorBodyToMessage(e.body, (k, o) => t(k, o ?? {})) : t('NOTIFICATIONS.ERROR.DESCRIPTION'));

  async function send(fir: FirRecord, transportId: number, role: SignRole, verdict?: Verdict) {
    setBusy(fir.id);
    try {
      const body = verdict
        ? { role, acceptedKg: verdict.acceptedKg ?? 0, ...(verdict.refusedKg ? { refusedKg: verdict.refusedKg } : {}), ...(verdict.refusalReason?.trim() ? { refusalReason: verdict.refusalReason.trim() } : {}) }
        : { role };
      const signed = await signFir(transportId, fir.id, body);
      notification.success({ message: t('FIR.SIGN_DONE', { number: signed.number, role: t(`FIR.ROLE.${role}`) }) });
      setDestination(null);
      await onSigned(signed);
    } catch (e) {
      notification.error({ message: t('FIR.SIGN_FAILED', { number: fir.number }), description: message(e), duration: 0 });
    } finally {
      setBusy(null);
    }
  }

  const dialog = (
    <Modal
      open={destination !== null}
      title={t('FIR.DESTINATION_TITLE', { number: destination?.fir.number ?? '' })}
      okText={t('FIR.SIGN_AS.DESTINATION')}
      cancelText={t('FIR.CANCEL')}
      confirmLoading={busy !== null}
      onCancel={() => setDestination(null)}
      onOk={() => void form.validateFields().then((v) => destination && send(destination.fir, destination.transportId, 'DESTINATION', v))}
      okButtonProps={{ 'data-testid': 'fir-destination-ok' } as Record<string, string>}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">
        {t('FIR.DESTINATION_HINT', { kg: destination?.fir.estimatedKg == null ? '—' : formatNumber(destination.fir.estimatedKg) })}
      </Typography.Paragraph>
      <Form form={form} layout="vertical" initialValues={{ acceptedKg: destination?.fir.estimatedKg ?? null, refusedKg: 0 }} preserve={false}>
        <Form.Item name="acceptedKg" label={t('FIR.ACCEPTED_KG')} rules={[{ required: true, message: t('ERRORS.REQUIRED') }]}>
          <InputNumber min={0} max={1_000_000} precision={3} decimalSeparator="," style={{ width: '100%' }} aria-label={t('FIR.ACCEPTED_KG')} data-testid="fir-accepted-kg" />
        </Form.Item>
        <Form.Item name="refusedKg" label={t('FIR.REFUSED_KG')}>
          <InputNumber min={0} max={1_000_000} precision={3} decimalSeparator="," style={{ width: '100%' }} aria-label={t('FIR.REFUSED_KG')} data-testid="fir-refused-kg" />
        </Form.Item>
        <Form.Item
          name="refusalReason"
          label={t('FIR.REFUSAL_REASON')}
          dependencies={['refusedKg']}
          rules={[
            ({ getFieldValue }) => ({
              validator: async (_, v: string | undefined) => {
                if (Number(getFieldValue('refusedKg') ?? 0) > 0 && !v?.trim()) throw new Error(t('ERRORS.REQUIRED'));
              },
            }),
          ]}
        >
          <Input.TextArea maxLength={300} rows={2} aria-label={t('FIR.REFUSAL_REASON')} data-testid="fir-refusal-reason" />
        </Form.Item>
      </Form>
    </Modal>
  );

  return {
    busy,
    sign: (fir, transportId, role) => (role === 'DESTINATION' ? setDestination({ fir, transportId }) : void send(fir, transportId, role)),
    dialog,
  };
}
