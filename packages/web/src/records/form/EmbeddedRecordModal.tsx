import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Form, Modal, Space, Spin } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MODAL_WIDTH } from '../../app/modal-sizes';
import { constraintErrors } from '../../fields/field-errors';
import { textIn } from '../../fields/labels';
import type { EmbeddedRecordModalProps } from '../../fields/record-widgets';
import { recordApi } from './record-api';
import { isStaleVersion, reportError } from './record-errors';
import { buildPayload, initialValues, recordValues, validateValues, type FormValues } from './record-values';
import { RecordFields } from './RecordFields';

/**
 * The embedded-crud modal (spec §3/§4): the target entity's record form (the generic RecordFields).
 * Confirm saves it (create, or update with its version) and hands the record back; Delete unlinks
 * it; Cancel changes nothing.
 */
export function EmbeddedRecordModal({ target, id, editable, onConfirm, onDelete, onCancel }: EmbeddedRecordModalProps) {
  const { t, i18n } = useTranslation();
  const [form] = Form.useForm<FormValues>();
  const [values, setValues] = useState<FormValues | null>(null);
  const [saving, setSaving] = useState(false);
  const [stale, setStale] = useState(false);

  const loaded = useQuery({
    queryKey: ['record', target.route, id],
    queryFn: () => recordApi.get(target, id!),
    enabled: id !== null,
    staleTime: 0,
  });
  const record = id === null ? null : (loaded.data ?? null);
  const initial = useMemo(() => (record ? recordValues(target, record) : initialValues(target)), [record, target]);
  const current = values ?? initial;
  const valid = Object.keys(validateValues(target, current)).length === 0;
  const mode = id === null ? 'create' : editable && record?.canWrite !== false ? 'update' : 'show';

  const confirm = async () => {
    if (mode === 'show') {
      if (record) onConfirm(record);
      return;
    }
    setSaving(true);
    setStale(false);
    const formValues = { ...current, ...form.getFieldsValue(true) } as FormValues;
    try {
      const saved = record
        ? await recordApi.update(target, record.id, buildPayload(target, formValues, record.version))
        : await recordApi.create(target, buildPayload(target, formValues));
      onConfirm(saved);
    } catch (error) {
      if (isStaleVersion(error)) setStale(true);
      else {
        const byField = constraintErrors(error);
        form.setFields(Object.entries(byField).map(([name, messages]) => ({ name, errors: messages.map((m) => t(`ERRORS.${m}`, { defaultValue: m })) })));
        reportError(error);
      }
    } finally {
      setSaving(false);
    }
  };

  const waiting = id !== null && loaded.isPending;
  return (
    <Modal
      open
      width={MODAL_WIDTH.large}
      title={textIn(target.label, i18n.language)}
      onCancel={onCancel}
      destroyOnHidden
      footer={
        <Space>
          {id !== null && onDelete && (
            <Button danger onClick={onDelete} data-testid="embedded-delete">
              {t('WIDGETS.EMBEDDED.DELETE')}
            </Button>
          )}
          <Button onClick={onCancel} data-testid="embedded-cancel">
            {t('WIDGETS.CANCEL')}
          </Button>
          <Button type="primary" onClick={() => void confirm()} loading={saving} disabled={waiting || loaded.isError || !valid} data-testid="embedded-confirm">
            {t('WIDGETS.CONFIRM')}
          </Button>
        </Space>
      }
    >
      <div data-testid="embedded-modal" data-mode={mode}>
        {stale && <Alert type="warning" showIcon title={t('WIDGETS.EMBEDDED.STALE')} style={{ marginBottom: 12 }} data-testid="embedded-stale" />}
        {loaded.isError ? (
          <Alert type="error" showIcon title={t('WIDGETS.EMBEDDED.LOAD_ERROR')} />
        ) : waiting ? (
          <Spin style={{ display: 'block', margin: '32px auto' }} />
        ) : (
          <Form
            form={form}
            layout="vertical"
            initialValues={initial}
            disabled={mode === 'show'}
            onValuesChange={(_changed, all) => setValues((previous) => ({ ...(previous ?? initial), ...all }))}
          >
            <RecordFields target={target} mode={mode} disabled={mode === 'show'} />
          </Form>
        )}
      </div>
    </Modal>
  );
}
