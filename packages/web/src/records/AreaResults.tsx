import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';

/** The 403 page of an area the server does not let the user read. */
export function AreaForbidden() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Result
      data-testid="area-forbidden"
      status="403"
      title={t('AREA.FORBIDDEN_TITLE')}
      subTitle={t('AREA.FORBIDDEN_DESCRIPTION')}
      extra={
        <Button type="primary" onClick={() => void navigate('/')}>
          {t('AREA.BACK_HOME')}
        </Button>
      }
    />
  );
}

/** The readable areas could not be loaded. */
export function AreaLoadError() {
  const { t } = useTranslation();
  return <Result status="error" title={t('AREA.LOAD_ERROR')} subTitle={t('NOTIFICATIONS.ERROR.DESCRIPTION')} />;
}
