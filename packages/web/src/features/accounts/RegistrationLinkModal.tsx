import { Button, Form, Input, Modal, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/errors';
import { useSilentValidity } from '../../app/form-validity';
import { MODAL_WIDTH } from '../../app/modal-sizes';
import { notifyDanger, notifyError, notifySuccess } from '../../app/notifications';
import { accountsApi } from './accounts-api';

interface Values {
  email: string;
}

/**
 * The registration-link modal (spec §2, §5): email required and valid, Confirm disabled while it
 * is not; the server mails `/registration?u=…`. USER_ALREADY_EXIST is shown as such.
 */
export function RegistrationLinkModal({ open, onClose }: { open: boolean; onClose(): void }) {
  const { t, i18n } = useTranslation();
  const [form] = Form.useForm<Values>();
  const [submitting, setSubmitting] = useState(false);
  const email = Form.useWatch('email', form);
  const valid = useSilentValidity(form, [email]);

  const submit = async ({ email: address }: Values) => {
    setSubmitting(true);
    try {
      const answer = await accountsApi.sendRegistrationLink(address.trim(), i18n.language);
      if (answer === 'USER_ALREADY_EXIST') {
        notifyDanger(t('ACCOUNTS.REGISTRATION_LINK.TITLE'), t('ACCOUNTS.REGISTRATION_LINK.USER_ALREADY_EXIST'));
        return;
      }
      notifySuccess(t('ACCOUNTS.REGISTRATION_LINK.SENT'), t('ACCOUNTS.REGISTRATION_LINK.SENT_DESCRIPTION', { email: address.trim() }));
      form.resetFields();
      onClose();
    } catch (error) {
      notifyError(error instanceof ApiError ? error : null);
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <Modal
      open={open}
      modalRender={(content) => <div data-testid="registration-link-modal">{content}</div>}
      title={t('ACCOUNTS.REGISTRATION_LINK.TITLE')}
      width={MODAL_WIDTH.small}
      footer={null}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form<Values> form={form} layout="vertical" onFinish={(v) => void submit(v)} disabled={submitting}>
        <Form.Item
          name="email"
          label={t('ACCOUNTS.REGISTRATION_LINK.EMAIL')}
          extra={t('ACCOUNTS.REGISTRATION_LINK.HINT')}
          rules={[
            { required: true, whitespace: true, message: t('VALIDATION.REQUIRED') },
            { type: 'email', message: t('ACCOUNTS.INVALID_EMAIL') },
          ]}
        >
          <Input data-testid="registration-link-email" type="email" autoComplete="off" autoFocus />
        </Form.Item>
        <Space style={{ width: '100%', justifyContent: 'flex-end' }}>
          <Button data-testid="registration-link-cancel" onClick={onClose} disabled={false}>
            {t('ACCOUNTS.CANCEL')}
          </Button>
          <Button data-testid="registration-link-confirm" type="primary" htmlType="submit" loading={submitting} disabled={!valid}>
            {t('ACCOUNTS.CONFIRM')}
          </Button>
        </Space>
      </Form>
    </Modal>
  );
}
