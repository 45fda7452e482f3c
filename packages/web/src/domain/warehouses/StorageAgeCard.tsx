import { WarningOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Card, List, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatNumber } from '../../app/format';
import { fetchOverdueStock } from './warehouses-api';

/** How many lines the card lists before pointing to the warehouses. */
const SHOWN = 5;

/**
 * The dashboard's storage warning (issue 18): stock held in R13/D15 storage beyond the registry's
 * limit, in every warehouse the user may read — the oldest first, each linked to its warehouse's
 * stock. Nothing shows while nothing is overdue.
 */
export function StorageAgeCard() {
  const { t, i18n } = useTranslation();
  const { data } = useQuery({ queryKey: ['warehouse-stock-overdue', i18n.language], queryFn: ({ signal }) => fetchOverdueStock(i18n.language, signal), retry: false });
  if (!data || data.length === 0) return null;
  const oldest = [...data].sort((a, b) => (b.ageDays ?? 0) - (a.ageDays ?? 0));
  return (
    <Card
      data-testid="dashboard-storage-overdue"
      style={{ marginBottom: 24, borderColor: '#ffa39e' }}
      title={
        <span>
          <WarningOutlined style={{ color: '#cf1322', marginRight: 8 }} />
          {t('WAREHOUSES.DASHBOARD.TITLE', { count: data.length })}
        </span>
      }
    >
      <List
        size="small"
        dataSource={oldest.slice(0, SHOWN)}
        renderItem={(item) => (
          <List.Item>
            <Link to={`/warehouse/${item.warehouseId}`}>{item.warehouseName}</Link>
            <Typography.Text>
              {t('WAREHOUSES.DASHBOARD.LINE', {
                item: item.eer ?? item.description ?? '',
                kg: formatNumber(item.quantity),
                days: formatNumber(item.ageDays ?? 0),
                operation: item.storageOperation ?? '',
                limit: formatNumber(item.limitDays ?? 0),
              })}
            </Typography.Text>
          </List.Item>
        )}
      />
      {data.length > SHOWN && <Typography.Text type="secondary">{t('WAREHOUSES.DASHBOARD.MORE', { count: data.length - SHOWN })}</Typography.Text>}
    </Card>
  );
}
