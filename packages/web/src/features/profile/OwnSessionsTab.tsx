import type { Page } from '@circula/model';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Alert, Button, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { http } from '../../api/client';
import { logout } from '../../app/auth/session';
import { formatDateTime } from '../../app/format';
import { notifySuccess } from '../../app/notifications';
import { reportError } from '../../records/form/record-errors';
import { OWN_SESSIONS_ENDPOINT, securityApi, type SecuritySession } from '../security/security-api';
import { RevokeButton, SessionState } from '../security/session-parts';

const PAGE_SIZE = 10;

/** The user's own active sessions (`/api/auth/sessions`), each revocable; ending the current one signs out. */
export function OwnSessionsTab() {
  const { t } = useTranslation();
  const [page, setPage] = useState(0);
  const [revoking, setRevoking] = useState<string | null>(null);
  const sessions = useQuery({
    queryKey: ['own-sessions', page],
    queryFn: () => http.data<Page<SecuritySession>>(OWN_SESSIONS_ENDPOINT, { query: { active: true, page, size: PAGE_SIZE }, silent: true }),
    placeholderData: keepPreviousData,
  });

  const revoke = async (session: SecuritySession) => {
    setRevoking(session.id);
    try {
      await securityApi.revokeOwnSession(session.id);
      if (session.current) {
        await logout({ callServer: false });
        return;
      }
      notifySuccess(t('PROFILE_PAGE.SESSION_REVOKED'));
      await sessions.refetch();
    } catch (error) {
      reportError(error);
    } finally {
      setRevoking(null);
    }
  };

  const when = (value: string | null) => (value ? formatDateTime(value) : '—');
  if (sessions.isError) {
    return (
      <Alert
        type="error"
        showIcon
        title={t('SECURITY.LOAD_ERROR')}
        action={
          <Button size="small" onClick={() => void sessions.refetch()}>
            {t('SECURITY.RETRY')}
          </Button>
        }
      />
    );
  }
  return (
    <div data-testid="profile-sessions">
      <Typography.Paragraph type="secondary">{t('PROFILE_PAGE.SESSIONS_HINT')}</Typography.Paragraph>
      <Table<SecuritySession>
        rowKey="id"
        size="small"
        loading={sessions.isPending}
        dataSource={sessions.data?.items ?? []}
        pagination={{ current: page + 1, pageSize: PAGE_SIZE, total: sessions.data?.total ?? 0, onChange: (p) => setPage(p - 1), showSizeChanger: false }}
        columns={[
          { key: 'createdAt', title: t('SECURITY.SESSIONS.CREATED'), render: (_, s) => when(s.createdAt) },
          { key: 'lastSeenAt', title: t('SECURITY.SESSIONS.LAST_SEEN'), render: (_, s) => when(s.lastSeenAt) },
          { key: 'expiresAt', title: t('SECURITY.SESSIONS.EXPIRES'), render: (_, s) => when(s.expiresAt) },
          { key: 'address', title: t('SECURITY.SESSIONS.ADDRESS'), render: (_, s) => s.address ?? '—' },
          { key: 'userAgent', title: t('SECURITY.SESSIONS.AGENT'), ellipsis: true, render: (_, s) => s.userAgent ?? '—' },
          {
            key: 'state',
            title: t('SECURITY.SESSIONS.STATE'),
            render: (_, s) => (
              <>
                <SessionState session={s} />
                {s.current && <Tag color="geekblue" data-testid="session-current">{t('PROFILE_PAGE.THIS_SESSION')}</Tag>}
              </>
            ),
          },
          {
            key: 'revoke',
            title: '',
            render: (_, s) => (s.active ? <RevokeButton session={s} busy={revoking === s.id} onRevoke={(x) => void revoke(x)} /> : null),
          },
        ]}
      />
    </div>
  );
}
