import { CalendarOutlined, CheckOutlined, StopOutlined } from '@ant-design/icons';
import type { Target } from '@circula/model';
import { App, Button, DatePicker, Form, Input, Modal, Space } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, errorBodyToMessage } from '../../api/errors';
import { recordApi } from '../../records/form/record-api';
import type { ListRecord } from '../../records/list/list-api';
import { LookupSelect } from '../../fields/inputs/LookupInput';

export type BulkStatus = 'ACCEPTED' | 'REFUSED' | 'PLANNED';

export interface BulkOutcome {
  ok: number;
  failed: { code: string; message: string }[];
}

/** The selected requests a status applies to: those whose allowed statuses include it. */
export const eligible = (rows: readonly ListRecord[], status: BulkStatus): ListRecord[] =>
  rows.filter((row) => Array.isArray(row.allowedStatuses) && row.allowedStatuses.includes(status));

/**
 * Moves each request to `status` with its own version and the values the status needs (the
 * refusal's motivation, the planned day), one call per request: the server checks each as it
 * would one by one, and a request refused there is reported, never hidden.
 */
export async function applyStatus(
  target: Target,
  rows: readonly ListRecord[],
  status: BulkStatus,
  values: Record<string, unknown>,
  message: (error: unknown) => string,
): Promise<BulkOutcome> {
  const outcome: BulkOutcome = { ok: 0, failed: [] };
  for (const row of rows) {
    try {
      await recordApi.update(target, row.id, { version: row.version, ...values }, status);
      outcome.ok += 1;
    } catch (error) {
      outcome.failed.push({ code: String(row.code ?? row.id), message: message(error) });
    }
  }
  return outcome;
}

/** The RefusalMotivation picker as an antd form control (Form.Item gives it value and onChange). */
function MotivationSelect(props: { value?: unknown; onChange?: (value: unknown) => void; 'aria-label'?: string }) {
  return <LookupSelect table="REFUSAL_MOTIVATION" aria-label={props['aria-label']} value={props.value ?? null} onChange={(v) => props.onChange?.(v)} />;
}

interface Props {
  target: Target;
  selected: readonly ListRecord[];
  canWrite: boolean;
  reload: () => void;
}

/** The list's bulk accept, refuse (with its motivation) and plan (with its day) on the selected requests. */
export function BulkActions({ target, selected, canWrite, reload }: Props) {
  const { t } = useTranslation();
  const { notification } = App.useApp();
  const [dialog, setDialog] = useState<'REFUSED' | 'PLANNED' | null>(null);
  const [busy, setBusy] = useState(false);
  const [form] = Form.useForm<{ refusalMotivation?: string; refusalNotes?: string; plannedDate?: Dayjs }>();
  if (!canWrite || selected.length === 0) return null;

  const message = (error: unknown) =>
    error instanceof ApiError ? errorBodyToMessage(error.body, (key, options) => t(key, options ?? {})) : t('NOTIFICATIONS.ERROR.DESCRIPTION');

  async function run(status: BulkStatus, values: Record<string, unknown>) {
    setBusy(true);
    try {
      const outcome = await applyStatus(target, eligible(selected, status), status, values, message);
      const description = outcome.failed.map((f) => t('REQUESTS.BULK_FAILED_ROW', f)).join('\n');
      if (outcome.failed.length === 0) notification.success({ message: t('REQUESTS.BULK_DONE', { ok: outcome.ok }) });
      else notification.warning({ message: t('REQUESTS.BULK_PARTIAL', { ok: outcome.ok, failed: outcome.failed.length }), description, duration: 0 });
      setDialog(null);
      form.resetFields();
      reload();
    } finally {
      setBusy(false);
    }
  }

  const count = (status: BulkStatus) => eligible(selected, status).length;
  return (
    <>
      <Space.Compact>
        <Button icon={<CheckOutlined />} disabled={busy || count('ACCEPTED') === 0} onClick={() => void run('ACCEPTED', {})} data-testid="bulk-accept">
          {t('REQUESTS.ACCEPT_SELECTED')} ({count('ACCEPTED')})
        </Button>
        <Button icon={<StopOutlined />} danger disabled={busy || count('REFUSED') === 0} onClick={() => setDialog('REFUSED')} data-testid="bulk-refuse">
          {t('REQUESTS.REFUSE_SELECTED')} ({count('REFUSED')})
        </Button>
        <Button icon={<CalendarOutlined />} disabled={busy || count('PLANNED') === 0} onClick={() => setDialog('PLANNED')} data-testid="bulk-plan">
          {t('REQUESTS.PLAN_SELECTED')} ({count('PLANNED')})
        </Button>
      </Space.Compact>
      <Modal
        open={dialog !== null}
        title={t(dialog === 'REFUSED' ? 'REQUESTS.REFUSE_TITLE' : 'REQUESTS.PLAN_TITLE')}
        okText={t(dialog === 'REFUSED' ? 'REQUESTS.REFUSE' : 'REQUESTS.PLAN')}
        okButtonProps={{ danger: dialog === 'REFUSED', loading: busy, 'data-testid': 'bulk-confirm' } as never}
        onCancel={() => setDialog(null)}
        onOk={() =>
          void form.validateFields().then((values) =>
            dialog === 'REFUSED'
              ? run('REFUSED', { refusalMotivation: values.refusalMotivation, refusalNotes: values.refusalNotes ?? null })
              : run('PLANNED', { plannedDate: values.plannedDate?.format('YYYY-MM-DD') }),
          )
        }
        destroyOnHidden
      >
        <Form form={form} layout="vertical" preserve={false}>
          {dialog === 'REFUSED' ? (
            <>
              <Form.Item name="refusalMotivation" label={t('REQUESTS.REFUSAL_MOTIVATION')} rules={[{ required: true, message: t('ERRORS.REQUIRED') }]}>
                <MotivationSelect aria-label={t('REQUESTS.REFUSAL_MOTIVATION')} />
              </Form.Item>
              <Form.Item name="refusalNotes" label={t('REQUESTS.REFUSAL_NOTES')}>
                <Input.TextArea rows={3} maxLength={2000} />
              </Form.Item>
            </>
          ) : (
            <Form.Item name="plannedDate" label={t('REQUESTS.PLANNED_DATE')} rules={[{ required: true, message: t('ERRORS.REQUIRED') }]}>
              <DatePicker format="DD/MM/YYYY" style={{ width: '100%' }} aria-label={t('REQUESTS.PLANNED_DATE')} />
            </Form.Item>
          )}
        </Form>
      </Modal>
    </>
  );
}
