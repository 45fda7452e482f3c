import { CalculatorOutlined, FileAddOutlined, ThunderboltOutlined } from '@ant-design/icons';
import { sumOf, toCents, todayInItaly, calendarMonth } from '@circula/model';
import { Alert, Button, DatePicker, Flex, Modal, Spin, Table, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState, type HTMLAttributes } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/errors';
import { DATE_FORMAT, formatMoney, formatNumber } from '../../app/format';
import { MODAL_WIDTH } from '../../app/modal-sizes';
import { notifyError, notifySuccess } from '../../app/notifications';
import { formatApiDate } from '../../fields/format-value';
import { formatScaled } from '../../fields/numbers';
import { usePickerLocale } from '../../fields/picker-locale';

import { runInvoices, type RunInvoice, type RunLine, type RunResult, type RunSkip } from './invoices-api';

type T = (key: string, options?: Record<string, unknown>) => string;
interface Period {
  from: string;
  to: string;
}

const ISO_DAY = 'YYYY-MM-DD';
const periodKey = (period: Period) => `${period.from}|${period.to}`;
/** An amount the server sends as a decimal string ("1234.50"), in Italian money format (display only: no arithmetic on it). */
const money = (value: string | number | null | undefined) => (value === null || value === undefined || value === '' ? '' : formatMoney(Number(value)));
const rowAttributes = (testId: string) => ({ 'data-testid': testId }) as HTMLAttributes<HTMLElement>;

/** The totals of the proposed invoices, exact (decimal sums of the server's amounts). */
export function runTotals(invoices: readonly RunInvoice[]): { taxable: string; vat: string; total: string } {
  return {
    taxable: toCents(sumOf(invoices.map((i) => i.taxable))),
    vat: toCents(sumOf(invoices.map((i) => i.vat))),
    total: toCents(sumOf(invoices.map((i) => i.total))),
  };
}

/** A skipped customer's reason in words: the price lists that miss a price, a blocked customer, missing fiscal data. */
export function skipReason(skip: RunSkip, t: T): string {
  return t(`INVOICES.SKIP.${skip.reason}`, { detail: skip.detail ?? '', defaultValue: [skip.reason, skip.detail].filter(Boolean).join(': ') });
}

function LinesTable({ lines }: { lines: readonly RunLine[] }) {
  const { t } = useTranslation();
  return (
    <Table<RunLine>
      rowKey={(line) => `${line.sourceKind ?? ''}|${line.sourceId ?? ''}|${line.workDate}|${line.description}|${line.reference ?? ''}`}
      size="small"
      pagination={false}
      dataSource={[...lines]}
      columns={[
        { title: t('INVOICES.RUN.LINE.DATE'), dataIndex: 'workDate', width: 100, render: (d: string) => formatApiDate(d) },
        { title: t('INVOICES.RUN.LINE.DESCRIPTION'), dataIndex: 'description' },
        { title: t('INVOICES.RUN.LINE.REFERENCE'), dataIndex: 'reference', width: 130, render: (r: string | null) => r ?? '' },
        {
          title: t('INVOICES.RUN.LINE.QUANTITY'),
          key: 'quantity',
          width: 130,
          align: 'right',
          render: (_: unknown, line) => [line.quantity === null ? '' : formatNumber(line.quantity), t(`INVOICES.UNITS.${line.unit}`, { defaultValue: line.unit })].filter(Boolean).join(' '),
        },
        { title: t('INVOICES.RUN.LINE.UNIT_PRICE'), dataIndex: 'unitPrice', width: 120, align: 'right', render: (p: number) => `${formatScaled(p, 4)}\u00a0€` },
        { title: t('INVOICES.RUN.LINE.AMOUNT'), dataIndex: 'amount', width: 120, align: 'right', render: (a: string) => money(a) },
        { title: t('INVOICES.RUN.LINE.VAT_CODE'), dataIndex: 'vatCode', width: 90 },
        { title: t('INVOICES.RUN.LINE.PRICELIST'), dataIndex: 'pricelist', width: 120 },
      ]}
    />
  );
}

/** A proposed invoice's key: its customer, and its contract when the work of one is invoiced apart. */
const invoiceKey = (invoice: RunInvoice) => (invoice.contractId === null ? String(invoice.customerId) : `${invoice.customerId}-${invoice.contractId}`);

/** The proposed invoices, each expandable to its lines, with the totals of the run. */
function InvoicesTable({ invoices }: { invoices: readonly RunInvoice[] }) {
  const { t } = useTranslation();
  const totals = runTotals(invoices);
  return (
    <Table<RunInvoice>
      rowKey={invoiceKey}
      size="small"
      pagination={false}
      scroll={{ y: 360 }}
      dataSource={[...invoices]}
      onRow={(invoice) => rowAttributes(`invoice-run-row-${invoiceKey(invoice)}`)}
      expandable={{ expandedRowRender: (invoice) => <LinesTable lines={invoice.lines} /> }}
      columns={[
        {
          title: t('INVOICES.RUN.CUSTOMER'),
          dataIndex: 'customerName',
          render: (name: string, invoice) => (invoice.contractId === null ? name : `${name} · ${t('INVOICES.RUN.CONTRACT')}`),
        },
        { title: t('INVOICES.RUN.LINES'), key: 'lines', width: 80, align: 'right', render: (_: unknown, invoice) => invoice.lines.length },
        { title: t('INVOICES.RUN.TAXABLE'), dataIndex: 'taxable', width: 140, align: 'right', render: (v: string) => money(v) },
        { title: t('INVOICES.RUN.VAT'), dataIndex: 'vat', width: 130, align: 'right', render: (v: string) => money(v) },
        { title: t('INVOICES.RUN.TOTAL'), dataIndex: 'total', width: 140, align: 'right', render: (v: string) => <Typography.Text strong>{money(v)}</Typography.Text> },
      ]}
      summary={() => (
        <Table.Summary fixed>
          <Table.Summary.Row data-testid="invoice-run-totals">
            <Table.Summary.Cell index={0} colSpan={2}>
              <Typography.Text strong>{t('INVOICES.RUN.TOTALS', { count: invoices.length })}</Typography.Text>
            </Table.Summary.Cell>
            <Table.Summary.Cell index={2} />
            <Table.Summary.Cell index={3} align="right">
              {money(totals.taxable)}
            </Table.Summary.Cell>
            <Table.Summary.Cell index={4} align="right">
              {money(totals.vat)}
            </Table.Summary.Cell>
            <Table.Summary.Cell index={5} align="right">
              <Typography.Text strong>{money(totals.total)}</Typography.Text>
            </Table.Summary.Cell>
          </Table.Summary.Row>
        </Table.Summary>
      )}
    />
  );
}

function SkippedTable({ skipped }: { skipped: readonly RunSkip[] }) {
  const { t } = useTranslation();
  return (
    <div>
      <Typography.Title level={5}>{t('INVOICES.RUN.SKIPPED', { count: skipped.length })}</Typography.Title>
      <Table<RunSkip>
        rowKey="customerId"
        size="small"
        pagination={false}
        dataSource={[...skipped]}
        onRow={(skip) => rowAttributes(`invoice-run-skipped-${skip.customerId}`)}
        columns={[
          { title: t('INVOICES.RUN.CUSTOMER'), dataIndex: 'customerName', width: 280 },
          { title: t('INVOICES.RUN.REASON'), key: 'reason', render: (_: unknown, skip) => <Typography.Text type="warning">{skipReason(skip, t)}</Typography.Text> },
        ]}
      />
    </div>
  );
}

/** What a dry run found, for the period it was run on. */
function Outcome({ result }: { result: RunResult }) {
  const { t } = useTranslation();
  return (
    <Flex vertical gap={16} data-testid="invoice-run-result">
      {result.invoices.length === 0 ? (
        <Alert type="info" showIcon title={t('INVOICES.RUN.NO_INVOICES')} data-testid="invoice-run-empty" />
      ) : (
        <InvoicesTable invoices={result.invoices} />
      )}
      {result.skipped.length > 0 && <SkippedTable skipped={result.skipped} />}
    </Flex>
  );
}

/**
 * The invoice run (issue 19, API.md `POST /api/invoices/run`), a button of the invoice list: a
 * period (the previous calendar month by default), a dry run showing the invoices it would create —
 * per customer, with their lines — and the customers it leaves out with the reason, then the drafts
 * created for real, for the customers the dry run proposed. The list reloads afterwards.
 */
export function InvoiceRun({ reload }: { reload: () => void }) {
  const { t } = useTranslation();
  const pickerLocale = usePickerLocale();
  const [open, setOpen] = useState(false);
  const [period, setPeriod] = useState<Period>(() => calendarMonth(todayInItaly(), 1));
  const [result, setResult] = useState<{ key: string; data: RunResult } | null>(null);
  const [running, setRunning] = useState<'simulate' | 'create' | null>(null);

  const current = result?.key === periodKey(period) ? result.data : null;
  const canCreate = running === null && current !== null && current.invoices.length > 0;

  const fail = (error: unknown) => notifyError(error instanceof ApiError ? error : null);

  async function simulate() {
    const asked = period;
    setRunning('simulate');
    try {
      setResult({ key: periodKey(asked), data: await runInvoices({ ...asked, dryRun: true }) });
    } catch (error) {
      fail(error);
    } finally {
      setRunning(null);
    }
  }

  async function create() {
    if (!current) return;
    setRunning('create');
    try {
      const created = await runInvoices({ ...period, customerIds: [...new Set(current.invoices.map((i) => i.customerId))], dryRun: false });
      const count = created.invoices.length;
      notifySuccess(count > 0 ? t('INVOICES.RUN.CREATED', { count }) : t('INVOICES.RUN.NONE_CREATED'));
      setOpen(false);
      setResult(null);
      reload();
    } catch (error) {
      fail(error);
    } finally {
      setRunning(null);
    }
  }

  return (
    <>
      <Button icon={<ThunderboltOutlined />} onClick={() => setOpen(true)} data-testid="invoice-run">
        {t('INVOICES.RUN.BUTTON')}
      </Button>
      <Modal
        open={open}
        title={t('INVOICES.RUN.TITLE')}
        width={MODAL_WIDTH.large}
        onCancel={() => running === null && setOpen(false)}
        mask={{ closable: false }}
        destroyOnHidden
        data-testid="invoice-run-modal"
        footer={[
          <Button key="close" onClick={() => setOpen(false)} disabled={running !== null} data-testid="invoice-run-close">
            {t('INVOICES.RUN.CLOSE')}
          </Button>,
          <Button key="simulate" icon={<CalculatorOutlined />} onClick={() => void simulate()} loading={running === 'simulate'} disabled={running === 'create'} data-testid="invoice-run-simulate">
            {t('INVOICES.RUN.SIMULATE')}
          </Button>,
          <Button key="create" type="primary" icon={<FileAddOutlined />} onClick={() => void create()} loading={running === 'create'} disabled={!canCreate} data-testid="invoice-run-create">
            {t('INVOICES.RUN.CREATE')}
          </Button>,
        ]}
      >
        <Spin spinning={running !== null} description={t(running === 'create' ? 'INVOICES.RUN.CREATING' : 'INVOICES.RUN.RUNNING')} data-testid="invoice-run-progress">
          <Flex vertical gap={16}>
            <Flex wrap gap={8} align="center">
              <label htmlFor="invoice-run-period">{t('INVOICES.RUN.PERIOD')}</label>
              <DatePicker.RangePicker
                id={{ start: 'invoice-run-period' }}
                locale={pickerLocale}
                format={DATE_FORMAT}
                allowClear={false}
                value={[dayjs(period.from, ISO_DAY), dayjs(period.to, ISO_DAY)]}
                placeholder={[t('INVOICES.RUN.FROM'), t('INVOICES.RUN.TO')]}
                disabled={running !== null}
                onChange={(range) => {
                  const [from, to] = (range ?? []) as [Dayjs | null, Dayjs | null];
                  if (from && to) setPeriod({ from: from.format(ISO_DAY), to: to.format(ISO_DAY) });
                }}
                data-testid="invoice-run-period"
              />
            </Flex>
            {result === null ? (
              <Typography.Text type="secondary">{t('INVOICES.RUN.HINT')}</Typography.Text>
            ) : current === null ? (
              <Alert type="warning" showIcon title={t('INVOICES.RUN.STALE')} data-testid="invoice-run-stale" />
            ) : (
              <Outcome result={current} />
            )}
          </Flex>
        </Spin>
      </Modal>
    </>
  );
}
