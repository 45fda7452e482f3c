import { LockOutlined, LoginOutlined, UserOutlined } from '@ant-design/icons';
import { Alert, Button, Divider, Form, Input, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { forbiddenReasonMessage } from '../../api/client';
import { ApiError } from '../../api/errors';
import { usePostLoginTarget } from '../../app/auth/guards';
import { login } from '../../app/auth/session';
import { useCurrentUser } from '../../app/auth/useAuth';
import { getEnvironment } from '../../app/environment';
import { forbiddenChangePasswordUrl } from '../../app/navigation';
import { ForgotPasswordLink } from '../accounts/ResetLinkModal';
import { loginErrorKey } from './auth-errors';
import { PublicCard } from './PublicCard';
import { PublicLayout } from './PublicLayout';

interface LoginValues {
  username: string;
  password: string;
}

export function LoginPage() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const navigate = useNavigate();
  const { target, signedIn } = usePostLoginTarget();
  const [searchParams] = useSearchParams();
  // a failed single sign-on comes back as `/login?sso=<CODE>` (server auth/oidc.ts)
  const ssoError = searchParams.get('sso');
  const [errorKey, setErrorKey] = useState<string | null>(ssoError && /^SSO_[A-Z_]+$/.test(ssoError) ? `ERRORS.${ssoError}` : null);
  const { sso, apiBaseUrl } = getEnvironment();
  const [submitting, setSubmitting] = useState(false);

  if (user) return <Navigate to={target ?? '/'} replace />;

  const submit = async ({ username, password }: LoginValues) => {
    setSubmitting(true);
    setErrorKey(null);
    try {
      await login(username, password, signedIn);
    } catch (error) {
      const key = loginErrorKey(error);
      if (key === null && error instanceof ApiError) {
        navigate(forbiddenChangePasswordUrl(username.trim(), forbiddenReasonMessage(error.reason)));
        return;
      }
      setErrorKey(key);
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <PublicLayout>
      <PublicCard width={380}>
        <Typography.Title level={3} style={{ marginTop: 0 }}>
          {t('LOGIN.TITLE')}
        </Typography.Title>
        <Typography.Paragraph type="secondary">{t('LOGIN.SUBTITLE')}</Typography.Paragraph>
        <Form<LoginValues> layout="vertical" requiredMark={false} onFinish={submit} disabled={submitting}>
          <Form.Item name="username" label={t('LOGIN.USERNAME')} rules={[{ required: true, whitespace: true, message: t('VALIDATION.REQUIRED') }]}>
            <Input data-testid="login-username" prefix={<UserOutlined />} autoComplete="username" autoFocus />
          </Form.Item>
          <Form.Item name="password" label={t('LOGIN.PASSWORD')} rules={[{ required: true, message: t('VALIDATION.REQUIRED') }]}>
            <Input.Password data-testid="login-password" prefix={<LockOutlined />} autoComplete="current-password" />
          </Form.Item>
          {errorKey && (
            <div data-testid="login-error" style={{ marginBottom: 16 }}>
              <Alert type="error" showIcon title={t(errorKey, { defaultValue: t('NOTIFICATIONS.ERROR.DESCRIPTION') })} />
            </div>
          )}
          <Button data-testid="login-submit" type="primary" htmlType="submit" block loading={submitting}>
            {t('LOGIN.SUBMIT')}
          </Button>
        </Form>
        {sso.enabled && (
          <>
            <Divider plain>{t('LOGIN.SSO.OR')}</Divider>
            <Button data-testid="login-sso" block icon={<LoginOutlined />} href={`${apiBaseUrl}/api/auth/oidc/start`} disabled={submitting}>
              {sso.label || t('LOGIN.SSO.BUTTON')}
            </Button>
          </>
        )}
        <div style={{ marginTop: 16, textAlign: 'center' }}>
          <ForgotPasswordLink />
        </div>
      </PublicCard>
    </PublicLayout>
  );
}
