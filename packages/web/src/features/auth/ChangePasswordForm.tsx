import { Alert, Button, Form, Input, Space, type FormInstance } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSilentValidity } from '../../app/form-validity';
import { usePasswordRule } from './usePasswordRule';

export interface ChangePasswordValues {
  username: string;
  oldPassword: string;
  newPassword: string;
  confirmPassword: string;
}

interface Props {
  form: FormInstance<ChangePasswordValues>;
  username: string;
  submitting: boolean;
  /** Shown under the fields (the page); the modal reports through notifications. */
  error?: string | null;
  onSubmit(values: ChangePasswordValues): void;
  onCancel(): void;
}

/** Fields and rules of spec §5 "Change password", shared by the page and the medium modal. */
export function ChangePasswordForm({ form, username, submitting, error, onSubmit, onCancel }: Props) {
  const { t } = useTranslation();
  const rule = usePasswordRule();
  const required = { required: true, message: t('VALIDATION.REQUIRED') };

  // Save stays disabled while the form is invalid (checked silently, without showing errors early)
  const values = Form.useWatch([], form);
  const valid = useSilentValidity(form, [values, rule.pattern]);

  return (
    <Form<ChangePasswordValues> form={form} layout="vertical" initialValues={{ username }} onFinish={onSubmit} disabled={submitting}>
      <Form.Item name="username" label={t('CHANGE_PASSWORD.USERNAME')}>
        <Input data-testid="cp-username" disabled autoComplete="username" />
      </Form.Item>
      <Form.Item name="oldPassword" label={t('CHANGE_PASSWORD.OLD')} rules={[required]}>
        <Input.Password data-testid="cp-old" autoComplete="current-password" />
      </Form.Item>
      <Form.Item
        name="newPassword"
        label={t('CHANGE_PASSWORD.NEW')}
        extra={rule.message}
        rules={[
          required,
          {
            validator: (_, value: string | undefined) =>
              !value || !rule.pattern || rule.pattern.test(value) ? Promise.resolve() : Promise.reject(new Error(rule.message)),
          },
        ]}
      >
        <Input.Password data-testid="cp-new" autoComplete="new-password" />
      </Form.Item>
      <Form.Item
        name="confirmPassword"
        label={t('CHANGE_PASSWORD.CONFIRM')}
        dependencies={['newPassword']}
        rules={[
          required,
          ({ getFieldValue }) => ({
            validator: (_, value: string | undefined) =>
              !value || value === getFieldValue('newPassword')
                ? Promise.resolve()
                : Promise.reject(new Error(t('CHANGE_PASSWORD.MISMATCH'))),
          }),
        ]}
      >
        <Input.Password data-testid="cp-confirm" autoComplete="new-password" />
      </Form.Item>
      {error && (
        <div data-testid="cp-error" style={{ marginBottom: 16 }}>
          <Alert type="error" showIcon title={error} />
        </div>
      )}
      <Space style={{ width: '100%', justifyContent: 'flex-end' }}>
        <Button data-testid="cp-cancel" onClick={onCancel} disabled={false}>
          {t('CHANGE_PASSWORD.CANCEL')}
        </Button>
        <Button data-testid="cp-save" type="primary" htmlType="submit" loading={submitting} disabled={!valid}>
          {t('CHANGE_PASSWORD.SAVE')}
        </Button>
      </Space>
    </Form>
  );
}
