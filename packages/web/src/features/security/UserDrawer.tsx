import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Descriptions, Drawer, Form, Input, Popconfirm, Select, Space, Spin, Tag, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCurrentUser } from '../../app/auth/useAuth';
import { formatDateTime } from '../../app/format';
import { supportedLanguages } from '../../app/language';
import { notifySuccess } from '../../app/notifications';
import { isNotFound } from '../../records/form/record-errors';
import { ConflictModal, PasswordAnswerModal } from './dialogs';
import { testId } from './test-id';
import { securityApi, type SecurityUser } from './security-api';
import {
  changesSomething,
  createUserPayload,
  passwordAnswer,
  updateUserPayload,
  userFormValues,
  type PasswordAnswer,
  type UserFormValues,
} from './user-form';
import { useVersionedEdit } from './useVersionedEdit';

interface Props {
  /** null: a new user. */
  userId: number | null;
  canCreate: boolean;
  canWrite: boolean;
  onClose(): void;
  /** A user was created or changed: the list reloads; a new user opens. */
  onSaved(user: SecurityUser, created: boolean): void;
}

const userKey = (id: number | null) => ['security', 'user', id] as const;

/**
 * Create or edit one user (spec §6): username (only when creating), email, names, language,
 * groups (the authorities follow from them and are shown), enabled; disable/enable, force a
 * password change and reset the password. Saves carry `version`: a stale one opens the conflict
 * dialog of the record pages.
 */
export function UserDrawer({ userId, canCreate, canWrite, onClose, onSaved }: Props) {
  const { t } = useTranslation();
  const me = useCurrentUser();
  const [form] = Form.useForm<UserFormValues>();
  const { creating, loaded, record: user, busy, run, keep, conflictModal } = useVersionedEdit({
    id: userId,
    queryKey: userKey,
    load: securityApi.user,
    formValues: userFormValues,
    form,
  });
  const editable = creating ? canCreate : canWrite;
  const groups = useQuery({ queryKey: ['security', 'assignable-groups'], queryFn: securityApi.assignableGroups, enabled: editable, staleTime: 60_000 });
  const [answer, setAnswer] = useState<{ answer: PasswordAnswer; username: string } | null>(null);

  const groupOptions = useMemo(() => {
    const assignable = groups.data ?? [];
    const codes = new Set(assignable.map((g) => g.code));
    // groups the user has but the editor may not hand out stay visible, fixed
    const fixed = (user?.groups ?? []).filter((g) => !codes.has(g.code)).map((g) => ({ value: g.code, label: `${g.code} — ${g.name}`, disabled: true }));
    return [...assignable.map((g) => ({ value: g.code, label: `${g.code} — ${g.name}` })), ...fixed];
  }, [groups.data, user]);

  const refreshed = (next: SecurityUser) => {
    keep(next);
    onSaved(next, false);
  };

  const save = (values: UserFormValues) =>
    run('save', async () => {
      if (creating) {
        const created = await securityApi.createUser(createUserPayload(values));
        notifySuccess(t('SECURITY.USERS.CREATED', { username: created.username }));
        keep(created);
        setAnswer({ answer: passwordAnswer(created), username: created.username });
        onSaved(created, true);
      } else if (user) {
        const payload = updateUserPayload(user, values);
        if (!changesSomething(payload)) {
          notifySuccess(t('SECURITY.NOTHING_CHANGED'));
          return;
        }
        refreshed(await securityApi.updateUser(user.id, payload));
        notifySuccess(t('SECURITY.SAVED'));
      }
    });

  const toggleEnabled = () =>
    run('enabled', async () => {
      if (!user) return;
      const next = await securityApi.updateUser(user.id, { version: user.version, enabled: !user.enabled });
      refreshed(next);
      notifySuccess(t(next.enabled ? 'SECURITY.USERS.ENABLED_DONE' : 'SECURITY.USERS.DISABLED_DONE', { username: next.username }));
    });

  const forcePasswordChange = () =>
    run('force', async () => {
      if (!user) return;
      refreshed(await securityApi.forcePasswordChange(user.id, user.version));
      notifySuccess(t('SECURITY.USERS.FORCED_DONE', { username: user.username }));
    });

  const resetPassword = () =>
    run('reset', async () => {
      if (!user) return;
      const result = await securityApi.resetPassword(user.id);
      if (typeof result === 'object' && result !== null && 'id' in result) refreshed(result);
      else void loaded.refetch().then((r) => r.data && onSaved(r.data, false));
      const shown = passwordAnswer(result);
      if (shown.kind === 'none') notifySuccess(t('SECURITY.USERS.RESET_DONE', { username: user.username }));
      else setAnswer({ answer: shown, username: user.username });
    });

  const self = !!user && me?.id === user.id;
  const title = creating ? t('SECURITY.USERS.NEW') : user ? `${user.username}${user.fullname ? ` — ${user.fullname}` : ''}` : t('SECURITY.USERS.USER');

  const body = () => {
    if (!creating && loaded.isPending) return <Spin style={{ display: 'block', margin: '48px auto' }} />;
    if (!creating && loaded.isError) {
      return <Alert type="error" showIcon data-testid="user-load-error" title={t(isNotFound(loaded.error) ? 'SECURITY.USERS.NOT_FOUND' : 'SECURITY.LOAD_ERROR')} />;
    }
    return (
      <>
        {user && (
          <Space wrap style={{ marginBottom: 16 }} data-testid="user-state">
            {user.enabled ? <Tag color="green">{t('SECURITY.USERS.ENABLED')}</Tag> : <Tag color="red" data-testid="user-disabled-tag">{t('SECURITY.USERS.DISABLED')}</Tag>}
            {user.passwordTemporary && <Tag color="orange" data-testid="user-password-temporary">{t('SECURITY.USERS.PASSWORD_TO_CHANGE')}</Tag>}
            <Typography.Text type="secondary">
              {t('SECURITY.USERS.LAST_LOGIN')}: {user.lastLoginAt ? formatDateTime(user.lastLoginAt) : t('SECURITY.NEVER')}
            </Typography.Text>
          </Space>
        )}
        <Form<UserFormValues> form={form} layout="vertical" disabled={!editable || busy !== null} onFinish={(v) => void save(v)} data-testid="user-form">
          <Form.Item
            name="username"
            label={t('SECURITY.USERS.USERNAME')}
            rules={[
              { required: true, whitespace: true, message: t('VALIDATION.REQUIRED') },
              { min: 3, max: 64, message: t('SECURITY.USERS.USERNAME_LENGTH') },
              { pattern: /^[A-Za-z0-9._@-]+$/, message: t('SECURITY.USERS.USERNAME_FORMAT') },
            ]}
          >
            <Input data-testid="user-username" disabled={!creating} autoComplete="off" />
          </Form.Item>
          <Form.Item name="email" label={t('SECURITY.USERS.EMAIL')} rules={[{ required: true, whitespace: true, message: t('VALIDATION.REQUIRED') }, { type: 'email', message: t('ACCOUNTS.INVALID_EMAIL') }]}>
            <Input data-testid="user-email" type="email" autoComplete="off" />
          </Form.Item>
          <Space.Compact block>
            <Form.Item name="firstName" label={t('SECURITY.USERS.FIRST_NAME')} style={{ flex: 1, marginRight: 8 }} rules={[{ required: true, whitespace: true, message: t('VALIDATION.REQUIRED') }, { max: 100 }]}>
              <Input data-testid="user-first-name" />
            </Form.Item>
            <Form.Item name="lastName" label={t('SECURITY.USERS.LAST_NAME')} style={{ flex: 1 }} rules={[{ required: true, whitespace: true, message: t('VALIDATION.REQUIRED') }, { max: 100 }]}>
              <Input data-testid="user-last-name" />
            </Form.Item>
          </Space.Compact>
          <Form.Item name="lang" label={t('SECURITY.USERS.LANGUAGE')} rules={[{ required: true, message: t('VALIDATION.REQUIRED') }]}>
            <Select data-testid="user-lang" options={supportedLanguages().map((l) => ({ value: l, label: t(`LANGUAGE.${l}`) }))} />
          </Form.Item>
          <Form.Item name="groups" label={t('SECURITY.USERS.GROUPS')} extra={t('SECURITY.USERS.GROUPS_HINT')}>
            <Select data-testid="user-groups" mode="multiple" allowClear optionFilterProp="label" loading={groups.isPending && editable} options={groupOptions} />
          </Form.Item>
          {user && (
            <Form.Item label={t('SECURITY.USERS.AUTHORITIES')} extra={t('SECURITY.USERS.AUTHORITIES_HINT')}>
              <div data-testid="user-authorities" style={{ maxHeight: 160, overflow: 'auto' }}>
                {user.authorities.length === 0 ? t('SECURITY.NONE') : user.authorities.map((a) => <Tag key={a} color={a.startsWith('ROLE_') || a === 'ACCESS_BACKOFFICE' || a === 'ON_BOARD' ? 'blue' : undefined}>{a}</Tag>)}
              </div>
            </Form.Item>
          )}
          {editable && (
            <Space style={{ width: '100%', justifyContent: 'flex-end' }}>
              <Button onClick={onClose} disabled={false} data-testid="user-cancel">
                {t('SECURITY.CANCEL')}
              </Button>
              <Button type="primary" htmlType="submit" loading={busy === 'save'} data-testid="user-save">
                {t('SECURITY.SAVE')}
              </Button>
            </Space>
          )}
        </Form>
        {user && canWrite && (
          <>
            <Typography.Title level={5} style={{ marginTop: 24 }}>
              {t('SECURITY.USERS.ACTIONS')}
            </Typography.Title>
            <Descriptions
              column={1}
              size="small"
              items={[
                ...(self
                  ? []
                  : [
                      {
                        key: 'enabled',
                        label: user.enabled ? t('SECURITY.USERS.DISABLE') : t('SECURITY.USERS.ENABLE'),
                        children: (
                          <Popconfirm
                            title={t(user.enabled ? 'SECURITY.USERS.DISABLE_CONFIRM' : 'SECURITY.USERS.ENABLE_CONFIRM', { username: user.username })}
                            okText={t('SECURITY.CONFIRM')}
                            cancelText={t('SECURITY.CANCEL')}
                            okButtonProps={testId('confirm-ok')}
                            onConfirm={() => void toggleEnabled()}
                          >
                            <Button danger={user.enabled} loading={busy === 'enabled'} disabled={busy !== null} data-testid="user-toggle-enabled">
                              {user.enabled ? t('SECURITY.USERS.DISABLE') : t('SECURITY.USERS.ENABLE')}
                            </Button>
                          </Popconfirm>
                        ),
                      },
                    ]),
                {
                  key: 'force',
                  label: t('SECURITY.USERS.FORCE_PASSWORD_CHANGE'),
                  children: (
                    <Popconfirm
                      title={t('SECURITY.USERS.FORCE_CONFIRM', { username: user.username })}
                      okText={t('SECURITY.CONFIRM')}
                      cancelText={t('SECURITY.CANCEL')}
                      okButtonProps={testId('confirm-ok')}
                      onConfirm={() => void forcePasswordChange()}
                    >
                      <Button loading={busy === 'force'} disabled={busy !== null || user.passwordTemporary} data-testid="user-force-password">
                        {t('SECURITY.USERS.FORCE_PASSWORD_CHANGE')}
                      </Button>
                    </Popconfirm>
                  ),
                },
                {
                  key: 'reset',
                  label: t('SECURITY.USERS.RESET_PASSWORD'),
                  children: (
                    <Popconfirm
                      title={t('SECURITY.USERS.RESET_CONFIRM', { username: user.username })}
                      okText={t('SECURITY.CONFIRM')}
                      cancelText={t('SECURITY.CANCEL')}
                      okButtonProps={testId('confirm-ok')}
                      onConfirm={() => void resetPassword()}
                    >
                      <Button loading={busy === 'reset'} disabled={busy !== null} data-testid="user-reset-password">
                        {t('SECURITY.USERS.RESET_PASSWORD')}
                      </Button>
                    </Popconfirm>
                  ),
                },
              ]}
            />
          </>
        )}
      </>
    );
  };

  return (
    <Drawer open width={560} title={title} onClose={onClose} destroyOnHidden data-testid="user-drawer" rootClassName="user-drawer">
      <div data-testid="user-drawer-body">{body()}</div>
      <ConflictModal {...conflictModal} />
      <PasswordAnswerModal answer={answer?.answer ?? null} username={answer?.username ?? ''} onClose={() => setAnswer(null)} />
    </Drawer>
  );
}
