import { Button, Card, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { getEnvironment } from '../../app/environment';
import { PublicLayout } from './PublicLayout';

/** `/recover-password` (a lazy area of its own): the recovery by emailed link is not built yet. */
export function RecoverPasswordPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <PublicLayout>
      <Card style={{ width: 560, maxWidth: '100%' }}>
        <Result
          status="info"
          title={t('RECOVER.TITLE')}
          subTitle={t('RECOVER.DESCRIPTION')}
          extra={
            <Button type="primary" onClick={() => navigate(getEnvironment().loginPath)}>
              {t('RECOVER.BACK')}
            </Button>
          }
        />
      </Card>
    </PublicLayout>
  );
}

export default RecoverPasswordPage;
