import { DownloadOutlined, StopOutlined } from '@ant-design/icons';
import type { Target } from '@circula/model';
import { Button, Dropdown, Progress, Space, Tooltip, Typography } from 'antd';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../app/format';
import { notifyWarning } from '../../app/notifications';
import { percentOf } from './job-progress';
import { downloadFile } from './list-api';
import { exportQuery, type ExportFormat, type ListRequest } from './list-request';

/**
 * The list's export (CSV or XLSX of every matching row, in the list's order): while the file is
 * written a progress bar follows the server's export job, with a button that stops it.
 */
export function ExportButton({ target, request }: { target: Target; request: ListRequest }) {
  const { t } = useTranslation();
  const [progress, setProgress] = useState<{ processed: number; total: number | null } | null>(null);
  const running = useRef<AbortController | null>(null);

  const run = async (format: ExportFormat) => {
    const controller = new AbortController();
    running.current = controller;
    setProgress({ processed: 0, total: null });
    try {
      await downloadFile(`${target.endpoint}/export`, exportQuery(request, format), `${target.route}.${format}`, { signal: controller.signal, onProgress: setProgress });
    } catch {
      // downloadFile has shown the notification of a failure
      if (controller.signal.aborted) notifyWarning(t('RECORD_LIST.EXPORT_STOPPED'));
    } finally {
      running.current = null;
      setProgress(null);
    }
  };

  if (progress) {
    return (
      <Space data-testid="list-export-progress" data-processed={progress.processed} data-total={progress.total ?? ''}>
        <Tooltip title={t('RECORD_LIST.EXPORT_PROGRESS', { processed: formatNumber(progress.processed), total: formatNumber(progress.total ?? 0) })}>
          <Progress percent={percentOf(progress)} size="small" status="active" style={{ width: 160, margin: 0 }} />
        </Tooltip>
        <Typography.Text type="secondary">{t('RECORD_LIST.EXPORT_IN_PROGRESS')}</Typography.Text>
        <Button icon={<StopOutlined />} onClick={() => running.current?.abort()} data-testid="list-export-stop">
          {t('RECORD_LIST.EXPORT_STOP')}
        </Button>
      </Space>
    );
  }
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        items: [
          { key: 'csv', label: <span data-testid="list-export-csv">{t('RECORD_LIST.EXPORT_CSV')}</span> },
          { key: 'xlsx', label: <span data-testid="list-export-xlsx">{t('RECORD_LIST.EXPORT_XLSX')}</span> },
        ],
        onClick: ({ key }) => void run(key as ExportFormat),
      }}
    >
      <Button icon={<DownloadOutlined />} data-testid="list-export">
        {t('RECORD_LIST.EXPORT')}
      </Button>
    </Dropdown>
  );
}
