import { Layout } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { NoticeBell } from '../../domain/notices/NoticeBell';
import { GlobalSearchBar } from '../../features/global-search/GlobalSearchBar';
import { TourButton } from '../../features/tour/TourButton';
import { useCurrentUser } from '../auth/useAuth';
import { useReadableRoutes } from '../auth/useReadableRoutes';
import { LanguageSwitch } from './LanguageSwitch';
import { SideMenu } from './SideMenu';
import { SystemMenu } from './SystemMenu';

/** The authenticated shell: side menu, header with global search, help tour, language switch and system menu, the page. */
export function ShellLayout() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const { routes, byRoute } = useReadableRoutes();
  const [collapsed, setCollapsed] = useState(false);
  if (!user) return null;

  return (
    <Layout style={{ minHeight: '100vh' }}>
      <Layout.Sider
        collapsible
        collapsed={collapsed}
        onCollapse={setCollapsed}
        breakpoint="lg"
        width={248}
        theme="light"
        // the side menu scrolls on its own and stays in place while the page scrolls
        style={{ borderInlineEnd: '1px solid #f0f0f0', position: 'sticky', top: 0, height: '100vh', overflow: 'auto' }}
      >
        <div style={{ height: 16 }} />
        <SideMenu user={user} readable={routes} confs={byRoute} collapsed={collapsed} />
      </Layout.Sider>
      <Layout>
        <Layout.Header className="shell-header">
          <span className="shell-brand">{t('APP.NAME')}</span>
          <div style={{ flex: 1, display: 'flex', justifyContent: 'center', minWidth: 0 }}>
            <GlobalSearchBar />
          </div>
          <div style={{ display: 'flex', alignItems: 'center', gap: 16 }}>
            <TourButton />
            <LanguageSwitch />
            <NoticeBell />
            <SystemMenu user={user} readable={routes} confs={byRoute} />
          </div>
        </Layout.Header>
        <Layout.Content style={{ padding: 24 }}>
          <Outlet />
        </Layout.Content>
      </Layout>
    </Layout>
  );
}
