import { Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../app/format';
import type { RegisterTotal } from './warehouses-api';

const round3 = (n: number) => Math.round(n * 1000) / 1000;

/** Loads, unloads and their balance per EER code or material over every row the register's filters select (not just the page shown). */
export function RegisterTotals({ totals, loading }: { totals: readonly RegisterTotal[]; loading: boolean }) {
  const { t } = useTranslation();
  return (
    <div>
      <Typography.Title level={5} style={{ marginTop: 0 }}>
        {t('WAREHOUSES.REGISTER.TOTALS')}
      </Typography.Title>
      <Table<RegisterTotal>
        rowKey={(row) => `${row.eer ?? ''}|${row.description ?? ''}`}
        size="small"
        loading={loading}
        pagination={false}
        dataSource={[...totals]}
        data-testid="register-totals"
        columns={[
          { title: t('WAREHOUSES.REGISTER.WASTE'), dataIndex: 'eer', width: 120, render: (eer: string | null) => <Typography.Text strong>{eer ?? t('WAREHOUSES.REGISTER.MATERIAL')}</Typography.Text> },
          { title: t('WAREHOUSES.REGISTER.DESCRIPTION'), dataIndex: 'description', render: (d: string | null) => d ?? '' },
          { title: t('WAREHOUSES.REGISTER.TOTAL_LOAD'), dataIndex: 'loadKg', align: 'right', width: 140, render: (kg: number) => formatNumber(kg) },
          { title: t('WAREHOUSES.REGISTER.TOTAL_UNLOAD'), dataIndex: 'unloadKg', align: 'right', width: 140, render: (kg: number) => formatNumber(kg) },
          {
            title: t('WAREHOUSES.REGISTER.TOTAL_BALANCE'),
            key: 'balance',
            align: 'right',
            width: 140,
            render: (_: unknown, row) => <Typography.Text strong>{formatNumber(round3(row.loadKg - row.unloadKg))}</Typography.Text>,
          },
        ]}
      />
    </div>
  );
}
