import { InboxOutlined } from '@ant-design/icons';
import type { Target } from '@circula/model';
import { Alert, Button, Modal, Progress, Select, Space, Table, Typography, Upload } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../../app/format';
import { notifyError, notifySuccess, notifyWarning } from '../../../app/notifications';
import { ApiError } from '../../../api/errors';
import { percentOf, type JobProgress } from '../job-progress';
import { readImportHeaders, runImport, stopImport, type ImportReport, type ImportRowError } from './import-api';
import { defaultMapping, importFields, mappedOnly } from './import-mapping';

interface Props {
  target: Target;
  open: boolean;
  onClose: () => void;
  /** Called after a committed import (the list reloads). */
  onImported: () => void;
}

/**
 * Import of a CSV/XLSX file into the list's target: the file, the mapping of its columns to the
 * entity's fields, a dry run reporting every invalid row, then the all-or-nothing import (enabled
 * only after a dry run without errors of the current file and mapping). Both run on the server as
 * a job: a progress bar follows it, and "Stop" ends it with nothing written.
 */
export function ImportModal({ target, open, onClose, onImported }: Props) {
  const { t, i18n } = useTranslation();
  const [file, setFile] = useState<File | null>(null);
  const [headers, setHeaders] = useState<string[]>([]);
  const [mapping, setMapping] = useState<Record<string, string | null>>({});
  const [report, setReport] = useState<ImportReport | null>(null);
  const [busy, setBusy] = useState<'headers' | 'dry-run' | 'commit' | null>(null);
  const [maxRows, setMaxRows] = useState<number | null>(null);
  const [progress, setProgress] = useState<JobProgress | null>(null);
  const [jobId, setJobId] = useState<string | null>(null);
  const [stopping, setStopping] = useState(false);

  const fields = useMemo(() => importFields(target, i18n.language, t('RECORD_LIST.COLUMN.CODE')), [target, i18n.language, t]);
  const labelOf = useMemo(() => new Map(fields.map((f) => [f.name, f.label])), [fields]);
  const mapped = mappedOnly(mapping);
  const hasMapping = Object.keys(mapped).length > 0;

  const reset = () => {
    setFile(null);
    setHeaders([]);
    setMapping({});
    setReport(null);
  };

  const fail = (error: unknown) => notifyError(error instanceof ApiError ? error : null);

  const choose = async (chosen: File) => {
    reset();
    setBusy('headers');
    try {
      const read = await readImportHeaders(target.endpoint, chosen);
      setFile(chosen);
      setHeaders(read.headers);
      setMaxRows(read.maxRows ?? null);
      setMapping(defaultMapping(read.headers, target, [t('RECORD_LIST.COLUMN.CODE')]));
    } catch (error) {
      fail(error);
    } finally {
      setBusy(null);
    }
  };

  const run = async (dryRun: boolean) => {
    if (!file) return;
    setBusy(dryRun ? 'dry-run' : 'commit');
    setProgress(null);
    try {
      const result = await runImport(target.endpoint, file, mapped, dryRun, { onStarted: (job) => setJobId(job.id), onProgress: setProgress });
      if (result === null) {
        notifyWarning(t(dryRun ? 'IMPORT.CHECK_STOPPED' : 'IMPORT.STOPPED'));
        return;
      }
      setReport(result);
      if (!dryRun && result.errors.length === 0) {
        notifySuccess(t('IMPORT.DONE', { count: result.imported ?? result.valid }));
        onImported();
        reset();
        onClose();
      }
    } catch (error) {
      fail(error);
    } finally {
      setBusy(null);
      setJobId(null);
      setProgress(null);
      setStopping(false);
    }
  };

  const stop = async () => {
    if (!jobId) return;
    setStopping(true);
    try {
      await stopImport(target.endpoint, jobId);
    } catch (error) {
      setStopping(false);
      fail(error);
    }
  };

  const running = busy === 'dry-run' || busy === 'commit';

  const changeMapping = (header: string, field: string | null) => {
    setMapping((current) => ({ ...current, [header]: field }));
    // a report is only good for the mapping it was made with
    setReport(null);
  };

  const usedFields = new Set(Object.values(mapping).filter(Boolean));
  const canCommit = file !== null && report !== null && report.errors.length === 0 && report.valid > 0 && busy === null;

  return (
    <Modal
      open={open}
      title={t('IMPORT.TITLE', { entity: i18n.language === 'en' ? target.label.en : target.label.it })}
      width={860}
      onCancel={() => {
        // a running job is stopped with its own button, never left behind by closing the dialog
        if (running) return;
        reset();
        onClose();
      }}
      destroyOnHidden
      footer={
        <Space>
          <Button onClick={() => { reset(); onClose(); }} disabled={running} data-testid="import-cancel">
            {t('IMPORT.CANCEL')}
          </Button>
          <Button onClick={() => void run(true)} disabled={!file || !hasMapping || busy !== null} loading={busy === 'dry-run'} data-testid="import-dry-run">
            {t('IMPORT.DRY_RUN')}
          </Button>
          <Button type="primary" onClick={() => void run(false)} disabled={!canCommit} loading={busy === 'commit'} data-testid="import-commit">
            {t('IMPORT.COMMIT')}
          </Button>
        </Space>
      }
    >
      <div data-testid="import-modal" style={{ display: 'flex', flexDirection: 'column', gap: 16 }}>
        <Upload.Dragger
          accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
          multiple={false}
          showUploadList={false}
          disabled={busy !== null}
          beforeUpload={(chosen) => {
            void choose(chosen);
            // the file is sent with the dry run and the import, never uploaded on its own
            return false;
          }}
          data-testid="import-upload"
        >
          <p className="ant-upload-drag-icon">
            <InboxOutlined />
          </p>
          <p className="ant-upload-text">{file ? file.name : t('IMPORT.CHOOSE_FILE')}</p>
          <p className="ant-upload-hint">{t('IMPORT.FILE_HINT')}</p>
          {maxRows !== null && <p className="ant-upload-hint" data-testid="import-max-rows">{t('IMPORT.MAX_ROWS', { max: formatNumber(maxRows) })}</p>}
        </Upload.Dragger>

        {running && (
          <div data-testid="import-progress" data-phase={progress?.phase ?? ''} data-processed={progress?.processed ?? 0} data-total={progress?.total ?? ''}>
            <Typography.Text>
              {t(`IMPORT.PROGRESS_${progress?.phase ?? (busy === 'dry-run' ? 'CHECKING' : 'WRITING')}`, {
                processed: formatNumber(progress?.processed ?? 0),
                total: formatNumber(progress?.total ?? 0),
              })}
            </Typography.Text>
            <Space style={{ width: '100%' }} align="center">
              <Progress percent={percentOf(progress)} status="active" style={{ width: 600, margin: 0 }} />
              <Button danger onClick={() => void stop()} disabled={jobId === null || stopping} loading={stopping} data-testid="import-stop">
                {t('IMPORT.STOP')}
              </Button>
            </Space>
          </div>
        )}

        {headers.length > 0 && (
          <div>
            <Typography.Title level={5}>{t('IMPORT.MAPPING')}</Typography.Title>
            <Typography.Paragraph type="secondary">{t('IMPORT.MAPPING_HINT')}</Typography.Paragraph>
            <Table
              size="small"
              pagination={false}
              rowKey="header"
              scroll={{ y: 260 }}
              dataSource={headers.filter((h, i) => h !== '' && headers.indexOf(h) === i).map((header) => ({ header }))}
              columns={[
                { title: t('IMPORT.COLUMN'), dataIndex: 'header', width: '45%' },
                {
                  title: t('IMPORT.FIELD'),
                  render: (_: unknown, { header }: { header: string }) => (
                    <Select
                      allowClear
                      showSearch={{ optionFilterProp: 'label' }}
                      style={{ width: '100%' }}
                      placeholder={t('IMPORT.NOT_IMPORTED')}
                      value={mapping[header] ?? null}
                      onChange={(value: string | null | undefined) => changeMapping(header, value ?? null)}
                      options={fields.map((f) => ({ value: f.name, label: f.label, disabled: usedFields.has(f.name) && mapping[header] !== f.name }))}
                      aria-label={t('IMPORT.FIELD_OF', { column: header })}
                      data-testid="import-mapping-select"
                      data-column={header}
                    />
                  ),
                },
              ]}
            />
          </div>
        )}

        {report && <ImportReportView report={report} labelOf={labelOf} />}
      </div>
    </Modal>
  );
}

function ImportReportView({ report, labelOf }: { report: ImportReport; labelOf: Map<string, string> }) {
  const { t } = useTranslation();
  const invalidRows = new Set(report.errors.map((e) => e.row)).size;
  return (
    <div data-testid="import-report" data-valid={report.valid} data-invalid={invalidRows}>
      {report.errors.length === 0 ? (
        <Alert type="success" showIcon title={t('IMPORT.ALL_VALID', { count: report.valid })} data-testid="import-all-valid" />
      ) : (
        <>
          <Alert type="error" showIcon title={t('IMPORT.HAS_ERRORS', { count: invalidRows, valid: report.valid })} style={{ marginBottom: 8 }} />
          <Table<ImportRowError & { key: number }>
            size="small"
            pagination={{ pageSize: 20, hideOnSinglePage: true, showSizeChanger: false }}
            dataSource={report.errors.map((e, key) => ({ ...e, key }))}
            onRow={(e) => ({ 'data-testid': 'import-error', 'data-row': e.row, 'data-field': e.field }) as React.HTMLAttributes<HTMLElement>}
            columns={[
              { title: t('IMPORT.ROW'), dataIndex: 'row', width: 80 },
              { title: t('IMPORT.FIELD'), render: (_: unknown, e: ImportRowError) => `${labelOf.get(e.field.split('.')[0]!) ?? e.field}${e.column && e.column !== labelOf.get(e.field) ? ` (${e.column})` : ''}` },
              { title: t('IMPORT.ERROR'), render: (_: unknown, e: ImportRowError) => t(`ERRORS.${e.message}`, { defaultValue: e.message }) },
            ]}
          />
        </>
      )}
    </div>
  );
}
