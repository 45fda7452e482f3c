import { findArea } from '@circula/model';
import { Result, Spin, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { useReadableRoutes } from '../app/auth/useReadableRoutes';
import { AreaForbidden, AreaLoadError } from './AreaResults';

export type AreaMode = 'list' | 'new' | 'show' | 'edit' | 'virtual-folder';

interface Props {
  route: string;
  mode: AreaMode;
}

/**
 * An area not built yet: 403 when the server does not let the user read it, otherwise its title
 * and an honest notice of what it will hold (the area's `planned` text). No fake data.
 */
export function AreaPlaceholderPage({ route, mode }: Props) {
  const { t, i18n } = useTranslation();
  const { id } = useParams();
  const readable = useReadableRoutes();
  const area = findArea(route);

  if (readable.isPending) return <Spin style={{ display: 'block', margin: '64px auto' }} />;

  if (readable.isError) return <AreaLoadError />;
  if (!readable.routes.has(route)) return <AreaForbidden />;

  const title = area ? (i18n.language === 'en' ? area.label.en : area.label.it) : route;
  return (
    <div data-testid="area-placeholder" data-route={route}>
      <Typography.Title level={2} style={{ marginTop: 0 }}>
        {title}
      </Typography.Title>
      <Typography.Text type="secondary">{t(`AREA.MODES.${mode}`, { id })}</Typography.Text>
      <Result
        status="info"
        title={t('AREA.IN_PREPARATION')}
        subTitle={<span data-testid="area-planned">{area?.planned ? (i18n.language === 'en' ? area.planned.en : area.planned.it) : t('AREA.IN_PREPARATION_DESCRIPTION')}</span>}
      />
    </div>
  );
}
