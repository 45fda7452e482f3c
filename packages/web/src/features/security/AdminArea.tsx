import { ReloadOutlined, SearchOutlined } from '@ant-design/icons';
import { findArea, type FilterSpec } from '@circula/model';
import type { ColDef } from 'ag-grid-community';
import { Alert, Button, Input, Space, Typography } from 'antd';
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { QueryValue } from '../../api/http';
import { formatNumber } from '../../app/format';
import type { BlockRequest } from '../../records/list/infinite-grid';
import { InfiniteGrid } from '../../records/list/InfiniteGrid';
import { qParam, sortParam, sortSpecs } from '../../records/list/list-request';
import { fetchPage } from './security-api';

/**
 * The free-text search of the administration lists: typed text (`draft`) searched on Enter or the
 * button; clearing the box searches everything again at once.
 */
export function AdminSearch({ draft, onDraft, onSearch }: { draft: string; onDraft: (text: string) => void; onSearch: (text: string) => void }) {
  const { t } = useTranslation();
  return (
    <Input.Search
      data-testid="admin-search"
      allowClear
      enterButton={<SearchOutlined />}
      placeholder={t('SECURITY.SEARCH')}
      value={draft}
      onChange={(e) => {
        onDraft(e.target.value);
        if (!e.target.value) onSearch('');
      }}
      onSearch={onSearch}
      style={{ width: 320 }}
    />
  );
}

export function AreaTitle({ route, extra }: { route: string; extra?: ReactNode }) {
  const { i18n } = useTranslation();
  const area = findArea(route);
  const title = area ? (i18n.language === 'en' ? area.label.en : area.label.it) : route;
  return (
    <Space style={{ width: '100%', justifyContent: 'space-between', marginBottom: 12 }} wrap>
      <Typography.Title level={2} style={{ margin: 0 }} data-testid="admin-title">
        {title}
      </Typography.Title>
      {extra}
    </Space>
  );
}

interface AdminListProps<T> {
  route: string;
  endpoint: string;
  columnDefs: ColDef<T>[];
  rowId(row: T): string;
  /** Free-text search (`q`); off for lists the server does not search. */
  searchable: boolean;
  /** Further parameters of every page (filters chosen above the list). */
  filters?: Record<string, QueryValue>;
  /** Field filters sent inside `q` with the search text (API.md `q.filters`). */
  qFilters?: FilterSpec[];
  /** Controls next to the search box (filters). */
  controls?: ReactNode;
  /** Buttons of the title bar (New…). */
  actions?: ReactNode;
  reloadKey: number;
  onOpen?(row: T): void;
}

/**
 * Title, search, total, the server-paged grid of the record lists and a Retry when the server
 * could not answer. The lists speak the record search's language: `q` (free text and filters),
 * `page`, `size`, `sort=field,dir`.
 */
export function AdminList<T>({ route, endpoint, columnDefs, rowId, searchable, filters, qFilters, controls, actions, reloadKey, onOpen }: AdminListProps<T>) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState('');
  const [text, setText] = useState('');
  const [total, setTotal] = useState<number | null>(null);
  const [failed, setFailed] = useState(false);
  const [retry, setRetry] = useState(0);

  const query = useMemo<Record<string, QueryValue>>(() => {
    const q = qParam({ query: searchable ? text : '', filters: qFilters ?? [] });
    return { ...(q ? { q } : {}), ...filters };
  }, [searchable, text, filters, qFilters]);
  const fetchBlock = ({ startRow, endRow, sortModel }: BlockRequest) => {
    const size = endRow - startRow;
    const sort = sortParam(sortSpecs(sortModel));
    return fetchPage<T>(endpoint, { ...query, page: Math.floor(startRow / size), size, ...(sort ? { sort } : {}) });
  };
  useEffect(() => {
    setTotal(null);
    setFailed(false);
  }, [query, reloadKey, retry]);

  return (
    <div data-testid={`admin-${route}`}>
      <AreaTitle route={route} extra={actions} />
      <Space wrap style={{ marginBottom: 12 }}>
        {searchable && (
          <AdminSearch draft={draft} onDraft={setDraft} onSearch={setText} />
        )}
        {controls}
        <Typography.Text type="secondary" data-testid="admin-total">
          {total === null ? '' : t('SECURITY.TOTAL', { count: total, formatted: formatNumber(total) })}
        </Typography.Text>
      </Space>
      {failed && (
        <Alert
          type="error"
          showIcon
          style={{ marginBottom: 12 }}
          title={t('SECURITY.LOAD_ERROR')}
          action={
            <Button size="small" icon={<ReloadOutlined />} onClick={() => setRetry((n) => n + 1)}>
              {t('SECURITY.RETRY')}
            </Button>
          }
        />
      )}
      <div data-testid="admin-grid" style={{ height: 'calc(100vh - 260px)', minHeight: 360 }}>
        <InfiniteGrid<T>
          fetchBlock={fetchBlock}
          // the same search keeps its rows: the query is compared by value; a reload or Retry drops them
          reloadOn={[endpoint, JSON.stringify(query), reloadKey, retry]}
          feedback={{
            loaded: (count) => {
              setTotal(count);
              setFailed(false);
            },
            failed: () => setFailed(true),
          }}
          columnDefs={columnDefs}
          rowId={rowId}
          {...(onOpen ? { onOpen } : {})}
        />
      </div>
    </div>
  );
}
