import { QueryClientProvider } from '@tanstack/react-query';
import { App as AntApp, ConfigProvider } from 'antd';
import enUS from 'antd/es/locale/en_US';
import itIT from 'antd/es/locale/it_IT';
import { useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { setNotificationApi } from './notifications';
import { queryClient } from './query-client';

function NotificationBridge() {
  const { notification } = AntApp.useApp();
  useEffect(() => setNotificationApi(notification), [notification]);
  return null;
}

const theme = { token: { colorPrimary: '#2f7d4f', borderRadius: 6 } };

/** antd (locale follows the UI language), notifications and TanStack Query. */
export function AppProviders({ children }: { children: ReactNode }) {
  const { i18n } = useTranslation();
  return (
    <ConfigProvider locale={i18n.language === 'en' ? enUS : itIT} theme={theme}>
      <AntApp>
        <NotificationBridge />
        <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
      </AntApp>
    </ConfigProvider>
  );
}
