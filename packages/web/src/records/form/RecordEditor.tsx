import type { EntityConf, Target } from '@circula/model';
import { ArrowLeftOutlined } from '@ant-design/icons';
import { App, Button, Form, Modal, Space, Tag, Typography } from 'antd';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { MODAL_WIDTH } from '../../app/modal-sizes';
import { notifySuccess } from '../../app/notifications';
import { queryClient } from '../../app/query-client';
import { textIn } from '../../fields/labels';
import { AttachmentsTab, hasAttachments } from './attachments/AttachmentsTab';
import { HistoryDrawer } from './HistoryDrawer';
import { recordApi, type RecordData } from './record-api';
import { constraintErrors } from '../../fields/field-errors';
import { isStaleVersion, reportError } from './record-errors';
import { restoreFormData } from '../../fields/autocomplete/add-record';
import { afterCreate, afterDeleteOrRestore } from './record-navigation';
import {
  buildPayload,
  changedFields,
  initialValues,
  mergeAfterConflict,
  recordValues,
  validateValues,
  type FormMode,
  type FormValues,
} from './record-values';
import { RecordFields } from './RecordFields';
import { RecordToolbar } from './RecordToolbar';
import { RecordWidgetsScope } from './RecordWidgets';
import { StatusBar } from './StatusBar';
import { useLeaveGuard } from './useLeaveGuard';
import { useSaveLock } from './useSaveLock';

export type PageMode = 'new' | 'show' | 'edit' | 'virtual-folder';

/** Navigation state of `{id}/edit` when a status was chosen on an invalid form (spec §4). */
export interface EditState {
  pendingStatus?: string;
}

export interface RecordEditorProps {
  target: Target;
  /** The user's abilities on the route (`/api/entityconf/visible`). */
  conf: Pick<EntityConf, 'canCreate' | 'canWrite' | 'canDelete'>;
  mode: PageMode;
  /** The loaded record; null when creating. */
  record: RecordData | null;
  /** The back link of the virtual folder view. */
  back?: string | null;
  /** Leaves the page toward where the user came from (cancel on create, goBackAfterCreation). */
  goBack: () => void;
}

const testId = (id: string): Record<`data-${string}`, string> => ({ 'data-testid': id });

/** The record form with its toolbar, status bar, history, conflict and leave dialogs. */
export function RecordEditor({ target, conf, mode, record, back = null, goBack }: RecordEditorProps) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const [params] = useSearchParams();
  const { modal } = App.useApp();
  const [form] = Form.useForm<FormValues>();
  const formMode: FormMode = mode === 'new' ? 'create' : mode === 'edit' ? 'update' : 'show';
  const readOnly = formMode === 'show';

  const [initial] = useState<FormValues>(() => (record ? recordValues(target, record) : initialValues(target)));
  const [current, setCurrent] = useState<RecordData | null>(record);
  const [baseline, setBaseline] = useState<FormValues>(initial);
  // back from an autocomplete's "add record": the kept form, with the new record chosen
  const [restored] = useState(() => (readOnly ? null : restoreFormData(location.pathname + location.search, location.state)));
  const [values, setValues] = useState<FormValues>(restored ?? initial);
  const [pendingStatus, setPendingStatus] = useState<string | null>((location.state as EditState | null)?.pendingStatus ?? null);
  const [saving, setSaving] = useState(false);
  const [historyOpen, setHistoryOpen] = useState(false);
  const [conflictOpen, setConflictOpen] = useState(false);
  const [reloading, setReloading] = useState(false);
  const saveLock = useSaveLock();

  const errors = useMemo(() => validateValues(target, values), [target, values]);
  const valid = Object.keys(errors).length === 0;
  const dirty = !readOnly && changedFields(baseline, values).length > 0;
  const guard = useLeaveGuard(dirty);
  const dirtyRef = useRef(dirty);
  dirtyRef.current = dirty;

  const showValues = (next: FormValues) => {
    form.setFieldsValue(next);
    setValues(next);
  };
  /** The server's record becomes what the form shows and compares against. */
  const adopt = (next: RecordData) => {
    const nextValues = recordValues(target, next);
    showValues(nextValues);
    setBaseline(nextValues);
    setCurrent(next);
    queryClient.setQueryData(['record', target.route, next.id], next);
  };
  const invalidateLists = () => queryClient.invalidateQueries({ predicate: (q) => q.queryKey.includes(target.route) && q.queryKey[0] !== 'record' });

  // a newer version loaded by the page (another tab saved, a refetch) replaces an untouched form
  useEffect(() => {
    if (record && current && record.version > current.version && !dirtyRef.current) adopt(record);
    // adopt only reacts to the page's record
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [record]);

  const deleted = current?.delete.deleted === true;
  const recordCanWrite = current ? current.canWrite && conf.canWrite : conf.canCreate;
  const workflow = target.entity.statuses;
  const title = textIn(target.label, i18n.language);

  function showServerErrors(error: unknown) {
    const byField = constraintErrors(error);
    form.setFields(
      Object.entries(byField)
        .filter(([name]) => name in values)
        .map(([name, messages]) => ({ name, errors: messages.map((m) => t(`ERRORS.${m}`, { defaultValue: m })) })),
    );
  }

  async function save(newStatus?: string) {
    saveLock.lock();
    setSaving(true);
    const formValues = { ...values, ...form.getFieldsValue(true) } as FormValues;
    try {
      if (formMode === 'create') {
        const created = await recordApi.create(target, buildPayload(target, formValues));
        queryClient.setQueryData(['record', target.route, created.id], created);
        void invalidateLists();
        notifySuccess(t('RECORD.SAVED'));
        guard.allowNextNavigation();
        const next = afterCreate(params, target.route, created.id);
        if (next.kind === 'back') goBack();
        else void navigate(next.to, { replace: next.replace, state: next.state });
        return;
      }
      if (!current) return;
      const status = newStatus ?? pendingStatus ?? undefined;
      const updated = await recordApi.update(target, current.id, buildPayload(target, formValues, current.version), status);
      adopt(updated);
      setPendingStatus(null);
      void invalidateLists();
      void queryClient.invalidateQueries({ queryKey: ['record-history', target.route, updated.id] });
      notifySuccess(t(status ? 'RECORD.STATUS.CHANGED' : 'RECORD.SAVED'));
    } catch (error) {
      if (isStaleVersion(error)) {
        setConflictOpen(true);
      } else {
        showServerErrors(error);
        reportError(error);
      }
    } finally {
      setSaving(false);
    }
  }

  /** 409: the server's record now, with what the user changed on top, and its new version. */
  async function reloadAfterConflict() {
    if (!current) return;
    setReloading(true);
    try {
      const fresh = await recordApi.get(target, current.id);
      const freshValues = recordValues(target, fresh);
      const merged = mergeAfterConflict(freshValues, baseline, { ...values, ...form.getFieldsValue(true) });
      setBaseline(freshValues);
      setCurrent(fresh);
      queryClient.setQueryData(['record', target.route, fresh.id], fresh);
      showValues(merged);
      setConflictOpen(false);
    } catch (error) {
      reportError(error);
    } finally {
      setReloading(false);
    }
  }

  function chooseStatus(code: string) {
    const label = textIn(workflow?.list.find((s) => s.code === code)?.label, i18n.language) || code;
    if (!valid) {
      form.validateFields().catch(() => undefined);
      modal.warning({
        width: MODAL_WIDTH.xsmall,
        title: t('RECORD.STATUS.INVALID_TITLE'),
        content: t('RECORD.STATUS.INVALID_DESCRIPTION', { status: label }),
        okButtonProps: testId('status-invalid-ok'),
        onOk: () => {
          // spec §4: closing the warning keeps the chosen status and switches to edit mode
          setPendingStatus(code);
          if (readOnly && current) void navigate(`/${target.route}/${current.id}/edit`, { state: { pendingStatus: code } satisfies EditState });
        },
      });
      return;
    }
    modal.confirm({
      width: MODAL_WIDTH.xsmall,
      title: t('RECORD.STATUS.CONFIRM_TITLE'),
      content: t('RECORD.STATUS.CONFIRM', { status: label }),
      okText: t('RECORD.STATUS.CONFIRM_OK'),
      cancelText: t('RECORD.ACTIONS.CANCEL'),
      okButtonProps: testId('status-confirm'),
      onOk: () => save(code),
    });
  }

  function leaveAfter(next: RecordData) {
    queryClient.setQueryData(['record', target.route, next.id], next);
    void invalidateLists();
    guard.allowNextNavigation();
    void navigate(afterDeleteOrRestore(target, next));
  }

  function confirmDelete() {
    if (!current) return;
    modal.confirm({
      width: MODAL_WIDTH.small,
      title: t('RECORD.DELETE.TITLE'),
      content: t('RECORD.DELETE.CONFIRM', { code: current.code ?? current.id }),
      okText: t('RECORD.ACTIONS.DELETE'),
      cancelText: t('RECORD.ACTIONS.CANCEL'),
      okButtonProps: { danger: true, ...testId('record-delete-confirm') },
      onOk: async () => {
        try {
          const removed = await recordApi.remove(target, current.id);
          notifySuccess(t('RECORD.DELETE.DONE'));
          leaveAfter(removed);
        } catch {
          // the http client showed the generic error
        }
      },
    });
  }

  async function restore() {
    if (!current) return;
    try {
      const restored = await recordApi.restore(target, current.id);
      notifySuccess(t('RECORD.RESTORE.DONE'));
      leaveAfter(restored);
    } catch {
      // the http client showed the generic error
    }
  }

  const editing = formMode !== 'show';
  const saveDisabled = !valid || !recordCanWrite || saveLock.locked || saving;

  return (
    <div data-testid="record-page" data-mode={mode} data-dirty={dirty || undefined}>
      <Space align="center" wrap style={{ marginBottom: 8 }}>
        {back && (
          <Button icon={<ArrowLeftOutlined />} data-testid="record-back" onClick={() => void navigate(back)}>
            {t('RECORD.ACTIONS.BACK')}
          </Button>
        )}
        <Typography.Title level={2} style={{ margin: 0 }} data-testid="record-title">
          {title}
          {current?.code ? ` · ${current.code}` : mode === 'new' ? ` · ${t('RECORD.NEW')}` : ''}
        </Typography.Title>
        {deleted && (
          <Tag color="red" data-testid="record-deleted">
            {t('RECORD.DELETED')}
          </Tag>
        )}
      </Space>

      <div style={{ marginBottom: 16 }}>
        <RecordToolbar
          state={{
            showSave: editing,
            saveDisabled,
            saving,
            showCancel: editing,
            showEdit: !editing && !!current && !deleted && recordCanWrite,
            showDelete: !!current && !deleted && conf.canDelete,
            showRestore: !!current && deleted && conf.canDelete,
            showHistory: !!current,
          }}
          actions={{
            onSave: () => void save(),
            onEdit: () => current && void navigate(`/${target.route}/${current.id}/edit`),
            onDelete: confirmDelete,
            onRestore: () => void restore(),
            onHistory: () => setHistoryOpen(true),
            onCancel: () => (current ? void navigate(`/${target.route}/${current.id}`) : goBack()),
          }}
        />
      </div>

      {workflow && (
        <StatusBar
          workflow={workflow}
          current={current?.status ?? workflow.default}
          allowed={current?.allowedStatuses ?? []}
          canWrite={!!current && current.canWrite && conf.canWrite}
          pending={pendingStatus}
          busy={saving || saveLock.locked}
          onChoose={chooseStatus}
        />
      )}

      <Form
        form={form}
        layout="vertical"
        initialValues={restored ?? initial}
        disabled={readOnly}
        onValuesChange={(_changed, all) => setValues((previous) => ({ ...previous, ...all }))}
        onFinish={() => void save()}
      >
        <RecordWidgetsScope>
          <RecordFields target={target} mode={formMode} disabled={readOnly} />
        </RecordWidgetsScope>
      </Form>

      {current && hasAttachments(target.entity.name) && <AttachmentsTab entityName={target.entity.name} recordId={current.id} backPath={`/${target.route}/${current.id}`} />}

      {current && <HistoryDrawer target={target} id={current.id} open={historyOpen} onClose={() => setHistoryOpen(false)} />}

      <Modal
        open={conflictOpen}
        width={MODAL_WIDTH.small}
        title={t('RECORD.CONFLICT.TITLE')}
        okText={t('RECORD.CONFLICT.RELOAD')}
        cancelText={t('RECORD.ACTIONS.CANCEL')}
        confirmLoading={reloading}
        okButtonProps={testId('conflict-reload')}
        cancelButtonProps={testId('conflict-cancel')}
        onOk={() => void reloadAfterConflict()}
        onCancel={() => setConflictOpen(false)}
      >
        <span data-testid="conflict-dialog">{t('RECORD.CONFLICT.DESCRIPTION')}</span>
      </Modal>
      {guard.dialog}
    </div>
  );
}
