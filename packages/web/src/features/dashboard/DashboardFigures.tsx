import { ReloadOutlined } from '@ant-design/icons';
import type { DashboardAnswer, DashboardDeadline, DashboardInvoices, DashboardLink, DashboardRequests, DashboardStock, DashboardTonnes, DashboardTransports } from '@circula/model';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Col, DatePicker, Empty, Flex, List, Progress, Row, Skeleton, Space, Spin, Statistic, Table, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { lazy, Suspense, useCallback, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { ApiError, errorBodyToMessage } from '../../api/errors';
import { DATE_FORMAT, formatDate, formatMoney, formatNumber } from '../../app/format';
import { usePickerLocale } from '../../fields/picker-locale';
import { fetchDashboard, fieldLabel, listHref, routeLabel, statusColor, statusLabel, tonnesCellLink } from './dashboard-api';

// ECharts, only for those who read the ledger: a chunk of its own, loaded with the chart
const TonnesChart = lazy(() => import('./TonnesChart'));
// Leaflet is a chunk of its own, fetched when a week with transports is shown
const TransportsMap = lazy(() => import('./TransportsMap'));

const ISO_DAY = 'YYYY-MM-DD';

/**
 * A figure linked to the list it comes from (the same filters): a count of records (`count`: the
 * list's total, shown unless `children` say otherwise), or an amount the list's rows add up to.
 */
function Figure({ link, count, testId, children }: { link: DashboardLink; count?: number; testId: string; children?: ReactNode }) {
  return (
    <Link to={listHref(link)} data-testid={testId} data-count={count}>
      {children ?? formatNumber(count)}
    </Link>
  );
}

/** kg as tonnes, one decimal at most (1.234,5). */
const tonnesOf = (kg: number) => formatNumber(Math.round(kg / 100) / 10);

/**
 * The dashboard's figures (issue 20, `GET /api/dashboard`): the sections the user may read, for a
 * period (the server's last twelve months until one is chosen). Every number links to its list.
 */
export function DashboardFigures() {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const pickerLocale = usePickerLocale();
  const [period, setPeriod] = useState<{ from: string; to: string } | null>(null);
  const query = useQuery({
    queryKey: ['dashboard', period?.from ?? null, period?.to ?? null],
    queryFn: ({ signal }) => fetchDashboard(period, signal),
    placeholderData: keepPreviousData,
    retry: false,
  });
  const data = query.data;
  const errorText = query.error ? errorBodyToMessage(query.error instanceof ApiError ? query.error.body : null, (key, options) => t(key, options ?? {}), lang) : null;

  return (
    <div data-testid="dashboard-figures" style={{ marginBottom: 24 }}>
      <Flex justify="space-between" align="center" wrap gap={12} style={{ marginBottom: 12 }}>
        <Typography.Title level={4} style={{ margin: 0 }}>
          {t('DASHBOARD.FIGURES.TITLE')}
        </Typography.Title>
        <Space wrap data-testid="dashboard-period-bar">
          {data && (
            <Typography.Text type="secondary" data-testid="dashboard-period">
              {t('DASHBOARD.FIGURES.PERIOD', { from: formatDate(data.from), to: formatDate(data.to) })}
            </Typography.Text>
          )}
          <DatePicker.RangePicker
            locale={pickerLocale}
            format={DATE_FORMAT}
            aria-label={t('DASHBOARD.FIGURES.CHOOSE_PERIOD')}
            value={period ? [dayjs(period.from), dayjs(period.to)] : null}
            onChange={(range) => setPeriod(range?.[0] && range[1] ? { from: range[0].format(ISO_DAY), to: range[1].format(ISO_DAY) } : null)}
            data-testid="dashboard-period-picker"
          />
        </Space>
      </Flex>
      {query.isPending ? (
        <Spin style={{ display: 'block', margin: '32px auto' }} />
      ) : errorText || !data ? (
        <Alert
          type="error"
          showIcon
          data-testid="dashboard-error"
          title={t('DASHBOARD.FIGURES.LOAD_ERROR')}
          description={errorText}
          action={
            <Button icon={<ReloadOutlined />} onClick={() => void query.refetch()}>
              {t('DASHBOARD.FIGURES.RETRY')}
            </Button>
          }
        />
      ) : (
        <Sections data={data} />
      )}
    </div>
  );
}

/** The sections of an answer, each only when present (the user may read it). */
function Sections({ data }: { data: DashboardAnswer }) {
  const { t } = useTranslation();
  const cards: ReactNode[] = [];
  for (const requests of data.requests ?? []) cards.push(<RequestsCard key={`requests-${requests.route}`} requests={requests} />);
  if (data.transports) cards.push(<TransportsCard key="transports" transports={data.transports} />);
  if (data.invoices) cards.push(<InvoicesCard key="invoices" invoices={data.invoices} />);
  if (data.stock) cards.push(<StockCard key="stock" stock={data.stock} />);
  if (data.deadlines) cards.push(<DeadlinesCard key="deadlines" deadlines={data.deadlines} />);
  if (cards.length === 0 && !data.tonnes) return <Empty description={t('DASHBOARD.FIGURES.NOTHING')} data-testid="dashboard-nothing" />;
  return (
    <Row gutter={[16, 16]}>
      {data.tonnes && (
        <Col xs={24}>
          <TonnesCard tonnes={data.tonnes} />
        </Col>
      )}
      {cards.map((card, i) => (
        <Col key={i} xs={24} lg={12} xxl={8}>
          {card}
        </Col>
      ))}
    </Row>
  );
}

const AGE_KEYS: Record<string, string> = { '0-7': 'DASHBOARD.REQUESTS.AGE_0_7', '8-30': 'DASHBOARD.REQUESTS.AGE_8_30', '31-90': 'DASHBOARD.REQUESTS.AGE_31_90', '90+': 'DASHBOARD.REQUESTS.AGE_90' };

function RequestsCard({ requests }: { requests: DashboardRequests }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const id = `dashboard-requests-${requests.route}`;
  return (
    <Card title={t('DASHBOARD.REQUESTS.TITLE', { list: routeLabel(requests.route, lang) })} data-testid={id} style={{ height: '100%' }}>
      <Statistic
        title={t('DASHBOARD.REQUESTS.TOTAL')}
        valueRender={() => <Figure link={requests.total.link} count={requests.total.count} testId={`${id}-total`} />}
      />
      <Flex wrap gap={8} style={{ margin: '12px 0' }}>
        {requests.byStatus.map((s) => (
          <Figure key={s.status} link={s.link} count={s.count} testId={`${id}-status-${s.status}`}>
            <Tag color={statusColor(requests.route, s.status)}>
              {statusLabel(requests.route, s.status, lang)}: {formatNumber(s.count)}
            </Tag>
          </Figure>
        ))}
      </Flex>
      <Typography.Text strong>
        {t('DASHBOARD.REQUESTS.OPEN')}: <Figure link={requests.open.link} count={requests.open.count} testId={`${id}-open`} />
      </Typography.Text>
      <List
        size="small"
        dataSource={requests.age}
        renderItem={(a) => (
          <List.Item extra={<Figure link={a.link} count={a.count} testId={`${id}-age-${a.bucket}`} />}>{t(AGE_KEYS[a.bucket] ?? a.bucket)}</List.Item>
        )}
      />
    </Card>
  );
}

function TransportsCard({ transports }: { transports: DashboardTransports }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  return (
    <Card title={t('DASHBOARD.TRANSPORTS.TITLE')} data-testid="dashboard-transports" style={{ height: '100%' }}>
      <Row gutter={16}>
        {(['today', 'week'] as const).map((span) => (
          <Col span={12} key={span}>
            <Statistic
              title={span === 'today' ? t('DASHBOARD.TRANSPORTS.TODAY') : t('DASHBOARD.TRANSPORTS.WEEK', { from: formatDate(transports.week.from), to: formatDate(transports.week.to) })}
              valueRender={() => <Figure link={transports[span].link} count={transports[span].count} testId={`dashboard-transports-${span}`} />}
            />
            <Flex wrap gap={4}>
              {transports[span].byStatus.map((s) => (
                <Figure key={s.status} link={s.link} count={s.count} testId={`dashboard-transports-${span}-${s.status}`}>
                  <Tag color={statusColor('transport', s.status)}>
                    {statusLabel('transport', s.status, lang)}: {formatNumber(s.count)}
                  </Tag>
                </Figure>
              ))}
            </Flex>
          </Col>
        ))}
      </Row>
      {transports.items.some((item) => item.stops.length > 0) && (
        <Suspense fallback={<Skeleton.Node active style={{ width: '100%', height: 240, marginTop: 12 }} />}>
          <TransportsMap transports={transports.items} />
        </Suspense>
      )}
      <List
        size="small"
        style={{ marginTop: 12, maxHeight: 260, overflowY: 'auto' }}
        data-testid="dashboard-transports-list"
        locale={{ emptyText: t('DASHBOARD.TRANSPORTS.NONE') }}
        dataSource={transports.items}
        renderItem={(item) => (
          <List.Item extra={item.estimatedKg === null ? null : `${formatNumber(item.estimatedKg)} kg`}>
            <Space>
              <Link to={`/transport/${item.id}`}>{item.code}</Link>
              <Typography.Text type={item.date === transports.today.from ? undefined : 'secondary'}>{formatDate(item.date)}</Typography.Text>
              <Tag color={statusColor('transport', item.status)}>{statusLabel('transport', item.status, lang)}</Tag>
            </Space>
          </List.Item>
        )}
      />
    </Card>
  );
}

function TonnesCard({ tonnes }: { tonnes: DashboardTonnes }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const others = t('DASHBOARD.TONNES.OTHERS');
  const open = useCallback(
    (codeIndex: number, monthIndex: number) => {
      const link = tonnesCellLink(tonnes, codeIndex, monthIndex);
      if (link) void navigate(listHref(link));
    },
    [tonnes, navigate],
  );
  return (
    <Card
      title={t('DASHBOARD.TONNES.TITLE')}
      data-testid="dashboard-tonnes"
      extra={
        <Figure link={tonnes.link} testId="dashboard-tonnes-total">
          {t('DASHBOARD.TONNES.TOTAL', { tonnes: tonnesOf(tonnes.totalKg) })}
        </Figure>
      }
    >
      {tonnes.codes.length === 0 ? (
        <Empty description={t('DASHBOARD.TONNES.NONE')} />
      ) : (
        <Row gutter={16}>
          <Col xs={24} xl={16}>
            <Suspense fallback={<Spin style={{ display: 'block', margin: '64px auto' }} />}>
              <TonnesChart tonnes={tonnes} othersLabel={others} unit="t" onSelect={open} />
            </Suspense>
          </Col>
          <Col xs={24} xl={8}>
            <Table
              size="small"
              pagination={false}
              rowKey={(c) => String(c.wasteId ?? 'others')}
              dataSource={tonnes.codes}
              data-testid="dashboard-tonnes-codes"
              columns={[
                { key: 'eer', title: t('DASHBOARD.TONNES.CODE'), render: (_, c) => (c.eer === null ? others : <span title={c.description ?? undefined}>{c.eer}</span>) },
                {
                  key: 'tonnes',
                  title: t('DASHBOARD.TONNES.TONNES'),
                  align: 'right',
                  render: (_, c) => (
                    <Figure link={c.link} testId={`dashboard-tonnes-code-${c.wasteId ?? 'others'}`}>
                      {tonnesOf(c.totalKg)}
                    </Figure>
                  ),
                },
              ]}
            />
          </Col>
        </Row>
      )}
    </Card>
  );
}

function StockCard({ stock }: { stock: DashboardStock }) {
  const { t } = useTranslation();
  return (
    <Card
      title={t('DASHBOARD.STOCK.TITLE')}
      data-testid="dashboard-stock"
      style={{ height: '100%' }}
      extra={
        <Link to={listHref(stock.link)} data-testid="dashboard-stock-warehouses">
          {t('DASHBOARD.STOCK.WAREHOUSES')}
        </Link>
      }
    >
      <List
        size="small"
        locale={{ emptyText: t('DASHBOARD.STOCK.NONE') }}
        dataSource={stock.items}
        renderItem={(item) => (
          <List.Item>
            <div style={{ width: '100%' }}>
              <Flex justify="space-between" gap={8}>
                <Link to={listHref(item.link)} data-testid={`dashboard-stock-${item.warehouseId}`}>
                  {item.name}
                </Link>
                <Typography.Text type="secondary">
                  {t('DASHBOARD.STOCK.LINE', { stock: tonnesOf(item.stockKg), capacity: tonnesOf(item.capacityKg) })}
                </Typography.Text>
              </Flex>
              <Progress
                percent={Math.round(item.ratio * 1000) / 10}
                format={(p) => `${formatNumber(p ?? 0)} %`}
                status={item.ratio >= 1 ? 'exception' : 'normal'}
                strokeColor={item.ratio >= 0.9 ? '#cf1322' : item.ratio >= 0.75 ? '#faad14' : undefined}
                size="small"
              />
            </div>
          </List.Item>
        )}
      />
    </Card>
  );
}

function DeadlinesCard({ deadlines }: { deadlines: DashboardDeadline[] }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  return (
    <Card title={t('DASHBOARD.DEADLINES.TITLE')} data-testid="dashboard-deadlines" style={{ height: '100%' }}>
      <Table
        size="small"
        pagination={false}
        rowKey={(d) => `${d.route}.${d.field}`}
        dataSource={deadlines}
        columns={[
          { key: 'kind', title: t('DASHBOARD.DEADLINES.KIND'), render: (_, d) => `${routeLabel(d.route, lang)} – ${fieldLabel(d.route, d.field, lang)}` },
          {
            key: '30',
            title: t('DASHBOARD.DEADLINES.WITHIN_30'),
            align: 'right',
            render: (_, d) => <Figure link={d.within30.link} count={d.within30.count} testId={`dashboard-deadlines-${d.route}-30`} />,
          },
          {
            key: '60',
            title: t('DASHBOARD.DEADLINES.WITHIN_60'),
            align: 'right',
            render: (_, d) => <Figure link={d.within60.link} count={d.within60.count} testId={`dashboard-deadlines-${d.route}-60`} />,
          },
        ]}
      />
    </Card>
  );
}

function InvoicesCard({ invoices }: { invoices: DashboardInvoices }) {
  const { t } = useTranslation();
  return (
    <Card title={t('DASHBOARD.INVOICES.TITLE')} data-testid="dashboard-invoices" style={{ height: '100%' }}>
      <Row gutter={16}>
        <Col span={12}>
          <Statistic
            title={t('DASHBOARD.INVOICES.REVENUE')}
            valueRender={() => (
              <Figure link={invoices.issued.link} count={invoices.issued.count} testId="dashboard-invoices-revenue">
                {formatMoney(Number(invoices.revenue))}
              </Figure>
            )}
          />
          <Typography.Text type="secondary">
            {t('DASHBOARD.INVOICES.ISSUED', { count: invoices.issued.count, invoiced: formatMoney(Number(invoices.invoiced)), credited: formatMoney(Number(invoices.credited)) })}
          </Typography.Text>
        </Col>
        <Col span={12}>
          <Statistic
            title={t('DASHBOARD.INVOICES.OVERDUE')}
            valueRender={() => (
              <Figure link={invoices.overdue.link} count={invoices.overdue.count} testId="dashboard-invoices-overdue">
                <Typography.Text type={invoices.overdue.count > 0 ? 'danger' : undefined}>{formatMoney(Number(invoices.overdue.amount))}</Typography.Text>
              </Figure>
            )}
          />
          <Typography.Text type="secondary">{t('DASHBOARD.INVOICES.OVERDUE_COUNT', { count: invoices.overdue.count, total: formatNumber(invoices.overdue.count) })}</Typography.Text>
        </Col>
      </Row>
    </Card>
  );
}
