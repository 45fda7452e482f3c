import { landingPath } from '@circula/model';
import { Button, Card, Form, Result } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { authApi } from '../../api/auth-api';
import { ApiError } from '../../api/errors';
import { login, logout } from '../../app/auth/session';
import { useCurrentUser } from '../../app/auth/useAuth';
import { getEnvironment } from '../../app/environment';
import { notifySuccess } from '../../app/notifications';
import { changePasswordErrorKey } from './auth-errors';
import { ChangePasswordForm, type ChangePasswordValues } from './ChangePasswordForm';
import { PublicLayout } from './PublicLayout';
import { usePasswordRule } from './usePasswordRule';

/**
 * `/change-password` (spec §2): public, so a user whose password expired (no session) can use it.
 * With isHandleForbidden the user is signed in with the new password afterwards.
 */
export function ChangePasswordPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const user = useCurrentUser();
  const [params] = useSearchParams();
  const [form] = Form.useForm<ChangePasswordValues>();
  const rule = usePasswordRule();
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);

  const handleForbidden = params.get('isHandleForbidden') === 'true';
  const username = (handleForbidden ? params.get('username') : null) ?? user?.username ?? params.get('username') ?? '';
  const reason = params.get('message');
  const title = reason
    ? t('CHANGE_PASSWORD.TITLE_WITH_REASON', { reason: t(reason, { defaultValue: reason }) })
    : t('CHANGE_PASSWORD.TITLE');

  const submit = async ({ oldPassword, newPassword }: ChangePasswordValues) => {
    setSubmitting(true);
    setError(null);
    try {
      await authApi.changePassword({ username, oldPassword, newPassword });
    } catch (failure) {
      const key = changePasswordErrorKey(failure);
      const code = failure instanceof ApiError ? failure.code : undefined;
      setError(code === 'INVALID_PASSWORD' ? `${t(key)} ${rule.message}` : t(key, { defaultValue: t('NOTIFICATIONS.ERROR.DESCRIPTION') }));
      form.setFieldValue('oldPassword', '');
      setSubmitting(false);
      return;
    }
    if (handleForbidden) {
      try {
        const signedIn = await login(username, newPassword);
        navigate(landingPath(signedIn, getEnvironment().loggedInPath), { replace: true });
      } catch {
        // the password is changed; signing in again by hand is all that is left
        notifySuccess(t('CHANGE_PASSWORD.SUCCESS'), t('CHANGE_PASSWORD.SUCCESS_DESCRIPTION'));
        await logout({ callServer: false });
      }
      return;
    }
    notifySuccess(t('CHANGE_PASSWORD.SUCCESS'), t('CHANGE_PASSWORD.SUCCESS_DESCRIPTION'));
    await logout();
  };

  return (
    <PublicLayout>
      <Card data-testid="change-password-page" title={title} style={{ width: 480, maxWidth: '100%' }}>
        {username ? (
          <ChangePasswordForm
            form={form}
            username={username}
            submitting={submitting}
            error={error}
            onSubmit={(values) => void submit(values)}
            onCancel={() => navigate('/')}
          />
        ) : (
          <Result
            status="info"
            title={t('CHANGE_PASSWORD.NO_USER')}
            extra={
              <Button type="primary" onClick={() => navigate(getEnvironment().loginPath)}>
                {t('CHANGE_PASSWORD.GO_TO_LOGIN')}
              </Button>
            }
          />
        )}
      </Card>
    </PublicLayout>
  );
}

export default ChangePasswordPage;
