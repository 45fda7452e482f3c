import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';

export function NotFoundPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Result
      data-testid="not-found"
      status="404"
      title={t('NOT_FOUND.TITLE')}
      subTitle={t('NOT_FOUND.DESCRIPTION')}
      extra={
        <Button type="primary" onClick={() => navigate('/')}>
          {t('NOT_FOUND.BACK')}
        </Button>
      }
    />
  );
}
