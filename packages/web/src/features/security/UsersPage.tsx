import { MailOutlined, PlusOutlined } from '@ant-design/icons';
import type { ColDef, ICellRendererParams } from 'ag-grid-community';
import { Button, Space, Tag } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { usePermission } from '../../app/auth/Permission';
import { formatDateTime } from '../../app/format';
import type { AreaMode } from '../../records/AreaPlaceholderPage';
import { RegistrationLinkModal } from '../accounts/RegistrationLinkModal';
import { AdminList } from './AdminArea';
import type { AreaRights } from '../../records/AreaGuard';
import { USERS_ENDPOINT, type SecurityUser } from './security-api';
import { UserDrawer } from './UserDrawer';

const ROUTE = 'users';

/** `/users` (and `/users/new`, `/users/:id`): administrators and managers (spec §6). */
export function UsersPage({ mode, rights }: { mode: AreaMode; rights: AreaRights }) {
  return <Users mode={mode} rights={rights} />;
}

/** Which buttons the users page shows, from the area rights (the server checks each call again). */
export function userPageButtons(rights: AreaRights, isAdminOrManager: boolean) {
  return { create: rights.canCreate, edit: rights.canWrite, registrationLink: isAdminOrManager && rights.canCreate };
}

function Users({ mode, rights }: { mode: AreaMode; rights: AreaRights }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { id } = useParams();
  const inviter = usePermission({ can: 'isAdminOrManager' });
  const [reloadKey, setReloadKey] = useState(0);
  const [sendingLink, setSendingLink] = useState(false);
  const buttons = userPageButtons(rights, inviter);

  const openId = mode === 'new' ? null : id && /^\d+$/.test(id) ? Number(id) : undefined;

  const columnDefs = useMemo<ColDef<SecurityUser>[]>(
    () => [
      { colId: 'username', field: 'username', headerName: t('SECURITY.USERS.USERNAME'), sortable: true, sort: 'asc' },
      { colId: 'lastName', field: 'lastName', headerName: t('SECURITY.USERS.LAST_NAME'), sortable: true },
      { colId: 'firstName', field: 'firstName', headerName: t('SECURITY.USERS.FIRST_NAME') },
      { colId: 'email', field: 'email', headerName: t('SECURITY.USERS.EMAIL'), minWidth: 200 },
      {
        colId: 'groups',
        headerName: t('SECURITY.USERS.GROUPS'),
        valueGetter: (p) => p.data?.groups.map((g) => g.code).join(', ') ?? '',
        minWidth: 180,
      },
      {
        colId: 'enabled',
        headerName: t('SECURITY.USERS.STATE'),
        cellRenderer: (p: ICellRendererParams<SecurityUser>) =>
          p.data ? (
            <Space size={4}>
              {p.data.enabled ? <Tag color="green">{t('SECURITY.USERS.ENABLED')}</Tag> : <Tag color="red">{t('SECURITY.USERS.DISABLED')}</Tag>}
              {p.data.passwordTemporary && <Tag color="orange">{t('SECURITY.USERS.PASSWORD_TO_CHANGE')}</Tag>}
            </Space>
          ) : null,
      },
      {
        colId: 'lastLoginAt',
        field: 'lastLoginAt',
        headerName: t('SECURITY.USERS.LAST_LOGIN'),
        minWidth: 150,
        sortable: true,
        valueFormatter: (p) => (p.value ? formatDateTime(p.value as string) : ''),
      },
      {
        colId: 'open',
        headerName: '',
        maxWidth: 110,
        minWidth: 90,
        cellRenderer: (p: ICellRendererParams<SecurityUser>) =>
          p.data ? (
            <Button size="small" type="link" data-testid={`user-open-${p.data.username}`} onClick={() => void navigate(`/${ROUTE}/${p.data!.id}`)}>
              {buttons.edit ? t('SECURITY.EDIT') : t('SECURITY.VIEW')}
            </Button>
          ) : null,
      },
    ],
    [t, navigate, buttons.edit],
  );

  return (
    <>
      <AdminList<SecurityUser>
        route={ROUTE}
        endpoint={USERS_ENDPOINT}
        columnDefs={columnDefs}
        rowId={(u) => String(u.id)}
        searchable
        reloadKey={reloadKey}
        onOpen={(u) => void navigate(`/${ROUTE}/${u.id}`)}
        actions={
          <Space>
            {buttons.registrationLink && (
              <Button icon={<MailOutlined />} onClick={() => setSendingLink(true)} data-testid="users-registration-link">
                {t('ACCOUNTS.REGISTRATION_LINK.MENU')}
              </Button>
            )}
            {buttons.create && (
              <Button type="primary" icon={<PlusOutlined />} onClick={() => void navigate(`/${ROUTE}/new`)} data-testid="users-new">
                {t('SECURITY.USERS.NEW')}
              </Button>
            )}
          </Space>
        }
      />
      {openId !== undefined && (
        <UserDrawer
          userId={openId}
          canCreate={buttons.create}
          canWrite={buttons.edit}
          onClose={() => void navigate(`/${ROUTE}`)}
          onSaved={(user, created) => {
            setReloadKey((n) => n + 1);
            if (created) void navigate(`/${ROUTE}/${user.id}`, { replace: true });
          }}
        />
      )}
      <RegistrationLinkModal open={sendingLink} onClose={() => setSendingLink(false)} />
    </>
  );
}
