import { transaction, transactionLine } from '@circula/model';
import { Alert, Checkbox, Col, DatePicker, Flex, Input, Row, Select, Spin, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import dayjs, { type Dayjs } from 'dayjs';
import { memo, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useReadableRoutes } from '../../app/auth/useReadableRoutes';
import { DATE_FORMAT, formatDate, formatNumber } from '../../app/format';
import { useReferenceTarget } from '../../fields/abilities';
import { usePickerLocale } from '../../fields/picker-locale';
import { useRecordSummary } from '../../fields/records-api';
import { widgetFor } from '../../fields/registry';
import { PlannerField } from './PlannerField';
import { RecordName } from './RecordName';
import { MAX_IN_FILTER, REQUESTS_PAGE_SIZE, TRANSPORT_TARGET, useAreas, useRequestLines, useRequestsPage } from './planner-api';
import { NO_FILTERS, toPlanRequest, type PlanRequest, type RequestFilters } from './planner-logic';

const { Input: WasteInput } = widgetFor(transactionLine.fields.waste);

/** An EER code as the list shows it ("20 03 01*"). */
function WasteCode({ endpoint, id }: { endpoint: string; id: number }) {
  const { data } = useRecordSummary(endpoint, id);
  const code = typeof data?.displayCode === 'string' ? data.displayCode : (data?.code ?? `#${id}`);
  return <Tag style={{ marginInlineEnd: 2 }}>{code}</Tag>;
}

/** The wished days of a request: "05/03/2026 – 07/03/2026", or "dal 05/03/2026" when open-ended. */
export function wishedDays(request: Pick<PlanRequest, 'wishedFrom' | 'wishedTo'>, t: (key: string, options?: Record<string, unknown>) => string): string {
  if (!request.wishedFrom) return '';
  if (!request.wishedTo) return t('TRANSPORT_PLANNER.WISHED_FROM', { from: formatDate(`${request.wishedFrom}T00:00:00`) });
  if (request.wishedTo === request.wishedFrom) return formatDate(`${request.wishedFrom}T00:00:00`);
  return `${formatDate(`${request.wishedFrom}T00:00:00`)} – ${formatDate(`${request.wishedTo}T00:00:00`)}`;
}

/** The wished days in a narrow cell: each day whole, the range broken after the dash. */
function WishedDays({ request }: { request: PlanRequest }) {
  const { t } = useTranslation();
  const [from, to] = wishedDays(request, t).split(' – ');
  return (
    <>
      <span style={{ whiteSpace: 'nowrap' }}>{to ? `${from} –` : from}</span>
      {to && (
        <>
          {' '}
          <span style={{ whiteSpace: 'nowrap' }}>{to}</span>
        </>
      )}
    </>
  );
}

const dayOf = (value: string | null) => (value ? dayjs(value, 'YYYY-MM-DD') : null);

/**
 * The accepted requests not yet on a transport (a transport takes a request by planning it),
 * paged by the server, filtered by area (the pickup points the area serves), first wished day
 * and free text on the server, and by EER code within the page shown (a list carries no lines:
 * each row's codes are read with its record). Each row is added to the trip by its checkbox.
 */
export const RequestPicker = memo(function RequestPicker({
  endpoint,
  chosen,
  onToggle,
  disabled,
}: {
  endpoint: string | null;
  chosen: ReadonlySet<number>;
  onToggle: (request: PlanRequest, add: boolean) => void;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  const locale = usePickerLocale();
  const readable = useReadableRoutes();
  const [filters, setFilters] = useState<RequestFilters>(NO_FILTERS);
  const [area, setArea] = useState<number | null>(null);
  const [draft, setDraft] = useState('');
  const [waste, setWaste] = useState<number | null>(null);
  const [page, setPage] = useState(0);
  const canReadAreas = readable.routes.has('area');
  const areas = useAreas(canReadAreas);
  const wasteEndpoint = useReferenceTarget(transactionLine.fields.waste).endpoint;

  const change = (next: Partial<RequestFilters>) => {
    setFilters((current) => ({ ...current, ...next }));
    setPage(0);
  };
  const chooseArea = (id: number | null) => {
    setArea(id);
    const served = id === null ? null : (areas.data?.find((a) => a.id === id)?.warehouses ?? []);
    change({ areaWarehouses: served === null ? null : served.slice(0, MAX_IN_FILTER) });
  };

  const result = useRequestsPage(endpoint, filters, page);
  const areaEmpty = filters.areaWarehouses !== null && filters.areaWarehouses.length === 0;
  const rows = useMemo(() => (areaEmpty ? [] : (result.data?.items ?? []).map(toPlanRequest)), [areaEmpty, result.data]);
  const lines = useRequestLines(endpoint, rows.map((r) => r.id));
  const shown = waste === null ? rows : rows.filter((r) => lines.get(r.id)?.includes(waste) ?? true);

  const columns: ColumnsType<PlanRequest> = [
    {
      key: 'add',
      width: 40,
      render: (_, request) => (
        <Checkbox
          checked={chosen.has(request.id)}
          disabled={disabled}
          aria-label={t('TRANSPORT_PLANNER.ADD_REQUEST', { code: request.code ?? `#${request.id}` })}
          onChange={(event) => onToggle(request, event.target.checked)}
          data-testid="planner-request-toggle"
        />
      ),
    },
    {
      key: 'code',
      title: t('TRANSPORT_PLANNER.COLUMNS.CODE'),
      dataIndex: 'code',
      render: (code: string | null, r) => (
        <Typography.Text strong style={{ whiteSpace: 'nowrap' }}>
          {code ?? `#${r.id}`}
        </Typography.Text>
      ),
    },
    {
      key: 'requester',
      title: t('TRANSPORT_PLANNER.COLUMNS.REQUESTER'),
      render: (_, r) => <RecordName field={transaction.fields.requester} value={r.requester} />,
    },
    {
      key: 'pickupPoint',
      title: t('TRANSPORT_PLANNER.COLUMNS.PICKUP_POINT'),
      render: (_, r) => <RecordName field={transaction.fields.pickupPoint} value={r.pickupPoint} />,
    },
    { key: 'wished', title: t('TRANSPORT_PLANNER.COLUMNS.WISHED'), render: (_, r) => <WishedDays request={r} /> },
    {
      key: 'kg',
      title: t('TRANSPORT_PLANNER.COLUMNS.KG'),
      align: 'right',
      render: (_, r) => (r.estimatedKg === null ? '' : formatNumber(r.estimatedKg)),
    },
    {
      key: 'eer',
      title: t('TRANSPORT_PLANNER.COLUMNS.EER'),
      render: (_, r) => {
        const codes = lines.get(r.id);
        if (!codes) return <Spin size="small" />;
        return (
          <Flex wrap gap={2}>
            {[...new Set(codes)].map((id) => (
              <WasteCode key={id} endpoint={wasteEndpoint} id={id} />
            ))}
          </Flex>
        );
      },
    },
  ];

  return (
    <Flex vertical gap={8} data-testid="planner-requests">
      <Typography.Title level={4} style={{ margin: 0 }}>
        {t('TRANSPORT_PLANNER.REQUESTS')}
      </Typography.Title>
      <Row gutter={12}>
        <Col xs={24} md={12}>
          <PlannerField id="planner-filter-query" label={t('TRANSPORT_PLANNER.FILTERS.QUERY')}>
            <Input.Search
              id="planner-filter-query"
              allowClear
              maxLength={200}
              value={draft}
              placeholder={t('TRANSPORT_PLANNER.FILTERS.QUERY_PLACEHOLDER')}
              onChange={(event) => {
                setDraft(event.target.value);
                if (event.target.value === '') change({ query: '' });
              }}
              onSearch={(value) => change({ query: value })}
            />
          </PlannerField>
        </Col>
        {canReadAreas && (
          <Col xs={24} md={12}>
            <PlannerField id="planner-filter-area" label={t('TRANSPORT_PLANNER.FILTERS.AREA')}>
              <Select<number>
                id="planner-filter-area"
                allowClear
                showSearch={{ optionFilterProp: 'label' }}
                placeholder={t('TRANSPORT_PLANNER.FILTERS.ALL_AREAS')}
                loading={areas.isPending}
                options={(areas.data ?? []).map((a) => ({ value: a.id, label: a.name }))}
                value={area ?? undefined}
                onChange={(value) => chooseArea(value ?? null)}
                data-testid="planner-filter-area"
              />
            </PlannerField>
          </Col>
        )}
        <Col xs={12} md={6}>
          <PlannerField id="planner-filter-from" label={t('TRANSPORT_PLANNER.FILTERS.WISHED_FROM')}>
            <DatePicker
              id="planner-filter-from"
              locale={locale}
              format={DATE_FORMAT}
              style={{ width: '100%' }}
              value={dayOf(filters.wishedFrom)}
              onChange={(d: Dayjs | null) => change({ wishedFrom: d ? d.format('YYYY-MM-DD') : null })}
            />
          </PlannerField>
        </Col>
        <Col xs={12} md={6}>
          <PlannerField id="planner-filter-to" label={t('TRANSPORT_PLANNER.FILTERS.WISHED_TO')}>
            <DatePicker
              id="planner-filter-to"
              locale={locale}
              format={DATE_FORMAT}
              style={{ width: '100%' }}
              value={dayOf(filters.wishedTo)}
              onChange={(d: Dayjs | null) => change({ wishedTo: d ? d.format('YYYY-MM-DD') : null })}
            />
          </PlannerField>
        </Col>
        <Col xs={24} md={12}>
          <PlannerField id="planner-filter-eer" label={t('TRANSPORT_PLANNER.FILTERS.EER')}>
            <WasteInput
              id="planner-filter-eer"
              name="waste"
              field={transactionLine.fields.waste}
              target={TRANSPORT_TARGET}
              mode="create"
              value={waste}
              onChange={(value) => setWaste(typeof value === 'number' ? value : null)}
            />
          </PlannerField>
        </Col>
      </Row>
      {waste !== null && <Typography.Text type="secondary">{t('TRANSPORT_PLANNER.FILTERS.EER_PAGE_ONLY')}</Typography.Text>}
      {result.isError && <Alert type="error" showIcon title={t('TRANSPORT_PLANNER.REQUESTS_LOAD_ERROR')} />}
      <Table<PlanRequest>
        size="small"
        rowKey="id"
        columns={columns}
        dataSource={shown}
        loading={result.isFetching}
        locale={{ emptyText: areaEmpty ? t('TRANSPORT_PLANNER.AREA_WITHOUT_WAREHOUSES') : t('TRANSPORT_PLANNER.NO_REQUESTS') }}
        pagination={{
          current: page + 1,
          pageSize: REQUESTS_PAGE_SIZE,
          total: areaEmpty ? 0 : (result.data?.total ?? 0),
          showSizeChanger: false,
          showTotal: (total) => t('TRANSPORT_PLANNER.REQUESTS_TOTAL', { count: total, total: formatNumber(total) }),
          onChange: (next) => setPage(next - 1),
        }}
        data-testid="planner-requests-table"
      />
    </Flex>
  );
});
