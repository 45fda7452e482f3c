import { Form } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { authApi } from '../../api/auth-api';
import { ApiError } from '../../api/errors';
import { logout } from '../../app/auth/session';
import { notifyDanger, notifySuccess } from '../../app/notifications';
import type { ChangePasswordValues } from './ChangePasswordForm';

/**
 * A signed-in user changing their own password (the system menu's modal, the profile's tab; spec
 * §8): failure is a danger notification keyed by errorMessage with the current password cleared;
 * success notifies and signs out, since the server ends every session of the user.
 */
export function useChangeOwnPassword(username: string, onDone?: () => void) {
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
    onDone?.();
    notifySuccess(t('CHANGE_PASSWORD.SUCCESS'), t('CHANGE_PASSWORD.SUCCESS_DESCRIPTION'));
    await logout();
  };

  return { form, submitting, submit: (values: ChangePasswordValues) => void submit(values) };
}
