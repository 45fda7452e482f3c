import type { MonitorError, MonitorRouteStats, MonitorSecurityEvent, MonitorSlowQuery, MonitorUsabilityAnswer, SecurityEventType } from '@circula/model';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Alert, Card, DatePicker, Flex, Segmented, Space, Spin, Statistic, Table, Tag, Typography, type TableColumnsType } from 'antd';
import dayjs from 'dayjs';
import { lazy, Suspense, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DATE_FORMAT, formatDateTime, formatNumber } from '../../app/format';
import type { AreaPageProps } from '../slots';
import { fetchMonitor, MONITOR_ROUTES, periodQuery, type MonitorPage as Page, type MonitorPeriodChoice, type PeriodPreset } from './monitor-api';

// ECharts only when the performance page draws its chart
const ThroughputChart = lazy(() => import('./ThroughputChart'));

const PAGE_SIZE = 50;
const ms = (value: number | null) => (value === null ? '–' : `${formatNumber(value, value < 10 ? 1 : 0)} ms`);
const percent = (value: number) => `${formatNumber(value * 100, 2)} %`;

/** Last hour, 24 hours, 7 days, or chosen days (dd/mm/yyyy). */
export function PeriodPicker({ value, onChange }: { value: MonitorPeriodChoice; onChange(value: MonitorPeriodChoice): void }) {
  const { t } = useTranslation();
  const presets: PeriodPreset[] = ['1h', '24h', '7d', 'custom'];
  return (
    <Space wrap>
      <Segmented<PeriodPreset>
        value={value.preset}
        options={presets.map((preset) => ({ value: preset, label: t(`MONITOR.PERIOD.${preset.toUpperCase()}`) }))}
        onChange={(preset) => onChange(preset === 'custom' ? { preset, days: value.days ?? { from: new Date(Date.now() - 6 * 86_400_000), to: new Date() } } : { preset })}
        data-testid="monitor-period"
      />
      {value.preset === 'custom' && (
        <DatePicker.RangePicker
          format={DATE_FORMAT}
          allowClear={false}
          value={value.days ? [dayjs(value.days.from), dayjs(value.days.to)] : null}
          disabledDate={(day) => day.isAfter(dayjs(), 'day')}
          onChange={(range) => range?.[0] && range[1] && onChange({ preset: 'custom', days: { from: range[0].toDate(), to: range[1].toDate() } })}
          data-testid="monitor-period-days"
        />
      )}
    </Space>
  );
}

function useMonitor<P extends Page>(page: P, choice: MonitorPeriodChoice, extra: Record<string, string | number> = {}) {
  // a preset's "now" is taken when the choice or the page changes (and on refresh), not at every render
  const [stamp, setStamp] = useState(() => Date.now());
  const query = useMemo(() => ({ ...periodQuery(choice, new Date(stamp)), ...extra }), [choice, stamp, extra]);
  const result = useQuery({
    queryKey: ['monitor', page, query],
    queryFn: ({ signal }) => fetchMonitor(page, query, signal),
    placeholderData: keepPreviousData,
  });
  return { ...result, refresh: () => setStamp(Date.now()) };
}

function Loaded<T>({ result, children }: { result: { data: T | undefined; isError: boolean; isPending: boolean }; children(data: T): ReactNode }) {
  const { t } = useTranslation();
  if (result.isError) return <Alert type="error" showIcon message={t('MONITOR.LOAD_ERROR')} />;
  if (result.isPending || result.data === undefined) return <Spin style={{ display: 'block', margin: '48px auto' }} />;
  return <>{children(result.data)}</>;
}

function ErrorsView({ choice }: { choice: MonitorPeriodChoice }) {
  const { t } = useTranslation();
  const [page, setPage] = useState(0);
  const extra = useMemo(() => ({ page, size: PAGE_SIZE }), [page]);
  const result = useMonitor('errors', choice, extra);
  const columns: TableColumnsType<MonitorError> = [
    { title: t('MONITOR.AT'), dataIndex: 'at', width: 150, render: (at: string) => formatDateTime(at) },
    { title: t('MONITOR.SOURCE'), dataIndex: 'source', width: 100, render: (source: string) => <Tag color={source === 'SERVER' ? 'red' : 'orange'}>{t(`MONITOR.SOURCES.${source}`)}</Tag> },
    { title: t('MONITOR.ROUTE'), key: 'route', render: (_, e) => (e.route ? `${e.method ?? ''} ${e.route}` : e.url) },
    { title: t('MONITOR.MESSAGE'), dataIndex: 'message', ellipsis: true },
    { title: t('MONITOR.REQUEST_ID'), dataIndex: 'requestId', width: 290, render: (id: string | null) => (id ? <Typography.Text copyable code>{id}</Typography.Text> : null) },
  ];
  return (
    <Loaded result={result}>
      {(data) => (
        <Flex vertical gap={16}>
          <Card size="small" title={t('MONITOR.ERRORS.GROUPS')}>
            <Table
              size="small"
              rowKey={(g) => `${g.source}|${g.route}|${g.message}`}
              dataSource={data.groups}
              pagination={false}
              columns={[
                { title: t('MONITOR.SOURCE'), dataIndex: 'source', width: 100, render: (source: string) => t(`MONITOR.SOURCES.${source}`) },
                { title: t('MONITOR.ROUTE'), dataIndex: 'route', width: 260 },
                { title: t('MONITOR.MESSAGE'), dataIndex: 'message', ellipsis: true },
                { title: t('MONITOR.COUNT'), dataIndex: 'count', width: 90, align: 'right', render: (n: number) => formatNumber(n) },
                { title: t('MONITOR.LAST_AT'), dataIndex: 'lastAt', width: 150, render: (at: string) => formatDateTime(at) },
              ]}
              data-testid="monitor-error-groups"
            />
          </Card>
          <Table
            size="small"
            rowKey="id"
            dataSource={data.items}
            columns={columns}
            expandable={{
              rowExpandable: (e) => Boolean(e.stack),
              expandedRowRender: (e) => <pre style={{ margin: 0, whiteSpace: 'pre-wrap', fontSize: 12 }}>{e.stack}</pre>,
            }}
            pagination={{ current: data.page + 1, pageSize: data.size, total: data.total, showSizeChanger: false, onChange: (next) => setPage(next - 1) }}
            data-testid="monitor-errors"
          />
        </Flex>
      )}
    </Loaded>
  );
}

function PerformanceView({ choice }: { choice: MonitorPeriodChoice }) {
  const { t } = useTranslation();
  const result = useMonitor('performance', choice);
  const labels = useMemo(() => ({ requests: t('MONITOR.PERFORMANCE.REQUESTS'), errors: t('MONITOR.PERFORMANCE.SERVER_ERRORS') }), [t]);
  const columns: TableColumnsType<MonitorRouteStats> = [
    { title: t('MONITOR.ROUTE'), key: 'route', render: (_, r) => <Typography.Text code>{`${r.method} ${r.route}`}</Typography.Text> },
    { title: t('MONITOR.COUNT'), dataIndex: 'count', align: 'right', sorter: (a, b) => a.count - b.count, render: (n: number) => formatNumber(n) },
    { title: 'p50', dataIndex: 'p50Ms', align: 'right', sorter: (a, b) => (a.p50Ms ?? 0) - (b.p50Ms ?? 0), render: ms },
    { title: 'p95', dataIndex: 'p95Ms', align: 'right', sorter: (a, b) => (a.p95Ms ?? 0) - (b.p95Ms ?? 0), render: ms },
    { title: 'p99', dataIndex: 'p99Ms', align: 'right', sorter: (a, b) => (a.p99Ms ?? 0) - (b.p99Ms ?? 0), render: ms },
    { title: t('MONITOR.PERFORMANCE.MAX'), dataIndex: 'maxMs', align: 'right', render: ms },
    { title: t('MONITOR.PERFORMANCE.ERROR_RATE'), dataIndex: 'errorRate', align: 'right', sorter: (a, b) => a.errorRate - b.errorRate, render: percent },
    { title: t('MONITOR.PERFORMANCE.CLIENT_ERRORS'), dataIndex: 'clientErrors', align: 'right', render: (n: number) => formatNumber(n) },
  ];
  return (
    <Loaded result={result}>
      {(data) => (
        <Flex vertical gap={16}>
          <Flex gap={32} wrap>
            <Statistic title={t('MONITOR.PERFORMANCE.REQUESTS')} value={formatNumber(data.totals.count)} data-testid="monitor-total-requests" />
            <Statistic title={t('MONITOR.PERFORMANCE.SERVER_ERRORS')} value={formatNumber(data.totals.serverErrors)} />
            <Statistic title="p50" value={ms(data.totals.p50Ms)} />
            <Statistic title="p95" value={ms(data.totals.p95Ms)} />
            <Statistic title="p99" value={ms(data.totals.p99Ms)} />
          </Flex>
          {data.throughput.length > 0 && (
            <Card size="small" title={t('MONITOR.PERFORMANCE.THROUGHPUT', { minutes: formatNumber(data.stepSeconds / 60) })}>
              <Suspense fallback={<Spin />}>
                <ThroughputChart points={data.throughput} labels={labels} />
              </Suspense>
            </Card>
          )}
          <Table size="small" rowKey={(r) => `${r.method} ${r.route}`} dataSource={data.routes} columns={columns} pagination={{ pageSize: 50, showSizeChanger: false }} data-testid="monitor-routes" />
          <Card size="small" title={t('MONITOR.PERFORMANCE.SLOW_QUERIES')}>
            <Table<MonitorSlowQuery>
              size="small"
              rowKey="sql"
              dataSource={data.slowQueries}
              pagination={false}
              columns={[
                { title: 'SQL', dataIndex: 'sql', ellipsis: true, render: (text: string) => <Typography.Text code>{text}</Typography.Text> },
                { title: t('MONITOR.COUNT'), dataIndex: 'count', width: 90, align: 'right', render: (n: number) => formatNumber(n) },
                { title: t('MONITOR.PERFORMANCE.MEAN'), dataIndex: 'meanMs', width: 110, align: 'right', render: ms },
                { title: t('MONITOR.PERFORMANCE.MAX'), dataIndex: 'maxMs', width: 110, align: 'right', render: ms },
                { title: t('MONITOR.LAST_AT'), dataIndex: 'lastAt', width: 150, render: (at: string) => formatDateTime(at) },
              ]}
              data-testid="monitor-slow-queries"
            />
          </Card>
        </Flex>
      )}
    </Loaded>
  );
}

function SecurityView({ choice }: { choice: MonitorPeriodChoice }) {
  const { t } = useTranslation();
  const [page, setPage] = useState(0);
  const [type, setType] = useState<SecurityEventType | null>(null);
  const extra = useMemo(() => ({ page, size: PAGE_SIZE, ...(type ? { type } : {}) }), [page, type]);
  const result = useMonitor('security', choice, extra);
  const columns: TableColumnsType<MonitorSecurityEvent> = [
    { title: t('MONITOR.AT'), dataIndex: 'at', width: 150, render: (at: string) => formatDateTime(at) },
    { title: t('MONITOR.SECURITY.TYPE'), dataIndex: 'type', width: 200, render: (value: string) => t(`MONITOR.SECURITY.TYPES.${value}`) },
    { title: t('MONITOR.SECURITY.USERNAME'), dataIndex: 'username', width: 160 },
    { title: t('MONITOR.SECURITY.ADDRESS'), dataIndex: 'address', width: 140 },
    { title: t('MONITOR.SECURITY.DETAIL'), dataIndex: 'detail', ellipsis: true },
  ];
  return (
    <Loaded result={result}>
      {(data) => (
        <Flex vertical gap={16}>
          <Space wrap data-testid="monitor-security-counts">
            {data.counts.map((c) => (
              <Tag.CheckableTag
                key={c.type}
                checked={type === c.type}
                onChange={(checked) => {
                  setType(checked ? c.type : null);
                  setPage(0);
                }}
              >
                {`${t(`MONITOR.SECURITY.TYPES.${c.type}`)}: ${formatNumber(c.count)}`}
              </Tag.CheckableTag>
            ))}
          </Space>
          <Table
            size="small"
            rowKey="id"
            dataSource={data.items}
            columns={columns}
            pagination={{ current: data.page + 1, pageSize: data.size, total: data.total, showSizeChanger: false, onChange: (next) => setPage(next - 1) }}
            data-testid="monitor-security-events"
          />
        </Flex>
      )}
    </Loaded>
  );
}

function UsabilityView({ choice }: { choice: MonitorPeriodChoice }) {
  const { t } = useTranslation();
  const result = useMonitor('usability', choice);
  const seconds = (value: number) => `${formatNumber(Math.round(value / 100) / 10)} s`;
  return (
    <Loaded result={result}>
      {(data) => (
        <Flex vertical gap={16}>
          <Table<MonitorUsabilityAnswer['pages'][number]>
            size="small"
            rowKey="route"
            dataSource={data.pages}
            pagination={{ pageSize: 50, showSizeChanger: false }}
            columns={[
              { title: t('MONITOR.USABILITY.PAGE'), dataIndex: 'route', render: (route: string) => <Typography.Text code>{`/${route}`}</Typography.Text> },
              { title: t('MONITOR.USABILITY.VIEWS'), dataIndex: 'views', align: 'right', sorter: (a, b) => a.views - b.views, render: (n: number) => formatNumber(n) },
              { title: t('MONITOR.USABILITY.USERS'), dataIndex: 'users', align: 'right', render: (n: number) => formatNumber(n) },
              { title: t('MONITOR.USABILITY.MEDIAN_TIME'), dataIndex: 'medianMs', align: 'right', sorter: (a, b) => a.medianMs - b.medianMs, render: seconds },
              { title: t('MONITOR.USABILITY.MEAN_TIME'), dataIndex: 'meanMs', align: 'right', render: seconds },
            ]}
            data-testid="monitor-usability-pages"
          />
          <Card size="small" title={t('MONITOR.USABILITY.DAILY')}>
            <Table
              size="small"
              rowKey="day"
              dataSource={data.daily}
              pagination={false}
              columns={[
                { title: t('MONITOR.USABILITY.DAY'), dataIndex: 'day', render: (day: string) => `${day.slice(8, 10)}/${day.slice(5, 7)}/${day.slice(0, 4)}` },
                { title: t('MONITOR.USABILITY.VIEWS'), dataIndex: 'views', align: 'right', render: (n: number) => formatNumber(n) },
                { title: t('MONITOR.USABILITY.USERS'), dataIndex: 'users', align: 'right', render: (n: number) => formatNumber(n) },
              ]}
            />
          </Card>
        </Flex>
      )}
    </Loaded>
  );
}

const VIEWS: Record<Page, (props: { choice: MonitorPeriodChoice }) => ReactNode> = {
  errors: ErrorsView,
  performance: PerformanceView,
  security: SecurityView,
  usability: UsabilityView,
};

/** The monitor's pages (spec §2 monitor-errors, -performance, -security, -usability): a period and what the server recorded in it. */
export default function MonitorPage({ route }: AreaPageProps) {
  const { t } = useTranslation();
  const page = MONITOR_ROUTES[route] ?? 'errors';
  const [choice, setChoice] = useState<MonitorPeriodChoice>({ preset: '24h' });
  const View = VIEWS[page];
  return (
    <Flex vertical gap={16} style={{ padding: 16 }} data-testid={`monitor-page-${page}`}>
      <Flex justify="space-between" align="center" wrap gap={8}>
        <Typography.Title level={3} style={{ margin: 0 }}>
          {t(`MONITOR.TITLES.${page.toUpperCase()}`)}
        </Typography.Title>
        <PeriodPicker value={choice} onChange={setChoice} />
      </Flex>
      <View key={page} choice={choice} />
    </Flex>
  );
}
