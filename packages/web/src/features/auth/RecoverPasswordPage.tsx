import { useQuery } from '@tanstack/react-query';
import { Button, Card, Result, Space, Spin } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { getEnvironment } from '../../app/environment';
import { accountsApi } from '../accounts/accounts-api';
import { ResetLinkModal } from '../accounts/ResetLinkModal';
import { PublicLayout } from './PublicLayout';

/**
 * `/recover-password` (a lazy area of its own, spec §2): reads `u` and performs the recovery
 * check once; the server mails a temporary, already expired password. Success shows a message
 * and Go Back to the login route; an invalid link shows an error.
 */
export function RecoverPasswordPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const uuid = params.get('u') ?? '';
  const [asking, setAsking] = useState(false);
  // the check spends the link: run once per page, never again on focus or remount
  const { isPending, isSuccess } = useQuery({
    queryKey: ['webaccess', 'recover-password', uuid],
    queryFn: () => accountsApi.recoverPassword(uuid),
    enabled: uuid !== '',
    retry: false,
    staleTime: Infinity,
    gcTime: Infinity,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });
  if (uuid !== '' && isPending) return <Spin fullscreen />;
  const back = (
    <Button data-testid="recover-back" type="primary" onClick={() => navigate(getEnvironment().loginPath)}>
      {t('RECOVER.BACK')}
    </Button>
  );
  return (
    <PublicLayout>
      <Card style={{ width: 560, maxWidth: '100%' }}>
        {isSuccess ? (
          <Result
            data-testid="recover-success"
            status="success"
            title={t('ACCOUNTS.RECOVER.SUCCESS_TITLE')}
            subTitle={t('ACCOUNTS.RECOVER.SUCCESS_DESCRIPTION')}
            extra={back}
          />
        ) : (
          <Result
            data-testid="recover-invalid"
            status="error"
            title={t('ACCOUNTS.RECOVER.INVALID_TITLE')}
            subTitle={t('ACCOUNTS.RECOVER.INVALID_DESCRIPTION')}
            extra={
              <Space>
                <Button data-testid="recover-new-link" onClick={() => setAsking(true)}>
                  {t('ACCOUNTS.RECOVER.NEW_LINK')}
                </Button>
                {back}
              </Space>
            }
          />
        )}
      </Card>
      <ResetLinkModal open={asking} onClose={() => setAsking(false)} />
    </PublicLayout>
  );
}

export default RecoverPasswordPage;
