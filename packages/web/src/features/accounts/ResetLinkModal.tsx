import { Button, Form, Input, Modal, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MODAL_WIDTH } from '../../app/modal-sizes';
import { notifyDanger, notifySuccess } from '../../app/notifications';
import { accountsApi } from './accounts-api';

interface Values {
  username: string;
}

/**
 * The reset-password-link modal of the login page (spec §2, §5): username required. The answer
 * is the same whether or not the user exists; failure is the generic danger notice (spec §8).
 */
export function ResetLinkModal({ open, onClose, initialUsername }: { open: boolean; onClose(): void; initialUsername?: string }) {
  const { t, i18n } = useTranslation();
  const [form] = Form.useForm<Values>();
  const [submitting, setSubmitting] = useState(false);

  const submit = async ({ username }: Values) => {
    setSubmitting(true);
    try {
      await accountsApi.requestRecoveryLink(username.trim(), i18n.language);
      notifySuccess(t('ACCOUNTS.RESET_LINK.SENT'), t('ACCOUNTS.RESET_LINK.SENT_DESCRIPTION'));
      form.resetFields();
      onClose();
    } catch {
      notifyDanger(t('NOTIFICATIONS.ERROR.TITLE'), t('NOTIFICATIONS.ERROR.DESCRIPTION'));
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <Modal
      open={open}
      modalRender={(content) => <div data-testid="reset-link-modal">{content}</div>}
      title={t('ACCOUNTS.RESET_LINK.TITLE')}
      width={MODAL_WIDTH.small}
      footer={null}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form<Values> form={form} layout="vertical" initialValues={{ username: initialUsername ?? '' }} onFinish={(v) => void submit(v)} disabled={submitting}>
        <Form.Item
          name="username"
          label={t('ACCOUNTS.RESET_LINK.USERNAME')}
          extra={t('ACCOUNTS.RESET_LINK.HINT')}
          rules={[{ required: true, whitespace: true, message: t('VALIDATION.REQUIRED') }]}
        >
          <Input data-testid="reset-link-username" autoComplete="username" autoFocus />
        </Form.Item>
        <Space style={{ width: '100%', justifyContent: 'flex-end' }}>
          <Button data-testid="reset-link-cancel" onClick={onClose} disabled={false}>
            {t('ACCOUNTS.CANCEL')}
          </Button>
          <Button data-testid="reset-link-confirm" type="primary" htmlType="submit" loading={submitting}>
            {t('ACCOUNTS.CONFIRM')}
          </Button>
        </Space>
      </Form>
    </Modal>
  );
}

/** The "Password dimenticata?" link of the login page with its modal. */
export function ForgotPasswordLink({ username }: { username?: string }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button type="link" data-testid="forgot-password" onClick={() => setOpen(true)}>
        {t('LOGIN.FORGOT_PASSWORD')}
      </Button>
      <ResetLinkModal open={open} initialUsername={username} onClose={() => setOpen(false)} />
    </>
  );
}
