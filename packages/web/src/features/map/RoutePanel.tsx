import { Flex, Statistic, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDistance, formatDuration, routeTotals, type RouteInfo, type Stage } from './map-state';

/**
 * The route's totals (spec §9: km rounded, metres under 1 km) and each leg's distance and
 * duration (spec §3 path info), from stop to stop.
 */
export function RoutePanel({ route, stages }: { route: RouteInfo; stages: readonly Stage[] }) {
  const { t } = useTranslation();
  const totals = routeTotals(route.legs);
  // one leg per consecutive pair of stops; a route back to its start has one more than the stops
  const nameOf = (i: number) => stages[i % Math.max(stages.length, 1)]?.title ?? '';
  return (
    <section aria-label={t('MAP.ROUTE')} data-testid="map-route" style={{ marginBottom: 8 }}>
      <Flex gap={24} wrap data-testid="map-route-totals">
        <Statistic title={t('MAP.TOTAL_DISTANCE')} value={formatDistance(totals.distance)} data-testid="map-route-distance" />
        <Statistic title={t('MAP.TOTAL_DURATION')} value={formatDuration(totals.duration)} data-testid="map-route-duration" />
      </Flex>
      <Typography.Text strong style={{ display: 'block', marginTop: 8 }}>
        {t('MAP.LEGS')}
      </Typography.Text>
      <ol style={{ margin: '0 0 8px', paddingInlineStart: 4, fontSize: 12, listStyle: 'none', maxHeight: 150, overflowY: 'auto' }} tabIndex={0} aria-label={t('MAP.LEGS')}>
        {route.legs.map((leg, i) => (
          <li key={i} data-testid="map-route-leg" title={t('MAP.LEG', { from: nameOf(i), to: nameOf(i + 1) })}>
            {t('MAP.LEG', { from: (i % Math.max(stages.length, 1)) + 1, to: ((i + 1) % Math.max(stages.length, 1)) + 1 })}: {formatDistance(leg.distance.value)}, {formatDuration(leg.duration.value)}
          </li>
        ))}
      </ol>
      {route.provider && (
        <Typography.Text type="secondary" style={{ fontSize: 11 }}>
          {t('MAP.PROVIDER', { provider: route.provider })}
        </Typography.Text>
      )}
    </section>
  );
}
