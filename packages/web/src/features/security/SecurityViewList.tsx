import { ReloadOutlined } from '@ant-design/icons';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Alert, Button, Space, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../app/format';
import { qParam } from '../../records/list/list-request';
import { AdminSearch, AreaTitle } from './AdminArea';
import { fetchPage } from './security-api';

const PAGE_SIZE = 20;

/**
 * A read-only view of the security model (profiles, authorizations): title, free-text search,
 * a table paged by the server (`q`, `page`, `size`) and a Retry when the server could not answer.
 */
export function SecurityViewList<T extends object>({ route, endpoint, columns, rowKey, onOpen }: { route: string; endpoint: string; columns: ColumnsType<T>; rowKey: (row: T) => string; onOpen?: (row: T) => void }) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState('');
  const [text, setText] = useState('');
  const [page, setPage] = useState(0);
  const q = qParam({ query: text, filters: [] });
  const { data, isFetching, isError, refetch } = useQuery({
    queryKey: ['security-view', endpoint, q ?? '', page],
    queryFn: ({ signal }) => fetchPage<T>(endpoint, { ...(q ? { q } : {}), page, size: PAGE_SIZE }, signal),
    placeholderData: keepPreviousData,
  });
  return (
    <div data-testid={`admin-${route}`}>
      <AreaTitle route={route} />
      <Space wrap style={{ marginBottom: 12 }}>
        <AdminSearch
          draft={draft}
          onDraft={setDraft}
          onSearch={(value) => {
            setText(value);
            setPage(0);
          }}
        />
        <Typography.Text type="secondary" data-testid="admin-total">
          {data ? t('SECURITY_VIEWS.TOTAL', { count: data.total, formatted: formatNumber(data.total) }) : ''}
        </Typography.Text>
      </Space>
      {isError && (
        <Alert
          type="error"
          showIcon
          style={{ marginBottom: 12 }}
          title={t('SECURITY_VIEWS.LOAD_ERROR')}
          action={
            <Button size="small" icon={<ReloadOutlined />} onClick={() => void refetch()}>
              {t('SECURITY_VIEWS.RETRY')}
            </Button>
          }
        />
      )}
      <Table<T>
        data-testid={`${route}-table`}
        size="small"
        rowKey={rowKey}
        loading={isFetching}
        dataSource={data?.items ?? []}
        columns={columns}
        onRow={(row) => ({ onClick: () => onOpen?.(row), style: onOpen ? { cursor: 'pointer' } : {} })}
        pagination={{ current: page + 1, pageSize: PAGE_SIZE, total: data?.total ?? 0, showSizeChanger: false, onChange: (next) => setPage(next - 1) }}
      />
    </div>
  );
}
