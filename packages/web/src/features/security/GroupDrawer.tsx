import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Drawer, Form, Input, Popconfirm, Select, Space, Spin, Tooltip, Typography } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { notifySuccess } from '../../app/notifications';
import { isNotFound, reportError } from '../../records/form/record-errors';
import { ConflictModal } from './dialogs';
import { securityApi, type SecurityGroup } from './security-api';
import { testId } from './test-id';
import { useVersionedEdit } from './useVersionedEdit';

export interface GroupFormValues {
  code: string;
  name: string;
  authorities: string[];
}

const ADMINISTRATORS = 'ADMINISTRATORS';
const groupKey = (id: number | null) => ['security', 'group', id] as const;

const groupFormValues = (group: SecurityGroup | null): GroupFormValues =>
  group ? { code: group.code, name: group.name, authorities: group.authorities } : { code: '', name: '', authorities: [] };

/** Whether a group may be deleted from the page: the right, no members, not the administrators' group. */
export function groupDeletable(group: Pick<SecurityGroup, 'code' | 'memberCount'>, canDelete: boolean): { allowed: boolean; reason: string | null } {
  if (!canDelete) return { allowed: false, reason: null };
  if (group.code === ADMINISTRATORS) return { allowed: false, reason: 'CANT_DELETE_ADMINISTRATORS' };
  if (group.memberCount > 0) return { allowed: false, reason: 'GROUP_HAS_MEMBERS' };
  return { allowed: true, reason: null };
}

interface Props {
  groupId: number | null;
  rights: { canCreate: boolean; canWrite: boolean; canDelete: boolean };
  onClose(): void;
  onSaved(group: SecurityGroup, created: boolean): void;
  onDeleted(): void;
}

/** Create, edit (name, authorities; with `version`) or delete a group (administrators, spec §6). */
export function GroupDrawer({ groupId, rights, onClose, onSaved, onDeleted }: Props) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [form] = Form.useForm<GroupFormValues>();
  const { creating, loaded, record: group, busy, run, keep, conflictModal } = useVersionedEdit({
    id: groupId,
    queryKey: groupKey,
    load: securityApi.group,
    formValues: groupFormValues,
    form,
  });
  const editable = creating ? rights.canCreate : rights.canWrite;
  const authorities = useQuery({ queryKey: ['security', 'authorities', 'all'], queryFn: securityApi.allAuthorities, staleTime: 5 * 60_000 });

  const options = useMemo(
    () =>
      (authorities.data ?? []).map((a) => ({
        value: a.code,
        label: a.code,
        title: a.description,
      })),
    [authorities.data],
  );

  const save = (values: GroupFormValues) =>
    run('save', async () => {
      const payload = { name: values.name.trim(), authorities: values.authorities };
      if (creating) {
        const created = await securityApi.createGroup({ ...payload, code: values.code.trim().toUpperCase() });
        keep(created);
        notifySuccess(t('SECURITY.GROUPS.CREATED', { code: created.code }));
        onSaved(created, true);
      } else if (group) {
        const saved = await securityApi.updateGroup(group.id, { ...payload, version: group.version });
        keep(saved);
        notifySuccess(t('SECURITY.SAVED'));
        onSaved(saved, false);
      }
    });

  const remove = () =>
    run(
      'delete',
      async () => {
        if (!group) return;
        await securityApi.deleteGroup(group.id);
        notifySuccess(t('SECURITY.GROUPS.DELETED', { code: group.code }));
        client.removeQueries({ queryKey: groupKey(group.id) });
        onDeleted();
      },
      reportError,
    );

  const deletable = group ? groupDeletable(group, rights.canDelete) : { allowed: false, reason: null };

  const body = () => {
    if (!creating && loaded.isPending) return <Spin style={{ display: 'block', margin: '48px auto' }} />;
    if (!creating && loaded.isError) {
      return <Alert type="error" showIcon title={t(isNotFound(loaded.error) ? 'SECURITY.GROUPS.NOT_FOUND' : 'SECURITY.LOAD_ERROR')} />;
    }
    return (
      <Form<GroupFormValues> form={form} layout="vertical" disabled={!editable || busy !== null} onFinish={(v) => void save(v)} data-testid="group-form">
        <Form.Item
          name="code"
          label={t('SECURITY.GROUPS.CODE')}
          extra={creating ? t('SECURITY.GROUPS.CODE_HINT') : undefined}
          rules={[
            { required: true, whitespace: true, message: t('VALIDATION.REQUIRED') },
            { max: 32, pattern: /^[A-Za-z0-9_-]+$/, message: t('SECURITY.GROUPS.CODE_FORMAT') },
          ]}
        >
          <Input data-testid="group-code" disabled={!creating} autoComplete="off" />
        </Form.Item>
        <Form.Item name="name" label={t('SECURITY.GROUPS.NAME')} rules={[{ required: true, whitespace: true, message: t('VALIDATION.REQUIRED') }, { max: 100 }]}>
          <Input data-testid="group-name" />
        </Form.Item>
        <Form.Item name="authorities" label={t('SECURITY.GROUPS.AUTHORITIES')} extra={group && group.memberCount > 0 ? t('SECURITY.GROUPS.AUTHORITIES_HINT') : undefined}>
          <Select data-testid="group-authorities" mode="multiple" allowClear optionFilterProp="label" loading={authorities.isPending} options={options} maxTagCount={40} />
        </Form.Item>
        {group && (
          <Typography.Paragraph type="secondary" data-testid="group-members">
            {t('SECURITY.GROUPS.MEMBERS', { count: group.memberCount })}
          </Typography.Paragraph>
        )}
        <Space style={{ width: '100%', justifyContent: 'space-between' }}>
          <span>
            {group && rights.canDelete && (
              <Tooltip title={deletable.reason ? t(`ERRORS.${deletable.reason}`) : undefined}>
                <Popconfirm
                  title={t('SECURITY.GROUPS.DELETE_CONFIRM', { code: group.code })}
                  okText={t('SECURITY.CONFIRM')}
                  cancelText={t('SECURITY.CANCEL')}
                  okButtonProps={{ danger: true, ...testId('confirm-ok') }}
                  onConfirm={() => void remove()}
                  disabled={!deletable.allowed}
                >
                  <Button danger disabled={!deletable.allowed || busy !== null} loading={busy === 'delete'} data-testid="group-delete">
                    {t('SECURITY.DELETE')}
                  </Button>
                </Popconfirm>
              </Tooltip>
            )}
          </span>
          {editable && (
            <Space>
              <Button onClick={onClose} disabled={false} data-testid="group-cancel">
                {t('SECURITY.CANCEL')}
              </Button>
              <Button type="primary" htmlType="submit" loading={busy === 'save'} data-testid="group-save">
                {t('SECURITY.SAVE')}
              </Button>
            </Space>
          )}
        </Space>
      </Form>
    );
  };

  return (
    <Drawer open width={620} title={creating ? t('SECURITY.GROUPS.NEW') : (group?.code ?? t('SECURITY.GROUPS.GROUP'))} onClose={onClose} destroyOnHidden>
      <div data-testid="group-drawer">{body()}</div>
      <ConflictModal {...conflictModal} />
    </Drawer>
  );
}
