import { useQuery } from '@tanstack/react-query';
import { Alert, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDateTime, formatNumber } from '../../app/format';
import { runsKey, RUNS_POLL_MS, schedulerApi, type SchedulerRun } from './scheduler-api';

const STATUS_COLOR: Record<SchedulerRun['status'], string> = { RUNNING: 'processing', SUCCEEDED: 'success', FAILED: 'error' };

/** A duration as people read it: "350 ms", "2,4 s", "3 min 5 s". */
export function formatDuration(ms: number | null): string {
  if (ms === null) return '';
  if (ms < 1000) return `${ms} ms`;
  if (ms < 60_000) return `${formatNumber(Math.round(ms / 100) / 10)} s`;
  const s = Math.round(ms / 1000);
  return `${Math.floor(s / 60)} min ${s % 60} s`;
}

/**
 * The runs of a scheduler entry, newest first (a tab of its page): start, end, duration, outcome,
 * how it started and by whom; a row opens on its log. Asked again every two seconds while a run
 * is RUNNING, and at once after "Esegui ora".
 */
export function RunsTab({ schedulerId }: { schedulerId: number }) {
  const { t } = useTranslation();
  const query = useQuery({
    queryKey: runsKey(schedulerId),
    queryFn: ({ signal }) => schedulerApi.runs(schedulerId, signal),
    refetchInterval: (q) => (q.state.data?.items.some((run) => run.status === 'RUNNING') ? RUNS_POLL_MS : false),
  });
  const errorText = (error: string | null) => (error ? t(`ERRORS.${error}`, { defaultValue: error }) : '');
  if (query.error) return <Alert type="error" showIcon title={t('ERRORS.GENERIC', { defaultValue: String(query.error) })} />;
  return (
    <Table<SchedulerRun>
      data-testid="scheduler-runs"
      size="small"
      rowKey="id"
      loading={query.isLoading}
      dataSource={query.data?.items ?? []}
      pagination={false}
      locale={{ emptyText: t('SCHEDULER.RUNS.EMPTY') }}
      onRow={(run) => ({ 'data-testid': `scheduler-run-${run.id}` }) as never}
      expandable={{
        expandedRowRender: (run) => (
          <div>
            {run.error && (
              <Typography.Paragraph type="danger">
                {t('SCHEDULER.RUNS.ERROR')}: {errorText(run.error)}
              </Typography.Paragraph>
            )}
            <pre data-testid="scheduler-run-log" style={{ whiteSpace: 'pre-wrap', maxHeight: 400, overflow: 'auto', margin: 0, fontSize: 12 }}>
              {run.log}
            </pre>
          </div>
        ),
      }}
      columns={[
        { key: 'startedAt', title: t('SCHEDULER.RUNS.STARTED'), render: (_, run) => formatDateTime(run.startedAt) },
        { key: 'endedAt', title: t('SCHEDULER.RUNS.ENDED'), render: (_, run) => (run.endedAt ? formatDateTime(run.endedAt) : '') },
        { key: 'duration', title: t('SCHEDULER.RUNS.DURATION'), align: 'right', render: (_, run) => formatDuration(run.durationMs) },
        {
          key: 'status',
          title: t('SCHEDULER.RUNS.OUTCOME'),
          render: (_, run) => (
            <Tag color={STATUS_COLOR[run.status]} data-testid="scheduler-run-status" data-status={run.status}>
              {t(`SCHEDULER.RUNS.STATUSES.${run.status}`)}
            </Tag>
          ),
        },
        { key: 'trigger', title: t('SCHEDULER.RUNS.TRIGGER'), render: (_, run) => t(`SCHEDULER.RUNS.TRIGGERS.${run.trigger}`) },
        { key: 'by', title: t('SCHEDULER.RUNS.BY'), render: (_, run) => run.triggeredBy ?? '' },
      ]}
    />
  );
}
