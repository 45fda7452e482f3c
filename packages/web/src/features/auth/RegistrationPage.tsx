import { isInRegistration } from '@circula/model';
import { Button, Card, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import { logout } from '../../app/auth/session';
import { useCurrentUser } from '../../app/auth/useAuth';
import { PublicLayout } from './PublicLayout';

/**
 * `/registration` behind the sign-on guard only. A signed-in ON_BOARD user waits here for an
 * administrator's approval; anyone else belongs in the back-office.
 */
export function RegistrationPage() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  if (!user || !isInRegistration(user)) return <Navigate to="/" replace />;
  return (
    <PublicLayout>
      <Card style={{ width: 560, maxWidth: '100%' }}>
        <Result
          data-testid="registration-pending"
          status="info"
          title={t('REGISTRATION.PENDING_TITLE')}
          subTitle={t('REGISTRATION.PENDING_DESCRIPTION', { name: user.fullname || user.username })}
          extra={<Button onClick={() => void logout()}>{t('REGISTRATION.LOGOUT')}</Button>}
        />
      </Card>
    </PublicLayout>
  );
}
