import type { Workflow } from '@circula/model';
import { Button, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { textIn } from '../../fields/labels';

interface Props {
  workflow: Workflow;
  /** The record's status (the default status while creating). */
  current: string | null;
  /** Statuses the server lets this user move the record to now (`record.allowedStatuses`); empty while creating. */
  allowed: readonly string[];
  /** Whether the user may write the record in its current status (`record.canWrite`). */
  canWrite: boolean;
  /** A status chosen while the form was invalid: it is applied by the next save. */
  pending: string | null;
  busy?: boolean;
  onChoose: (status: string) => void;
}

/**
 * spec §4 "Record status": one button per status. A button is disabled when the current status's
 * non-empty allowable list lacks it or the user cannot write in the current status; the server
 * says both in `allowedStatuses`.
 */
export function StatusBar({ workflow, current, allowed, canWrite, pending, busy = false, onChoose }: Props) {
  const { t, i18n } = useTranslation();
  return (
    <Space wrap data-testid="status-bar" style={{ marginBottom: 16 }}>
      <Typography.Text type="secondary">{t('RECORD.STATUS.LABEL')}</Typography.Text>
      {workflow.list.map((status) => {
        const isCurrent = status.code === current;
        const isPending = status.code === pending;
        const enabled = !isCurrent && canWrite && allowed.includes(status.code);
        return (
          <Button
            key={status.code}
            data-testid={`status-${status.code}`}
            data-current={isCurrent || undefined}
            data-pending={isPending || undefined}
            aria-pressed={isCurrent}
            type={isCurrent ? 'primary' : isPending ? 'dashed' : 'default'}
            style={isCurrent ? { background: status.color, borderColor: status.color } : { borderColor: status.color }}
            disabled={!enabled || busy}
            onClick={() => onChoose(status.code)}
          >
            {textIn(status.label, i18n.language)}
            {isPending ? ` (${t('RECORD.STATUS.PENDING')})` : ''}
          </Button>
        );
      })}
    </Space>
  );
}
