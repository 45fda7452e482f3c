import { SIDE_MENU } from '@circula/model';
import { Card, Col, Empty, Row, Space, Spin, Tag, Typography } from 'antd';
import { lazy, Suspense, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useCurrentUser } from '../../app/auth/useAuth';
import { useReadableRoutes } from '../../app/auth/useReadableRoutes';
import { AppIcon } from '../../app/shell/icons';
import { composeMenu, labelText, menuLinks } from '../../app/shell/menu-model';
import { roleLabel } from '../profile/role-label';
import { DashboardFigures } from './DashboardFigures';

// the storage warning is the warehouses' (a chunk of its own, for those who read the ledger)
const StorageAgeCard = lazy(async () => ({ default: (await import('../../domain/warehouses/StorageAgeCard')).StorageAgeCard }));

/**
 * Welcome card, the warnings the user's areas raise (stock past its storage limit, for those who
 * read the warehouse ledger), the figures of the areas the user may read (issue 20, each linked to
 * its filtered list) and shortcuts to the side-menu areas the user may read.
 */
export function DashboardPage() {
  const { t, i18n } = useTranslation();
  const user = useCurrentUser();
  const readable = useReadableRoutes();
  const shortcuts = useMemo(
    () => (user ? menuLinks(composeMenu(SIDE_MENU, user, readable.routes, 'side', readable.byRoute)).filter((l) => l.route !== 'dashboard') : []),
    [user, readable.routes, readable.byRoute],
  );
  if (!user) return null;

  return (
    <div data-testid="dashboard">
      <Card style={{ marginBottom: 24 }}>
        <Typography.Title level={3} style={{ marginTop: 0 }}>
          {t('DASHBOARD.WELCOME', { name: user.fullname || user.username })}
        </Typography.Title>
        <Space wrap>
          <Typography.Text type="secondary">{t('DASHBOARD.ROLES')}:</Typography.Text>
          {user.roles.map((role) => (
            <Tag key={role}>{roleLabel(role, t)}</Tag>
          ))}
        </Space>
        <Typography.Paragraph type="secondary" style={{ marginTop: 12, marginBottom: 0 }}>
          {t('DASHBOARD.NOTE')}
        </Typography.Paragraph>
      </Card>

      {readable.routes.has('warehouse-movements') && (
        <Suspense fallback={null}>
          <StorageAgeCard />
        </Suspense>
      )}

      <DashboardFigures />

      <Typography.Title level={4}>{t('DASHBOARD.SHORTCUTS')}</Typography.Title>
      {readable.isPending ? (
        <Spin />
      ) : shortcuts.length === 0 ? (
        <Empty description={t('DASHBOARD.NO_AREAS')} />
      ) : (
        <Row gutter={[16, 16]}>
          {shortcuts.map((link) => (
            <Col key={link.key} xs={24} sm={12} md={8} xl={6}>
              <Link to={link.path} data-testid={`dashboard-shortcut-${link.route ?? link.key}`}>
                <Card hoverable size="small">
                  <Space>
                    <AppIcon name={link.icon} />
                    {labelText(link.label, t, i18n.language)}
                  </Space>
                </Card>
              </Link>
            </Col>
          ))}
        </Row>
      )}
    </div>
  );
}
