import { Button, Result } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { reportClientError } from '../monitor/install';
import { NotFoundPage } from './NotFoundPage';

/** Errors thrown while loading or rendering a route (a chunk that failed to download, a bug). */
export function RouteErrorPage() {
  const error = useRouteError();
  const { t } = useTranslation();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  // the router's error boundary: what broke a page goes to the monitor (throttled)
  useEffect(() => {
    if (!notFound) reportClientError(error);
  }, [error, notFound]);
  if (notFound) return <NotFoundPage />;
  return (
    <Result
      status="error"
      title={t('ROUTE_ERROR.TITLE')}
      subTitle={t('ROUTE_ERROR.DESCRIPTION')}
      extra={
        <Button type="primary" onClick={() => window.location.reload()}>
          {t('APP.RELOAD')}
        </Button>
      }
    />
  );
}
