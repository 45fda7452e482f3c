import { WarningOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Alert, DatePicker, Flex, Table, Tag, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState, type HTMLAttributes } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, errorBodyToMessage } from '../../api/errors';
import { DATE_FORMAT, formatDate, formatNumber } from '../../app/format';
import { usePickerLocale } from '../../fields/picker-locale';
import { fetchStock, type StockItem } from './warehouses-api';

/** The background of a stock line held beyond its storage limit (antd's red-1). */
const OVERDUE_BACKGROUND = '#fff1f0';

const round3 = (n: number) => Math.round(n * 1000) / 1000;

/**
 * The stock of a warehouse, a tab of its page: per EER code or material the quantity, the oldest
 * load still in stock (first in, first out) and its age, the storage operation it is held under
 * (R13, D15) and that operation's limit; a line beyond the limit is red. A past date shows the
 * stock at the end of that day.
 */
export function StockTab({ warehouseId, capacityTons }: { warehouseId: number; capacityTons?: number | null }) {
  const { t, i18n } = useTranslation();
  const pickerLocale = usePickerLocale();
  const [day, setDay] = useState<Dayjs | null>(null);
  const at = day ? day.endOf('day').toISOString() : null;
  const query = useQuery({
    queryKey: ['warehouse-stock', warehouseId, at, i18n.language],
    queryFn: ({ signal }) => fetchStock(warehouseId, at, i18n.language, signal),
  });
  const items = query.data ?? [];
  const totalKg = round3(items.reduce((sum, item) => sum + item.quantity, 0));
  const overdue = items.filter((item) => item.overdue).length;
  const errorText = query.error
    ? errorBodyToMessage(query.error instanceof ApiError ? query.error.body : null, (key, options) => t(key, options ?? {}), i18n.language)
    : null;

  return (
    <Flex vertical gap={12} data-testid="stock-tab">
      <Flex wrap gap={12} align="center">
        <Typography.Text>{t('WAREHOUSES.STOCK.AT')}</Typography.Text>
        <DatePicker
          locale={pickerLocale}
          format={DATE_FORMAT}
          placeholder={t('WAREHOUSES.STOCK.NOW')}
          aria-label={t('WAREHOUSES.STOCK.AT')}
          value={day}
          disabledDate={(d: Dayjs) => d.isAfter(dayjs(), 'day')}
          onChange={(d: Dayjs | null) => setDay(d)}
          data-testid="stock-at"
        />
        {query.data && (
          <Typography.Text type="secondary" data-testid="stock-total">
            {capacityTons != null
              ? t('WAREHOUSES.STOCK.TOTAL_CAPACITY', { kg: formatNumber(totalKg), capacityKg: formatNumber(round3(capacityTons * 1000)) })
              : t('WAREHOUSES.STOCK.TOTAL', { kg: formatNumber(totalKg) })}
          </Typography.Text>
        )}
      </Flex>
      {errorText && <Alert type="error" showIcon title={errorText} data-testid="stock-error" />}
      {overdue > 0 && <Alert type="error" showIcon title={t('WAREHOUSES.STOCK.OVERDUE_SUMMARY', { count: overdue })} data-testid="stock-overdue-summary" />}
      <Table<StockItem>
        rowKey={(item) => `${item.wasteId ?? ''}|${item.material ?? ''}`}
        size="small"
        loading={query.isFetching}
        pagination={false}
        dataSource={items}
        locale={{ emptyText: day ? t('WAREHOUSES.STOCK.EMPTY_AT', { date: formatDate(day.toDate()) }) : t('WAREHOUSES.STOCK.EMPTY') }}
        onRow={(item) =>
          ({
            'data-testid': `stock-row-${item.wasteId ?? `m${item.material}`}`,
            'data-overdue': item.overdue || undefined,
            style: item.overdue ? { background: OVERDUE_BACKGROUND } : undefined,
          }) as HTMLAttributes<HTMLElement>
        }
        data-testid="stock-table"
        columns={[
          {
            title: t('WAREHOUSES.STOCK.ITEM'),
            dataIndex: 'eer',
            width: 140,
            render: (eer: string | null) => <Typography.Text strong>{eer ?? t('WAREHOUSES.STOCK.MATERIAL')}</Typography.Text>,
          },
          { title: t('WAREHOUSES.STOCK.DESCRIPTION'), dataIndex: 'description', render: (d: string | null) => d ?? '' },
          { title: t('WAREHOUSES.STOCK.QUANTITY'), dataIndex: 'quantity', align: 'right', width: 130, render: (kg: number) => formatNumber(kg) },
          { title: t('WAREHOUSES.STOCK.OLDEST'), dataIndex: 'oldestLoadAt', width: 130, render: (at: string | null) => formatDate(at) },
          { title: t('WAREHOUSES.STOCK.AGE'), dataIndex: 'ageDays', align: 'right', width: 100, render: (days: number | null) => (days === null ? '' : formatNumber(days)) },
          {
            title: t('WAREHOUSES.STOCK.STORAGE'),
            key: 'storage',
            width: 170,
            render: (_: unknown, item) =>
              item.storageOperation ? t('WAREHOUSES.STOCK.STORAGE_LIMIT', { operation: item.storageOperation, days: formatNumber(item.limitDays) }) : '',
          },
          {
            title: t('WAREHOUSES.STOCK.STATE'),
            key: 'state',
            width: 220,
            render: (_: unknown, item) =>
              item.overdue ? (
                <Tag color="red" icon={<WarningOutlined />} data-testid="stock-overdue">
                  {t('WAREHOUSES.STOCK.OVERDUE')}
                </Tag>
              ) : null,
          },
        ]}
      />
    </Flex>
  );
}
