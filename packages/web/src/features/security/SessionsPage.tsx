import type { ColDef, ICellRendererParams } from 'ag-grid-community';
import { Segmented } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../app/format';
import { notifySuccess } from '../../app/notifications';
import { reportError } from '../../records/form/record-errors';
import { AdminList } from './AdminArea';
import type { AreaRights } from '../../records/AreaGuard';
import { securityApi, SESSIONS_ENDPOINT, type SecuritySession } from './security-api';
import { RevokeButton, SessionState } from './session-parts';

const ROUTE = 'sessions';
type Which = 'active' | 'ended' | 'all';

/** `/sessions`: every sign-in, with revoke (administrators, spec §6). */
export function SessionsPage({ rights }: { rights: AreaRights }) {
  return <Sessions rights={rights} />;
}

const when = (value: unknown) => (value ? formatDateTime(value as string) : '');

/** The columns of a sessions list, with the user's name only for the administrators' list. */
export function sessionColumns(
  t: (key: string) => string,
  options: { withUser: boolean; canRevoke: boolean; revoking: string | null; onRevoke(session: SecuritySession): void },
): ColDef<SecuritySession>[] {
  return [
    ...(options.withUser ? [{ colId: 'username', field: 'username' as const, headerName: t('SECURITY.SESSIONS.USER') }] : []),
    { colId: 'createdAt', field: 'createdAt', headerName: t('SECURITY.SESSIONS.CREATED'), valueFormatter: (p) => when(p.value), minWidth: 150 },
    { colId: 'lastSeenAt', field: 'lastSeenAt', headerName: t('SECURITY.SESSIONS.LAST_SEEN'), valueFormatter: (p) => when(p.value), minWidth: 150 },
    { colId: 'expiresAt', field: 'expiresAt', headerName: t('SECURITY.SESSIONS.EXPIRES'), valueFormatter: (p) => when(p.value), minWidth: 150 },
    { colId: 'address', field: 'address', headerName: t('SECURITY.SESSIONS.ADDRESS'), maxWidth: 160 },
    { colId: 'userAgent', field: 'userAgent', headerName: t('SECURITY.SESSIONS.AGENT'), minWidth: 220, tooltipField: 'userAgent' },
    {
      colId: 'state',
      headerName: t('SECURITY.SESSIONS.STATE'),
      maxWidth: 150,
      cellRenderer: (p: ICellRendererParams<SecuritySession>) => (p.data ? <SessionState session={p.data} /> : null),
    },
    {
      colId: 'revoke',
      headerName: '',
      maxWidth: 130,
      minWidth: 110,
      cellRenderer: (p: ICellRendererParams<SecuritySession>) =>
        p.data && p.data.active && options.canRevoke ? (
          <RevokeButton session={p.data} busy={options.revoking === p.data.id} onRevoke={options.onRevoke} />
        ) : null,
    },
  ];
}

function Sessions({ rights }: { rights: AreaRights }) {
  const { t } = useTranslation();
  const [which, setWhich] = useState<Which>('active');
  const [reloadKey, setReloadKey] = useState(0);
  const [revoking, setRevoking] = useState<string | null>(null);
  const filters = useMemo(() => (which === 'all' ? {} : { active: which === 'active' }), [which]);

  const columnDefs = useMemo(
    () =>
      sessionColumns(t, {
        withUser: true,
        canRevoke: rights.canDelete,
        revoking,
        onRevoke: (session) => {
          setRevoking(session.id);
          securityApi.revokeSession(session.id).then(
            () => {
              notifySuccess(t('SECURITY.SESSIONS.REVOKED_DONE', { username: session.username }));
              setReloadKey((n) => n + 1);
            },
            reportError,
          ).finally(() => setRevoking(null));
        },
      }),
    [t, rights.canDelete, revoking],
  );

  return (
    <AdminList<SecuritySession>
      route={ROUTE}
      endpoint={SESSIONS_ENDPOINT}
      columnDefs={columnDefs}
      rowId={(s) => s.id}
      searchable={false}
      filters={filters}
      reloadKey={reloadKey}
      controls={
        <Segmented<Which>
          data-testid="sessions-filter"
          value={which}
          onChange={setWhich}
          options={[
            { value: 'active', label: t('SECURITY.SESSIONS.ONLY_ACTIVE') },
            { value: 'ended', label: t('SECURITY.SESSIONS.ONLY_ENDED') },
            { value: 'all', label: t('SECURITY.SESSIONS.ALL') },
          ]}
        />
      }
    />
  );
}
