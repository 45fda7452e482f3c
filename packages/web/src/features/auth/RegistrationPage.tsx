import { isInRegistration } from '@circula/model';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Form, Input, Result, Space, Spin, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { ApiError } from '../../api/errors';
import { logout } from '../../app/auth/session';
import { useCurrentUser } from '../../app/auth/useAuth';
import { notifySuccess } from '../../app/notifications';
import { accountsApi, REGISTRATION_TYPE, SUBJECT_TYPE, type RegistrationRecord } from '../accounts/accounts-api';
import { registrationFailure } from '../accounts/registration-errors';
import { PublicLayout } from './PublicLayout';
import { usePasswordRule } from './usePasswordRule';

/** Spec §9: after a registration the user goes to `/` after this delay. */
export const REGISTRATION_REDIRECT_MS = 1000;

interface Values {
  name: string;
  lastname: string;
  email: string;
  password: string;
  confirmPassword: string;
}

/**
 * `/registration`, behind the sign-on guard only (spec §2). With `u` (the uuid of an emailed
 * link, which opens it without a session) the registration page of spec §4: an invalid link shows
 * the invalid-link page, a valid one the form. Without it, a signed-in ON_BOARD user waits here
 * for an administrator's approval; anyone else belongs elsewhere.
 */
export function RegistrationPage() {
  const [params] = useSearchParams();
  const uuid = params.get('u');
  if (uuid !== null) return <RegistrationByLink uuid={uuid} />;
  return <RegistrationPending />;
}

function RegistrationPending() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  // the sign-on guard sends visitors without a link to the login page
  if (!user) return null;
  if (!isInRegistration(user)) return <Navigate to="/" replace />;
  return (
    <PublicLayout>
      <Card style={{ width: 560, maxWidth: '100%' }}>
        <Result
          data-testid="registration-pending"
          status="info"
          title={t('REGISTRATION.PENDING_TITLE')}
          subTitle={t('REGISTRATION.PENDING_DESCRIPTION', { name: user.fullname || user.username })}
          extra={<Button onClick={() => void logout()}>{t('REGISTRATION.LOGOUT')}</Button>}
        />
      </Card>
    </PublicLayout>
  );
}

function InvalidLink() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const user = useCurrentUser();
  const goBack = async () => {
    if (user) await logout();
    navigate('/', { replace: true });
  };
  return (
    <PublicLayout>
      <Card style={{ width: 560, maxWidth: '100%' }}>
        <Result
          data-testid="registration-invalid"
          status="warning"
          title={t('ACCOUNTS.REGISTRATION.INVALID_TITLE')}
          subTitle={t('ACCOUNTS.REGISTRATION.INVALID_DESCRIPTION')}
          extra={
            <Button data-testid="registration-go-back" type="primary" onClick={() => void goBack()}>
              {t('ACCOUNTS.GO_BACK')}
            </Button>
          }
        />
      </Card>
    </PublicLayout>
  );
}

function RegistrationByLink({ uuid }: { uuid: string }) {
  const { t } = useTranslation();
  const [invalid, setInvalid] = useState(false);
  const { data, error, isPending } = useQuery({
    queryKey: ['webaccess', 'registration', uuid],
    queryFn: () => accountsApi.readRegistration(uuid),
    retry: false,
    staleTime: Infinity,
    refetchOnWindowFocus: false,
  });
  if (isPending) return <Spin fullscreen />;
  if (invalid || error || !data) return <InvalidLink />;
  return (
    <PublicLayout>
      <Card style={{ width: 560, maxWidth: '100%' }} data-testid="registration-page">
        <Typography.Title level={3} style={{ marginTop: 0 }}>
          {t('ACCOUNTS.REGISTRATION.TITLE')}
        </Typography.Title>
        <Typography.Paragraph type="secondary">{t('ACCOUNTS.REGISTRATION.SUBTITLE')}</Typography.Paragraph>
        <RegistrationForm record={data} onInvalidLink={() => setInvalid(true)} />
      </Card>
    </PublicLayout>
  );
}

function RegistrationForm({ record, onInvalidLink }: { record: RegistrationRecord; onInvalidLink(): void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const rule = usePasswordRule();
  const [form] = Form.useForm<Values>();
  const [submitting, setSubmitting] = useState(false);
  const [done, setDone] = useState(false);
  const [errors, setErrors] = useState<string[]>([]);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(() => () => void (timer.current && clearTimeout(timer.current)), []);

  const required = { required: true, whitespace: true, message: t('VALIDATION.REQUIRED') };

  const submit = async (values: Values) => {
    setSubmitting(true);
    setErrors([]);
    try {
      await accountsApi.register({
        name: values.name.trim(),
        lastname: values.lastname.trim(),
        email: record.email,
        username: record.email,
        password: values.password,
        confirmPassword: values.confirmPassword,
        uuid: record.uuid,
        subjectType: SUBJECT_TYPE,
        type: record.type || REGISTRATION_TYPE,
      });
    } catch (error) {
      setSubmitting(false);
      const failure = registrationFailure(error instanceof ApiError ? error.body : null);
      if (failure.kind === 'invalid-link') onInvalidLink();
      else if (failure.kind === 'password-rule') setErrors([rule.message]);
      else if (failure.kind === 'constraint') setErrors(failure.keys.map((key) => t(key, { defaultValue: t('ERRORS.CONSTRAINT_VIOLATION') })));
      else setErrors([t(failure.key, { defaultValue: t('REGISTRATION.STATUS.ERROR.UNDEFINED') })]);
      return;
    }
    // no token: the new user waits for an administrator; back to the start
    form.resetFields();
    setDone(true);
    notifySuccess(t('ACCOUNTS.REGISTRATION.SUCCESS'), t('ACCOUNTS.REGISTRATION.SUCCESS_DESCRIPTION'));
    timer.current = setTimeout(() => navigate('/', { replace: true }), REGISTRATION_REDIRECT_MS);
  };

  return (
    <Form<Values>
      form={form}
      layout="vertical"
      initialValues={{ email: record.email }}
      onFinish={(v) => void submit(v)}
      disabled={submitting || done}
      data-testid="registration-form"
    >
      <div style={{ display: 'flex', gap: 12, flexWrap: 'wrap' }}>
        <Form.Item name="name" label={t('ACCOUNTS.REGISTRATION.NAME')} rules={[required, { max: 100 }]} style={{ flex: 1, minWidth: 200 }}>
          <Input data-testid="registration-name" autoComplete="given-name" autoFocus />
        </Form.Item>
        <Form.Item name="lastname" label={t('ACCOUNTS.REGISTRATION.LASTNAME')} rules={[required, { max: 100 }]} style={{ flex: 1, minWidth: 200 }}>
          <Input data-testid="registration-lastname" autoComplete="family-name" />
        </Form.Item>
      </div>
      <Form.Item name="email" label={t('ACCOUNTS.REGISTRATION.EMAIL')}>
        <Input data-testid="registration-email" disabled autoComplete="username" />
      </Form.Item>
      <Form.Item
        name="password"
        label={t('ACCOUNTS.REGISTRATION.PASSWORD')}
        extra={rule.message}
        rules={[
          { required: true, message: t('VALIDATION.REQUIRED') },
          {
            validator: (_, value: string | undefined) =>
              !value || !rule.pattern || rule.pattern.test(value) ? Promise.resolve() : Promise.reject(new Error(rule.message)),
          },
        ]}
      >
        <Input.Password data-testid="registration-password" autoComplete="new-password" />
      </Form.Item>
      <Form.Item
        name="confirmPassword"
        label={t('ACCOUNTS.REGISTRATION.CONFIRM_PASSWORD')}
        dependencies={['password']}
        rules={[
          { required: true, message: t('VALIDATION.REQUIRED') },
          ({ getFieldValue }) => ({
            validator: (_, value: string | undefined) =>
              !value || value === getFieldValue('password') ? Promise.resolve() : Promise.reject(new Error(t('CHANGE_PASSWORD.MISMATCH'))),
          }),
        ]}
      >
        <Input.Password data-testid="registration-confirm" autoComplete="new-password" />
      </Form.Item>
      {errors.length > 0 && (
        <div data-testid="registration-error" style={{ marginBottom: 16 }}>
          <Alert type="error" showIcon title={<span style={{ whiteSpace: 'pre-line' }}>{errors.join('\n')}</span>} />
        </div>
      )}
      {done && (
        <div data-testid="registration-success" style={{ marginBottom: 16 }}>
          <Alert type="success" showIcon title={t('ACCOUNTS.REGISTRATION.SUCCESS')} description={t('ACCOUNTS.REGISTRATION.SUCCESS_DESCRIPTION')} />
        </div>
      )}
      <Space style={{ width: '100%', justifyContent: 'flex-end' }}>
        <Button data-testid="registration-cancel" onClick={() => navigate('/', { replace: true })} disabled={submitting}>
          {t('ACCOUNTS.CANCEL')}
        </Button>
        <Button data-testid="registration-save" type="primary" htmlType="submit" loading={submitting}>
          {t('ACCOUNTS.SAVE')}
        </Button>
      </Space>
    </Form>
  );
}
