import type { FieldDefinition, Target } from '@circula/model';
import { useQuery } from '@tanstack/react-query';
import { Drawer, Empty, Spin, Timeline, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../app/format';
import { labelOf, textIn } from '../../fields/labels';
import { widgetFor } from '../../fields/registry';
import { recordApi, type HistoryEntry } from './record-api';
import { CODE, CODE_FIELD } from './record-values';

const ACTION_COLORS: Record<string, string> = { CREATE: 'green', UPDATE: 'blue', TRANSITION: 'purple', DELETE: 'red', RESTORE: 'orange' };

function ChangeValue({ name, field, value }: { name: string; field: FieldDefinition | undefined; value: unknown }) {
  const { t } = useTranslation();
  if (value === null || value === undefined || value === '') return <Typography.Text type="secondary">{t('RECORD.HISTORY.EMPTY_VALUE')}</Typography.Text>;
  if (!field) return <>{typeof value === 'object' ? JSON.stringify(value) : String(value)}</>;
  const { Display } = widgetFor(field);
  return <Display name={name} field={field} value={value} />;
}

function Entry({ target, entry }: { target: Target; entry: HistoryEntry }) {
  const { t, i18n } = useTranslation();
  const fieldOf = (name: string): FieldDefinition | undefined => (name === CODE ? CODE_FIELD : target.entity.fields[name]);
  const statusLabel = (code: unknown) => {
    const status = target.entity.statuses?.list.find((s) => s.code === code);
    return status ? textIn(status.label, i18n.language) : String(code ?? '');
  };
  const changes = Object.entries(entry.changes ?? {});
  return (
    <div data-testid="history-entry" data-action={entry.action}>
      <Typography.Text strong>{t(`RECORD.HISTORY.ACTIONS.${entry.action}`, { defaultValue: entry.action })}</Typography.Text>{' '}
      <Typography.Text type="secondary">
        {t('RECORD.HISTORY.BY_AT', { by: entry.by, at: formatDateTime(entry.at), version: entry.version })}
      </Typography.Text>
      {changes.length > 0 && (
        <ul style={{ margin: '4px 0 0', paddingInlineStart: 18 }}>
          {changes.map(([name, [before, after]]) => {
            const field = fieldOf(name);
            const label = name === 'status' ? t('RECORD.STATUS.LABEL') : field ? labelOf(field, name, i18n.language) : name;
            return (
              <li key={name} data-testid={`history-change-${name}`}>
                <Typography.Text>{label}: </Typography.Text>
                {name === 'status' ? statusLabel(before) : <ChangeValue name={name} field={field} value={before} />}
                {' → '}
                {name === 'status' ? statusLabel(after) : <ChangeValue name={name} field={field} value={after} />}
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}

/** The record's history (GET E/{id}/history): who, when, what, and each field's old and new value. */
export function HistoryDrawer({ target, id, open, onClose }: { target: Target; id: number; open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const history = useQuery({
    queryKey: ['record-history', target.route, id],
    queryFn: () => recordApi.history(target, id),
    enabled: open,
    staleTime: 0,
  });
  // newest first: what changed last is what one looks for
  const items = [...(history.data?.items ?? [])].reverse();
  return (
    <Drawer open={open} onClose={onClose} title={t('RECORD.HISTORY.TITLE')} size={480} destroyOnHidden>
      <div data-testid="history-drawer">
        {history.isPending && <Spin />}
        {history.isError && <Empty description={t('NOTIFICATIONS.ERROR.DESCRIPTION')} />}
        {history.data && items.length === 0 && <Empty description={t('RECORD.HISTORY.NONE')} />}
        {items.length > 0 && (
          <Timeline
            items={items.map((entry) => ({
              key: `${entry.version}-${entry.action}-${entry.at}`,
              color: ACTION_COLORS[entry.action] ?? 'gray',
              content: <Entry target={target} entry={entry} />,
            }))}
          />
        )}
      </div>
    </Drawer>
  );
}
