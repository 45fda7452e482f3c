import { PlusOutlined, ReloadOutlined, SearchOutlined, UploadOutlined } from '@ant-design/icons';
import { CATALOGUE, type EntityConf, type SortSpec, type Target } from '@circula/model';
import { Alert, Button, Empty, Input, Space, Spin, Switch, Tag, Typography } from 'antd';
import { Fragment, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { useReadableRoutes } from '../../app/auth/useReadableRoutes';
import { useRouteSlots } from '../../domain';
import { AreaForbidden, AreaLoadError } from '../AreaResults';
import { formatCompact, formatNumber } from '../../app/format';
import { ColumnChooser } from './ColumnChooser';
import { ImportModal } from './import/ImportModal';
import { ExportButton } from './ExportButton';
import { buildColumnDefs, columnLabel } from './list-column-defs';
import { listColumns } from './list-columns';
import type { ListRecord } from './list-api';
import { filterText } from './list-filter-text';
import { COUNT_PARAM, EXACT_COUNT, FILTERS_PARAM, parseListFilters, withListFilters, type ListFilters } from './list-url';
import { RecordGrid, type GridFeedback } from './RecordGrid';
import { useVisibleColumns } from './useVisibleColumns';

/** The generic list of a catalogue target (`/{route}`, spec §2 "Generic record pages"). */
export function RecordListPage({ route }: { route: string }) {
  const readable = useReadableRoutes();
  const target = CATALOGUE.target(route);

  if (readable.isPending) return <Spin style={{ display: 'block', margin: '64px auto' }} />;
  if (readable.isError) return <AreaLoadError />;
  if (!target || !readable.routes.has(route)) return <AreaForbidden />;
  return <RecordList key={route} target={target} conf={readable.entities.find((e) => e.route === route) ?? null} />;
}

function RecordList({ target, conf }: { target: Target; conf: EntityConf | null }) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const navigate = useNavigate();
  const [searchParams, setSearchParams] = useSearchParams();
  const rawFilters = searchParams.get(FILTERS_PARAM);
  const filters = useMemo(() => parseListFilters(rawFilters), [rawFilters]);
  // a big list's total is the server's estimate, unless the reader asked for the exact count
  const exactCount = searchParams.get(COUNT_PARAM) === EXACT_COUNT;

  const [draft, setDraft] = useState(filters.query);
  useEffect(() => setDraft(filters.query), [filters.query]);
  const [showDeleted, setShowDeleted] = useState(false);
  const [sort, setSort] = useState<SortSpec[]>([]);
  const [total, setTotal] = useState<number | null>(null);
  const [estimated, setEstimated] = useState(false);
  const [error, setError] = useState(false);
  const [selected, setSelected] = useState(0);
  const [selectedRows, setSelectedRows] = useState<ListRecord[]>([]);
  const [reloadKey, setReloadKey] = useState(0);
  const [importOpen, setImportOpen] = useState(false);

  const columns = useMemo(() => listColumns(target), [target]);
  const { visible, change, reset, isPending } = useVisibleColumns(target.route, columns);
  const context = useMemo(() => ({ target, language, t }), [target, language, t]);
  const columnDefs = useMemo(() => buildColumnDefs(columns, new Set(visible), context), [columns, visible, context]);
  const chooserColumns = useMemo(() => columns.map((c) => ({ id: c.id, label: columnLabel(c, context) })), [columns, context]);

  const request = useMemo(() => ({ filters, showDeleted, exactCount }), [filters, showDeleted, exactCount]);
  // a new search counts again
  useEffect(() => {
    setTotal(null);
    setError(false);
  }, [request, reloadKey]);

  const setFilters = (next: ListFilters) => setSearchParams((params) => withListFilters(params, next), { replace: true });

  const feedback: GridFeedback = useMemo(
    () => ({
      loaded: (count, roughly) => {
        setTotal(count);
        setEstimated(roughly === true);
        setError(false);
      },
      failed: () => setError(true),
      sorted: setSort,
      selected: (count, rows) => {
        setSelected(count);
        setSelectedRows(rows);
      },
      open: (id) => navigate(`/${target.route}/${id}`),
    }),
    [navigate, target.route],
  );

  const { listActions } = useRouteSlots(target.route);
  const title = conf?.menu.label || (language === 'en' ? target.label.en : target.label.it);
  const searching = filters.query !== '' || filters.filters.length > 0;

  return (
    <div data-testid="record-list" data-route={target.route} style={{ display: 'flex', flexDirection: 'column', gap: 12 }}>
      <Space style={{ justifyContent: 'space-between', width: '100%' }} wrap>
        <Typography.Title level={2} style={{ margin: 0 }}>
          {title}
        </Typography.Title>
        <Space wrap>
          {listActions.map((action) => (
            <Fragment key={action.key}>{action.render({ target, conf, selected: selectedRows, reload: () => setReloadKey((k) => k + 1) })}</Fragment>
          ))}
          {conf?.canCreate && (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => navigate(`/${target.route}/new`)} data-testid="list-new">
              {t('RECORD_LIST.NEW')}
            </Button>
          )}
        </Space>
      </Space>

      <Space wrap style={{ justifyContent: 'space-between', width: '100%' }}>
        <Space wrap>
          <Space.Compact style={{ width: 380 }}>
            <Input
              allowClear
              value={draft}
              maxLength={200}
              placeholder={t('RECORD_LIST.SEARCH_PLACEHOLDER')}
              aria-label={t('RECORD_LIST.SEARCH')}
              onChange={(event) => setDraft(event.target.value)}
              onPressEnter={() => setFilters({ ...filters, query: draft.trim() })}
              // clearing the box shows every row again
              onClear={() => setFilters({ ...filters, query: '' })}
              data-testid="list-search-input"
            />
            <Button type="primary" icon={<SearchOutlined />} onClick={() => setFilters({ ...filters, query: draft.trim() })} data-testid="list-search-button">
              {t('RECORD_LIST.SEARCH')}
            </Button>
          </Space.Compact>
          {filters.filters.map((filter, index) => (
            <Tag
              key={`${filter.field}-${index}`}
              closable
              closeIcon={<span aria-label={t('RECORD_LIST.REMOVE_FILTER')}>×</span>}
              onClose={() => setFilters({ ...filters, filters: filters.filters.filter((_, i) => i !== index) })}
              data-testid="list-filter-tag"
            >
              {filterText(filter, target, language, t)}
            </Tag>
          ))}
        </Space>
        <Space wrap>
          <label style={{ display: 'inline-flex', alignItems: 'center', gap: 8, cursor: 'pointer' }}>
            <Switch checked={showDeleted} onChange={setShowDeleted} size="small" data-testid="list-show-deleted" />
            {t('RECORD_LIST.SHOW_DELETED')}
          </label>
          <ColumnChooser columns={chooserColumns} visible={visible} onChange={change} onReset={reset} />
          <ExportButton target={target} request={{ filters, showDeleted, sort }} />
          {conf?.canCreate && (
            <>
              <Button icon={<UploadOutlined />} onClick={() => setImportOpen(true)} data-testid="list-import">
                {t('IMPORT.BUTTON')}
              </Button>
              <ImportModal target={target} open={importOpen} onClose={() => setImportOpen(false)} onImported={() => setReloadKey((k) => k + 1)} />
            </>
          )}
        </Space>
      </Space>

      <Space size="large">
        <Typography.Text data-testid="list-total" data-total={total ?? ''} type="secondary">
          {total === null
            ? t('RECORD_LIST.TOTAL_LOADING')
            : estimated
              ? t('RECORD_LIST.TOTAL_ESTIMATED', { total: formatCompact(total) })
              : t('RECORD_LIST.TOTAL', { count: total, total: formatNumber(total) })}
        </Typography.Text>
        {total !== null && estimated && (
          <Button
            type="link"
            size="small"
            data-testid="list-exact-count"
            onClick={() =>
              setSearchParams(
                (params) => {
                  const next = new URLSearchParams(params);
                  next.set(COUNT_PARAM, EXACT_COUNT);
                  return next;
                },
                { replace: true },
              )
            }
          >
            {t('RECORD_LIST.EXACT_COUNT')}
          </Button>
        )}
        {selected > 0 && <Typography.Text data-testid="list-selected">{t('RECORD_LIST.SELECTED', { count: selected })}</Typography.Text>}
      </Space>

      {error && (
        <Alert
          type="error"
          showIcon
          data-testid="list-error"
          title={t('RECORD_LIST.LOAD_ERROR')}
          description={t('NOTIFICATIONS.ERROR.DESCRIPTION')}
          action={
            <Button icon={<ReloadOutlined />} onClick={() => setReloadKey((k) => k + 1)}>
              {t('RECORD_LIST.RETRY')}
            </Button>
          }
        />
      )}

      <div data-testid="list-grid" style={{ position: 'relative', height: 'calc(100vh - 300px)', minHeight: 360 }}>
        {isPending ? (
          <Spin style={{ display: 'block', margin: '64px auto' }} />
        ) : (
          <RecordGrid endpoint={target.endpoint} request={request} columnDefs={columnDefs} feedback={feedback} reloadKey={reloadKey} />
        )}
        {total === 0 && (
          <div
            data-testid="list-empty"
            style={{ position: 'absolute', inset: '48px 0 0 0', display: 'flex', alignItems: 'center', justifyContent: 'center', pointerEvents: 'none' }}
          >
            <Empty description={searching || showDeleted ? t('RECORD_LIST.EMPTY_SEARCH') : t('RECORD_LIST.EMPTY')} />
          </div>
        )}
      </div>
    </div>
  );
}
