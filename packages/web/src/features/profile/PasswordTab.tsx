import { Form } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { authApi } from '../../api/auth-api';
import { ApiError } from '../../api/errors';
import { logout } from '../../app/auth/session';
import { notifyDanger, notifySuccess } from '../../app/notifications';
import { ChangePasswordForm, type ChangePasswordValues } from '../auth/ChangePasswordForm';

/**
 * Change password from the profile, as the system menu's modal does (spec §8): failure is a danger
 * notification keyed by errorMessage with the current password cleared; success notifies and signs
 * out, since the server ends every session of the user.
 */
export function PasswordTab({ username }: { username: string }) {
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
    notifySuccess(t('CHANGE_PASSWORD.SUCCESS'), t('CHANGE_PASSWORD.SUCCESS_DESCRIPTION'));
    await logout();
  };

  return (
    <div data-testid="profile-password" style={{ maxWidth: 520 }}>
      <ChangePasswordForm
        form={form}
        username={username}
        submitting={submitting}
        onSubmit={(v) => void submit(v)}
        onCancel={() => form.resetFields(['oldPassword', 'newPassword', 'confirmPassword'])}
      />
    </div>
  );
}
