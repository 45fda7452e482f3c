import { Button, Popconfirm, Tag, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import type { SecuritySession } from './security-api';
import { testId } from './test-id';

/** The state of a session as a tag: active, or why it ended. */
export function SessionState({ session }: { session: SecuritySession }) {
  const { t } = useTranslation();
  if (session.active) return <Tag color="green">{t('SECURITY.SESSIONS.ACTIVE')}</Tag>;
  if (session.revokedAt) {
    return (
      <Tooltip title={session.revokedReason ? t(`SECURITY.SESSIONS.REASONS.${session.revokedReason}`, { defaultValue: session.revokedReason }) : undefined}>
        <Tag color="red">{t('SECURITY.SESSIONS.REVOKED')}</Tag>
      </Tooltip>
    );
  }
  return <Tag>{t('SECURITY.SESSIONS.EXPIRED')}</Tag>;
}

export function RevokeButton({ session, busy, onRevoke }: { session: SecuritySession; busy: boolean; onRevoke(session: SecuritySession): void }) {
  const { t } = useTranslation();
  return (
    <Popconfirm
      title={t(session.current ? 'SECURITY.SESSIONS.REVOKE_CURRENT_CONFIRM' : 'SECURITY.SESSIONS.REVOKE_CONFIRM', { username: session.username })}
      okText={t('SECURITY.SESSIONS.REVOKE')}
      cancelText={t('SECURITY.CANCEL')}
      okButtonProps={{ danger: true, ...testId('confirm-ok') }}
      onConfirm={() => onRevoke(session)}
    >
      <Button size="small" danger loading={busy} data-testid={`session-revoke-${session.username}`}>
        {t('SECURITY.SESSIONS.REVOKE')}
      </Button>
    </Popconfirm>
  );
}
