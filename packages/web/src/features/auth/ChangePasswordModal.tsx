import { Form, Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { authApi } from '../../api/auth-api';
import { ApiError } from '../../api/errors';
import { logout } from '../../app/auth/session';
import { MODAL_WIDTH } from '../../app/modal-sizes';
import { notifyDanger, notifySuccess } from '../../app/notifications';
import { ChangePasswordForm, type ChangePasswordValues } from './ChangePasswordForm';

interface Props {
  open: boolean;
  username: string;
  onClose(): void;
}

/** The medium modal of the system menu: success notifies and logs out; failure is a danger notification. */
export function ChangePasswordModal({ open, username, onClose }: Props) {
  const { t } = useTranslation();
  const [form] = Form.useForm<ChangePasswordValues>();
  const [submitting, setSubmitting] = useState(false);

  const submit = async ({ oldPassword, newPassword }: ChangePasswordValues) => {
    setSubmitting(true);
    try {
      await authApi.changePassword({ username, oldPassword, newPassword });
    } catch (error) {
      const key = error instanceof ApiError && error.body ? `ERRORS.${error.body.errorMessage}` : 'NOTIFICATIONS.ERROR.DESCRIPTION';
      notifyDanger(t('NOTIFICATIONS.ERROR.TITLE'), t(key, { defaultValue: t('NOTIFICATIONS.ERROR.DESCRIPTION') }));
      form.setFieldValue('oldPassword', '');
      setSubmitting(false);
      return;
    }
    setSubmitting(false);
    onClose();
    notifySuccess(t('CHANGE_PASSWORD.SUCCESS'), t('CHANGE_PASSWORD.SUCCESS_DESCRIPTION'));
    await logout();
  };

  return (
    <Modal
      open={open}
      // the test id goes on the visible content: the modal root itself has no size
      modalRender={(content) => <div data-testid="change-password-modal">{content}</div>}
      title={t('CHANGE_PASSWORD.TITLE')}
      width={MODAL_WIDTH.medium}
      footer={null}
      onCancel={onClose}
      destroyOnHidden
      mask={{ closable: !submitting }}
    >
      <ChangePasswordForm form={form} username={username} submitting={submitting} onSubmit={(v) => void submit(v)} onCancel={onClose} />
    </Modal>
  );
}
