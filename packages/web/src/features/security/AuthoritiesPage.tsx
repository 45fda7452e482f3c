import type { FilterSpec } from '@circula/model';
import type { ColDef, ICellRendererParams } from 'ag-grid-community';
import { Segmented, Tag } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AdminList } from './AdminArea';
import { AUTHORITIES_ENDPOINT, type SecurityAuthority } from './security-api';

const ROUTE = 'authorities';
type Kind = 'all' | 'roles' | 'features';

/** `/authorities`: the authorities the application declares, read-only (administrators, spec §6). */
export function AuthoritiesPage() {
  const { t } = useTranslation();
  const [kind, setKind] = useState<Kind>('all');
  const qFilters = useMemo<FilterSpec[]>(() => (kind === 'all' ? [] : [{ field: 'isRole', op: 'eq', value: kind === 'roles' }]), [kind]);

  const columnDefs = useMemo<ColDef<SecurityAuthority>[]>(
    () => [
      { colId: 'code', field: 'code', headerName: t('SECURITY.AUTHORITIES.CODE'), sortable: true, minWidth: 220 },
      { colId: 'description', field: 'description', headerName: t('SECURITY.AUTHORITIES.DESCRIPTION'), sortable: true, minWidth: 260 },
      {
        colId: 'isRole',
        field: 'isRole',
        headerName: t('SECURITY.AUTHORITIES.KIND'),
        sortable: true,
        maxWidth: 160,
        cellRenderer: (p: ICellRendererParams<SecurityAuthority>) =>
          p.data ? <Tag color={p.data.isRole ? 'blue' : undefined}>{t(p.data.isRole ? 'SECURITY.AUTHORITIES.ROLE' : 'SECURITY.AUTHORITIES.FEATURE')}</Tag> : null,
      },
      { colId: 'groups', headerName: t('SECURITY.AUTHORITIES.GROUPS'), valueGetter: (p) => p.data?.groups.map((g) => g.code).join(', ') ?? '', minWidth: 220 },
    ],
    [t],
  );

  return (
    <AdminList<SecurityAuthority>
      route={ROUTE}
      endpoint={AUTHORITIES_ENDPOINT}
      columnDefs={columnDefs}
      rowId={(a) => a.code}
      searchable
      qFilters={qFilters}
      controls={
        <Segmented<Kind>
          data-testid="authorities-kind"
          value={kind}
          onChange={setKind}
          options={[
            { value: 'all', label: t('SECURITY.AUTHORITIES.ALL') },
            { value: 'roles', label: t('SECURITY.AUTHORITIES.ROLES') },
            { value: 'features', label: t('SECURITY.AUTHORITIES.FEATURES') },
          ]}
        />
      }
      reloadKey={0}
    />
  );
}
