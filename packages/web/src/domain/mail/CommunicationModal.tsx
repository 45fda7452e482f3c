import { SendOutlined } from '@ant-design/icons';
import { COMMUNICATION_LANGS, COMMUNICATION_LIMITS, communicationProblems, maySendCommunications, type CommunicationSend } from '@circula/model';
import { AutoComplete, Button, Form, Input, Modal, Select, Space, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { http } from '../../api/client';
import { ApiError } from '../../api/errors';
import { useCurrentUser } from '../../app/auth/useAuth';
import { useSilentValidity } from '../../app/form-validity';
import { MODAL_WIDTH } from '../../app/modal-sizes';
import { notifyDanger, notifyError, notifySuccess } from '../../app/notifications';
import { RecordPicker } from '../../fields/autocomplete/RecordPicker';
import type { Suggestion } from '../../fields/autocomplete/autocomplete-rules';
import { constraintErrors } from '../../fields/field-errors';
import type { RecordData } from '../../records/form/record-api';
import { sendCommunication, subjectAddresses, SUBJECTS_ENDPOINT, type CommunicationValues } from './communications-api';

/** The form's values: the recipient subject as the picker holds it (id and label). */
export interface CommunicationFormValues {
  subject: Suggestion | null;
  toAddress: string;
  subjectLine: string;
  body: string;
  lang: 'it' | 'en';
}

type Field = keyof CommunicationSend;

/** The form's values as the server takes them. */
export const communicationRequest = (values: Partial<CommunicationFormValues>): Record<string, unknown> => ({
  subject: values.subject?.value ?? null,
  toAddress: values.toAddress ?? '',
  subjectLine: values.subjectLine ?? '',
  body: values.body ?? '',
  lang: values.lang ?? 'it',
});

/**
 * The first problem of each field (an ERRORS.* message key), as the server would report it: the
 * form checks with the model's own schema (communicationSendSchema), so what it lets through the
 * server takes, and what the server refuses is refused here first.
 */
export function communicationFieldErrors(values: Partial<CommunicationFormValues>): Partial<Record<Field, string>> {
  const out: Partial<Record<Field, string>> = {};
  for (const { field, message } of communicationProblems(communicationRequest(values))) out[field] ??= message;
  return out;
}

/** The recipient subject as a form field: one the user may read, found by the autocomplete. */
function SubjectInput({ value = null, onChange, id, placeholder }: { value?: Suggestion | null; onChange?(value: Suggestion | null): void; id?: string; placeholder: string }) {
  return <RecordPicker endpoint={SUBJECTS_ENDPOINT} value={value} onChange={(next) => onChange?.(next)} placeholder={placeholder} {...(id ? { id } : {})} />;
}

interface Props {
  open: boolean;
  onClose(): void;
  /** The communication written (SENT, QUEUED or FAILED): the caller shows it (reloads its list…). */
  onSent?(record: RecordData): void;
  /** The recipient chosen beforehand (a subject's page). */
  subject?: Suggestion | null;
}

/**
 * "Nuova comunicazione" (issue 20, "Messages"): a plain-text mail to a subject the user may read,
 * to the subject's email (or PEC, or an address typed), in Italian or English. Confirm stays
 * disabled while a field is wrong; each field shows its own message, the server's too. Once sent,
 * the user is told the outcome: sent, kept in the outbox (no SMTP server), or not sent with why.
 */
export function CommunicationModal({ open, onClose, onSent, subject = null }: Props) {
  const { t, i18n } = useTranslation();
  const [form] = Form.useForm<CommunicationFormValues>();
  const [submitting, setSubmitting] = useState(false);
  const [addresses, setAddresses] = useState<{ address: string; kind: 'EMAIL' | 'PEC' }[] | null>(null);
  // the address the form put in itself: replaced when another subject is chosen, unlike one typed
  const prefilled = useRef<string | null>(null);
  const chosen = Form.useWatch('subject', form);
  const watched = Form.useWatch([], form);
  const valid = useSilentValidity(form, [watched]);

  const initial: CommunicationFormValues = { subject, toAddress: '', subjectLine: '', body: '', lang: i18n.language === 'en' ? 'en' : 'it' };

  // the chosen subject's email and PEC, the first one put in the address field
  const subjectId = chosen?.value ?? null;
  useEffect(() => {
    if (!open) return;
    setAddresses(null);
    if (subjectId === null) return;
    let current = true;
    http
      .data<Record<string, unknown>>(`${SUBJECTS_ENDPOINT}/${subjectId}`, { silent: true })
      .then((record) => {
        if (!current) return;
        const found = subjectAddresses(record);
        setAddresses(found);
        const typed = (form.getFieldValue('toAddress') as string | undefined)?.trim() ?? '';
        if (typed === '' || typed === prefilled.current) {
          const next = found[0]?.address ?? '';
          prefilled.current = next;
          form.setFieldValue('toAddress', next);
          if (next) void form.validateFields(['toAddress']);
        }
      })
      .catch(() => current && setAddresses([]));
    return () => {
      current = false;
    };
  }, [form, open, subjectId]);

  const rule = (field: Field) => ({
    validator: async () => {
      const message = communicationFieldErrors(form.getFieldsValue(true) as CommunicationFormValues)[field];
      if (message) throw new Error(t(`ERRORS.${message}`, { defaultValue: t('ERRORS.INVALID') }));
    },
  });

  const close = () => {
    form.resetFields();
    prefilled.current = null;
    onClose();
  };

  const tell = (record: RecordData) => {
    const to = String(record.toAddress ?? '');
    if (record.status === 'SENT') notifySuccess(t('COMMUNICATIONS.OUTCOME.SENT'), t('COMMUNICATIONS.OUTCOME.SENT_TO', { to }));
    else if (record.status === 'QUEUED') notifySuccess(t('COMMUNICATIONS.OUTCOME.QUEUED'), t('COMMUNICATIONS.OUTCOME.QUEUED_HINT', { to }));
    else notifyDanger(t('COMMUNICATIONS.OUTCOME.FAILED'), [t('COMMUNICATIONS.OUTCOME.FAILED_HINT'), String(record.error ?? '')].filter(Boolean).join('\n'));
  };

  const submit = async (values: CommunicationFormValues) => {
    setSubmitting(true);
    try {
      const record = await sendCommunication(communicationRequest(values) as unknown as CommunicationValues);
      tell(record);
      onSent?.(record);
      close();
    } catch (error) {
      const byField = constraintErrors(error);
      const names = Object.keys(byField);
      if (names.length > 0) form.setFields(names.map((name) => ({ name: name as Field, errors: byField[name]!.map((m) => t(`ERRORS.${m}`, { defaultValue: m })) })));
      else notifyError(error instanceof ApiError ? error : null);
    } finally {
      setSubmitting(false);
    }
  };

  const addressHint =
    addresses === null
      ? t('COMMUNICATIONS.FORM.ADDRESS_HINT')
      : addresses.length === 0
        ? t('COMMUNICATIONS.FORM.NO_ADDRESS')
        : t('COMMUNICATIONS.FORM.ADDRESSES', { addresses: addresses.map((a) => `${a.address} (${t(`COMMUNICATIONS.FORM.KIND.${a.kind}`)})`).join(', ') });

  return (
    <Modal
      open={open}
      modalRender={(content) => <div data-testid="communication-modal">{content}</div>}
      title={t('COMMUNICATIONS.NEW')}
      width={MODAL_WIDTH.medium}
      footer={null}
      onCancel={close}
      destroyOnHidden
      mask={{ closable: false }}
    >
      <Form<CommunicationFormValues> form={form} layout="vertical" initialValues={initial} onFinish={(v) => void submit(v)} disabled={submitting} name="communication">
        <Form.Item name="subject" label={t('COMMUNICATIONS.FORM.SUBJECT')} rules={[rule('subject')]} required>
          <SubjectInput placeholder={t('COMMUNICATIONS.FORM.SUBJECT_PLACEHOLDER')} />
        </Form.Item>
        <Form.Item name="toAddress" label={t('COMMUNICATIONS.FORM.TO')} rules={[rule('toAddress')]} required extra={addressHint}>
          <AutoComplete options={(addresses ?? []).map((a) => ({ value: a.address, label: `${a.address} · ${t(`COMMUNICATIONS.FORM.KIND.${a.kind}`)}` }))}>
            <Input data-testid="communication-to" type="email" autoComplete="off" maxLength={COMMUNICATION_LIMITS.toAddress} />
          </AutoComplete>
        </Form.Item>
        <div style={{ display: 'flex', gap: 16 }}>
          <Form.Item name="subjectLine" label={t('COMMUNICATIONS.FORM.SUBJECT_LINE')} rules={[rule('subjectLine')]} required style={{ flex: 1 }}>
            <Input data-testid="communication-subject-line" maxLength={COMMUNICATION_LIMITS.subjectLine} showCount />
          </Form.Item>
          <Form.Item name="lang" label={t('COMMUNICATIONS.FORM.LANGUAGE')} rules={[rule('lang')]} style={{ width: 160 }}>
            <Select data-testid="communication-lang" options={COMMUNICATION_LANGS.map((code) => ({ value: code, label: t(`COMMUNICATIONS.FORM.LANGUAGES.${code}`) }))} />
          </Form.Item>
        </div>
        <Form.Item name="body" label={t('COMMUNICATIONS.FORM.BODY')} rules={[rule('body')]} required extra={t('COMMUNICATIONS.FORM.BODY_HINT')}>
          <Input.TextArea data-testid="communication-body" rows={10} maxLength={COMMUNICATION_LIMITS.body} showCount />
        </Form.Item>
        <Space style={{ width: '100%', justifyContent: 'space-between' }}>
          <Typography.Text type="secondary">{t('COMMUNICATIONS.FORM.FROM_HINT')}</Typography.Text>
          <Space>
            <Button data-testid="communication-cancel" onClick={close} disabled={false}>
              {t('COMMUNICATIONS.CANCEL')}
            </Button>
            <Button data-testid="communication-send" type="primary" htmlType="submit" icon={<SendOutlined />} loading={submitting} disabled={!valid}>
              {t('COMMUNICATIONS.SEND')}
            </Button>
          </Space>
        </Space>
      </Form>
    </Modal>
  );
}

/** "Nuova comunicazione" and its modal, to a user who may write to subjects (null otherwise). */
export function NewCommunicationButton({ subject = null, onSent, size }: { subject?: Suggestion | null; onSent?(record: RecordData): void; size?: 'small' | 'middle' }) {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const [open, setOpen] = useState(false);
  if (!user || !maySendCommunications(user)) return null;
  return (
    <>
      <Button type="primary" icon={<SendOutlined />} onClick={() => setOpen(true)} data-testid="communication-new" {...(size ? { size } : {})}>
        {t('COMMUNICATIONS.NEW')}
      </Button>
      <CommunicationModal open={open} onClose={() => setOpen(false)} subject={subject} {...(onSent ? { onSent } : {})} />
    </>
  );
}
