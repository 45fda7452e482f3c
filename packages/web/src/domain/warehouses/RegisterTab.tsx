import { FilePdfOutlined, FileTextOutlined, TableOutlined } from '@ant-design/icons';
import { CATALOGUE, warehouseMovement, type FieldDefinition } from '@circula/model';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Alert, Button, DatePicker, Flex, Segmented, Space, Table, Tag, Tooltip, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState, type HTMLAttributes } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ApiError, errorBodyToMessage } from '../../api/errors';
import { DATE_FORMAT, formatDate, formatNumber } from '../../app/format';
import { usePickerLocale } from '../../fields/picker-locale';
import { widgetFor } from '../../fields/registry';
import { openPdf } from '../../records/open-pdf';
import { RecordWidgetsScope } from '../../records/form/RecordWidgets';
import { RegisterTotals } from './RegisterTotals';
import { downloadRegister, fetchRegister, LEDGER_ROUTE, REGISTER_PAGE_SIZE, registerFileUrl, type RegisterFilters, type RegisterRow, type RegisterSite } from './warehouses-api';

const LEDGER_TARGET = CATALOGUE.target(LEDGER_ROUTE)!;
const WASTE_FIELD = warehouseMovement.fields.waste as FieldDefinition;
/** The first year a register may be asked for (the server's lower bound). */
const FIRST_YEAR = 2000;
const ISO_DAY = 'YYYY-MM-DD';
const WASTE_INPUT_ID = 'register-filter-waste-input';

type MovementFilter = 'ALL' | 'C' | 'S';

/** The site's header: name, type, address, authorisation. */
function SiteHeader({ site }: { site: RegisterSite }) {
  const { t } = useTranslation();
  const authorisation = site.authorisationNumber
    ? site.authorisationExpiry
      ? t('WAREHOUSES.REGISTER.AUTHORISATION_EXPIRY', { number: site.authorisationNumber, expiry: formatDate(site.authorisationExpiry) })
      : t('WAREHOUSES.REGISTER.AUTHORISATION', { number: site.authorisationNumber })
    : null;
  return (
    <Typography.Text type="secondary" data-testid="register-site">
      {[`${site.name} (${site.code})`, site.typeLabel, site.address, authorisation].filter(Boolean).join(' · ')}
    </Typography.Text>
  );
}

/** The EER code picker of the filters: the catalogue's reference input over the waste records. */
function WasteFilter({ value, onChange }: { value: unknown; onChange: (value: unknown) => void }) {
  const { t } = useTranslation();
  const { Input } = widgetFor(WASTE_FIELD);
  return (
    <Flex align="center" gap={6} data-testid="register-filter-waste" style={{ minWidth: 300, flex: '1 1 300px', maxWidth: 460 }}>
      <label htmlFor={WASTE_INPUT_ID} style={{ whiteSpace: 'nowrap' }}>
        {t('WAREHOUSES.REGISTER.WASTE')}
      </label>
      <div style={{ flex: 1, minWidth: 0 }}>
        <RecordWidgetsScope>
          <Input id={WASTE_INPUT_ID} name="waste" field={WASTE_FIELD} target={LEDGER_TARGET} mode="update" value={value} onChange={onChange} />
        </RecordWidgetsScope>
      </div>
    </Flex>
  );
}

/**
 * The load/unload register of a warehouse (D.Lgs 152/2006 art. 190), a tab of its page: a year's
 * rows in number order, one server page of REGISTER_PAGE_SIZE at a time (a busy site writes tens of
 * thousands a year), filtered by EER code, movement and registration dates, with the totals by EER
 * code of the whole selection; the year's register printed (PDF) or exported (CSV, RENTRI-shaped XML).
 */
export function RegisterTab({ warehouseId }: { warehouseId: number }) {
  const { t, i18n } = useTranslation();
  const pickerLocale = usePickerLocale();
  const [filters, setFilters] = useState<RegisterFilters>(() => ({ year: dayjs().year(), page: 0 }));
  // what the waste picker holds: a chosen id, or the text being typed (no filter until one is chosen)
  const [wasteInput, setWasteInput] = useState<unknown>(null);
  const [downloading, setDownloading] = useState<'csv' | 'xml' | null>(null);
  const lang = i18n.language;

  const query = useQuery({
    queryKey: ['warehouse-register', warehouseId, filters, lang],
    queryFn: ({ signal }) => fetchRegister(warehouseId, filters, lang, signal),
    placeholderData: keepPreviousData,
  });

  // any filter but the page starts again from the first page
  const filter = (next: Partial<Omit<RegisterFilters, 'page'>>) => setFilters((previous) => ({ ...previous, ...next, page: 0 }));
  const filtered = filters.waste != null || filters.movement != null || filters.from != null || filters.to != null;
  const yearStart = dayjs(`${filters.year}-01-01`);
  // the calendar opens on this month in the current year's register, on January in a past year's
  const pickerStart = filters.year === dayjs().year() ? dayjs() : yearStart;

  async function download(format: 'csv' | 'xml') {
    setDownloading(format);
    try {
      await downloadRegister(warehouseId, filters.year, format, lang);
    } catch {
      // downloadFile showed the error
    } finally {
      setDownloading(null);
    }
  }

  const data = query.data;
  const errorText = query.error ? errorBodyToMessage(query.error instanceof ApiError ? query.error.body : null, (key, options) => t(key, options ?? {}), lang) : null;

  return (
    <Flex vertical gap={12} data-testid="register-tab">
      <Flex wrap gap={8} align="center" justify="space-between">
        <Flex wrap gap={8} align="center" style={{ flex: '1 1 640px' }}>
          <DatePicker
            picker="year"
            locale={pickerLocale}
            format="YYYY"
            allowClear={false}
            aria-label={t('WAREHOUSES.REGISTER.YEAR')}
            value={yearStart}
            disabledDate={(d: Dayjs) => d.year() < FIRST_YEAR || d.year() > dayjs().year()}
            onChange={(d: Dayjs | null) => d && filter({ year: d.year(), from: null, to: null })}
            data-testid="register-year"
            style={{ width: 110 }}
          />
          <WasteFilter
            value={wasteInput}
            onChange={(value) => {
              setWasteInput(value);
              const id = typeof value === 'number' ? value : null;
              if (id !== (filters.waste ?? null)) filter({ waste: id });
            }}
          />
          <Segmented<MovementFilter>
            aria-label={t('WAREHOUSES.REGISTER.MOVEMENT')}
            value={filters.movement ?? 'ALL'}
            options={[
              { value: 'ALL', label: t('WAREHOUSES.REGISTER.ALL') },
              { value: 'C', label: t('WAREHOUSES.REGISTER.LOADS') },
              { value: 'S', label: t('WAREHOUSES.REGISTER.UNLOADS') },
            ]}
            onChange={(value) => filter({ movement: value === 'ALL' ? null : value })}
            data-testid="register-filter-movement"
          />
          <span data-testid="register-filter-dates">
            <DatePicker.RangePicker
              locale={pickerLocale}
              format={DATE_FORMAT}
              aria-label={t('WAREHOUSES.REGISTER.DATES')}
              placeholder={[t('WAREHOUSES.REGISTER.FROM'), t('WAREHOUSES.REGISTER.TO')]}
              value={[filters.from ? dayjs(filters.from) : null, filters.to ? dayjs(filters.to) : null]}
              // the register is a year's: its dates are that year's
              disabledDate={(d: Dayjs) => d.year() !== filters.year}
              defaultPickerValue={[pickerStart, pickerStart]}
              allowEmpty={[true, true]}
              onChange={(range) => filter({ from: range?.[0]?.format(ISO_DAY) ?? null, to: range?.[1]?.format(ISO_DAY) ?? null })}
            />
          </span>
        </Flex>
        <Space wrap size={8}>
          <Button icon={<FilePdfOutlined />} onClick={() => void openPdf(registerFileUrl(warehouseId, filters.year, 'pdf', lang), 'WAREHOUSES.REGISTER.PDF_FAILED')} data-testid="register-print">
            {t('WAREHOUSES.REGISTER.PRINT')}
          </Button>
          <Button icon={<TableOutlined />} loading={downloading === 'csv'} onClick={() => void download('csv')} data-testid="register-csv">
            {t('WAREHOUSES.REGISTER.EXPORT_CSV')}
          </Button>
          <Button icon={<FileTextOutlined />} loading={downloading === 'xml'} onClick={() => void download('xml')} data-testid="register-xml">
            {t('WAREHOUSES.REGISTER.EXPORT_XML')}
          </Button>
        </Space>
      </Flex>

      <Flex wrap gap={8} justify="space-between">
        {data ? <SiteHeader site={data.site} /> : <span />}
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {t('WAREHOUSES.REGISTER.EXPORT_HINT', { year: filters.year })}
        </Typography.Text>
      </Flex>
      {errorText && <Alert type="error" showIcon title={errorText} data-testid="register-error" />}

      <div data-testid="register-grid">
        <Table<RegisterRow>
          rowKey="ledgerId"
          size="small"
          loading={query.isFetching}
          dataSource={data?.items ?? []}
          scroll={{ x: 1400 }}
          locale={{ emptyText: filtered ? t('WAREHOUSES.REGISTER.EMPTY_FILTERED') : t('WAREHOUSES.REGISTER.EMPTY', { year: filters.year }) }}
          pagination={{
            current: filters.page + 1,
            pageSize: REGISTER_PAGE_SIZE,
            total: data?.total ?? 0,
            showSizeChanger: false,
            hideOnSinglePage: false,
            showTotal: (total) => t('WAREHOUSES.REGISTER.ROWS', { count: total }),
          }}
          onChange={(pagination) => setFilters((previous) => ({ ...previous, page: (pagination.current ?? 1) - 1 }))}
          onRow={(row) => ({ 'data-testid': `register-row-${row.number}` }) as HTMLAttributes<HTMLElement>}
          columns={registerColumns(t)}
        />
      </div>

      <RegisterTotals totals={data?.totals ?? []} loading={query.isFetching} />
    </Flex>
  );
}

type T = (key: string, options?: Record<string, unknown>) => string;

const dash = (value: string | null | undefined) => value || '—';

/** The register's columns: the legal ones (number, date, C/S, EER code, quantity, origin or destination, FIR, R/D operation) and the causal and correction. */
function registerColumns(t: T) {
  return [
    {
      title: t('WAREHOUSES.REGISTER.NUMBER'),
      dataIndex: 'number',
      width: 70,
      align: 'right' as const,
      render: (n: number, row: RegisterRow) => (
        <Link to={`/${LEDGER_ROUTE}/${row.ledgerId}`} title={t('WAREHOUSES.REGISTER.OPEN_ROW', { number: n })}>
          {n}
        </Link>
      ),
    },
    {
      title: t('WAREHOUSES.REGISTER.DATE'),
      dataIndex: 'date',
      width: 120,
      render: (date: string, row: RegisterRow) => (
        <Tooltip title={t('WAREHOUSES.REGISTER.OPERATION_DATE', { date: formatDate(row.operationDate) })}>
          <span>{formatDate(date)}</span>
        </Tooltip>
      ),
    },
    {
      title: t('WAREHOUSES.REGISTER.MOVEMENT_SHORT'),
      dataIndex: 'movement',
      width: 60,
      render: (movement: 'C' | 'S') => (
        <Tooltip title={t(movement === 'C' ? 'WAREHOUSES.REGISTER.LOAD' : 'WAREHOUSES.REGISTER.UNLOAD')}>
          <Tag color={movement === 'C' ? 'green' : 'volcano'} data-movement={movement}>
            {movement}
          </Tag>
        </Tooltip>
      ),
    },
    // long texts on one line (50 rows stay readable), whole in their title
    { title: t('WAREHOUSES.REGISTER.CAUSAL'), dataIndex: 'causalLabel', width: 220, ellipsis: true },
    {
      title: t('WAREHOUSES.REGISTER.ITEM'),
      key: 'item',
      width: 300,
      ellipsis: true,
      render: (_: unknown, row: RegisterRow) => (
        <span title={[row.eer, row.description].filter(Boolean).join(' ')}>
          <Typography.Text strong>{row.eer ?? t('WAREHOUSES.REGISTER.MATERIAL')}</Typography.Text> {row.description ?? ''}
        </span>
      ),
    },
    { title: t('WAREHOUSES.REGISTER.QUANTITY'), dataIndex: 'quantity', width: 120, align: 'right' as const, render: (kg: number) => formatNumber(kg) },
    {
      title: t('WAREHOUSES.REGISTER.PLACE'),
      key: 'place',
      width: 260,
      ellipsis: true,
      render: (_: unknown, row: RegisterRow) => <span title={row.origin ?? row.destination ?? undefined}>{dash(row.origin ?? row.destination)}</span>,
    },
    { title: t('WAREHOUSES.REGISTER.FIR'), dataIndex: 'fir', width: 130, render: dash },
    { title: t('WAREHOUSES.REGISTER.OPERATION'), dataIndex: 'operation', width: 90, render: dash },
    { title: t('WAREHOUSES.REGISTER.CORRECTS'), dataIndex: 'corrects', width: 90, align: 'right' as const, render: (n: number | null) => (n === null ? '' : n) },
  ];
}
