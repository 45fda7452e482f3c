import { findArea } from '@circula/model';
import { Button, Result, Spin, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { useReadableRoutes } from '../app/auth/useReadableRoutes';

export type AreaMode = 'list' | 'new' | 'show' | 'edit' | 'virtual-folder';

interface Props {
  route: string;
  mode: AreaMode;
}

/**
 * Every area route until the record engine arrives: 403 when the server does not let the user
 * read the area, otherwise the area's title and an honest "in preparation" notice. No fake data.
 */
export function AreaPlaceholderPage({ route, mode }: Props) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const { id } = useParams();
  const readable = useReadableRoutes();
  const area = findArea(route);

  if (readable.isPending) return <Spin style={{ display: 'block', margin: '64px auto' }} />;

  if (readable.isError) {
    return <Result status="error" title={t('AREA.LOAD_ERROR')} subTitle={t('NOTIFICATIONS.ERROR.DESCRIPTION')} />;
  }

  if (!readable.routes.has(route)) {
    return (
      <Result
        data-testid="area-forbidden"
        status="403"
        title={t('AREA.FORBIDDEN_TITLE')}
        subTitle={t('AREA.FORBIDDEN_DESCRIPTION')}
        extra={
          <Button type="primary" onClick={() => navigate('/')}>
            {t('AREA.BACK_HOME')}
          </Button>
        }
      />
    );
  }

  const title = area ? (i18n.language === 'en' ? area.label.en : area.label.it) : route;
  return (
    <div data-testid="area-placeholder" data-route={route}>
      <Typography.Title level={2} style={{ marginTop: 0 }}>
        {title}
      </Typography.Title>
      <Typography.Text type="secondary">{t(`AREA.MODES.${mode}`, { id })}</Typography.Text>
      <Result status="info" title={t('AREA.IN_PREPARATION')} subTitle={t('AREA.IN_PREPARATION_DESCRIPTION')} />
    </div>
  );
}
