import type { DashboardLink, JobStatusCount, JobTotals } from '@circula/model';
import { useQuery } from '@tanstack/react-query';
import { Alert, Card, Col, Descriptions, Flex, Row, Spin, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDate, formatMoney, formatNumber } from '../../app/format';
import { listHref, statusColor, statusLabel } from '../../features/dashboard/dashboard-api';
import { fetchJobTotals, jobTotalsKey } from './jobs-api';

const money = (value: string | null) => (value === null ? '—' : formatMoney(Number(value)));
const kg = (value: number | null) => (value === null ? '—' : `${formatNumber(value)} kg`);
const day = (value: string | null) => (value ? formatDate(value) : '—');

/** The linked list of a kind, filtered on the job (the generic list page reads `?filters=`). */
const linkOf = (route: string, jobId: number, status?: string): DashboardLink => ({
  route,
  filters: [{ field: 'job', op: 'eq', value: jobId }, ...(status ? [{ field: 'status', op: 'eq' as const, value: status }] : [])],
});

function StatusCounts({ route, jobId, counts, testId }: { route: string; jobId: number; counts: JobStatusCount[]; testId: string }) {
  const { i18n } = useTranslation();
  return (
    <Flex gap={4} wrap data-testid={testId}>
      {counts.map((c) => (
        <Link key={c.status} to={listHref(linkOf(route, jobId, c.status))}>
          <Tag color={statusColor(route, c.status)} data-status={c.status}>
            {statusLabel(route, c.status, i18n.language)}: {formatNumber(c.count)}
          </Tag>
        </Link>
      ))}
    </Flex>
  );
}

/**
 * A job's totals below its fields (issue 20): its requests by status and their estimated weight,
 * its transports with their weights, its invoices issued (taxable and total, less credit notes)
 * and collected, and the newest linked records of each kind. Sections the user may not read are
 * left out by the server; each count links to the list it comes from.
 */
export function JobTotalsSection({ jobId }: { jobId: number }) {
  const { t, i18n } = useTranslation();
  const { data, isPending, isError } = useQuery({ queryKey: jobTotalsKey(jobId), queryFn: ({ signal }) => fetchJobTotals(jobId, signal) });
  if (isPending) return <Spin data-testid="job-totals-loading" />;
  if (isError || !data) return <Alert type="error" showIcon title={t('JOBS.TOTALS.FAILED')} data-testid="job-totals-error" />;
  const totals: JobTotals = data;
  const requestRoute = totals.requests?.items[0]?.route ?? 'movement-requests';
  return (
    <Card size="small" title={t('JOBS.TOTALS.TITLE')} style={{ marginTop: 16 }} data-testid="job-totals">
      <Row gutter={[16, 16]}>
        {totals.requests && (
          <Col xs={24} lg={8}>
            <Typography.Title level={5}>{t('JOBS.TOTALS.REQUESTS')}</Typography.Title>
            <Descriptions
              size="small"
              column={1}
              items={[
                { key: 'count', label: t('JOBS.TOTALS.COUNT'), children: <Link to={listHref(linkOf(requestRoute, jobId))} data-testid="job-requests-count">{formatNumber(totals.requests.count)}</Link> },
                { key: 'kg', label: t('JOBS.TOTALS.ESTIMATED_KG'), children: <span data-testid="job-requests-kg">{kg(totals.requests.estimatedKg)}</span> },
              ]}
            />
            <StatusCounts route={requestRoute} jobId={jobId} counts={totals.requests.byStatus} testId="job-requests-status" />
          </Col>
        )}
        {totals.transports && (
          <Col xs={24} lg={8}>
            <Typography.Title level={5}>{t('JOBS.TOTALS.TRANSPORTS')}</Typography.Title>
            <Descriptions
              size="small"
              column={1}
              items={[
                { key: 'count', label: t('JOBS.TOTALS.COUNT'), children: <Link to={listHref(linkOf('transport', jobId))} data-testid="job-transports-count">{formatNumber(totals.transports.count)}</Link> },
                { key: 'est', label: t('JOBS.TOTALS.ESTIMATED_KG'), children: kg(totals.transports.estimatedKg) },
                { key: 'ver', label: t('JOBS.TOTALS.VERIFIED_KG'), children: <span data-testid="job-transports-kg">{kg(totals.transports.verifiedKg)}</span> },
              ]}
            />
            <StatusCounts route="transport" jobId={jobId} counts={totals.transports.byStatus} testId="job-transports-status" />
          </Col>
        )}
        {totals.invoices && (
          <Col xs={24} lg={8}>
            <Typography.Title level={5}>{t('JOBS.TOTALS.INVOICES')}</Typography.Title>
            <Descriptions
              size="small"
              column={1}
              items={[
                { key: 'count', label: t('JOBS.TOTALS.ISSUED'), children: <Link to={listHref(linkOf('invoices', jobId))} data-testid="job-invoices-count">{formatNumber(totals.invoices.issuedCount)}</Link> },
                { key: 'taxable', label: t('JOBS.TOTALS.TAXABLE'), children: <span data-testid="job-invoices-taxable">{money(totals.invoices.taxable)}</span> },
                { key: 'total', label: t('JOBS.TOTALS.TOTAL'), children: <span data-testid="job-invoices-total">{money(totals.invoices.total)}</span> },
                { key: 'collected', label: t('JOBS.TOTALS.COLLECTED'), children: <span data-testid="job-invoices-collected">{money(totals.invoices.collected)}</span> },
                ...(totals.job.budget !== null ? [{ key: 'budget', label: t('JOBS.TOTALS.BUDGET'), children: money(totals.job.budget) }] : []),
              ]}
            />
          </Col>
        )}
      </Row>
      {totals.requests && totals.requests.items.length > 0 && (
        <Table
          size="small"
          style={{ marginTop: 16 }}
          title={() => t('JOBS.TOTALS.REQUESTS')}
          rowKey="id"
          pagination={false}
          dataSource={totals.requests.items}
          data-testid="job-requests-list"
          columns={[
            { key: 'code', title: t('JOBS.COLUMNS.CODE'), render: (_, r) => <Link to={`/${r.route}/${r.id}`}>{r.code}</Link> },
            { key: 'kind', dataIndex: 'kind', title: t('JOBS.COLUMNS.KIND') },
            { key: 'status', title: t('JOBS.COLUMNS.STATUS'), render: (_, r) => statusLabel(r.route, r.status, i18n.language) },
            { key: 'wished', title: t('JOBS.COLUMNS.DATE'), render: (_, r) => day(r.wishedFrom) },
            { key: 'kg', title: t('JOBS.TOTALS.ESTIMATED_KG'), align: 'right', render: (_, r) => kg(r.estimatedKg) },
          ]}
        />
      )}
      {totals.transports && totals.transports.items.length > 0 && (
        <Table
          size="small"
          style={{ marginTop: 16 }}
          title={() => t('JOBS.TOTALS.TRANSPORTS')}
          rowKey="id"
          pagination={false}
          dataSource={totals.transports.items}
          data-testid="job-transports-list"
          columns={[
            { key: 'code', title: t('JOBS.COLUMNS.CODE'), render: (_, r) => <Link to={`/transport/${r.id}`}>{r.code}</Link> },
            { key: 'date', title: t('JOBS.COLUMNS.DATE'), render: (_, r) => day(r.date) },
            { key: 'status', title: t('JOBS.COLUMNS.STATUS'), render: (_, r) => statusLabel('transport', r.status, i18n.language) },
            { key: 'kg', title: t('JOBS.TOTALS.VERIFIED_KG'), align: 'right', render: (_, r) => kg(r.verifiedKg ?? r.estimatedKg) },
          ]}
        />
      )}
      {totals.invoices && totals.invoices.items.length > 0 && (
        <Table
          size="small"
          style={{ marginTop: 16 }}
          title={() => t('JOBS.TOTALS.INVOICES')}
          rowKey="id"
          pagination={false}
          dataSource={totals.invoices.items}
          data-testid="job-invoices-list"
          columns={[
            { key: 'number', title: t('JOBS.COLUMNS.NUMBER'), render: (_, r) => <Link to={`/invoices/${r.id}`}>{r.documentNumber ?? r.code}</Link> },
            { key: 'date', title: t('JOBS.COLUMNS.DATE'), render: (_, r) => day(r.issueDate) },
            { key: 'status', title: t('JOBS.COLUMNS.STATUS'), render: (_, r) => statusLabel('invoices', r.status, i18n.language) },
            { key: 'taxable', title: t('JOBS.TOTALS.TAXABLE'), align: 'right', render: (_, r) => money(r.taxable) },
            { key: 'total', title: t('JOBS.TOTALS.TOTAL'), align: 'right', render: (_, r) => money(r.total) },
            { key: 'paid', title: t('JOBS.TOTALS.COLLECTED'), align: 'right', render: (_, r) => money(r.paidAmount) },
          ]}
        />
      )}
    </Card>
  );
}
