import { PlusOutlined } from '@ant-design/icons';
import type { ColDef, ICellRendererParams } from 'ag-grid-community';
import { Button } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { formatDateTime } from '../../app/format';
import type { AreaMode } from '../../records/AreaPlaceholderPage';
import { AdminList } from './AdminArea';
import type { AreaRights } from '../../records/AreaGuard';
import { GroupDrawer } from './GroupDrawer';
import { GROUPS_ENDPOINT, type SecurityGroup } from './security-api';

const ROUTE = 'groups';

/** `/groups`: administrators only (spec §6; the server decides who reads the area). */
export function GroupsPage({ mode, rights }: { mode: AreaMode; rights: AreaRights }) {
  return <Groups mode={mode} rights={rights} />;
}

function Groups({ mode, rights }: { mode: AreaMode; rights: AreaRights }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { id } = useParams();
  const [reloadKey, setReloadKey] = useState(0);
  const openId = mode === 'new' ? null : id && /^\d+$/.test(id) ? Number(id) : undefined;

  const columnDefs = useMemo<ColDef<SecurityGroup>[]>(
    () => [
      { colId: 'code', field: 'code', headerName: t('SECURITY.GROUPS.CODE'), sortable: true, sort: 'asc' },
      { colId: 'name', field: 'name', headerName: t('SECURITY.GROUPS.NAME'), sortable: true, minWidth: 200 },
      {
        colId: 'authorities',
        headerName: t('SECURITY.GROUPS.AUTHORITIES'),
        valueGetter: (p) => p.data?.authorities.length ?? '',
        maxWidth: 160,
      },
      { colId: 'memberCount', field: 'memberCount', headerName: t('SECURITY.GROUPS.MEMBER_COUNT'), maxWidth: 140 },
      { colId: 'createdAt', field: 'createdAt', headerName: t('SECURITY.CREATED_AT'), sortable: true, valueFormatter: (p) => (p.value ? formatDateTime(p.value as string) : '') },
      {
        colId: 'open',
        headerName: '',
        maxWidth: 110,
        minWidth: 90,
        cellRenderer: (p: ICellRendererParams<SecurityGroup>) =>
          p.data ? (
            <Button size="small" type="link" data-testid={`group-open-${p.data.code}`} onClick={() => void navigate(`/${ROUTE}/${p.data!.id}`)}>
              {rights.canWrite ? t('SECURITY.EDIT') : t('SECURITY.VIEW')}
            </Button>
          ) : null,
      },
    ],
    [t, navigate, rights.canWrite],
  );

  return (
    <>
      <AdminList<SecurityGroup>
        route={ROUTE}
        endpoint={GROUPS_ENDPOINT}
        columnDefs={columnDefs}
        rowId={(g) => String(g.id)}
        searchable
        reloadKey={reloadKey}
        onOpen={(g) => void navigate(`/${ROUTE}/${g.id}`)}
        actions={
          rights.canCreate ? (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => void navigate(`/${ROUTE}/new`)} data-testid="groups-new">
              {t('SECURITY.GROUPS.NEW')}
            </Button>
          ) : null
        }
      />
      {openId !== undefined && (
        <GroupDrawer
          groupId={openId}
          rights={rights}
          onClose={() => void navigate(`/${ROUTE}`)}
          onSaved={(group, created) => {
            setReloadKey((n) => n + 1);
            if (created) void navigate(`/${ROUTE}/${group.id}`, { replace: true });
          }}
          onDeleted={() => {
            setReloadKey((n) => n + 1);
            void navigate(`/${ROUTE}`);
          }}
        />
      )}
    </>
  );
}
