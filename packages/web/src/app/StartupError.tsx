import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';

/** The runtime settings could not be read: nothing else can work. */
export function StartupError() {
  const { t } = useTranslation();
  return (
    <Result
      status="error"
      title={t('APP.STARTUP_ERROR_TITLE')}
      subTitle={t('APP.STARTUP_ERROR_DESCRIPTION')}
      extra={
        <Button type="primary" onClick={() => window.location.reload()}>
          {t('APP.RELOAD')}
        </Button>
      }
    />
  );
}
