import type { BusinessUnit } from '@circula/model';
import { useQuery } from '@tanstack/react-query';
import { Button, Result, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate } from 'react-router';
import { http } from '../../api/client';
import { ApiError } from '../../api/errors';

/** spec §9 "Business unit default id 0": the DEFAULT unit, the company the installation works for. */
export const fetchDefaultBusinessUnit = () => http.data<BusinessUnit>('/api/bu/unit/0', { silent: true });

/**
 * The company entry of a user linked to no subject (spec §2, `companyPath`): opens the subject
 * record of the DEFAULT business unit on the generic record page, shown or edited per the
 * user's rights. Without a DEFAULT unit it says so.
 */
export function CompanyPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { data, error, isPending, refetch } = useQuery({ queryKey: ['business-unit', 0], queryFn: fetchDefaultBusinessUnit, retry: false });
  if (isPending) return <Spin data-testid="company-loading" style={{ display: 'block', margin: '64px auto' }} />;
  if (data) return <Navigate to={`/subjects/${data.subject}`} replace />;
  const missing = error instanceof ApiError && error.status === 404;
  return (
    <Result
      data-testid={missing ? 'company-none' : 'company-error'}
      status={missing ? 'info' : 'error'}
      title={t(missing ? 'COMPANY.NONE_TITLE' : 'COMPANY.ERROR_TITLE')}
      subTitle={t(missing ? 'COMPANY.NONE_DESCRIPTION' : 'COMPANY.ERROR_DESCRIPTION')}
      extra={
        missing ? (
          <Button type="primary" onClick={() => navigate('/')}>
            {t('COMPANY.BACK')}
          </Button>
        ) : (
          <Button type="primary" onClick={() => void refetch()}>
            {t('COMPANY.RETRY')}
          </Button>
        )
      }
    />
  );
}
